-- PostgreSQL twin of ../0001_learners_and_attempts.sql: the same tables, columns and meaning.
-- Times are Unix milliseconds (UTC) in BIGINT; secrets are stored only as SHA-256 digests (BYTEA).

CREATE TABLE cohorts (
    id          BIGSERIAL PRIMARY KEY,
    name        TEXT    NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    join_code   TEXT    NOT NULL UNIQUE,
    created_at  BIGINT  NOT NULL
);

CREATE TABLE learners (
    id            BIGSERIAL PRIMARY KEY,
    display_name  TEXT    NOT NULL DEFAULT '' CHECK (char_length(display_name) <= 200),
    language      TEXT    NOT NULL,
    cohort_id     BIGINT  REFERENCES cohorts (id) ON DELETE SET NULL,
    created_at    BIGINT  NOT NULL,
    last_seen_at  BIGINT  NOT NULL
);
CREATE INDEX learners_cohort ON learners (cohort_id, id);
CREATE INDEX learners_name ON learners (lower(display_name));

-- A learner may hold several tokens: one per device (a resume code issues a new one).
CREATE TABLE learner_tokens (
    token_hash  BYTEA   PRIMARY KEY,
    learner_id  BIGINT  NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    created_at  BIGINT  NOT NULL
);
CREATE INDEX learner_tokens_learner ON learner_tokens (learner_id);

-- Each successful or rejected load of Content/: the audit trail of what learners were graded against.
CREATE TABLE content_versions (
    id            BIGSERIAL PRIMARY KEY,
    content_hash  TEXT    NOT NULL,
    loaded_at     BIGINT  NOT NULL,
    loaded_by     TEXT    NOT NULL,
    outcome       TEXT    NOT NULL CHECK (outcome IN ('loaded', 'rejected')),
    report        TEXT    NOT NULL
);

-- Every attempt is kept forever: a reload never deletes history.
CREATE TABLE attempts (
    id                  BIGSERIAL PRIMARY KEY,
    learner_id          BIGINT  NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    question_id         TEXT    NOT NULL,
    section             TEXT    NOT NULL,
    language            TEXT    NOT NULL,
    answer              TEXT    NOT NULL,
    choice              TEXT,
    verdict             TEXT    NOT NULL CHECK (verdict IN ('correct', 'partial', 'incorrect')),
    score               DOUBLE PRECISION NOT NULL CHECK (score >= 0 AND score <= 1),
    content_version_id  BIGINT  REFERENCES content_versions (id),
    question_hash       TEXT    NOT NULL,
    created_at          BIGINT  NOT NULL
);
CREATE INDEX attempts_by_learner ON attempts (learner_id, id);
CREATE INDEX attempts_by_question ON attempts (learner_id, question_id, id);
CREATE INDEX attempts_by_section ON attempts (learner_id, section, id);

-- One row per learner and question, maintained in the same transaction as each attempt.
CREATE TABLE question_scores (
    learner_id       BIGINT  NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    question_id      TEXT    NOT NULL,
    section          TEXT    NOT NULL,
    best_score       DOUBLE PRECISION NOT NULL,
    passed           BIGINT  NOT NULL CHECK (passed IN (0, 1)),
    attempts         BIGINT  NOT NULL,
    last_attempt_at  BIGINT  NOT NULL,
    PRIMARY KEY (learner_id, question_id)
);
CREATE INDEX question_scores_since ON question_scores (last_attempt_at);

-- Sections are 'ch0'…'ch11', 'appendix' and 'practice'.
CREATE TABLE section_reads (
    learner_id        BIGINT  NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    section           TEXT    NOT NULL,
    language          TEXT    NOT NULL,
    first_opened_at   BIGINT  NOT NULL,
    last_opened_at    BIGINT  NOT NULL,
    PRIMARY KEY (learner_id, section)
);

CREATE TABLE resume_codes (
    code_hash   BYTEA   PRIMARY KEY,
    learner_id  BIGINT  NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    expires_at  BIGINT  NOT NULL
);

CREATE TABLE api_tokens (
    id          BIGSERIAL PRIMARY KEY,
    name        TEXT    NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    token_hash  BYTEA   NOT NULL UNIQUE,
    scope       TEXT    NOT NULL,
    cohort_id   BIGINT  REFERENCES cohorts (id) ON DELETE CASCADE,
    created_at  BIGINT  NOT NULL,
    revoked_at  BIGINT
);
