DROP FUNCTION spider_append(TEXT, TEXT, INTEGER, INTEGER, TEXT, TEXT, INTEGER, INTEGER, INTEGER, TIMESTAMP, TEXT, INTEGER, INTEGER, INTEGER);
CREATE FUNCTION spider_append(
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
ALTER TABLE game_analyses DROP COLUMN user_id;
ALTER TABLE daily_entries DROP COLUMN user_id;
ALTER TABLE game_events DROP COLUMN user_id;
