-- Every row an action writes carries its player's id, the key the schema would be distributed
-- by on a Postgres-compatible distributed engine (docs/SCALING.md): the game's events, its
-- daily leaderboard entry and its analysis live with the game and the player's records.
-- SQLite adds a NOT NULL column only with a default, so each table is made anew.
CREATE TABLE game_events_new (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    from_col INTEGER,
    to_col INTEGER,
    count INTEGER,
    created_at TIMESTAMP NOT NULL,
    user_id TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
INSERT INTO game_events_new (user_id, game_id, seq, kind, from_col, to_col, count, created_at)
    SELECT g.user_id, e.game_id, e.seq, e.kind, e.from_col, e.to_col, e.count, e.created_at
    FROM game_events e JOIN games g ON g.id = e.game_id;
DROP TABLE game_events;
ALTER TABLE game_events_new RENAME TO game_events;

CREATE TABLE daily_entries_new (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    daily_date TEXT NOT NULL,
    variant TEXT NOT NULL,
    suits INTEGER NOT NULL,
    status TEXT NOT NULL,
    score INTEGER NOT NULL,
    actions INTEGER NOT NULL,
    runs_completed INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL,
    finished_at TIMESTAMP,
    duration_ms BIGINT,
    user_id TEXT NOT NULL
);
INSERT INTO daily_entries_new (game_id, daily_date, variant, suits, status, score, actions,
        runs_completed, created_at, finished_at, duration_ms, user_id)
    SELECT d.game_id, d.daily_date, d.variant, d.suits, d.status, d.score, d.actions,
        d.runs_completed, d.created_at, d.finished_at, d.duration_ms, g.user_id
    FROM daily_entries d JOIN games g ON g.id = d.game_id;
DROP TABLE daily_entries;
ALTER TABLE daily_entries_new RENAME TO daily_entries;
CREATE INDEX daily_entries_score ON daily_entries (daily_date, variant, suits, status, score DESC, finished_at, game_id);
CREATE INDEX daily_entries_time ON daily_entries (daily_date, variant, suits, status, duration_ms, finished_at, game_id);
CREATE INDEX daily_entries_moves ON daily_entries (daily_date, variant, suits, status, actions, finished_at, game_id);
CREATE INDEX daily_entries_progress ON daily_entries (daily_date, variant, suits, runs_completed DESC, score DESC, created_at, game_id);

CREATE TABLE game_analyses_new (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    result TEXT NOT NULL,
    nodes BIGINT NOT NULL,
    duration_ms BIGINT NOT NULL,
    computed_at TIMESTAMP NOT NULL,
    user_id TEXT NOT NULL
);
INSERT INTO game_analyses_new (game_id, version, result, nodes, duration_ms, computed_at, user_id)
    SELECT a.game_id, a.version, a.result, a.nodes, a.duration_ms, a.computed_at, g.user_id
    FROM game_analyses a JOIN games g ON g.id = a.game_id;
DROP TABLE game_analyses;
ALTER TABLE game_analyses_new RENAME TO game_analyses;
