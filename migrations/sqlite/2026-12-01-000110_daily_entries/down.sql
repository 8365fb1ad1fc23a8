DROP TABLE daily_entries;
CREATE INDEX games_daily_score ON games (daily_date, variant, suits, ranked, status, score DESC, finished_at, id) WHERE daily_date IS NOT NULL;
CREATE INDEX games_daily_time ON games (daily_date, variant, suits, ranked, status, duration_ms, finished_at, id) WHERE daily_date IS NOT NULL;
CREATE INDEX games_daily_moves ON games (daily_date, variant, suits, ranked, status, actions, finished_at, id) WHERE daily_date IS NOT NULL;
CREATE INDEX games_daily_progress ON games (daily_date, variant, suits, ranked, runs_completed DESC, score DESC, created_at, id) WHERE daily_date IS NOT NULL;
