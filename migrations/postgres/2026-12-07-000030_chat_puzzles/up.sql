-- A chat member's puzzle in progress (`puzzle` in chat, docs/PUZZLES.md): while one is set,
-- the member's moves go to it; the moves made so far, in the compact log notation.
ALTER TABLE chat_identities ADD COLUMN current_puzzle TEXT;
ALTER TABLE chat_identities ADD COLUMN puzzle_moves TEXT NOT NULL DEFAULT '';
