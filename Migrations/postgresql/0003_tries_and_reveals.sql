-- PostgreSQL twin of ../0003_tries_and_reveals.sql: per learner and question, the first try's score, the first
-- correct try, when the answer was revealed, and the tries that can set the final score ("number:score" pairs).
-- No backfill: PostgreSQL databases start with all three migrations, before any attempt exists.
ALTER TABLE question_scores ADD COLUMN first_score DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE question_scores ADD COLUMN first_correct_try BIGINT;
ALTER TABLE question_scores ADD COLUMN first_correct_at BIGINT;
ALTER TABLE question_scores ADD COLUMN revealed_at BIGINT;
ALTER TABLE question_scores ADD COLUMN score_steps TEXT NOT NULL DEFAULT '';
