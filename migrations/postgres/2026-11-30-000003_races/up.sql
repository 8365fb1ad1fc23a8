-- Races: a party plays the same deal; CPU players play it from a precomputed line.
CREATE TABLE races (
    id TEXT PRIMARY KEY NOT NULL,
    -- Short code others join by.
    code TEXT NOT NULL UNIQUE,
    host_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    variant TEXT NOT NULL,
    suits INTEGER NOT NULL,
    difficulty TEXT NOT NULL,
    time_limit_s INTEGER NOT NULL,
    undo_allowed BOOLEAN NOT NULL,
    hints_allowed BOOLEAN NOT NULL,
    handicap BOOLEAN NOT NULL,
    cpu_level TEXT NOT NULL,
    ranked BOOLEAN NOT NULL,
    idle_takeover_s INTEGER NOT NULL,
    -- The latest round started (0: none yet).
    round INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);

-- Seats in a race: humans (user_id) and CPUs (user_id NULL).
CREATE TABLE race_seats (
    race_id TEXT NOT NULL REFERENCES races(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    joined_at TIMESTAMP NOT NULL,
    PRIMARY KEY (race_id, seat)
);
CREATE UNIQUE INDEX race_seats_user ON race_seats (race_id, user_id);

CREATE TABLE race_rounds (
    race_id TEXT NOT NULL REFERENCES races(id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    -- The end of the countdown: play starts, cards show.
    started_at TIMESTAMP NOT NULL,
    -- Set once the round's ratings were applied (ranked races).
    rated BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (race_id, round)
);

-- Each seat's part in a round: its deal (a winner's may be harder), its game (humans, made
-- at the first look after the start), or its line and pace (CPUs).
CREATE TABLE race_entries (
    race_id TEXT NOT NULL REFERENCES races(id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    deal_number BIGINT NOT NULL,
    difficulty TEXT NOT NULL,
    -- Wins in a row before this round (handicap).
    streak INTEGER NOT NULL DEFAULT 0,
    game_id TEXT REFERENCES games(id) ON DELETE SET NULL,
    cpu_line TEXT,
    pace_ms INTEGER NOT NULL,
    -- The game's version after the last stand-in CPU move (idle takeover).
    cpu_version INTEGER,
    quit_at TIMESTAMP,
    PRIMARY KEY (race_id, round, seat)
);

-- Race ratings per user, variant and suits (Elo over pairwise results).
CREATE TABLE ratings (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    variant TEXT NOT NULL,
    suits INTEGER NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    rounds INTEGER NOT NULL,
    PRIMARY KEY (user_id, variant, suits)
);

ALTER TABLE games ADD COLUMN hints_allowed BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE games ADD COLUMN race_id TEXT;
