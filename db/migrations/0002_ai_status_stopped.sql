-- The status of an answer the member ended before the provider finished is now 'stopped' (it was
-- 'aborted'); the column is plain text, so only existing rows change.
UPDATE "ai_questions" SET "status" = 'stopped' WHERE "status" = 'aborted';
