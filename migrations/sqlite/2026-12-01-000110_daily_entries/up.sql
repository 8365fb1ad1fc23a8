-- A daily's leaderboard reads its own table: one entry per ranked attempt, with the columns
-- it ranks by. The games table then has no index on a column that every action changes
-- (score, actions, status, runs completed), so on Postgres an action on any game can be a
-- heap-only update: no new index entries for the row, only for its event.
CREATE TABLE daily_entries (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    daily_date TEXT NOT NULL,
    variant TEXT NOT NULL,
    suits INTEGER NOT NULL,
    status TEXT NOT NULL,
    score INTEGER NOT NULL,
    actions INTEGER NOT NULL,
    runs_completed INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL,
    finished_at TIMESTAMP,
    duration_ms BIGINT
);
INSERT INTO daily_entries (game_id, daily_date, variant, suits, status, score, actions,
        runs_completed, created_at, finished_at, duration_ms)
    SELECT id, daily_date, variant, suits, status, score, actions, runs_completed, created_at,
        finished_at, duration_ms
    FROM games WHERE ranked AND daily_date IS NOT NULL;
CREATE INDEX daily_entries_score ON daily_entries (daily_date, variant, suits, status, score DESC, finished_at, game_id);
CREATE INDEX daily_entries_time ON daily_entries (daily_date, variant, suits, status, duration_ms, finished_at, game_id);
CREATE INDEX daily_entries_moves ON daily_entries (daily_date, variant, suits, status, actions, finished_at, game_id);
CREATE INDEX daily_entries_progress ON daily_entries (daily_date, variant, suits, runs_completed DESC, score DESC, created_at, game_id);
DROP INDEX games_daily_score;
DROP INDEX games_daily_time;
DROP INDEX games_daily_moves;
DROP INDEX games_daily_progress;
