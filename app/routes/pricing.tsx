import { bestValuePackageId, creditPriceCents, formatUsd, PACKAGES } from "~/lib/catalog";
import { format } from "~/lib/i18n/format";
import { aside, labelled } from "~/lib/i18n/punctuation";
import { pageLang } from "~/app/page-helpers/page-loader.server";
import { rootDataFrom } from "~/app/page-helpers/root-data";
import { PUBLIC_PAGE_CACHE_CONTROL, QUERY_INDEPENDENT_PAGE, seoMeta } from "~/app/page-helpers/seo";
import { CheckIcon } from "~/app/components/icons";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { pricingMessages } from "~/content/messages/pricing";
import { useLoaderData } from "react-router";
import { localePath } from "~/lib/i18n/paths";
import type { Route } from "./+types/pricing";

export function loader({ params, context }: Route.LoaderArgs) {
  // The free credits a new account starts with (STARTING_CREDITS): the terms and the home page name
  // them, and a visitor comparing packages asked how many (found by a stranger).
  return { lang: pageLang(params), startingCredits: context.appContext.env.STARTING_CREDITS };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });
export const handle = QUERY_INDEPENDENT_PAGE;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const root = rootDataFrom(matches);
  if (!data || !root) return [];
  const t = pricingMessages[data.lang];
  const pricingUrl = root.origin + localePath(data.lang, "/pricing");
  return seoMeta({
    lang: data.lang,
    path: "/pricing",
    title: t.seoTitle,
    description: format(t.seoDescription, { siteName: root.siteName }),
    siteName: root.siteName,
    origin: root.origin,
    common: root.messages.common,
    // The packages as structured data, the same prices and credits the page shows.
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "OfferCatalog",
        name: t.title,
        url: pricingUrl,
        itemListElement: PACKAGES.map((pkg) => ({
          "@type": "Offer",
          name: pkg.name[data.lang],
          description: format(t.credits, { count: pkg.credits }),
          price: (pkg.priceCents / 100).toFixed(2),
          priceCurrency: "USD",
          url: root.origin + localePath(data.lang, `/${pkg.url}`),
        })),
      },
    ],
  });
};

export default function Pricing() {
  const t = useMessages(pricingMessages);
  const { lang } = useLanguage();
  const { startingCredits } = useLoaderData<typeof loader>();
  const best = bestValuePackageId();
  return (
    <>
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="mx-auto max-w-3xl text-center">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 md:text-5xl">{t.title}</h1>
          <p className="mt-4 text-lg text-slate-600" data-testid="pricing-tagline">
            {t.tagline}
          </p>
          {startingCredits > 0 && (
            <p className="mt-2 text-slate-600" data-testid="pricing-starting-credits">
              {format(t.startingCredits, { count: startingCredits })}
            </p>
          )}
        </div>
        <ul className="mt-12 grid gap-8 md:grid-cols-3">
          {PACKAGES.map((pkg) => {
            const featured = pkg.id === best;
            const name = pkg.name[lang];
            return (
              <li
                key={pkg.id}
                className={`relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm ${
                  featured ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"
                }`}
                id={`package-${pkg.id}`}
                data-testid={`package-${pkg.id}`}
              >
                {featured && (
                  <p
                    className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white"
                    title={t.bestValueNote}
                    data-testid="package-best-value"
                  >
                    {t.bestValue}
                  </p>
                )}
                <h2 className="text-2xl font-bold text-slate-900">{name}</h2>
                <p className="mt-4 flex items-baseline gap-2">
                  <span className="text-4xl font-bold text-slate-900" data-testid="package-price">
                    {formatUsd(pkg.priceCents)}
                  </span>
                  <span className="text-sm text-slate-600">{t.oneTime}</span>
                </p>
                <p className="mt-2 font-semibold text-brand-700" data-testid="package-credits">
                  {format(t.credits, { count: pkg.credits })}
                </p>
                <p className="mt-1 text-sm text-slate-600" data-testid="package-per-credit">
                  {format(t.perCredit, { price: formatUsd(creditPriceCents(pkg)) })}
                  {featured && <span className="sr-only">{aside(lang, t.bestValueNote)}</span>}
                </p>
                <p className="mt-3 text-slate-600">{pkg.description[lang]}</p>
                <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-700">{t.features}</h3>
                <ul className="mt-3 flex-1 space-y-2" data-testid="package-features">
                  {pkg.features[lang].map((feature) => (
                    <li key={feature} className="flex gap-2 text-slate-700">
                      <CheckIcon className="mt-0.5 shrink-0 text-accent-600" width={18} height={18} />
                      {feature}
                    </li>
                  ))}
                </ul>
                <LocalizedLink
                  to={`/${pkg.url}`}
                  className={`mt-8 block rounded-md px-5 py-3 text-center font-semibold ${
                    featured ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-brand-600 text-brand-700 hover:bg-brand-50"
                  }`}
                  aria-label={labelled(lang, t.getStarted, name)}
                  data-testid="package-get-started"
                >
                  {t.getStarted}
                </LocalizedLink>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="pricing-faq" className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <h2 id="pricing-faq" className="text-3xl font-bold tracking-tight text-slate-900">
              {t.faqTitle}
            </h2>
            <dl className="mt-8 space-y-8" data-testid="pricing-faq">
              {t.faq.map((item) => (
                <div key={item.id} id={item.id} className="scroll-mt-24">
                  <dt className="text-lg font-semibold text-slate-900">{item.question}</dt>
                  <dd className="mt-2 leading-relaxed text-slate-700">{item.answer}</dd>
                </div>
              ))}
            </dl>
          </div>
          <aside className="self-start rounded-2xl border border-slate-200 bg-white p-8 shadow-sm" data-testid="pricing-sales">
            <h2 className="text-xl font-bold text-slate-900">{t.sales.title}</h2>
            <p className="mt-3 text-slate-700">{t.sales.text}</p>
            <LocalizedLink
              to="/contact"
              className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
              data-testid="pricing-contact-sales"
            >
              {t.sales.button}
            </LocalizedLink>
          </aside>
        </div>
      </section>
    </>
  );
}
