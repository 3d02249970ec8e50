-- PostgreSQL twin of ../0005_webhooks_and_outbox.sql: webhooks, the durable outbox their deliveries go
-- through (written in the transaction of the event), and the learners a cohort.overdue was recorded for.
-- Times are Unix milliseconds (UTC) in BIGINT.

CREATE TABLE webhooks (
    id          BIGSERIAL PRIMARY KEY,
    url         TEXT    NOT NULL,
    events      TEXT    NOT NULL,
    secret      TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL
);

CREATE TABLE outbox (
    id               BIGSERIAL PRIMARY KEY,
    message_id       TEXT    NOT NULL UNIQUE,
    webhook_id       BIGINT  REFERENCES webhooks (id) ON DELETE CASCADE,
    event            TEXT    NOT NULL,
    payload          TEXT    NOT NULL,
    created_at       BIGINT  NOT NULL,
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  BIGINT  NOT NULL,
    last_status      INTEGER,
    last_error       TEXT,
    delivered_at     BIGINT,
    failed_at        BIGINT
);

CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX outbox_by_webhook ON outbox (webhook_id, id);

CREATE TABLE overdue_notices (
    cohort_id   BIGINT  NOT NULL,
    learner_id  BIGINT  NOT NULL,
    noticed_at  BIGINT  NOT NULL,
    PRIMARY KEY (cohort_id, learner_id)
);
