-- A registered player's public profile (GET /v1/users/{username}) can be hidden by its owner.
ALTER TABLE users ADD COLUMN profile_hidden BOOLEAN NOT NULL DEFAULT FALSE;
