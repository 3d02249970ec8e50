-- PostgreSQL twin of ../0004_cohort_plans.sql: a cohort's due date (a calendar day, due by its end in UTC) and
-- required sections (space-separated names; NULL requires every chapter and the practice), and the join codes
-- replaced by a rotation, so an old invitation link answers 410 Gone.
ALTER TABLE cohorts ADD COLUMN due_date TEXT
    CHECK (due_date IS NULL OR due_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');
ALTER TABLE cohorts ADD COLUMN required TEXT CHECK (required IS NULL OR char_length(required) BETWEEN 1 AND 400);

CREATE TABLE retired_join_codes (
    join_code   TEXT    PRIMARY KEY,
    cohort_id   BIGINT  NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
    retired_at  BIGINT  NOT NULL
);
