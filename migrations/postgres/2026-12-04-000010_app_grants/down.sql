DROP TABLE one_time_codes;
ALTER TABLE access_tokens DROP COLUMN last_used_at;
ALTER TABLE access_tokens DROP COLUMN client_id;
