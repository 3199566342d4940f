// /admin/pricing: the three packages, read from the same catalog as the public pricing page and the
// checkout (so the admin view can never disagree with what customers pay).
import { PACKAGES, bestValuePackageId, creditPriceCents, formatUsd } from "~/lib/catalog";
import { format } from "~/lib/i18n/format";
import { PRIVATE_PAGE_CACHE_CONTROL, SHARED_PRIVATE_PAGE } from "~/app/page-helpers/seo";
import { adminMeta } from "~/app/components/admin-meta";
import { AdminPageTitle } from "~/app/components/admin-ui";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { admin } from "~/content/messages/admin";
import type { Route } from "./+types/admin-pricing";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL });
export const handle = SHARED_PRIVATE_PAGE;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "/admin/pricing", (t) => t.pricing.title);

export default function AdminPricing() {
  const t = useMessages(admin);
  const { lang } = useLanguage();
  return (
    <div>
      <AdminPageTitle>{t.pricing.title}</AdminPageTitle>
      <p className="mt-2 max-w-3xl text-slate-600">{t.pricing.subtitle}</p>
      <ul className="mt-6 grid gap-6 md:grid-cols-3" data-testid="admin-packages">
        {PACKAGES.map((pkg) => (
          <li key={pkg.id} className="flex flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-testid={`package-${pkg.id}`}>
            <h2 className="text-xl font-semibold text-slate-900">{pkg.name[lang]}</h2>
            <p className="mt-3 text-3xl font-bold text-slate-900">{formatUsd(pkg.priceCents)}</p>
            <p className="mt-1 font-medium text-brand-700">{format(t.pricing.credits, { count: pkg.credits })}</p>
            <p className="mt-1 text-sm text-slate-600" data-testid="admin-package-per-credit">
              {format(t.pricing.perCredit, { price: formatUsd(creditPriceCents(pkg)) })}
            </p>
            {pkg.id === bestValuePackageId() && (
              <p className="mt-2 text-sm font-semibold text-accent-600" data-testid="admin-package-best-value">
                {t.pricing.bestValue}
              </p>
            )}
            <p className="mt-3 text-slate-600">{pkg.description[lang]}</p>
            <h3 className="mt-4 text-sm font-semibold text-slate-700">{t.pricing.features}</h3>
            <ul className="mt-2 list-inside list-disc space-y-1 text-sm text-slate-700">
              {pkg.features[lang].map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <LocalizedLink to="/pricing" className="mt-6 inline-block font-medium text-brand-700 hover:underline">
        {t.pricing.publicPage}
      </LocalizedLink>
    </div>
  );
}
