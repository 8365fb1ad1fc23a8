-- The daily puzzle of a day, once fixed: the miner fixes it when it finds none held from before
-- the day began (a new server's first day), so that it does not change as the set grows. Other
-- days' daily puzzles follow from the set alone (domain::puzzles::daily_mark).
CREATE TABLE puzzle_dailies (
    daily_date TEXT NOT NULL,
    variant TEXT NOT NULL,
    suits INTEGER NOT NULL,
    puzzle_id TEXT NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE,
    PRIMARY KEY (daily_date, variant, suits)
);
CREATE INDEX puzzle_dailies_puzzle ON puzzle_dailies (puzzle_id);
