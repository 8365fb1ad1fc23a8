-- How many actions an imported game was written with: an account's hourly allowance of imported
-- actions counts these, not the game's version, which grows as the player goes on playing it.
ALTER TABLE games ADD COLUMN imported_actions INTEGER;
