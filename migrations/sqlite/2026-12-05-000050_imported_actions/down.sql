ALTER TABLE games DROP COLUMN imported_actions;
