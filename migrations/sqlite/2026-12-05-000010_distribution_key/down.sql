ALTER TABLE game_analyses DROP COLUMN user_id;
ALTER TABLE daily_entries DROP COLUMN user_id;
CREATE TABLE game_events_old (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    from_col INTEGER,
    to_col INTEGER,
    count INTEGER,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, seq)
);
INSERT INTO game_events_old SELECT game_id, seq, kind, from_col, to_col, count, created_at FROM game_events;
DROP TABLE game_events;
ALTER TABLE game_events_old RENAME TO game_events;
