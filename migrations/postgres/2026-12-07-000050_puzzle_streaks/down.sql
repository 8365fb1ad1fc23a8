DROP TABLE puzzle_streaks;
