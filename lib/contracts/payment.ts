// The payment API (/api/v1/payment: create, confirm, history; the provider's webhook is not for
// browsers): checkout requests shared by the checkout page (checks in the browser) and the router (the
// authority), the answers and the error codes. Messages are field error codes (lib/contracts/field-errors.ts).
import "./zod-config";
import { z } from "zod";
import type { payments } from "~/db/schema";
import { PACKAGE_IDS } from "~/lib/catalog";
import { isCountryCode } from "~/lib/countries";
import { IdempotencyKeySchema } from "./idempotency-key";

const missingOr = (code: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? "required" : code;

export const CountrySchema = z
  .string({ error: missingOr("invalid_country") })
  .trim()
  .toUpperCase()
  .min(1, "required")
  // "UK" is what many British customers type; cards are billed to ISO's "GB".
  .transform((code) => (code === "UK" ? "GB" : code))
  // One of the officially assigned codes (lib/countries.ts, the checkout's list): "JA" or "XX" is refused.
  .refine(isCountryCode, "invalid_country");

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
  idempotencyKey: IdempotencyKeySchema.optional(),
  // The first release's client sends the amount; the server prices from the catalog and ignores it.
  amount: z.unknown().optional(),
});
export type CreatePaymentInput = z.output<typeof CreatePaymentSchema>;

export const ConfirmPaymentSchema = z.object({
  transactionId: z.uuid({ error: missingOr("invalid_format") }),
});

/** A payment's status, from the database column (db/schema.ts). */
export type PaymentStatus = (typeof payments.$inferSelect)["status"];

interface PaymentAnswerBase {
  transactionId: string;
  /** The package id (lib/catalog.ts). */
  package: string;
}

/** What /create and /confirm answer (besides errors, which use the API's error format): one variant per status. */
export type PaymentResponse =
  | (PaymentAnswerBase & {
      success: true;
      status: "succeeded";
      message: string;
      /** Credits added by this payment. */
      creditsAdded: number;
      /** The balance after the payment. */
      credits: number;
      /** What was charged, in the currency's smallest unit (cents), and the currency ("usd"). */
      amountCents: number;
      currency: string;
      /** Sequential receipt number (its receipt is /account/receipts/<transactionId>); null only before the grant numbered it. */
      receiptNumber: number | null;
    })
  | (PaymentAnswerBase & {
      success: false;
      status: "requires_action";
      message: string;
      requiresAction: true;
      /** Hand to Stripe.js handleCardAction, then POST /confirm. */
      clientSecret: string;
    })
  | (PaymentAnswerBase & {
      success: false;
      status: "pending";
      code: "processing";
      /** Translated: the outcome is not final yet. */
      error: string;
    })
  | (PaymentAnswerBase & {
      success: false;
      status: "failed";
      /** The card's or provider's decline code. */
      code: string;
      /** The card's or provider's message, translated where known. */
      error: string;
    });

export interface PaymentHistoryItem {
  id: string;
  package: string;
  amountCents: number;
  currency: string;
  credits: number;
  status: PaymentStatus;
  /** Set once granted; only purchases that went through have receipts. */
  receiptNumber: number | null;
  refundedAt: string | null;
  createdAt: string;
  /** Why a failed attempt did not go through: the card error's code (lib/payments/card-errors.ts); null unless failed. */
  failure: string | null;
}

/** GET /payment/history */
export interface PaymentHistoryResponse {
  success: true;
  payments: PaymentHistoryItem[];
}

export const PAYMENT_ERROR_CODES = [
  "missing_details",
  "credit_limit",
  "idempotency_conflict",
  "payment_in_progress",
  "payment_not_found",
  "payment_not_recorded",
  "payment_provider_conflict",
  "payment_provider_unavailable",
  "payment_refunded",
  "rate_limited",
] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];

/** The payment endpoints a browser calls, for the typed client. */
export interface PaymentEndpoints {
  "POST /payment/create": { body: z.input<typeof CreatePaymentSchema>; response: PaymentResponse };
  "POST /payment/confirm": { body: z.input<typeof ConfirmPaymentSchema>; response: PaymentResponse };
  "GET /payment/history": { response: PaymentHistoryResponse };
}
