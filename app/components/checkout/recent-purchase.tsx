// A purchase of the same package in the last minutes, said above the card form: after a reload while
// a payment was under way (its answer lost), or from a second tab, a member must not pay twice unawares.
// A payment the bank has not confirmed yet (its webhook still to come) is said the same way.
import { Fragment, useEffect, useRef } from "react";
import { useApiData } from "~/app/api/use-api-data";
import { useAuth } from "~/app/components/auth-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import type { CheckoutPackage } from "~/app/components/checkout/order-summary";
import type { CheckoutMessages } from "~/content/messages/checkout";
import { receiptLabel } from "~/lib/contracts/receipt";
import { format, formatParts } from "~/lib/i18n/format";

/** How long a purchase counts as recent; the checkout also keeps an open attempt's key this long (attempt-key.client.ts). */
export const RECENT_MS = 15 * 60_000;
const NOTICE_CLASS = "mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950";

export function RecentPurchaseNotice({ pkg, t }: { pkg: CheckoutPackage; t: CheckoutMessages }) {
  const { data, reload } = useApiData("GET /payment/history");
  // Asked again when the balance changes (a purchase in another tab: AuthProvider follows storage)
  // and when the member comes back to this tab, so a second tab does not offer the form in silence.
  const { credits } = useAuth();
  const shownCredits = useRef(credits);
  useEffect(() => {
    if (shownCredits.current === credits) return;
    shownCredits.current = credits;
    reload();
  }, [credits, reload]);
  useEffect(() => {
    const onVisible = () => document.visibilityState === "visible" && reload();
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [reload]);
  const now = Date.now();
  const ofThisPackage = (data?.payments ?? []).filter((payment) => payment.package === pkg.id && now - Date.parse(payment.createdAt) < RECENT_MS);
  const recent = ofThisPackage.find((payment) => payment.status === "succeeded" && payment.refundedAt === null && payment.receiptNumber !== null);
  if (!recent || recent.receiptNumber === null) {
    const pending = ofThisPackage.some((payment) => payment.status === "pending");
    if (!pending) return null;
    return (
      <div role="status" className={NOTICE_CLASS} data-testid="pending-purchase">
        <p>{format(t.pendingPurchase.text, { name: pkg.name })}</p>
        <LocalizedLink to="/explore#purchases-title" className="mt-1 inline-block font-semibold underline hover:no-underline">
          {t.pendingPurchase.link}
        </LocalizedLink>
      </div>
    );
  }
  return (
    <div role="status" className={NOTICE_CLASS} data-testid="recent-purchase">
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
