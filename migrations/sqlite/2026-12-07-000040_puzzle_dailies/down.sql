DROP TABLE puzzle_dailies;
