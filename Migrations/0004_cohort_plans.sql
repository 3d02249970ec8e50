-- Cohort plans: a due date (a calendar day, due by its end in UTC) and the required sections
-- (space-separated names such as 'ch0 ch1 practice'; NULL requires every chapter and the practice of the
-- content in force). A rotated join code is kept so an old invitation link answers 410 Gone, not 404.
ALTER TABLE cohorts ADD COLUMN due_date TEXT
    CHECK (due_date IS NULL OR due_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');
ALTER TABLE cohorts ADD COLUMN required TEXT CHECK (required IS NULL OR length(required) BETWEEN 1 AND 400);

CREATE TABLE retired_join_codes (
    join_code   TEXT    PRIMARY KEY,
    cohort_id   INTEGER NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
    retired_at  INTEGER NOT NULL
) WITHOUT ROWID;
