-- CPU players race as pacers: they play a winning line found with every card known. The
-- lines stored before were the hint player's, which often did not finish; the prover
-- computes the new ones for every waiting deal.
UPDATE winnable_deals SET cpu_easy = NULL, cpu_normal = NULL, cpu_hard = NULL;

-- The median time people took to win each kind of game (race and daily wins), recomputed by
-- the scheduled work; CPU paces follow it once there are enough wins.
CREATE TABLE human_paces (
    variant TEXT NOT NULL,
    suits INTEGER NOT NULL,
    median_ms BIGINT NOT NULL,
    samples INTEGER NOT NULL,
    computed_at TIMESTAMP NOT NULL,
    PRIMARY KEY (variant, suits)
);

-- The latest race and daily games of a kind, for that median. Only columns no action writes
-- (so an action stays a heap-only update on Postgres); whether a game was won is read from
-- the row.
CREATE INDEX games_race_and_daily_by_kind ON games (variant, suits, created_at)
    WHERE origin IN ('race', 'daily');
