ALTER TABLE users DROP COLUMN profile_hidden;
