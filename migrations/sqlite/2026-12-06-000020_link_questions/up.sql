-- The link code the bot last asked a chat member about (its hash): `link CODE yes` links only
-- after the member was asked about that code, so a message that tricks a member into typing
-- a code and `yes` at once still gets them the question first.
ALTER TABLE chat_identities ADD COLUMN asked_code TEXT;
