DROP TABLE arena_posts;
