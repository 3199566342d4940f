// Checkout requests, shared by the checkout page (checks in the browser) and /api/v1/payment (the
// authority). Messages are field error codes (lib/schemas/field-errors.ts).
import "./zod-config";
import { z } from "zod";
import { PACKAGE_IDS } from "~/lib/catalog";

const missingOr = (code: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? "required" : code;

// Codes Intl knows as regions but that are not countries a card can be billed in.
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "ZZ", "QO", "XA", "XB"]);
let regionNames: Intl.DisplayNames | null | undefined;

/** An ISO 3166-1 alpha-2 code ("JP"): two capital letters that name a real region. */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    } catch {
      regionNames = null;
    }
  }
  // Without Intl region data the format check has to do.
  if (!regionNames) return true;
  try {
    return regionNames.of(code) !== undefined;
  } catch {
    return false;
  }
}

/** The country as the field shows it: letters only, upper-cased, at most two. */
export const normalizeCountryInput = (value: string) => value.replace(/[^A-Za-z]/g, "").toUpperCase().slice(0, 2);

export const CountrySchema = z
  .string({ error: missingOr("invalid_country") })
  .trim()
  .toUpperCase()
  .min(1, "required")
  // "UK" is what many British customers type; cards are billed to ISO's "GB".
  .transform((code) => (code === "UK" ? "GB" : code))
  .refine(isCountryCode, "invalid_country");

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

export const CreatePaymentSchema = z.object({
  package: z.enum(PACKAGE_IDS, { error: missingOr("invalid_choice") }),
  paymentMethodId: z
    .string({ error: missingOr("invalid_type") })
    .trim()
    .min(1, "required")
    .max(255, "too_long:255")
    .regex(/^[A-Za-z0-9_]+$/, "invalid_format"),
  country: CountrySchema,
  /** One per checkout attempt, re-sent when the same attempt is retried. */
  idempotencyKey: z
    .string({ error: "invalid_type" })
    .trim()
    .regex(IDEMPOTENCY_KEY_PATTERN, "invalid_format")
    .optional(),
  // The spec's client sends the amount; the server prices from the catalog and ignores it.
  amount: z.unknown().optional(),
});
export type CreatePaymentInput = z.output<typeof CreatePaymentSchema>;

export const ConfirmPaymentSchema = z.object({
  transactionId: z.uuid({ error: missingOr("invalid_format") }),
});

/** What /create and /confirm answer (besides errors, which use the API's error format). */
export interface PaymentResponse {
  success: boolean;
  status: "succeeded" | "requires_action" | "pending" | "failed";
  transactionId: string;
  message?: string;
  /** The card's or provider's message when the payment failed. */
  error?: string;
  code?: string;
  package?: string;
  /** Credits added by this payment. */
  creditsAdded?: number;
  /** The balance after the payment. */
  credits?: number;
  /** Sequential receipt number of a succeeded payment (its receipt is /account/receipts/<transactionId>). */
  receiptNumber?: number | null;
  requiresAction?: boolean;
  clientSecret?: string;
}

export interface PaymentHistoryItem {
  id: string;
  package: string;
  amountCents: number;
  currency: string;
  credits: number;
  status: "pending" | "requires_action" | "succeeded" | "failed" | "refunded";
  /** Set once granted; only purchases that went through have receipts. */
  receiptNumber: number | null;
  refundedAt: string | null;
  createdAt: string;
}
