import { useLoaderData } from "react-router";
import { localizedContent, pageLang } from "~/app/page-helpers/page-loader.server";
import { SERVICE_SLUGS } from "~/lib/service-catalog";
import { contentPageMeta, PUBLIC_PAGE_CACHE_CONTROL, QUERY_INDEPENDENT_PAGE } from "~/app/page-helpers/seo";
import { ContactPrompt } from "~/app/components/contact-prompt";
import { ContentNotAvailable } from "~/app/components/content-not-available";
import { useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { PageHero } from "~/app/components/page-hero";
import { publicPages } from "~/content/messages/public";
import { services, servicesIndex } from "~/content/services";
import type { Route } from "./+types/services";

export function loader({ params, context }: Route.LoaderArgs) {
  const lang = pageLang(params);
  const index = localizedContent(context.appContext, servicesIndex, lang);
  const all = localizedContent(context.appContext, services, lang);
  // Only what the overview shows travels to the browser (not the intros and questions).
  const sections = all
    ? SERVICE_SLUGS.map((slug) => {
        const { title, summary, highlights } = all[slug];
        return { slug, title, summary, highlights };
      })
    : [];
  return { lang, content: index, sections };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });
export const handle = QUERY_INDEPENDENT_PAGE;

export const meta: Route.MetaFunction = (args) => contentPageMeta(args, "/services");

export default function Services() {
  const { content, sections } = useLoaderData<typeof loader>();
  const t = useMessages(publicPages).services;
  if (!content) return <ContentNotAvailable />;
  return (
    <>
      <PageHero title={content.title} subtitle={content.subtitle} />
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <ul className="grid gap-8 md:grid-cols-2">
          {sections.map((section) => (
            <li key={section.slug}>
              <section
                aria-labelledby={`service-${section.slug}`}
                className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-8 shadow-sm"
                data-testid="service-section"
              >
                <h2 id={`service-${section.slug}`} className="text-2xl font-bold text-slate-900">
                  {section.title}
                </h2>
                <p className="mt-3 text-slate-700">{section.summary}</p>
                <ul className="mt-5 flex-1 space-y-2" aria-label={t.highlightsLabel}>
                  {section.highlights.map((item) => (
                    <li key={item} className="flex gap-2 text-slate-700">
                      <span aria-hidden className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-accent-600" />
                      {item}
                    </li>
                  ))}
                </ul>
                <LocalizedLink
                  to={`/services/${section.slug}`}
                  className="mt-6 inline-block self-start rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
                  aria-label={`${t.learnMore}: ${section.title}`}
                  data-testid="service-learn-more"
                >
                  {t.learnMore}
                </LocalizedLink>
              </section>
            </li>
          ))}
        </ul>
      </div>
      <ContactPrompt />
    </>
  );
}
