-- The arena version at which each player's standing last changed (docs/ARENAS.md): an
-- instance's snapshot of the standings at one version is brought to a later one by reading
-- only the players changed since.
ALTER TABLE arena_players ADD COLUMN changed INTEGER NOT NULL DEFAULT 0;
CREATE INDEX arena_players_changed ON arena_players (arena_id, changed);
