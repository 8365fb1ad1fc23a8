-- A batch of appends in one call, set-based. The writer used to send the batch as one
-- statement calling spider_append per row: Postgres parsed and planned it again for every
-- batch, and started each of the three statements of spider_append anew for every append.
-- Here one statement writes the whole batch (each write of spider_append once for all its
-- rows: the games' conditional updates, the daily entries, the events, the idempotency keys
-- of the appends that moved), and PL/pgSQL keeps its plan for the session.
-- What each append writes is what spider_append writes (a single append still goes through
-- it). An append lands when its game is at the version it read: a second append of the same
-- game on the same version in one batch finds the row already taken by the first (exactly
-- one of them lands), and so does an append that read a version another append of the batch
-- writes; each refused one is read again and retried by its caller. A key already stored is a
-- unique violation that refuses the whole call: the writer then writes the batch one append
-- at a time (src/store/batches.rs). Returns, per append in order, whether it moved its game
-- (1) or not (0).
CREATE FUNCTION spider_append_batch(
    p_user TEXT[], p_game TEXT[], p_read INTEGER[], p_version INTEGER[], p_log TEXT[],
    p_status TEXT[], p_score INTEGER[], p_actions INTEGER[], p_runs INTEGER[],
    p_at TIMESTAMP[], p_kind TEXT[], p_from INTEGER[], p_to INTEGER[], p_count INTEGER[],
    p_key TEXT[], p_fingerprint TEXT[], p_body TEXT[]
) RETURNS INTEGER[] LANGUAGE plpgsql AS $$
DECLARE
    v_moved INTEGER[];
BEGIN
    WITH b AS (
        SELECT * FROM unnest(p_user, p_game, p_read, p_version, p_log, p_status, p_score,
            p_actions, p_runs, p_at, p_kind, p_from, p_to, p_count, p_key, p_fingerprint, p_body)
        WITH ORDINALITY AS b(u, g, r, v, l, s, sc, a, ru, at, k, f, t, c, key, fp, body, i)
    ), moved AS (
        UPDATE games SET version = b.v, log = games.log || b.l, status = b.s, score = b.sc,
            actions = b.a, runs_completed = b.ru, updated_at = b.at
        FROM b
        WHERE games.user_id = b.u AND games.id = b.g AND games.version = b.r
        RETURNING b.i, games.ranked
    ), entries AS (
        UPDATE daily_entries SET status = b.s, score = b.sc, actions = b.a, runs_completed = b.ru
        FROM moved JOIN b USING (i)
        WHERE moved.ranked AND daily_entries.user_id = b.u AND daily_entries.game_id = b.g
    ), events AS (
        INSERT INTO game_events (user_id, game_id, seq, kind, from_col, to_col, count, created_at)
        SELECT b.u, b.g, b.v, b.k, b.f, b.t, b.c, b.at FROM moved JOIN b USING (i)
    ), keys AS (
        INSERT INTO idempotency_keys (user_id, key, fingerprint, status, body, version, created_at)
        SELECT b.u, b.key, b.fp, 200, b.body, b.v, b.at FROM moved JOIN b USING (i)
        WHERE b.key IS NOT NULL
    )
    SELECT array_agg(CASE WHEN moved.i IS NULL THEN 0 ELSE 1 END ORDER BY b.i)
    INTO v_moved
    FROM b LEFT JOIN moved USING (i);
    RETURN coalesce(v_moved, '{}');
END
$$;
