-- A player's own place on an all-time board is read from a snapshot of the board that each
-- instance takes now and then, corrected by what changed since (src/play/ranks.rs), instead
-- of counting every row above them on each request. What changed: when a record's ranked
-- bests last changed (set by the write that changes them), and which records left a board
-- (an account folded into another; user_id '*': every record of the board was replaced).
ALTER TABLE records ADD COLUMN ranked_changed_at TIMESTAMP;
CREATE INDEX records_ranked_changed ON records (variant, suits, ranked_changed_at);
CREATE TABLE record_removals (
    variant TEXT NOT NULL,
    suits INTEGER NOT NULL,
    user_id TEXT NOT NULL,
    removed_at TIMESTAMP NOT NULL
);
CREATE INDEX record_removals_by_board ON record_removals (variant, suits, removed_at);
