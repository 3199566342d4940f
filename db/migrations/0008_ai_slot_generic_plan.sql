-- take_ai_question_slot (migration 0006) runs on every AI question. Under PostgreSQL's default
-- plan_cache_mode its insert, whose plan depends on the parameters only through equality lookups
-- on indexed columns, was planned again on every call where the tables have no statistics (PGlite
-- runs without autovacuum): about 0.15 ms of the serving thread's CPU per question
-- (bench/ai-slot.bench.mjs, docs/performance.md). A generic plan is made once per connection and
-- fits every call.
ALTER FUNCTION take_ai_question_slot(uuid, text, text, text, text, text, uuid, uuid, int, boolean)
  SET plan_cache_mode = force_generic_plan;
