DROP INDEX users_username_lower;
