-- Who a receipt is made out to, as the account read when its credits were granted (lib/payments/checkout.server.ts).
ALTER TABLE "payments" ADD COLUMN "billed_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billed_email" text;