-- Post-game analyses (GET /v1/games/{id}/analysis): computed once per finished game by the
-- solver, then served from here. `result` is the engine's analysis as JSON (0-based columns).
CREATE TABLE game_analyses (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    -- The game's version analysed (a finished game's log no longer changes).
    version INTEGER NOT NULL,
    result TEXT NOT NULL,
    -- Positions the solver generated, and how long the whole analysis took.
    nodes BIGINT NOT NULL,
    duration_ms BIGINT NOT NULL,
    computed_at TIMESTAMP NOT NULL
);
