-- Takes a slot for an AI answer in one statement on PostgreSQL too (lib/ai/questions.server.ts):
-- the user's row is locked first and the pending question inserted only while the balance covers
-- it, the user's pending questions and, for a follow-up, the thread's room. A VOLATILE function
-- takes a fresh snapshot for each statement under READ COMMITTED (PostgreSQL's default, which the
-- application relies on), so the insert sees every slot that the transactions it waited for
-- committed. `lock` is false where statements already run one at a time (PGlite) and where the
-- caller holds the lock already. Null when a condition fails; the caller then finds out which in a
-- transaction of its own, under the lock taken again.
CREATE FUNCTION take_ai_question_slot(
  p_user_id uuid, p_topic text, p_lang text, p_question text, p_source text, p_model text,
  p_parent_id uuid, p_thread_id uuid, p_thread_max int, p_lock boolean
) RETURNS uuid LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  taken uuid;
BEGIN
  IF p_lock THEN
    PERFORM 1 FROM users WHERE id = p_user_id FOR UPDATE;
  END IF;
  INSERT INTO ai_questions (user_id, topic, lang, question, source, model, status, parent_id, thread_id)
  SELECT p_user_id, p_topic, p_lang, p_question, p_source, p_model, 'pending', p_parent_id, p_thread_id
  FROM users
  WHERE id = p_user_id
    AND credits > (SELECT count(*) FROM ai_questions WHERE user_id = p_user_id AND status = 'pending')
    AND (p_thread_id IS NULL OR (SELECT count(*) FROM ai_questions
      WHERE (id = p_thread_id OR thread_id = p_thread_id) AND status IN ('answered', 'pending')) < p_thread_max)
  RETURNING id INTO taken;
  RETURN taken;
END
$$;
