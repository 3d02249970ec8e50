-- PostgreSQL twin of ../0002_admin.sql: the generated admin token's digest and browser sessions.

CREATE TABLE admin_settings (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);

CREATE TABLE admin_sessions (
    id_hash     BYTEA   PRIMARY KEY,
    csrf_token  TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL
);
