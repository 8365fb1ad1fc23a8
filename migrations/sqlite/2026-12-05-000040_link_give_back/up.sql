-- A chat link can be undone in full (docs/CHAT.md): the account made for a chat identity is
-- kept while the identity plays as the account it linked (own_user_id), and each game the link
-- moved remembers the account it came from (linked_from), so unlinking moves exactly those
-- games back.
ALTER TABLE chat_identities ADD COLUMN own_user_id TEXT;
ALTER TABLE games ADD COLUMN linked_from TEXT;
