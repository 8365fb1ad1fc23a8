-- Scheduled work that exactly one instance does at a time (race stand-ins and ratings): the
-- instance holding a lease's row until it expires does it.
CREATE TABLE leases (
    name TEXT PRIMARY KEY NOT NULL,
    holder TEXT NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
