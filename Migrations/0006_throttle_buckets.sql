-- Token buckets of the limits that hold across nodes (admin sign-in and bearer throttles, resume codes).
-- A bucket is its level and the wall-clock second it was last touched; a missing row is a full bucket,
-- and rows idle long enough to be full again are deleted as other draws of the same scope pass.

CREATE TABLE throttle_buckets (
    scope       TEXT NOT NULL,
    key         TEXT NOT NULL,
    tokens      REAL NOT NULL,
    updated_at  REAL NOT NULL,
    PRIMARY KEY (scope, key)
) WITHOUT ROWID;

CREATE INDEX throttle_buckets_idle ON throttle_buckets (scope, updated_at);
