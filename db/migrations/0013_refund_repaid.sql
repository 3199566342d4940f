-- A refund the card's bank returned, repaid another way (a bank transfer): when an administrator recorded
-- it, and who (lib/payments/refunds.server.ts, markRefundRepaid).
ALTER TABLE "payments" ADD COLUMN "refund_repaid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_repaid_by" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_repaid_by_users_id_fk" FOREIGN KEY ("refund_repaid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;