DROP INDEX games_daily_score;
DROP INDEX games_daily_time;
DROP INDEX games_daily_moves;
DROP INDEX games_daily_progress;
CREATE INDEX games_daily_score ON games (daily_date, variant, suits, ranked, status, score DESC, finished_at, id);
CREATE INDEX games_daily_time ON games (daily_date, variant, suits, ranked, status, duration_ms, finished_at, id);
CREATE INDEX games_daily_moves ON games (daily_date, variant, suits, ranked, status, actions, finished_at, id);
CREATE INDEX games_daily_progress ON games (daily_date, variant, suits, ranked, runs_completed DESC, score DESC, created_at, id);
