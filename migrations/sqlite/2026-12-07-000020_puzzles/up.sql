-- Puzzles (docs/PUZZLES.md): a position from a real game, a goal and a proven answer. The
-- deal number and the actions that led to the position are the server's alone: with them a
-- client could compute every hidden card.
CREATE TABLE puzzles (
    -- The public id: random, says nothing about the deal.
    id TEXT PRIMARY KEY NOT NULL,
    variant TEXT NOT NULL,
    suits INTEGER NOT NULL,
    undo_mode TEXT NOT NULL,
    empty_column_deal TEXT NOT NULL,
    deal_number BIGINT NOT NULL,
    -- The actions before the position, in the compact log notation.
    log TEXT NOT NULL,
    -- Where the position was met: `hint_player` (a numbered deal the hint player played) or
    -- `game` (a player's finished game).
    source TEXT NOT NULL,
    goal TEXT NOT NULL,
    within_moves INTEGER NOT NULL,
    -- The proven answer, in the compact log notation.
    line TEXT NOT NULL,
    -- Theme names, comma-separated.
    themes TEXT NOT NULL,
    -- What makes two puzzles the same (the visible table and the goal): mining twice adds
    -- nothing.
    fingerprint TEXT NOT NULL UNIQUE,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    plays INTEGER NOT NULL DEFAULT 0,
    solves INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);
-- "Next near my rating": one range of this index either side of the player's rating.
CREATE INDEX puzzles_by_rating ON puzzles (variant, suits, rating);
-- The daily puzzle: the first id at or after the day's secret mark.
CREATE INDEX puzzles_by_id ON puzzles (variant, suits, id);

-- Each account's puzzle rating (Glicko-2) and streak best.
CREATE TABLE puzzle_players (
    user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    solved INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    updated_at TIMESTAMP NOT NULL
);

-- An account's first attempt at each puzzle: the one that is rated.
CREATE TABLE puzzle_attempts (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    puzzle_id TEXT NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE,
    solved BOOLEAN NOT NULL,
    -- The player's rating before and after (equal where the attempt was not rated).
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after DOUBLE PRECISION NOT NULL,
    attempted_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, puzzle_id)
);
CREATE INDEX puzzle_attempts_by_time ON puzzle_attempts (user_id, attempted_at);
-- Removing a puzzle removes its attempts: the database looks for them by puzzle.
CREATE INDEX puzzle_attempts_by_puzzle ON puzzle_attempts (puzzle_id);
