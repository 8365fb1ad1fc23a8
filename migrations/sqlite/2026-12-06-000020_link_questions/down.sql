ALTER TABLE chat_identities DROP COLUMN asked_code;
