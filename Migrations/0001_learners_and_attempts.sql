-- Learners, teams and every graded attempt. Times are Unix milliseconds (UTC).
-- Secrets (learner tokens, API tokens, resume and session ids) are stored only as SHA-256 digests.

CREATE TABLE cohorts (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    join_code   TEXT    NOT NULL UNIQUE,
    created_at  INTEGER NOT NULL
);

CREATE TABLE learners (
    id            INTEGER PRIMARY KEY,
    display_name  TEXT    NOT NULL DEFAULT '' CHECK (length(display_name) <= 200),
    language      TEXT    NOT NULL,
    cohort_id     INTEGER REFERENCES cohorts (id) ON DELETE SET NULL,
    created_at    INTEGER NOT NULL,
    last_seen_at  INTEGER NOT NULL
);
CREATE INDEX learners_cohort ON learners (cohort_id, id);
CREATE INDEX learners_name ON learners (display_name COLLATE NOCASE);

-- A learner may hold several tokens: one per device (a resume code issues a new one).
CREATE TABLE learner_tokens (
    token_hash  BLOB    PRIMARY KEY,
    learner_id  INTEGER NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    created_at  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX learner_tokens_learner ON learner_tokens (learner_id);

-- Each successful or rejected load of Content/: the audit trail of what learners were graded against.
CREATE TABLE content_versions (
    id            INTEGER PRIMARY KEY,
    content_hash  TEXT    NOT NULL,
    loaded_at     INTEGER NOT NULL,
    loaded_by     TEXT    NOT NULL,
    outcome       TEXT    NOT NULL CHECK (outcome IN ('loaded', 'rejected')),
    report        TEXT    NOT NULL
);

-- Every attempt is kept forever: a reload never deletes history.
-- question_hash fingerprints the question, its key and reference at grading time.
CREATE TABLE attempts (
    id                  INTEGER PRIMARY KEY,
    learner_id          INTEGER NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    question_id         TEXT    NOT NULL,
    section             TEXT    NOT NULL,
    language            TEXT    NOT NULL,
    answer              TEXT    NOT NULL,
    choice              TEXT,
    verdict             TEXT    NOT NULL CHECK (verdict IN ('correct', 'partial', 'incorrect')),
    score               REAL    NOT NULL CHECK (score >= 0 AND score <= 1),
    content_version_id  INTEGER REFERENCES content_versions (id),
    question_hash       TEXT    NOT NULL,
    created_at          INTEGER NOT NULL
);
CREATE INDEX attempts_by_learner ON attempts (learner_id, id);
CREATE INDEX attempts_by_question ON attempts (learner_id, question_id, id);

-- One row per learner and question, maintained in the same transaction as each attempt,
-- so progress and the scores API never aggregate the whole attempts table.
CREATE TABLE question_scores (
    learner_id       INTEGER NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    question_id      TEXT    NOT NULL,
    section          TEXT    NOT NULL,
    best_score       REAL    NOT NULL,
    passed           INTEGER NOT NULL CHECK (passed IN (0, 1)),
    attempts         INTEGER NOT NULL,
    last_attempt_at  INTEGER NOT NULL,
    PRIMARY KEY (learner_id, question_id)
) WITHOUT ROWID;
CREATE INDEX question_scores_since ON question_scores (last_attempt_at);

-- Sections are 'ch0'…'ch11', 'appendix' and 'practice'.
CREATE TABLE section_reads (
    learner_id        INTEGER NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    section           TEXT    NOT NULL,
    language          TEXT    NOT NULL,
    first_opened_at   INTEGER NOT NULL,
    last_opened_at    INTEGER NOT NULL,
    PRIMARY KEY (learner_id, section)
) WITHOUT ROWID;

CREATE TABLE resume_codes (
    code_hash   BLOB    PRIMARY KEY,
    learner_id  INTEGER NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    expires_at  INTEGER NOT NULL
);

CREATE TABLE api_tokens (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    token_hash  BLOB    NOT NULL UNIQUE,
    scope       TEXT    NOT NULL,
    cohort_id   INTEGER REFERENCES cohorts (id) ON DELETE CASCADE,
    created_at  INTEGER NOT NULL,
    revoked_at  INTEGER
);
