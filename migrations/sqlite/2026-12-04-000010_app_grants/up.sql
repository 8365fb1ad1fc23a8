-- Apps a player lets in (OAuth 2 authorization code with PKCE) get the same scoped access
-- tokens as those made by hand, marked with the app's self-chosen client_id; the account's
-- list shows when each was last used (kept to the hour).
ALTER TABLE access_tokens ADD COLUMN client_id TEXT;
ALTER TABLE access_tokens ADD COLUMN last_used_at TIMESTAMP;

-- One-time codes: an identity proven some other way than by a password, traded once for what
-- it stands for (an OAuth authorization code for an app's token; later a chat link code).
-- Only a SHA-256 of the code is kept; `payload` is what the code is bound to (JSON); a code
-- used twice finds `used_at` set, and `token_id` names the token its first use made.
CREATE TABLE one_time_codes (
    code_hash TEXT PRIMARY KEY NOT NULL,
    purpose TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    payload TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP,
    token_id TEXT
);
CREATE INDEX one_time_codes_expiry ON one_time_codes (expires_at);
