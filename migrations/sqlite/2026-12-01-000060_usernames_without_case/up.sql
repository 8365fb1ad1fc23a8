-- Usernames are unique without regard to case: "Ada" and "ada" are one account name.
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
