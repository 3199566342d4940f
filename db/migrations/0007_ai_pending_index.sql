-- A member's pending questions, without reading the answered ones: every AI slot counts them
-- (take_ai_question_slot, migration 0006), and a long-standing member has thousands of answers.
CREATE INDEX "ai_questions_user_pending_idx" ON "ai_questions" USING btree ("user_id") WHERE "ai_questions"."status" = 'pending';
