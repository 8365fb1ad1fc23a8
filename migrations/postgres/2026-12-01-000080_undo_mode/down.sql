-- undo_allowed was kept up to date (mode <> 'off'): no_reveal games go back to full undo.
ALTER TABLE races DROP COLUMN undo_mode;
ALTER TABLE games DROP COLUMN undo_mode;
