-- Every row an action writes carries its player's id, the key the schema would be distributed
-- by on a Postgres-compatible distributed engine (docs/SCALING.md): the game's events, its
-- daily leaderboard entry and its analysis live with the game and the player's records.
ALTER TABLE game_events ADD COLUMN user_id TEXT;
UPDATE game_events e SET user_id = g.user_id FROM games g WHERE g.id = e.game_id;
ALTER TABLE game_events ALTER COLUMN user_id SET NOT NULL;

ALTER TABLE daily_entries ADD COLUMN user_id TEXT;
UPDATE daily_entries d SET user_id = g.user_id FROM games g WHERE g.id = d.game_id;
ALTER TABLE daily_entries ALTER COLUMN user_id SET NOT NULL;

ALTER TABLE game_analyses ADD COLUMN user_id TEXT;
UPDATE game_analyses a SET user_id = g.user_id FROM games g WHERE g.id = a.game_id;
ALTER TABLE game_analyses ALTER COLUMN user_id SET NOT NULL;

-- The append takes the player's id and filters every statement by it, so that on a
-- distributed engine it runs on the player's shard alone.
DROP FUNCTION spider_append(TEXT, INTEGER, INTEGER, TEXT, TEXT, INTEGER, INTEGER, INTEGER, TIMESTAMP, TEXT, INTEGER, INTEGER, INTEGER);
CREATE FUNCTION spider_append(
    p_user TEXT, p_game TEXT, p_read INTEGER, p_version INTEGER, p_log TEXT, p_status TEXT,
    p_score INTEGER, p_actions INTEGER, p_runs INTEGER, p_at TIMESTAMP,
    p_kind TEXT, p_from INTEGER, p_to INTEGER, p_count INTEGER
) RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
    v_ranked BOOLEAN;
BEGIN
    UPDATE games SET version = p_version, log = log || p_log, status = p_status,
        score = p_score, actions = p_actions, runs_completed = p_runs, updated_at = p_at
    WHERE user_id = p_user AND id = p_game AND version = p_read
    RETURNING ranked INTO v_ranked;
    IF NOT FOUND THEN
        RETURN 0;
    END IF;
    IF v_ranked THEN
        UPDATE daily_entries SET status = p_status, score = p_score, actions = p_actions,
            runs_completed = p_runs
        WHERE user_id = p_user AND game_id = p_game;
    END IF;
    INSERT INTO game_events (user_id, game_id, seq, kind, from_col, to_col, count, created_at)
    VALUES (p_user, p_game, p_version, p_kind, p_from, p_to, p_count, p_at);
    RETURN 1;
END
$$;
