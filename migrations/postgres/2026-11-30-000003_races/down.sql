ALTER TABLE games DROP COLUMN race_id;
ALTER TABLE games DROP COLUMN hints_allowed;
DROP TABLE ratings;
DROP TABLE race_entries;
DROP TABLE race_rounds;
DROP TABLE race_seats;
DROP TABLE races;
