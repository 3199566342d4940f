// The built-in test-mode card field: validates a card the way a real card field does (Luhn check,
// expiry, security code) and turns a card-network test number into the payment-method id of the
// test provider, like Stripe.js turns a card into a `pm_...` id. Runs in the browser, so the card
// number never reaches our server and is never stored. Isomorphic; the test provider reads the same
// table on the server.
import type { CardErrorCode } from "./card-errors";

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "jcb" | "diners" | "unionpay" | "unknown";

export type TestOutcome =
  | { kind: "succeeded" }
  | { kind: "failed"; code: Extract<CardErrorCode, "card_declined" | "insufficient_funds" | "expired_card" | "incorrect_cvc" | "processing_error"> };

export interface TestCard {
  number: string;
  brand: CardBrand;
  /** Stripe's documented test PaymentMethod id for the same card. */
  paymentMethodId: string;
  outcome: TestOutcome;
}

/** The card-network test numbers (the ones Stripe documents), with what a charge does. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: "4242424242424242", brand: "visa", paymentMethodId: "pm_card_visa", outcome: { kind: "succeeded" } },
  { number: "4000056655665556", brand: "visa", paymentMethodId: "pm_card_visa_debit", outcome: { kind: "succeeded" } },
  { number: "5555555555554444", brand: "mastercard", paymentMethodId: "pm_card_mastercard", outcome: { kind: "succeeded" } },
  { number: "378282246310005", brand: "amex", paymentMethodId: "pm_card_amex", outcome: { kind: "succeeded" } },
  {
    number: "4000000000000002",
    brand: "visa",
    paymentMethodId: "pm_card_visa_chargeDeclined",
    outcome: { kind: "failed", code: "card_declined" },
  },
  {
    number: "4000000000009995",
    brand: "visa",
    paymentMethodId: "pm_card_visa_chargeDeclinedInsufficientFunds",
    outcome: { kind: "failed", code: "insufficient_funds" },
  },
  {
    number: "4000000000009987",
    brand: "visa",
    paymentMethodId: "pm_card_visa_chargeDeclinedLostCard",
    outcome: { kind: "failed", code: "card_declined" },
  },
  {
    number: "4000000000000069",
    brand: "visa",
    paymentMethodId: "pm_card_chargeDeclinedExpiredCard",
    outcome: { kind: "failed", code: "expired_card" },
  },
  {
    number: "4000000000000127",
    brand: "visa",
    paymentMethodId: "pm_card_chargeDeclinedIncorrectCvc",
    outcome: { kind: "failed", code: "incorrect_cvc" },
  },
  {
    number: "4000000000000119",
    brand: "visa",
    paymentMethodId: "pm_card_chargeDeclinedProcessingError",
    outcome: { kind: "failed", code: "processing_error" },
  },
];

/**
 * Stripe's 3-D Secure test numbers. The built-in test mode has no authentication step to show (with
 * Stripe's keys the checkout completes 3-D Secure), so these are refused with a message saying so
 * rather than called real cards.
 */
const AUTHENTICATION_TEST_CARDS: ReadonlySet<string> = new Set([
  "4000002500003155",
  "4000002760003184",
  "4000003800000446",
  "4000000000003220",
  "4000000000003063",
  "4000008400001629",
]);

/** The three numbers the checkout page lists. */
export const LISTED_TEST_CARDS = {
  succeeds: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  insufficientFunds: "4000 0000 0000 9995",
} as const;

export function testCardByPaymentMethod(paymentMethodId: string): TestCard | null {
  return TEST_CARDS.find((card) => card.paymentMethodId === paymentMethodId) ?? null;
}

export const digitsOnly = (value: string) => value.replace(/\D/g, "");

