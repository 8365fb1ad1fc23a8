DROP TABLE daily_entries;
CREATE INDEX games_daily_score ON games (daily_date, variant, suits, ranked, status, score DESC, finished_at, id) WHERE daily_date IS NOT NULL;
CREATE INDEX games_daily_time ON games (daily_date, variant, suits, ranked, status, duration_ms, finished_at, id) WHERE daily_date IS NOT NULL;
CREATE INDEX games_daily_moves ON games (daily_date, variant, suits, ranked, status, actions, finished_at, id) WHERE daily_date IS NOT NULL;
CREATE INDEX games_daily_progress ON games (daily_date, variant, suits, ranked, runs_completed DESC, score DESC, created_at, id) WHERE daily_date IS NOT NULL;
ALTER TABLE games RESET (fillfactor);
CREATE OR REPLACE FUNCTION spider_append(
    p_game TEXT, p_read INTEGER, p_version INTEGER, p_log TEXT, p_status TEXT,
    p_score INTEGER, p_actions INTEGER, p_runs INTEGER, p_at TIMESTAMP,
    p_kind TEXT, p_from INTEGER, p_to INTEGER, p_count INTEGER
) RETURNS BIGINT LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games SET version = p_version, log = log || p_log, status = p_status,
        score = p_score, actions = p_actions, runs_completed = p_runs, updated_at = p_at
    WHERE id = p_game AND version = p_read;
    IF NOT FOUND THEN
        RETURN 0;
    END IF;
    INSERT INTO game_events (game_id, seq, kind, from_col, to_col, count, created_at)
    VALUES (p_game, p_version, p_kind, p_from, p_to, p_count, p_at);
    RETURN 1;
END
$$;
