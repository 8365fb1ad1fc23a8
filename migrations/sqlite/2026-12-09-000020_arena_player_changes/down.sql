DROP INDEX arena_players_changed;
ALTER TABLE arena_players DROP COLUMN changed;
