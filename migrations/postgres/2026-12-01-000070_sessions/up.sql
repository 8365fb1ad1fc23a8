-- Sessions that can end before their tokens expire. A session token (JWT) carries its
-- account's token version: "sign out everywhere" and a password change raise the version,
-- which ends every session issued before. Signing out ends one session: its token id (`jti`)
-- is kept here until the token would have expired anyway.
ALTER TABLE users ADD COLUMN token_version INTEGER NOT NULL DEFAULT 0;

CREATE TABLE ended_sessions (
    jti TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX ended_sessions_expiry ON ended_sessions (expires_at);
