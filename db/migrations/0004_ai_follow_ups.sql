ALTER TABLE "ai_questions" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "ai_questions" ADD COLUMN "thread_id" uuid;--> statement-breakpoint
ALTER TABLE "ai_questions" ADD CONSTRAINT "ai_questions_parent_id_ai_questions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."ai_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_questions" ADD CONSTRAINT "ai_questions_thread_id_ai_questions_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."ai_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_questions_thread_idx" ON "ai_questions" USING btree ("thread_id");