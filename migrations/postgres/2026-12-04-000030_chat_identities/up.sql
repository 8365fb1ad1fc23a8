-- Chat members (Discord, Slack, Telegram) play as an account: one made for them at their first
-- command (`own_account`), or the one they linked with a code made while signed in. One row
-- per platform identity (platform, workspace or guild, member id); `current_game` is the game
-- their game commands go to.
CREATE TABLE chat_identities (
    id TEXT PRIMARY KEY NOT NULL,
    platform TEXT NOT NULL,
    workspace TEXT NOT NULL,
    member TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    own_account BOOLEAN NOT NULL,
    display TEXT NOT NULL,
    current_game TEXT,
    created_at TIMESTAMP NOT NULL,
    linked_at TIMESTAMP
);
CREATE UNIQUE INDEX chat_identities_member ON chat_identities (platform, workspace, member);
CREATE INDEX chat_identities_user ON chat_identities (user_id);

-- Signed platform requests already answered (a digest of the signature and timestamp, or
-- Telegram's update id), so a replayed one is refused; forgotten an hour after.
CREATE TABLE chat_deliveries (
    platform TEXT NOT NULL,
    digest TEXT NOT NULL,
    received_at TIMESTAMP NOT NULL,
    PRIMARY KEY (platform, digest)
);
CREATE INDEX chat_deliveries_age ON chat_deliveries (received_at);
