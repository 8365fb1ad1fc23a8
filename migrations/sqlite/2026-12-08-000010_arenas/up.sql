-- Arenas (docs/ARENAS.md): a tournament on shared deals. Join any time while it runs, play
-- as many of its deals as you can; points per deal, live standings, a winner at the end.
CREATE TABLE arenas (
    id TEXT PRIMARY KEY NOT NULL,
    title TEXT NOT NULL,
    variant TEXT NOT NULL,
    suits INTEGER NOT NULL,
    undo_mode TEXT NOT NULL,
    hints_allowed BOOLEAN NOT NULL,
    rated BOOLEAN NOT NULL,
    starts_at TIMESTAMP NOT NULL,
    ends_at TIMESTAMP NOT NULL,
    -- How many deals the arena holds (a multiple of the block of three).
    deal_count INTEGER NOT NULL,
    -- The arena's own secret (hex): it draws the deals and each player's order. Never sent.
    secret TEXT NOT NULL,
    -- The account that made it, or none for an operator's schedule.
    creator_id TEXT REFERENCES users(id) ON DELETE CASCADE,
    -- An operator's schedule and the arena's number in it: each is made once, by whichever
    -- instance gets there first.
    schedule TEXT,
    schedule_n BIGINT,
    -- Where it was called from a chat (`discord:<guild>`, `slack:<team>`, `telegram:<chat>`).
    place TEXT,
    -- Counts every change to the standings: two looks at the same version see the same.
    version INTEGER NOT NULL DEFAULT 0,
    -- Set once the results are final.
    finished_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (schedule, schedule_n)
);
CREATE INDEX arenas_by_end ON arenas (ends_at);
CREATE INDEX arenas_by_creator ON arenas (creator_id, ends_at);

-- The arena's deals, proven winnable, in order: deal k is the k-th winnable number the
-- arena's secret draws (`candidate`: its place among the numbers drawn).
CREATE TABLE arena_deals (
    arena_id TEXT NOT NULL REFERENCES arenas(id) ON DELETE CASCADE,
    k INTEGER NOT NULL,
    deal_number BIGINT NOT NULL,
    candidate INTEGER NOT NULL,
    PRIMARY KEY (arena_id, k)
);

-- Each player's standing, kept as their deals end.
CREATE TABLE arena_players (
    arena_id TEXT NOT NULL REFERENCES arenas(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    joined_at TIMESTAMP NOT NULL,
    -- False while the player has left (they keep their points and may come back).
    active BOOLEAN NOT NULL DEFAULT 1,
    points INTEGER NOT NULL DEFAULT 0,
    played INTEGER NOT NULL DEFAULT 0,
    won INTEGER NOT NULL DEFAULT 0,
    won_ms BIGINT NOT NULL DEFAULT 0,
    streak INTEGER NOT NULL DEFAULT 0,
    -- Deals started.
    dealt INTEGER NOT NULL DEFAULT 0,
    -- The final place, once the arena is over.
    place INTEGER,
    PRIMARY KEY (arena_id, user_id)
);
CREATE INDEX arena_players_standings ON arena_players (arena_id, points DESC, won_ms, user_id);
CREATE INDEX arena_players_by_user ON arena_players (user_id, joined_at);

-- Each deal a player started: its game, and how it ended once it did.
CREATE TABLE arena_plays (
    arena_id TEXT NOT NULL REFERENCES arenas(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    k INTEGER NOT NULL,
    game_id TEXT NOT NULL UNIQUE REFERENCES games(id) ON DELETE CASCADE,
    berserk BOOLEAN NOT NULL,
    started_at TIMESTAMP NOT NULL,
    -- `won` or `not_won`, once it ended.
    result TEXT,
    ms BIGINT,
    points INTEGER,
    PRIMARY KEY (arena_id, user_id, k)
);
CREATE INDEX arena_plays_open ON arena_plays (arena_id, result);
