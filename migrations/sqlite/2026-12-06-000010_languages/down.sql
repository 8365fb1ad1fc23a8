ALTER TABLE chat_identities DROP COLUMN language;
ALTER TABLE users DROP COLUMN language;
