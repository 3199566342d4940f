// The member's purchases on /explore: a table on wide screens, one card per purchase on small ones
// (so status and credits never scroll off-screen). Only a purchase that went through shows credits;
// a declined or unfinished attempt says that none were added, and a declined one why (the card
// error, as the checkout showed it). Fetched in the browser after hydration.
import { useApiData } from "~/app/api/use-api-data";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { explore as exploreMessages } from "~/content/messages/explore";
import { formatUsd, getPackage } from "~/lib/catalog";
import { format } from "~/lib/i18n/format";
import type { PaymentHistoryItem } from "~/lib/contracts/payment";
import { cardErrorText } from "~/lib/payments/card-errors";
import { useDateTimeFormat } from "~/app/components/use-date-time-format";

const statusClass: Record<PaymentHistoryItem["status"], string> = {
  succeeded: "bg-green-100 text-green-800",
  pending: "bg-amber-100 text-amber-900",
  requires_action: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-800",
  refunded: "bg-slate-200 text-slate-800",
};

export function PurchaseList() {
  const t = useMessages(exploreMessages).purchases;
  const { lang } = useLanguage();
  // A retry shows "loading" again; a 401 signs the browser out (in the hook), so RequireAuth sends the member to /login.
  const purchases = useApiData("GET /payment/history", { keepPrevious: false });
  const items = purchases.data?.payments;
  const date = useDateTimeFormat();
  const credits = (item: PaymentHistoryItem) =>
    item.status === "succeeded"
      ? format(t.creditsValue, { count: item.credits })
      : item.status === "refunded"
        ? format(t.creditsRefunded, { count: item.credits })
        : item.status === "failed"
          ? t.noCredits
          : t.creditsPending;
  const cells = (item: PaymentHistoryItem) => ({
    date: date(item.createdAt),
    name: getPackage(item.package)?.name[lang] ?? item.package,
    amount: formatUsd(item.amountCents),
    credits: (
      <>
        {credits(item)}
        {item.status === "failed" && (
          <span className="mt-0.5 block text-xs text-red-800" data-testid="purchase-failure">
            {cardErrorText(item.failure ?? "card_declined", lang)}
          </span>
        )}
      </>
    ),
    status: (
      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusClass[item.status]}`}>{t.statuses[item.status] ?? item.status}</span>
    ),
    receipt:
      item.receiptNumber != null ? (
        <LocalizedLink
          to={`/account/receipts/${item.id}`}
          className="font-medium text-brand-700 underline hover:no-underline"
          aria-label={format(t.receiptLabel, { date: date(item.createdAt) })}
        >
          {t.receipt}
        </LocalizedLink>
      ) : null,
  });

  return (
    <section aria-labelledby="purchases-title">
      <h2 id="purchases-title" className="text-xl font-semibold text-slate-900">
        {t.title}
      </h2>
      {purchases.loading && (
        <p role="status" className="mt-4 text-slate-600" data-testid="purchases-loading">
          {t.loading}
        </p>
      )}
      {purchases.error && (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3" data-testid="purchases-error">
          <p className="text-sm font-medium text-red-800">{t.error}</p>
          <button type="button" onClick={purchases.reload} className="rounded-md border border-red-300 bg-white px-3 py-1 text-sm font-medium text-red-800 hover:bg-red-100">
            {t.retry}
          </button>
        </div>
      )}
      {items && items.length === 0 && (
        <p className="mt-4 text-slate-600" data-testid="purchases-empty">
          {t.empty}
        </p>
      )}
      {items && items.length > 0 && (
        <div data-testid="purchases-list">
          <ul className="mt-4 space-y-3 sm:hidden" data-testid="purchases-cards">
            {items.map((item) => {
              const c = cells(item);
              return (
                <li key={item.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-status={item.status}>
                  <div className="flex items-start justify-between gap-3">
                    <p className="font-semibold text-slate-900">{c.name}</p>
                    {c.status}
                  </div>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
                    <dt className="text-slate-600">{t.date}</dt>
                    <dd>{c.date}</dd>
                    <dt className="text-slate-600">{t.amount}</dt>
                    <dd>{c.amount}</dd>
                    <dt className="text-slate-600">{t.credits}</dt>
                    <dd data-testid="purchase-credits">{c.credits}</dd>
                  </dl>
                  {c.receipt && <p className="mt-2 text-sm">{c.receipt}</p>}
                </li>
              );
            })}
          </ul>
          <div className="mt-4 hidden rounded-lg border border-slate-200 bg-white shadow-sm sm:block">
            <table className="w-full text-left text-sm" data-testid="purchases-table">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">{t.date}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{t.package}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{t.amount}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{t.credits}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{t.status}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    <span className="sr-only">{t.receipt}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {items.map((item) => {
                  const c = cells(item);
                  return (
                    <tr key={item.id} data-status={item.status}>
                      <td className="px-4 py-3 text-slate-700">{c.date}</td>
                      <td className="px-4 py-3 font-medium text-slate-900">{c.name}</td>
                      <td className="px-4 py-3 text-slate-700">{c.amount}</td>
                      <td className="px-4 py-3 text-slate-700">{c.credits}</td>
                      <td className="px-4 py-3">{c.status}</td>
                      <td className="px-4 py-3">{c.receipt}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
