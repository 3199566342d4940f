// The test-mode notice above the checkout: the card-network test numbers and what they do.
import type { CheckoutMessages } from "~/content/messages/checkout";
import { LISTED_TEST_CARDS } from "~/lib/payments/test-cards";

export function TestModeNotice({ t }: { t: CheckoutMessages }) {
  const cards = [
    { number: LISTED_TEST_CARDS.succeeds, label: t.testMode.succeeds },
    { number: LISTED_TEST_CARDS.declined, label: t.testMode.declined },
    {
      number: LISTED_TEST_CARDS.insufficientFunds,
      label: t.testMode.insufficientFunds,
    },
  ];
  return (
    <div
      role="note"
      className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="test-mode"
    >
      <p>
        <span className="mr-2 inline-block rounded bg-amber-200 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-950">
          {t.testMode.badge}
        </span>
        {t.testMode.text}
      </p>
      <ul className="mt-3 space-y-1">
        {cards.map((card) => (
          <li key={card.number} className="flex flex-wrap items-baseline gap-x-3">
            <code className="font-mono text-sm font-semibold">{card.number}</code>
            <span>{card.label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
