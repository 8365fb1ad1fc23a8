DROP TABLE daily_players;
DROP TABLE records;
DROP TABLE idempotency_keys;
DROP TABLE game_events;
DROP TABLE games;
DROP TABLE users;
