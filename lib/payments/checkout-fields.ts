// The checkout fields the browser can judge before anything is sent: every one of them at once, so a
// visitor sees all that is wrong after one press of Pay. Whether a card is a test card, declined or
// short of funds is the provider's to say (tokenizeTestCard, the charge). Isomorphic.
import { fieldErrorText } from "~/lib/contracts/field-errors";
import { isCountryCode } from "~/lib/countries";
import type { Lang } from "~/lib/i18n/languages";
import { cardErrorText, isCardErrorCode, type CardErrorCode } from "./card-errors";
import { checkCvc, checkExpiry, checkNumber, cardBrand, digitsOnly } from "./test-cards";

/** In the form's order: the first one with an error takes the focus. */
export const CHECKOUT_FIELDS = ["number", "expiry", "cvc", "country"] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type CheckoutFieldError = CardErrorCode | "required" | "invalid_country";

export interface CheckoutFieldValues {
  number: string;
  expiry: string;
  cvc: string;
  country: string;
}

export interface CheckedFields {
  errors: Partial<Record<CheckoutField, CheckoutFieldError>>;
  /** A field was left empty (the spec's "Please fill all details."). */
  missing: boolean;
}

/** `testCard`: the built-in test mode's own card fields; with Stripe's card field only the country is ours. */
export function checkCheckoutFields(values: CheckoutFieldValues, { testCard }: { testCard: boolean }, now: Date = new Date()): CheckedFields {
  const errors: CheckedFields["errors"] = {};
  if (testCard) {
    const numberError = values.number.trim() ? checkNumber(values.number) : "required";
    if (numberError) errors.number = numberError;
    const expiryError = values.expiry.trim() ? checkExpiry(values.expiry, now) : "required";
    if (expiryError) errors.expiry = expiryError;
    // While the number is not a card yet its brand is unknown, and a 4-digit (Amex) code may be right.
    const cvcError = values.cvc.trim() ? checkCvc(values.cvc, numberError ? "unknown" : cardBrand(digitsOnly(values.number))) : "required";
    if (cvcError) errors.cvc = cvcError;
  }
  if (!values.country) errors.country = "required";
  else if (!isCountryCode(values.country)) errors.country = "invalid_country";
  return { errors, missing: Object.values(errors).includes("required") };
}

export function checkoutFieldErrorText(code: CheckoutFieldError, lang: Lang): string {
  return isCardErrorCode(code) ? cardErrorText(code, lang) : fieldErrorText(code, lang);
}
