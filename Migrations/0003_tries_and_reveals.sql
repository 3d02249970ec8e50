-- Scores that mean what the learner knew: per learner and question, the first try's score, the first correct
-- try, when the answer was revealed, and the tries that can set the final score ("number:score" pairs: the
-- tries up to the first correct one that beat every earlier score, and the first correct try). The final score
-- is computed from these with the retry penalty in force, so a changed penalty recomputes every score.
ALTER TABLE question_scores ADD COLUMN first_score REAL NOT NULL DEFAULT 0;
ALTER TABLE question_scores ADD COLUMN first_correct_try INTEGER;
ALTER TABLE question_scores ADD COLUMN first_correct_at INTEGER;
ALTER TABLE question_scores ADD COLUMN revealed_at INTEGER;
ALTER TABLE question_scores ADD COLUMN score_steps TEXT NOT NULL DEFAULT '';

-- Backfill from the attempts already stored; nothing was revealed before this migration.
WITH numbered AS (
    SELECT learner_id, question_id, score, verdict, created_at,
        row_number() OVER tries AS number,
        max(score) OVER (tries ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS earlier_best,
        coalesce(sum(verdict = 'correct') OVER (tries ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
            AS earlier_correct
    FROM attempts
    WINDOW tries AS (PARTITION BY learner_id, question_id ORDER BY id)
),
facts AS (
    SELECT learner_id, question_id,
        max(CASE WHEN number = 1 THEN score END) AS first_score,
        min(CASE WHEN verdict = 'correct' THEN number END) AS first_correct_try,
        min(CASE WHEN verdict = 'correct' AND earlier_correct = 0 THEN created_at END) AS first_correct_at,
        group_concat(
            CASE WHEN earlier_correct = 0 AND (verdict = 'correct' OR earlier_best IS NULL OR score > earlier_best)
            THEN number || ':' || score END, ';') AS steps
    FROM numbered
    GROUP BY learner_id, question_id
)
UPDATE question_scores
SET first_score = coalesce(facts.first_score, 0),
    first_correct_try = facts.first_correct_try,
    first_correct_at = facts.first_correct_at,
    score_steps = coalesce(facts.steps, '')
FROM facts
WHERE question_scores.learner_id = facts.learner_id AND question_scores.question_id = facts.question_id;
