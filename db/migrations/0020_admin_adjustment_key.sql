-- An admin's credit adjustment sent again with its idempotency key is applied once (lib/admin/users.server.ts).
ALTER TABLE "credit_ledger" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_adjustment_key" ON "credit_ledger" USING btree ("user_id","idempotency_key") WHERE "credit_ledger"."kind" = 'admin_adjustment';