-- PostgreSQL only (SQLite has no server to go to and back): the first half of storing an attempt in one
-- round trip. It marks the learner seen, which takes their row lock until COMMIT (serialising one learner's
-- writes across nodes), inserts the attempt, and then reads the question's facts and whether any webhook
-- listens. The function is VOLATILE, so that read takes a snapshot after the lock was granted: a try
-- committed by another node just before is seen, never lost.

CREATE FUNCTION folio_record_attempt(
    p_learner_id BIGINT, p_question_id TEXT, p_section TEXT, p_language TEXT, p_answer TEXT, p_choice TEXT,
    p_verdict TEXT, p_score DOUBLE PRECISION, p_content_version_id BIGINT, p_question_hash TEXT,
    p_created_at BIGINT
) RETURNS TABLE (
    attempt_id BIGINT, has_webhooks BOOLEAN, scored_learner BIGINT, first_score DOUBLE PRECISION,
    best_score DOUBLE PRECISION, attempts BIGINT, first_correct_try BIGINT, first_correct_at BIGINT,
    revealed_at BIGINT, score_steps TEXT
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
    new_id BIGINT;
BEGIN
    UPDATE learners SET last_seen_at = p_created_at WHERE id = p_learner_id;
    INSERT INTO attempts (learner_id, question_id, section, language, answer, choice, verdict, score,
        content_version_id, question_hash, created_at)
    VALUES (p_learner_id, p_question_id, p_section, p_language, p_answer, p_choice, p_verdict, p_score,
        p_content_version_id, p_question_hash, p_created_at)
    RETURNING id INTO new_id;
    RETURN QUERY
    SELECT new_id, EXISTS (SELECT 1 FROM webhooks), s.learner_id, s.first_score, s.best_score, s.attempts,
        s.first_correct_try, s.first_correct_at, s.revealed_at, s.score_steps
    FROM (SELECT 1) AS one
    LEFT JOIN question_scores AS s ON s.learner_id = p_learner_id AND s.question_id = p_question_id;
END
$$;
