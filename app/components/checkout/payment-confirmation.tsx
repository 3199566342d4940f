// Shown in place of the checkout form once a payment succeeded: what was bought and paid, the credits added,
// the new balance, the reference, and the way to the printable receipt.
import { useEffect, useRef } from "react";
import { PendingQuestionLink } from "~/app/components/pending-question-link";
import { useLanguage } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import type { CheckoutMessages } from "~/content/messages/checkout";
import { receiptLabel } from "~/lib/contracts/receipt";
import { format } from "~/lib/i18n/format";
import { formatAmountPaid } from "~/lib/payments/receipt-format";

export interface Confirmation {
  packageName: string;
  creditsAdded: number;
  balance: number;
  /** What was charged (the server's figure, not the page's price). */
  amountCents: number;
  currency: string;
  reference: string;
  receiptNumber: number | null;
}

export function PaymentConfirmation({ t, confirmation }: { t: CheckoutMessages; confirmation: Confirmation }) {
  const { packageName, creditsAdded, balance, amountCents, currency, reference, receiptNumber } = confirmation;
  const { lang } = useLanguage();
  const headline = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The form and its button are gone, and a status region that arrives with its text is not read
    // out (found by a keyboard user: the payment's success was silent): the headline takes the focus.
    if (!document.activeElement || document.activeElement === document.body) headline.current?.focus();
  }, []);
  return (
    <div
      role="status"
      className="mt-4 rounded-md border border-green-200 bg-green-50 px-5 py-5 text-green-950"
      data-testid="checkout-success"
    >
      <p ref={headline} tabIndex={-1} className="text-lg font-semibold">
        {t.messages.success}
      </p>
      {/* Sentences, not label and value: outside the list, which holds the purchase's details. */}
      <p className="mt-2 text-sm">{format(t.messages.creditsAdded, { count: creditsAdded })}</p>
      <p className="text-sm font-medium" data-testid="checkout-balance">
        {format(t.messages.newBalance, { count: balance })}
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt>{t.afterSuccess.package}</dt>
        <dd className="font-medium">{packageName}</dd>
        <dt>{t.afterSuccess.amount}</dt>
        <dd className="font-medium" data-testid="checkout-amount">
          {formatAmountPaid(amountCents, currency, lang)}
        </dd>
        {receiptNumber !== null && (
          <>
            <dt>{t.afterSuccess.receiptNumber}</dt>
            <dd className="font-mono" data-testid="checkout-receipt-number">
              {receiptLabel(receiptNumber)}
            </dd>
          </>
        )}
        <dt>{t.afterSuccess.reference}</dt>
        <dd className="break-all font-mono text-xs" data-testid="checkout-reference">
          {reference}
        </dd>
      </dl>
      <p className="mt-3 text-sm">{t.afterSuccess.emailed}</p>
      <div className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <LocalizedLink
          to={`/account/receipts/${reference}`}
          className="font-semibold text-green-950 underline hover:no-underline"
          data-testid="checkout-receipt-link"
        >
          {t.afterSuccess.receipt}
        </LocalizedLink>
        <LocalizedLink to="/explore" className="font-semibold text-green-950 underline hover:no-underline">
          {t.afterSuccess.explore}
        </LocalizedLink>
        <PendingQuestionLink
          otherwise={
            <LocalizedLink to="/services" className="font-semibold text-green-950 underline hover:no-underline" data-testid="checkout-ask-link">
              {t.afterSuccess.ask}
            </LocalizedLink>
          }
        />
      </div>
    </div>
  );
}
