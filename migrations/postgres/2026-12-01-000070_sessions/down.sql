DROP TABLE ended_sessions;
ALTER TABLE users DROP COLUMN token_version;
