DROP INDEX chat_identities_current_game;
DROP INDEX chat_identities_own_user;
DROP INDEX ended_sessions_user;
DROP INDEX one_time_codes_user;
DROP INDEX race_entries_game;
DROP INDEX race_seats_by_user;
DROP INDEX races_host;
