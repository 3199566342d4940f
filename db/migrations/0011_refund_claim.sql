-- An administrator's refund claims its payment while the provider is asked (lib/payments/refunds.server.ts):
-- the member's other refunds count the claimed credits as taken, so two refunds at once cannot both
-- pass the balance check.
ALTER TABLE "payments" ADD COLUMN "refund_claimed_at" timestamp with time zone;