ALTER TABLE games DROP COLUMN linked_from;
ALTER TABLE chat_identities DROP COLUMN own_user_id;
