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
    deal_chosen BOOLEAN NOT NULL,
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
    finished_at TIMESTAMP
);
CREATE INDEX games_user_created ON games (user_id, created_at DESC, id DESC);

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
