-- Personal access tokens for bots and scripts: named, scoped, expiring, revocable. The
-- token itself is shown once; only a SHA-256 of its secret part is kept.
CREATE TABLE access_tokens (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    -- Space-separated: games:read, games:write.
    scopes TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
CREATE INDEX access_tokens_user ON access_tokens (user_id, created_at);
