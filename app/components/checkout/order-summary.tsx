// The package summary beside the checkout form (server-rendered from the catalog).
import type { CheckoutMessages } from "~/content/messages/checkout";
import { formatUsd, type PackageId } from "~/lib/catalog";
import { format } from "~/lib/i18n/format";

export interface CheckoutPackage {
  id: PackageId;
  name: string;
  priceCents: number;
  credits: number;
  features: string[];
  description: string;
}

export function OrderSummary({ pkg, t }: { pkg: CheckoutPackage; t: CheckoutMessages }) {
  const price = formatUsd(pkg.priceCents);
  return (
    <section
      className="h-fit rounded-lg border border-slate-200 bg-slate-50 p-6 md:col-span-2"
      aria-labelledby="checkout-summary"
      data-testid="checkout-summary"
    >
      <h2 id="checkout-summary" className="text-xl font-semibold text-slate-900">
        {t.summary.title}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{pkg.description}</p>
      <dl className="mt-4 divide-y divide-slate-200 text-sm">
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-slate-600">{t.summary.package}</dt>
          <dd className="font-medium text-slate-900">{pkg.name}</dd>
        </div>
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-slate-600">{t.summary.credits}</dt>
          <dd className="font-medium text-slate-900">{format(t.summary.creditsValue, { count: pkg.credits })}</dd>
        </div>
        <div className="flex justify-between gap-4 py-2">
          <dt className="font-semibold text-slate-900">{t.summary.total}</dt>
          <dd className="text-right font-semibold text-slate-900" data-testid="checkout-total">
            {format(t.summary.totalValue, { price })}
          </dd>
        </div>
      </dl>
      <h3 className="mt-5 text-sm font-semibold text-slate-900">{t.summary.features}</h3>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {pkg.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden className="text-green-700">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-xs text-slate-600">{t.summary.perCredit}</p>
    </section>
  );
}