/** The Luhn (mod 10) checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^3(0[0-5]|[68])/.test(digits)) return "diners";
  if (/^35(2[89]|[3-8])/.test(digits)) return "jcb";
  if (/^(6011|64[4-9]|65)/.test(digits)) return "discover";
  if (/^62/.test(digits)) return "unionpay";
  return "unknown";
}

/** How many digits a complete number of this brand has. */
export function cardLengths(brand: CardBrand): number[] {
  switch (brand) {
    case "amex":
      return [15];
    case "diners":
      return [14, 16];
    case "unionpay":
      return [16, 17, 18, 19];
    case "unknown":
      return [16, 19];
    default:
      return [16];
  }
}

export const cvcLength = (brand: CardBrand) => (brand === "amex" ? 4 : 3);

/** "4242424242424242" → "4242 4242 4242 4242" (Amex 4-6-5), as the number is typed. */
export function formatCardNumber(input: string): string {
  const digits = digitsOnly(input).slice(0, 19);
  if (cardBrand(digits) === "amex") {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(" ");
  }
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1234" → "12/34" as the date is typed (the slash appears with the third digit). */
export function formatExpiry(input: string): string {
  const digits = digitsOnly(input).slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function checkNumber(number: string): CardErrorCode | null {
  const digits = digitsOnly(number);
  if (/[^\d\s-]/.test(number)) return "invalid_number";
  const brand = cardBrand(digits);
  const lengths = cardLengths(brand);
  if (digits.length < Math.min(...lengths)) return "incomplete_number";
  if (!lengths.includes(digits.length) || !luhnValid(digits)) return "invalid_number";
  return null;
}

/** Accepts "MM/YY", "MM / YY", "MMYY" and "MM/YYYY". A card is valid through the last day of its month. */
export function checkExpiry(expiry: string, now: Date = new Date()): CardErrorCode | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return /^\s*\d{0,2}\s*\/?\s*\d{0,3}\s*$/.test(expiry) ? "incomplete_expiry" : "invalid_expiry_month";
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return "invalid_expiry_month";
  const thisYear = now.getUTCFullYear();
  if (year < thisYear) return "invalid_expiry_year_past";
  if (year > thisYear + 50) return "invalid_expiry_year";
  if (year === thisYear && month < now.getUTCMonth() + 1) return "invalid_expiry_month_past";
  return null;
}

/** An unknown brand (a number not typed yet, say) takes either length, as card fields do. */
export function checkCvc(cvc: string, brand: CardBrand): CardErrorCode | null {
  const value = cvc.trim();
  if (!/^\d*$/.test(value)) return "invalid_cvc";
  const [min, max] = brand === "unknown" ? [3, 4] : [cvcLength(brand), cvcLength(brand)];
  if (value.length < min) return "incomplete_cvc";
  if (value.length > max) return "invalid_cvc";
  return null;
}

export interface TestCardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type TestCardResult =
  | { ok: true; paymentMethodId: string; brand: CardBrand; last4: string }
  | { ok: false; code: CardErrorCode; field: "number" | "expiry" | "cvc" };

/**
 * Validates the card and returns the test provider's payment-method id. A valid number that is not
 * a test card is refused, as test-mode providers do: test mode never touches a real card.
 */
export function tokenizeTestCard(input: TestCardInput, now: Date = new Date()): TestCardResult {
  const digits = digitsOnly(input.number);
  const numberError = checkNumber(input.number);
  if (numberError) return { ok: false, code: numberError, field: "number" };
  const expiryError = checkExpiry(input.expiry, now);
  if (expiryError) return { ok: false, code: expiryError, field: "expiry" };
  const brand = cardBrand(digits);
  const cvcError = checkCvc(input.cvc, brand);
  if (cvcError) return { ok: false, code: cvcError, field: "cvc" };
  const card = TEST_CARDS.find((c) => c.number === digits);
  if (!card && AUTHENTICATION_TEST_CARDS.has(digits)) return { ok: false, code: "test_mode_authentication", field: "number" };
  if (!card) return { ok: false, code: "test_mode_live_card", field: "number" };
  return { ok: true, paymentMethodId: card.paymentMethodId, brand, last4: digits.slice(-4) };
}
