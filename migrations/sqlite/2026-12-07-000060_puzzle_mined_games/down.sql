DROP TABLE puzzle_mined_games;
