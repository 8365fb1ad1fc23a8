-- A batch of appends in one call. The writer used to send the batch as one statement built
-- around `unnest` (a CTE calling spider_append per row, then inserting the idempotency keys):
-- sent as text, Postgres parsed and planned it again for every batch. As a function, its
-- statements are planned once per session and kept; the call itself is a one-line SELECT.
-- Each append is still spider_append (one source for what an append writes), in order; an
-- append that moved its game and carries an idempotency key stores the key's answer. A key
-- already stored is a unique violation that refuses the whole call: the writer then writes the
-- batch one append at a time (src/store/batches.rs). Returns, per append in order, whether
-- it moved its game (1) or found it at another version (0).
CREATE FUNCTION spider_append_batch(
    p_user TEXT[], p_game TEXT[], p_read INTEGER[], p_version INTEGER[], p_log TEXT[],
    p_status TEXT[], p_score INTEGER[], p_actions INTEGER[], p_runs INTEGER[],
    p_at TIMESTAMP[], p_kind TEXT[], p_from INTEGER[], p_to INTEGER[], p_count INTEGER[],
    p_key TEXT[], p_fingerprint TEXT[], p_body TEXT[]
) RETURNS INTEGER[] LANGUAGE plpgsql AS $$
DECLARE
    v_moved INTEGER[] := '{}';
    v_one BIGINT;
BEGIN
    FOR i IN 1 .. coalesce(array_length(p_game, 1), 0) LOOP
        v_one := spider_append(p_user[i], p_game[i], p_read[i], p_version[i], p_log[i],
            p_status[i], p_score[i], p_actions[i], p_runs[i], p_at[i], p_kind[i], p_from[i],
            p_to[i], p_count[i]);
        IF v_one > 0 AND p_key[i] IS NOT NULL THEN
            INSERT INTO idempotency_keys (user_id, key, fingerprint, status, body, version, created_at)
            VALUES (p_user[i], p_key[i], p_fingerprint[i], 200, p_body[i], p_version[i], p_at[i]);
        END IF;
        v_moved := v_moved || v_one::INTEGER;
    END LOOP;
    RETURN v_moved;
END
$$;
