ALTER TABLE chat_identities DROP COLUMN puzzle_moves;
ALTER TABLE chat_identities DROP COLUMN current_puzzle;
