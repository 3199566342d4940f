// A payment's confirmation shown again from the address (`?paid=<payment id>`, set when it succeeded):
// after a reload, or Back then Forward, the checkout says what was just bought instead of offering the
// same package's empty card form to pay twice. The receipt is the record of what was paid.
import { useEffect } from "react";
import { useApiData } from "~/app/api/use-api-data";
import { useAuth } from "~/app/components/auth-provider";
import { useCommonMessages } from "~/app/components/root-messages";
import { PaymentConfirmation } from "~/app/components/checkout/payment-confirmation";
import type { CheckoutPackage } from "~/app/components/checkout/order-summary";
import type { CheckoutMessages } from "~/content/messages/checkout";
import { ReceiptIdSchema } from "~/lib/contracts/receipt";

const PAID_PARAM = "paid";

/** The payment the address names, if it names one. */
export function paidInAddress(search: URLSearchParams): string | null {
  const id = search.get(PAID_PARAM);
  return id !== null && ReceiptIdSchema.safeParse(id).success ? id : null;
}

/** Names the payment in the address (or drops the name) without a navigation: the page already shows it. */
export function keepPaidInAddress(paymentId: string | null) {
  const url = new URL(window.location.href);
  if (paymentId === null) url.searchParams.delete(PAID_PARAM);
  else url.searchParams.set(PAID_PARAM, paymentId);
  window.history.replaceState(window.history.state, "", url);
}

/**
 * The confirmation of the member's payment `id` for this package, from its receipt. A payment that is
 * not the member's, is for another package or was refunded calls `onGone`: the form is shown instead.
 */
export function PaidConfirmation({ id, pkg, t, onGone }: { id: string; pkg: CheckoutPackage; t: CheckoutMessages; onGone: () => void }) {
  const auth = useAuth();
  const common = useCommonMessages();
  const { data, error } = useApiData("GET /payment/receipts/:id", { params: { id }, keepPrevious: false });
  const receipt = data?.receipt;
  const gone = error !== undefined || (receipt !== undefined && (receipt.package !== pkg.id || receipt.refundedAt !== null));
  useEffect(() => {
    if (gone) onGone();
  }, [gone, onGone]);
  if (!receipt || gone) {
    return (
      <p role="status" className="mt-4 text-slate-700">
        {common.loading}
      </p>
    );
  }
  return (
    <PaymentConfirmation
      t={t}
      confirmation={{
        packageName: pkg.name,
        creditsAdded: receipt.credits,
        balance: auth.credits ?? receipt.credits,
        amountCents: receipt.amountCents,
        currency: receipt.currency,
        reference: receipt.id,
        receiptNumber: receipt.number,
      }}
    />
  );
}
