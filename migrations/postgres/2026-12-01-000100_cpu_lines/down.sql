ALTER TABLE winnable_deals DROP COLUMN cpu_hard;
ALTER TABLE winnable_deals DROP COLUMN cpu_normal;
ALTER TABLE winnable_deals DROP COLUMN cpu_easy;
