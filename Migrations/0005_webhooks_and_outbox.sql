-- Webhooks (Standard Webhooks) and the durable outbox their deliveries go through.
-- A delivery row is written in the transaction of the event it announces, so an event is never lost
-- and never announced for a write that rolled back; the worker retries it until it is delivered or a
-- day has passed.

CREATE TABLE webhooks (
    id          INTEGER PRIMARY KEY,
    url         TEXT    NOT NULL,
    -- Event names separated by single spaces, e.g. 'attempt.graded learner.completed'.
    events      TEXT    NOT NULL,
    -- 'whsec_' + base64 of the key: kept to sign deliveries, shown only when created.
    secret      TEXT    NOT NULL,
    created_at  INTEGER NOT NULL
);

CREATE TABLE outbox (
    id               INTEGER PRIMARY KEY,
    -- The webhook-id header: the same on every retry of this delivery.
    message_id       TEXT    NOT NULL UNIQUE,
    -- NULL: the xAPI learning record store (--xapi-endpoint).
    webhook_id       INTEGER REFERENCES webhooks (id) ON DELETE CASCADE,
    event            TEXT    NOT NULL,
    payload          TEXT    NOT NULL,
    created_at       INTEGER NOT NULL,
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  INTEGER NOT NULL,
    last_status      INTEGER,
    last_error       TEXT,
    delivered_at     INTEGER,
    failed_at        INTEGER
);

CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX outbox_by_webhook ON outbox (webhook_id, id);

-- Learners a cohort.overdue event was recorded for: once per learner and cohort.
CREATE TABLE overdue_notices (
    cohort_id   INTEGER NOT NULL,
    learner_id  INTEGER NOT NULL,
    noticed_at  INTEGER NOT NULL,
    PRIMARY KEY (cohort_id, learner_id)
) WITHOUT ROWID;
