CREATE TABLE users (
    id TEXT PRIMARY KEY NOT NULL,
    username TEXT UNIQUE,
    password_hash TEXT,
    is_guest BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE games (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    variant TEXT NOT NULL,
    suits INTEGER NOT NULL,
    undo_allowed BOOLEAN NOT NULL,
    empty_column_deal TEXT NOT NULL,
    deal_number BIGINT NOT NULL,
    -- True when the player knows the deal number (chose it, or replays such a deal).
    deal_chosen BOOLEAN NOT NULL,
    -- How the game came to be: random, chosen, daily or restart (decides what it counts for).
    origin TEXT NOT NULL,
    -- For a daily challenge (and its restarts): the day, YYYY-MM-DD.
    daily_date TEXT,
    -- The first attempt of a daily per user, day, variant and suits.
    ranked BOOLEAN NOT NULL DEFAULT 0,
    status TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    -- The accepted actions in compact form (see store::games::encode), written with each
    -- event in the same transaction, so a request replays from one row.
    log TEXT NOT NULL DEFAULT '',
    score INTEGER NOT NULL,
    actions INTEGER NOT NULL DEFAULT 0,
    runs_completed INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    finished_at TIMESTAMP,
    -- Server time from creation to the action that ended the game.
    duration_ms BIGINT
);
CREATE INDEX games_user_created ON games (user_id, created_at DESC, id DESC);
-- One ranked attempt per user, day, variant and suits, whatever races.
CREATE UNIQUE INDEX games_ranked_daily ON games (user_id, daily_date, variant, suits) WHERE ranked;
-- Daily leaderboards: wins by each measure, then the rest by progress.
CREATE INDEX games_daily_score ON games (daily_date, variant, suits, ranked, status, score DESC, finished_at, id);
CREATE INDEX games_daily_time ON games (daily_date, variant, suits, ranked, status, duration_ms, finished_at, id);
CREATE INDEX games_daily_moves ON games (daily_date, variant, suits, ranked, status, actions, finished_at, id);
CREATE INDEX games_daily_progress ON games (daily_date, variant, suits, ranked, runs_completed DESC, score DESC, created_at, id);

CREATE TABLE game_events (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    from_col INTEGER,
    to_col INTEGER,
    count INTEGER,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE idempotency_keys (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    version INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, key)
);

-- Personal records per user, variant and suits; the ranked_* bests (random deals and ranked
-- dailies only) feed the all-time leaderboards.
CREATE TABLE records (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    variant TEXT NOT NULL,
    suits INTEGER NOT NULL,
    played INTEGER NOT NULL DEFAULT 0,
    won INTEGER NOT NULL DEFAULT 0,
    current_streak INTEGER NOT NULL DEFAULT 0,
    longest_streak INTEGER NOT NULL DEFAULT 0,
    best_score INTEGER,
    best_score_game TEXT,
    best_score_known_deal BOOLEAN NOT NULL DEFAULT 0,
    fastest_ms BIGINT,
    fastest_game TEXT,
    fastest_known_deal BOOLEAN NOT NULL DEFAULT 0,
    fewest_actions INTEGER,
    fewest_game TEXT,
    fewest_known_deal BOOLEAN NOT NULL DEFAULT 0,
    ranked_best_score INTEGER,
    ranked_best_score_at TIMESTAMP,
    ranked_fastest_ms BIGINT,
    ranked_fastest_at TIMESTAMP,
    ranked_fewest_actions INTEGER,
    ranked_fewest_at TIMESTAMP,
    last_finished_at TIMESTAMP,
    PRIMARY KEY (user_id, variant, suits)
);
CREATE INDEX records_board_score ON records (variant, suits, ranked_best_score DESC, ranked_best_score_at, user_id);
CREATE INDEX records_board_time ON records (variant, suits, ranked_fastest_ms, ranked_fastest_at, user_id);
CREATE INDEX records_board_moves ON records (variant, suits, ranked_fewest_actions, ranked_fewest_at, user_id);

-- Players with a ranked attempt per daily, counted as attempts are created (a count over the
-- games of a busy day would cost a scan per leaderboard read).
CREATE TABLE daily_players (
    daily_date TEXT NOT NULL,
    variant TEXT NOT NULL,
    suits INTEGER NOT NULL,
    players BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (daily_date, variant, suits)
);
