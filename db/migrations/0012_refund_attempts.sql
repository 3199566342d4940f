-- Refunds the provider refused for a payment (lib/payments/refunds.server.ts): the next attempt asks with its
-- own idempotency key, so a refused refund can be asked again at once (Stripe replays a key's answer 24 hours).
ALTER TABLE "payments" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;