// The checkout's field pieces: the labelled input wrapper and style, the country list and the
// Stripe Elements card field.
import type { ReactNode, RefObject } from "react";
import type { CheckoutMessages } from "~/content/messages/checkout";
import { countryOptions } from "~/lib/countries";
import type { Lang } from "~/lib/i18n/languages";
import type { StripeCard } from "./use-stripe-card";

export function inputClass(invalid: boolean): string {
  return `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-600 ${
    invalid ? "border-red-600" : "border-slate-400"
  }`;
}

/**
 * A labelled card field with its error under it (the error's id is `${id}-error`: the control's
 * aria-describedby names it). `inRow`: one of two fields side by side in a `grid grid-cols-2` whose
 * rows it shares (subgrid), so the two inputs line up when one label wraps (the Japanese
 * security-code label does) or only one of them has an error.
 */
export function Field({ id, label, error, inRow, children }: { id: string; label: string; error?: string; inRow?: boolean; children: ReactNode }) {
  return (
    <div className={inRow ? "row-span-3 grid grid-rows-subgrid" : undefined}>
      <label htmlFor={id} className={`${inRow ? "self-end" : "block"} text-sm font-medium text-slate-800`}>
        {label}
      </label>
      {children}
      {error && <FieldError id={id} error={error} />}
    </div>
  );
}

function FieldError({ id, error }: { id: string; error: string }) {
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" data-testid={`${id}-error`}>
      {error}
    </p>
  );
}

/** The props that tie a control to its error. */
export const errorProps = (id: string, error: string | null | undefined) => ({
  "aria-invalid": error ? (true as const) : undefined,
  "aria-describedby": error ? `${id}-error` : undefined,
});

/**
 * The billing country, picked from every ISO 3166-1 country (lib/countries.ts) named and sorted in
 * the page's language; the value is the two-letter code the API takes. A native <select>: keyboard,
 * screen readers, autofill (autocomplete="country") and phones' own pickers work as they always do.
 */
export function CountrySelect({
  t,
  lang,
  selectRef,
  value,
  error,
  onChange,
}: {
  t: CheckoutMessages;
  lang: Lang;
  selectRef: RefObject<HTMLSelectElement | null>;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor="country" className="block text-sm font-medium text-slate-800">
        {t.form.country}
      </label>
      <select
        ref={selectRef}
        id="country"
        name="country"
        autoComplete="country"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
        {...errorProps("country", error)}
        className={`${inputClass(Boolean(error))} sm:max-w-sm`}
      >
        <option value="">{t.form.countryPrompt}</option>
        {countryOptions(lang).map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
      {error && <FieldError id="country" error={error} />}
    </div>
  );
}

export function StripeCardField({ t, card }: { t: CheckoutMessages; card: StripeCard }) {
  return (
    <div>
      <p id="card-element-label" className="block text-sm font-medium text-slate-800">
        {t.form.card}
      </p>
      <div
        ref={card.containerRef}
        role="group"
        aria-labelledby="card-element-label"
        className="mt-1 min-h-[2.75rem] rounded-md border border-slate-400 bg-white px-3 py-3 focus-within:ring-2 focus-within:ring-brand-600"
        data-testid="stripe-card"
      />
      {!card.ready && (
        <p className="mt-1 text-sm text-slate-600" role="status">
          {card.failed ? t.form.cardUnavailable : t.form.loadingCard}
        </p>
      )}
    </div>
  );
}
