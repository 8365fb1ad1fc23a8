-- How many of a seat's actions in a round a stand-in CPU made for the player: the rest are
-- the player's own (a seat counts for ratings only if the player acted).
ALTER TABLE race_entries ADD COLUMN stand_in_moves INTEGER NOT NULL DEFAULT 0;
