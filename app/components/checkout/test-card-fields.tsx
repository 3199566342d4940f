// The built-in test mode's own card fields (number, expiry, security code). Stripe mode uses Stripe
// Elements instead (use-stripe-card.ts).
import type { RefObject } from "react";
import type { CheckoutMessages } from "~/content/messages/checkout";
import { formatCardNumber, formatExpiry } from "~/lib/payments/test-cards";
import { errorProps, Field, inputClass } from "./card-field";

export type CardFieldName = "number" | "expiry" | "cvc";

export interface TestCardValues {
  number: string;
  expiry: string;
  cvc: string;
}

export function TestCardFields({
  t,
  values,
  errors,
  fieldRefs,
  onChange,
}: {
  t: CheckoutMessages;
  values: TestCardValues;
  /** Each field's error, in the page's language. */
  errors: Partial<Record<CardFieldName, string>>;
  fieldRefs: Record<CardFieldName, RefObject<HTMLInputElement | null>>;
  onChange: (field: CardFieldName, value: string) => void;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="sr-only">{t.form.card}</legend>
      <Field id="card-number" label={t.form.cardNumber} error={errors.number}>
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
          {...errorProps("card-number", errors.number)}
          className={inputClass(Boolean(errors.number))}
        />
      </Field>
      <div className="grid grid-cols-2 gap-x-4">
        <Field id="card-expiry" label={t.form.expiry} error={errors.expiry} inRow>
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
            {...errorProps("card-expiry", errors.expiry)}
            className={inputClass(Boolean(errors.expiry))}
          />
        </Field>
        <Field id="card-cvc" label={t.form.cvc} error={errors.cvc} inRow>
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
            {...errorProps("card-cvc", errors.cvc)}
            className={inputClass(Boolean(errors.cvc))}
          />
        </Field>
      </div>
    </fieldset>
  );
}
