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
-- Room in each page for the next version of a row, so that it lands on the same page (a
-- heap-only update needs that).
ALTER TABLE games SET (fillfactor = 70);
-- The append keeps a ranked attempt's entry in step, in the same statement.
CREATE OR REPLACE FUNCTION spider_append(
    p_game TEXT, p_read INTEGER, p_version INTEGER, p_log TEXT, p_status TEXT,
    p_score INTEGER, p_actions INTEGER, p_runs INTEGER, p_at TIMESTAMP,
    p_kind TEXT, p_from INTEGER, p_to INTEGER, p_count INTEGER
) RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
    v_ranked BOOLEAN;
BEGIN
    UPDATE games SET version = p_version, log = log || p_log, status = p_status,
        score = p_score, actions = p_actions, runs_completed = p_runs, updated_at = p_at
    WHERE id = p_game AND version = p_read
    RETURNING ranked INTO v_ranked;
    IF NOT FOUND THEN
        RETURN 0;
    END IF;
    IF v_ranked THEN
        UPDATE daily_entries SET status = p_status, score = p_score, actions = p_actions,
            runs_completed = p_runs
        WHERE game_id = p_game;
    END IF;
    INSERT INTO game_events (game_id, seq, kind, from_col, to_col, count, created_at)
    VALUES (p_game, p_version, p_kind, p_from, p_to, p_count, p_at);
    RETURN 1;
END
$$;
