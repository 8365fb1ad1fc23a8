-- Puzzle streaks (docs/PUZZLES.md, "Streaks"): puzzles of rising rating one after another, the
-- first mistake ends it. One open streak per player (starting another ends it).
CREATE TABLE puzzle_streaks (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    variant TEXT NOT NULL,
    suits INTEGER NOT NULL,
    -- The puzzle being solved; NULL once the streak is over.
    puzzle_id TEXT REFERENCES puzzles(id) ON DELETE SET NULL,
    -- Every puzzle the streak has shown, comma-separated: none comes twice.
    shown TEXT NOT NULL,
    score INTEGER NOT NULL,
    over BOOLEAN NOT NULL,
    started_at TIMESTAMP NOT NULL,
    ended_at TIMESTAMP
);
CREATE INDEX puzzle_streaks_user ON puzzle_streaks (user_id, over);
CREATE INDEX puzzle_streaks_puzzle ON puzzle_streaks (puzzle_id);
-- The streak board: the best finished streaks of a suit setting.
CREATE INDEX puzzle_streaks_board ON puzzle_streaks (variant, suits, over, score);
