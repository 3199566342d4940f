-- A refund under way holds its purchase's credits (lib/payments/refunds.server.ts): while the payment
-- provider is asked, no AI question may take a slot on them, or the member would spend credits the
-- refund then removes only in part. The same function as migration 0006, with the credits of the
-- member's claimed refunds counted like pending questions. A claim lapses after 300 s (REFUND_CLAIM_MS,
-- lib/credits.server.ts); the generic plan of migration 0008 is kept (CREATE OR REPLACE drops it otherwise).
CREATE OR REPLACE FUNCTION take_ai_question_slot(
  p_user_id uuid, p_topic text, p_lang text, p_question text, p_source text, p_model text,
  p_parent_id uuid, p_thread_id uuid, p_thread_max int, p_lock boolean
) RETURNS uuid LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
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
      + (SELECT coalesce(sum(credits), 0) FROM payments WHERE user_id = p_user_id AND refunded_at IS NULL
          AND refund_claimed_at > now() - interval '300 seconds')
    AND (p_thread_id IS NULL OR (SELECT count(*) FROM ai_questions
      WHERE (id = p_thread_id OR thread_id = p_thread_id) AND status IN ('answered', 'pending')) < p_thread_max)
  RETURNING id INTO taken;
  RETURN taken;
END
$$;
