// Refunds (/api/v1/refunds): an administrator refunds a member's purchase in full. Isomorphic.
import "~/lib/contracts/zod-config";
import { z } from "zod";

/** A purchase can be refunded for this many days after it was paid. */
export const REFUND_WINDOW_DAYS = 14;

/** Whether a purchase paid (granted) at `paidAt` is still within REFUND_WINDOW_DAYS at `now`. */
export const withinRefundWindow = (paidAt: Date, now: Date): boolean => now.getTime() - paidAt.getTime() <= REFUND_WINDOW_DAYS * 24 * 60 * 60 * 1000;

export const RefundSchema = z.object({
  paymentId: z.uuid({ error: (issue) => (issue.input === undefined ? "required" : "invalid_format") }),
});

export const REFUND_ERROR_CODES = [
  "payment_not_found",
  "already_refunded",
  "not_refundable",
  "refund_window_passed",
  "insufficient_credits",
  "refund_in_progress",
  "answer_in_progress",
  "refund_failed",
  "not_returned",
  "already_repaid",
  "payment_provider_unavailable",
] as const;
export type RefundErrorCode = (typeof REFUND_ERROR_CODES)[number];

export type RefundResponse = {
  success: true;
  message: string;
  paymentId: string;
  refundedAt: string;
  creditsRemoved: number;
  /** The member's balance afterwards. */
  balance: number;
};

export const RefundListQuerySchema = z.object({
  userId: z.uuid({ error: (issue) => (issue.input === undefined ? "required" : "invalid_format") }),
});

/** Why the card's bank returned a refund: Stripe's failure_reason where the page words it, else `other`. */
export const REFUND_FAILURE_REASONS = ["expired_or_canceled_card", "lost_or_stolen_card", "other"] as const;
export type RefundFailureReason = (typeof REFUND_FAILURE_REASONS)[number];
export const refundFailureReason = (stored: string | null): RefundFailureReason =>
  (REFUND_FAILURE_REASONS as readonly string[]).includes(stored ?? "") ? (stored as RefundFailureReason) : "other";

/** A member's purchase as the refund control shows it: refundable now, or why not. */
export interface RefundCandidate {
  id: string;
  receiptNumber: number | null;
  package: string;
  amountCents: number;
  credits: number;
  paidAt: string;
  refundedAt: string | null;
  /** When the card's bank returned the refund (the member is still owed the money), and why; null otherwise. */
  refundFailedAt: string | null;
  refundFailure: RefundFailureReason | null;
  /** When an administrator recorded that the returned refund was repaid another way; null otherwise. */
  refundRepaidAt: string | null;
  /** null when it can be refunded now. */
  blocked: Extract<
    RefundErrorCode,
    "already_refunded" | "refund_window_passed" | "insufficient_credits" | "refund_in_progress" | "answer_in_progress"
  > | null;
}

export type RefundListResponse = { success: true; balance: number; purchases: RefundCandidate[] };

/** A returned refund repaid another way (a bank transfer): the administrator records it. */
export const RepaidSchema = RefundSchema;
export type RepaidResponse = { success: true; message: string; paymentId: string; refundRepaidAt: string };

/** The refund endpoints for the typed client (administrators only). */
export interface RefundEndpoints {
  "GET /refunds": { query: z.input<typeof RefundListQuerySchema>; response: RefundListResponse };
  "POST /refunds": { body: z.input<typeof RefundSchema>; response: RefundResponse };
  "POST /refunds/repaid": { body: z.input<typeof RepaidSchema>; response: RepaidResponse };
}
