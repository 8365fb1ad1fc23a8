DROP INDEX games_race_and_daily_by_kind;
DROP TABLE human_paces;
