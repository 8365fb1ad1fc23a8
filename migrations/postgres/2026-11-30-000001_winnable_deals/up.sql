-- Deals the solver has proven winnable, waiting to be handed out by POST /v1/games with
-- winnable: true. A deal is taken (deleted) when a game is dealt from it.
CREATE TABLE winnable_deals (
    variant TEXT NOT NULL,
    suits INTEGER NOT NULL,
    empty_column_deal TEXT NOT NULL,
    deal_number BIGINT NOT NULL,
    -- easy, normal or hard: from the positions the solver searched (src/winnable.rs).
    difficulty TEXT NOT NULL,
    nodes BIGINT NOT NULL,
    line_length INTEGER NOT NULL,
    proven_at TIMESTAMP NOT NULL,
    PRIMARY KEY (variant, suits, empty_column_deal, deal_number)
);
CREATE INDEX winnable_deals_class ON winnable_deals (variant, suits, empty_column_deal, difficulty);

-- Set for a game dealt from a proven winnable deal (and its restarts).
ALTER TABLE games ADD COLUMN difficulty TEXT;
