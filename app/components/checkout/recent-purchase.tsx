// A purchase of the same package in the last minutes, said above the card form: after a reload while
// a payment was under way (its answer lost), or from a second tab, a member must not pay twice unawares.
import { Fragment } from "react";
import { useApiData } from "~/app/api/use-api-data";
import { LocalizedLink } from "~/app/components/localized-link";
import type { CheckoutPackage } from "~/app/components/checkout/order-summary";
import type { CheckoutMessages } from "~/content/messages/checkout";
import { receiptLabel } from "~/lib/contracts/receipt";
import { formatParts } from "~/lib/i18n/format";

const RECENT_MS = 15 * 60_000;

export function RecentPurchaseNotice({ pkg, t }: { pkg: CheckoutPackage; t: CheckoutMessages }) {
  const { data } = useApiData("GET /payment/history");
  const now = Date.now();
  const recent = data?.payments.find(
    (payment) =>
      payment.package === pkg.id &&
      payment.status === "succeeded" &&
      payment.refundedAt === null &&
      payment.receiptNumber !== null &&
      now - Date.parse(payment.createdAt) < RECENT_MS,
  );
  if (!recent || recent.receiptNumber === null) return null;
  return (
    <div role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950" data-testid="recent-purchase">
      <p>
        {formatParts(t.recentPurchase.text, {
          name: pkg.name,
          // Kept on one line: "R-" and its digits were split at 390 px.
          receipt: <span className="whitespace-nowrap">{receiptLabel(recent.receiptNumber)}</span>,
        }).map((part, i) => (
          <Fragment key={i}>{part}</Fragment>
        ))}
      </p>
      <LocalizedLink to={`/account/receipts/${recent.id}`} className="mt-1 inline-block font-semibold underline hover:no-underline">
        {t.recentPurchase.receipt}
      </LocalizedLink>
    </div>
  );
}
