-- Undo has three modes (RULES.md, Undo): full, no_reveal (nothing that showed a card is taken
-- back; ranked play) and off. Existing rows keep what they had: undo_allowed true is full,
-- false is off. undo_allowed stays, written as "any undo at all" (mode <> 'off'), so an
-- instance still on the previous version, or this migration's down.sql, reads no_reveal as
-- full undo: a more lenient rule under which every stored log still replays.
ALTER TABLE games ADD COLUMN undo_mode TEXT NOT NULL DEFAULT 'full'
    CHECK (undo_mode IN ('full', 'no_reveal', 'off'));
UPDATE games SET undo_mode = 'off' WHERE NOT undo_allowed;

ALTER TABLE races ADD COLUMN undo_mode TEXT NOT NULL DEFAULT 'full'
    CHECK (undo_mode IN ('full', 'no_reveal', 'off'));
UPDATE races SET undo_mode = 'off' WHERE NOT undo_allowed;
