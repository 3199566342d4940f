// The built-in test mode's own card fields (number, expiry, security code). Stripe mode uses Stripe
// Elements instead (use-stripe-card.ts).
import type { RefObject } from "react";
import type { CheckoutMessages } from "~/content/messages/checkout";
import { formatCardNumber, formatExpiry } from "~/lib/payments/test-cards";
import { Field, inputClass } from "./card-field";

export type CardFieldName = "number" | "expiry" | "cvc";

export interface TestCardValues {
  number: string;
  expiry: string;
  cvc: string;
}

export function TestCardFields({
  t,
  values,
  invalidField,
  fieldRefs,
  onChange,
}: {
  t: CheckoutMessages;
  values: TestCardValues;
  invalidField: CardFieldName | "country" | null;
  fieldRefs: Record<CardFieldName, RefObject<HTMLInputElement | null>>;
  onChange: (field: CardFieldName, value: string) => void;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="sr-only">{t.form.card}</legend>
      <Field id="card-number" label={t.form.cardNumber} invalid={invalidField === "number"}>
        <input
          ref={fieldRefs.number}
          id="card-number"
          name="card-number"
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          value={values.number}
          onChange={(e) => onChange("number", formatCardNumber(e.target.value))}
          aria-required
          aria-invalid={invalidField === "number" || undefined}
          className={inputClass(invalidField === "number")}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="card-expiry" label={t.form.expiry} invalid={invalidField === "expiry"}>
          <input
            ref={fieldRefs.expiry}
            id="card-expiry"
            name="card-expiry"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
            value={values.expiry}
            onChange={(e) => onChange("expiry", formatExpiry(e.target.value))}
            aria-required
            aria-invalid={invalidField === "expiry" || undefined}
            className={inputClass(invalidField === "expiry")}
          />
        </Field>
        <Field id="card-cvc" label={t.form.cvc} invalid={invalidField === "cvc"}>
          <input
            ref={fieldRefs.cvc}
            id="card-cvc"
            name="card-cvc"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={values.cvc}
            onChange={(e) => onChange("cvc", e.target.value.replace(/\D/g, ""))}
            aria-required
            aria-invalid={invalidField === "cvc" || undefined}
            className={inputClass(invalidField === "cvc")}
          />
        </Field>
      </div>
    </fieldset>
  );
}
