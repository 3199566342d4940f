-- A refund the card's bank returns after it succeeded (Stripe's refund.failed): when, and Stripe's reason.
-- The payment stays refunded (the credits stay removed); the member is still owed the money
-- (lib/payments/refunds.server.ts, recordRefundFailure).
ALTER TABLE "payments" ADD COLUMN "refund_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_failure" text;