// The one schema both backends share: only types SQLite and Postgres both map.

diesel::table! {
    users (id) {
        id -> Text,
        username -> Nullable<Text>,
        password_hash -> Nullable<Text>,
        is_guest -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    games (id) {
        id -> Text,
        user_id -> Text,
        variant -> Text,
        suits -> Integer,
        undo_allowed -> Bool,
        empty_column_deal -> Text,
        deal_number -> BigInt,
        deal_chosen -> Bool,
        status -> Text,
        version -> Integer,
        log -> Text,
        score -> Integer,
        actions -> Integer,
        runs_completed -> Integer,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        finished_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    game_events (game_id, seq) {
        game_id -> Text,
        seq -> Integer,
        kind -> Text,
        from_col -> Nullable<Integer>,
        to_col -> Nullable<Integer>,
        count -> Nullable<Integer>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    idempotency_keys (user_id, key) {
        user_id -> Text,
        key -> Text,
        fingerprint -> Text,
        status -> Integer,
        body -> Text,
        version -> Integer,
        created_at -> Timestamp,
    }
}

diesel::joinable!(games -> users (user_id));
diesel::joinable!(game_events -> games (game_id));
diesel::allow_tables_to_appear_in_same_query!(users, games, game_events, idempotency_keys);
