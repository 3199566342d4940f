import { useLoaderData } from "react-router";
import { format } from "~/lib/i18n/format";
import { localizedContent, pageLang } from "~/app/page-helpers/page-loader.server";
import { contentPageMeta, PUBLIC_PAGE_CACHE_CONTROL, QUERY_INDEPENDENT_PAGE } from "~/app/page-helpers/seo";
import { ContactPrompt } from "~/app/components/contact-prompt";
import { ContentNotAvailable } from "~/app/components/content-not-available";
import { useMessages } from "~/app/components/language-provider";
import { PageHero } from "~/app/components/page-hero";
import { about } from "~/content/about";
import { publicPages } from "~/content/messages/public";
import type { Route } from "./+types/about";

export function loader({ params, context }: Route.LoaderArgs) {
  const lang = pageLang(params);
  return { lang, content: localizedContent(context.appContext, about, lang), siteName: context.appContext.env.SITE_NAME };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });
export const handle = QUERY_INDEPENDENT_PAGE;

export const meta: Route.MetaFunction = (args) => contentPageMeta(args, "/about");

export default function About() {
  const { content, siteName } = useLoaderData<typeof loader>();
  const t = useMessages(publicPages).about;
  if (!content) return <ContentNotAvailable />;
  return (
    <>
      <PageHero title={content.title} subtitle={content.subtitle} />

      <section aria-label={format(t.statsLabel, { siteName })} className="border-b border-slate-200 bg-white">
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-12 text-center sm:px-6 md:grid-cols-4" data-testid="about-stats">
          {content.stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-sm font-medium text-slate-600">{stat.label}</dt>
              <dd className="text-4xl font-bold text-brand-700">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <section aria-labelledby="about-story">
          <h2 id="about-story" className="text-3xl font-bold text-slate-900">
            {content.story.title}
          </h2>
          {content.story.paragraphs.map((p, i) => (
            <p key={i} className="mt-4 leading-relaxed text-slate-700">
              {p}
            </p>
          ))}
        </section>
        <section aria-labelledby="about-mission" className="rounded-lg bg-brand-50 p-8">
          <h2 id="about-mission" className="text-3xl font-bold text-slate-900">
            {content.mission.title}
          </h2>
          {content.mission.paragraphs.map((p, i) => (
            <p key={i} className="mt-4 leading-relaxed text-slate-700">
              {p}
            </p>
          ))}
        </section>
      </div>

      <section aria-labelledby="about-values" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="about-values" className="text-center text-3xl font-bold text-slate-900">
            {t.valuesTitle}
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {content.values.map((value) => (
              <li key={value.title} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-slate-900">{value.title}</h3>
                <p className="mt-2 text-slate-600">{value.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <ContactPrompt />
    </>
  );
}
