-- The generated admin token (when FOLIO_ADMIN_TOKEN is unset) and browser sessions.

CREATE TABLE admin_settings (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE admin_sessions (
    id_hash     BLOB    PRIMARY KEY,
    csrf_token  TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
);
