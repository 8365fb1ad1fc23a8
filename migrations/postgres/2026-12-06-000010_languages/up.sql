-- The language a player chose (a BCP 47 tag such as `de` or `pt-BR`; NULL: their browser's or
-- chat platform's): the web page's picker keeps it per account, `lang de` per chat identity.
ALTER TABLE users ADD COLUMN language TEXT;
ALTER TABLE chat_identities ADD COLUMN language TEXT;
