DROP TABLE arena_plays;
DROP TABLE arena_players;
DROP TABLE arena_deals;
DROP TABLE arenas;
