DROP TABLE puzzle_attempts;
DROP TABLE puzzle_players;
DROP TABLE puzzles;
