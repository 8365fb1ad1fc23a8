-- Players' finished games the puzzle miner has walked (`spider puzzles mine --games`): each is
-- mined once.
CREATE TABLE puzzle_mined_games (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    mined_at TIMESTAMP NOT NULL,
    -- How many puzzles the game gave (new ones).
    puzzles INTEGER NOT NULL
);
