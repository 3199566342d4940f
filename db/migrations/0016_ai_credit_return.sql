-- A member may return the credit of an answer that missed the question (lib/ai/credit-return.server.ts):
-- the question records when, and the ledger gets one 'ai_return' row for it. The ledger's one-row-per-
-- question index becomes one charge and at most one return per question.
DROP INDEX "credit_ledger_ai_question_key";--> statement-breakpoint
ALTER TABLE "ai_questions" ADD COLUMN "credit_returned_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_ai_return_key" ON "credit_ledger" USING btree ("ai_question_id") WHERE "credit_ledger"."kind" = 'ai_return';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_ai_question_key" ON "credit_ledger" USING btree ("ai_question_id") WHERE "credit_ledger"."kind" = 'ai_spend';