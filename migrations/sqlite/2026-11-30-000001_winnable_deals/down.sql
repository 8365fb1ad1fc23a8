ALTER TABLE games DROP COLUMN difficulty;
DROP TABLE winnable_deals;
