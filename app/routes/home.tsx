import { useLoaderData } from "react-router";
import { localizedContent, pageLang } from "~/app/page-helpers/page-loader.server";
import { contentPageMeta, PUBLIC_PAGE_CACHE_CONTROL, QUERY_INDEPENDENT_PAGE } from "~/app/page-helpers/seo";
import { ContentNotAvailable } from "~/app/components/content-not-available";
import { HomeHero } from "~/app/components/home-hero";
import { LocalizedLink } from "~/app/components/localized-link";
import { home } from "~/content/home";
import { customerLogos } from "~/content/logos";
import type { Route } from "./+types/home";

export function loader({ params, context }: Route.LoaderArgs) {
  const lang = pageLang(params);
  // The logos' markup travels as loader data rather than in the page's JavaScript (budget 120 KB).
  return { lang, content: localizedContent(context.appContext, home, lang), logos: customerLogos };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });
export const handle = QUERY_INDEPENDENT_PAGE;

export const meta: Route.MetaFunction = (args) =>
  contentPageMeta(args, "/", (_data, root) => ({
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: root.siteName,
        url: root.origin + "/",
        logo: root.origin + "/favicon.svg",
        ...(root.contact.email ? { email: root.contact.email } : {}),
        ...(root.contact.phone ? { telephone: root.contact.phone } : {}),
      },
    ],
  }));

export default function Home() {
  const { content, logos } = useLoaderData<typeof loader>();
  if (!content) return <ContentNotAvailable />;
  return (
    <>
      <HomeHero hero={content.hero} />

      <section className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
        <h2 className="text-3xl font-bold text-slate-900">{content.intro.title}</h2>
        {content.intro.paragraphs.map((p) => (
          <p key={p} className="mt-4 text-lg leading-relaxed text-slate-600">
            {p}
          </p>
        ))}
      </section>

      <section className="bg-slate-50 py-16" aria-labelledby="home-services">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="home-services" className="text-center text-3xl font-bold text-slate-900">
            {content.services.title}
          </h2>
          <p className="mt-3 text-center text-slate-600">{content.services.subtitle}</p>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {content.services.cards.map((card) => (
              <li key={card.slug} className="flex flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
                <h3 className="text-xl font-semibold text-slate-900">{card.title}</h3>
                <p className="mt-3 flex-1 text-slate-600">{card.description}</p>
                <LocalizedLink
                  to={`/services/${card.slug}`}
                  className="mt-6 inline-block self-start rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
                  aria-label={`${card.cta}: ${card.title}`}
                >
                  {card.cta}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="home-logos">
        <h2 id="home-logos" className="text-center text-2xl font-bold text-slate-900">
          {content.logos.title}
        </h2>
        <p className="mt-2 text-center text-slate-600">{content.logos.subtitle}</p>
        <ul className="mt-8 grid grid-cols-2 items-center gap-6 sm:grid-cols-3 lg:grid-cols-6">
          {logos.map((logo) => (
            <li key={logo.name} className="flex justify-center">
              {/* The drawing as it is in public/images/logos (content/logos.ts says why it is inline);
                  React leaves markup set this way alone when it hydrates. */}
              <span role="img" aria-label={logo.name} className="customer-logo" dangerouslySetInnerHTML={{ __html: logo.svg }} />
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-brand-50 py-16" aria-labelledby="home-questions">
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <h2 id="home-questions" className="text-center text-3xl font-bold text-slate-900">
            {content.questions.title}
          </h2>
          <p className="mt-3 text-center text-slate-600">{content.questions.subtitle}</p>
          <ol className="mt-8 space-y-4">
            {content.questions.items.map((item) => (
              <li key={item.question}>
                {/* The question travels with the link and waits in the assistant's box (never sent by itself). */}
                <LocalizedLink
                  to={`/services/${item.slug}?q=${encodeURIComponent(item.question)}`}
                  className="block rounded-lg border border-brand-100 bg-white p-5 font-medium text-slate-800 shadow-sm hover:border-brand-600"
                  data-testid="home-example-question"
                >
                  {item.question}
                </LocalizedLink>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
