ALTER TABLE race_entries DROP COLUMN stand_in_moves;
