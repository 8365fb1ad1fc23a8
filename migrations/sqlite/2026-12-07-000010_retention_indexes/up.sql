-- Removing an idle guest (GUEST_RETENTION_DAYS, src/store/retention.rs) asks, for each guest,
-- whether a race, a seat, a chat identity or a code names it, and deleting an account or a game
-- makes the database look for the rows whose foreign keys name it: each column asked by is
-- indexed, so neither reads a whole table per guest or per game.
CREATE INDEX races_host ON races (host_id);
CREATE INDEX race_seats_by_user ON race_seats (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX race_entries_game ON race_entries (game_id) WHERE game_id IS NOT NULL;
CREATE INDEX one_time_codes_user ON one_time_codes (user_id);
CREATE INDEX ended_sessions_user ON ended_sessions (user_id);
CREATE INDEX chat_identities_own_user ON chat_identities (own_user_id) WHERE own_user_id IS NOT NULL;
CREATE INDEX chat_identities_current_game ON chat_identities (current_game) WHERE current_game IS NOT NULL;
