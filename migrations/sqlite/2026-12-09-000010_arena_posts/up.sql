-- An arena made in a chat channel posts its results there when it ends (docs/ARENAS.md),
-- once, by the bot of that platform: where, in which language, and how the posting went.
CREATE TABLE arena_posts (
    arena_id TEXT PRIMARY KEY NOT NULL REFERENCES arenas(id) ON DELETE CASCADE,
    -- `discord:<channel id>`, `slack:<channel id>` or `telegram:<chat id>`.
    channel TEXT NOT NULL,
    -- The language of the member who made it (a tag such as `en` or `pt-BR`).
    lang TEXT NOT NULL,
    -- Tries so far, and when the next may be made (a try that failed for a while waits).
    attempts INTEGER NOT NULL DEFAULT 0,
    next_at TIMESTAMP NOT NULL,
    -- Set once it is done: `sent`, or `failed: <why>` (refused by the platform, or too many
    -- tries).
    done_at TIMESTAMP,
    outcome TEXT
);
CREATE INDEX arena_posts_due ON arena_posts (done_at, next_at);
