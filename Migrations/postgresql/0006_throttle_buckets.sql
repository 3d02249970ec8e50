-- PostgreSQL twin of ../0006_throttle_buckets.sql: token buckets of the limits that hold across nodes
-- (admin sign-in and bearer throttles, resume codes); a missing row is a full bucket.

CREATE TABLE throttle_buckets (
    scope       TEXT             NOT NULL,
    key         TEXT             NOT NULL,
    tokens      DOUBLE PRECISION NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (scope, key)
);

CREATE INDEX throttle_buckets_idle ON throttle_buckets (scope, updated_at);
