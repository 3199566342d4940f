-- Credit balances and amounts become 64-bit: a 32-bit column made any grant past 2^31 fail.
-- Widening integer to bigint keeps every stored value.
ALTER TABLE "credit_ledger" ALTER COLUMN "delta" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "credit_ledger" ALTER COLUMN "balance_after" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "credits" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "credits" SET DATA TYPE bigint;
