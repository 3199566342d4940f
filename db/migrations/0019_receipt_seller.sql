-- Who issued a receipt, as the settings said when its credits were granted (lib/payments/checkout.server.ts).
ALTER TABLE "payments" ADD COLUMN "seller_legal_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "seller_address" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "seller_tax_id" text;