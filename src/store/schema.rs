// The one schema both backends share: only types SQLite and Postgres both map.

diesel::table! {
    leases (name) {
        name -> Text,
        holder -> Text,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    users (id) {
        id -> Text,
        username -> Nullable<Text>,
        password_hash -> Nullable<Text>,
        is_guest -> Bool,
        created_at -> Timestamp,
        token_version -> Integer,
        profile_hidden -> Bool,
        language -> Nullable<Text>,
    }
}

diesel::table! {
    ended_sessions (jti) {
        jti -> Text,
        user_id -> Text,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    daily_entries (game_id) {
        game_id -> Text,
        daily_date -> Text,
        variant -> Text,
        suits -> Integer,
        status -> Text,
        score -> Integer,
        actions -> Integer,
        runs_completed -> Integer,
        created_at -> Timestamp,
        finished_at -> Nullable<Timestamp>,
        duration_ms -> Nullable<BigInt>,
        user_id -> Text,
    }
}

diesel::table! {
    games (id) {
        id -> Text,
        user_id -> Text,
        variant -> Text,
        suits -> Integer,
        undo_allowed -> Bool,
        undo_mode -> Text,
        empty_column_deal -> Text,
        deal_number -> BigInt,
        deal_chosen -> Bool,
        origin -> Text,
        daily_date -> Nullable<Text>,
        ranked -> Bool,
        status -> Text,
        version -> Integer,
        log -> Text,
        score -> Integer,
        actions -> Integer,
        runs_completed -> Integer,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        finished_at -> Nullable<Timestamp>,
        duration_ms -> Nullable<BigInt>,
        difficulty -> Nullable<Text>,
        hints_allowed -> Bool,
        race_id -> Nullable<Text>,
        linked_from -> Nullable<Text>,
        imported_actions -> Nullable<Integer>,
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
        user_id -> Text,
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

diesel::table! {
    records (user_id, variant, suits) {
        user_id -> Text,
        variant -> Text,
        suits -> Integer,
        played -> Integer,
        won -> Integer,
        current_streak -> Integer,
        longest_streak -> Integer,
        best_score -> Nullable<Integer>,
        best_score_game -> Nullable<Text>,
        best_score_known_deal -> Bool,
        fastest_ms -> Nullable<BigInt>,
        fastest_game -> Nullable<Text>,
        fastest_known_deal -> Bool,
        fewest_actions -> Nullable<Integer>,
        fewest_game -> Nullable<Text>,
        fewest_known_deal -> Bool,
        ranked_best_score -> Nullable<Integer>,
        ranked_best_score_at -> Nullable<Timestamp>,
        ranked_fastest_ms -> Nullable<BigInt>,
        ranked_fastest_at -> Nullable<Timestamp>,
        ranked_fewest_actions -> Nullable<Integer>,
        ranked_fewest_at -> Nullable<Timestamp>,
        last_finished_at -> Nullable<Timestamp>,
        ranked_changed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    record_removals (variant, suits, user_id, removed_at) {
        variant -> Text,
        suits -> Integer,
        user_id -> Text,
        removed_at -> Timestamp,
    }
}

diesel::table! {
    daily_players (daily_date, variant, suits) {
        daily_date -> Text,
        variant -> Text,
        suits -> Integer,
        players -> BigInt,
    }
}

diesel::table! {
    winnable_deals (variant, suits, empty_column_deal, deal_number) {
        variant -> Text,
        suits -> Integer,
        empty_column_deal -> Text,
        deal_number -> BigInt,
        difficulty -> Text,
        nodes -> BigInt,
        line_length -> Integer,
        proven_at -> Timestamp,
        cpu_easy -> Nullable<Text>,
        cpu_normal -> Nullable<Text>,
        cpu_hard -> Nullable<Text>,
    }
}

diesel::table! {
    access_tokens (id) {
        id -> Text,
        user_id -> Text,
        name -> Text,
        secret_hash -> Text,
        scopes -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
        client_id -> Nullable<Text>,
        last_used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    one_time_codes (code_hash) {
        code_hash -> Text,
        purpose -> Text,
        user_id -> Text,
        payload -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
        token_id -> Nullable<Text>,
    }
}

diesel::table! {
    chat_identities (id) {
        id -> Text,
        platform -> Text,
        workspace -> Text,
        member -> Text,
        user_id -> Text,
        own_account -> Bool,
        display -> Text,
        current_game -> Nullable<Text>,
        created_at -> Timestamp,
        linked_at -> Nullable<Timestamp>,
        own_user_id -> Nullable<Text>,
        language -> Nullable<Text>,
        asked_code -> Nullable<Text>,
        current_puzzle -> Nullable<Text>,
        puzzle_moves -> Text,
    }
}

diesel::table! {
    chat_deliveries (platform, digest) {
        platform -> Text,
        digest -> Text,
        received_at -> Timestamp,
    }
}

diesel::table! {
    races (id) {
        id -> Text,
        code -> Text,
        host_id -> Text,
        variant -> Text,
        suits -> Integer,
        difficulty -> Text,
        time_limit_s -> Integer,
        undo_allowed -> Bool,
        undo_mode -> Text,
        hints_allowed -> Bool,
        handicap -> Bool,
        cpu_level -> Text,
        ranked -> Bool,
        idle_takeover_s -> Integer,
        round -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    race_seats (race_id, seat) {
        race_id -> Text,
        seat -> Integer,
        user_id -> Nullable<Text>,
        name -> Text,
        joined_at -> Timestamp,
    }
}

diesel::table! {
    race_rounds (race_id, round) {
        race_id -> Text,
        round -> Integer,
        started_at -> Timestamp,
        rated -> Bool,
    }
}

diesel::table! {
    race_entries (race_id, round, seat) {
        race_id -> Text,
        round -> Integer,
        seat -> Integer,
        deal_number -> BigInt,
        difficulty -> Text,
        streak -> Integer,
        game_id -> Nullable<Text>,
        cpu_line -> Nullable<Text>,
        pace_ms -> Integer,
        cpu_version -> Nullable<Integer>,
        quit_at -> Nullable<Timestamp>,
        stand_in_moves -> Integer,
    }
}

diesel::table! {
    ratings (user_id, variant, suits) {
        user_id -> Text,
        variant -> Text,
        suits -> Integer,
        rating -> Double,
        rounds -> Integer,
    }
}

diesel::table! {
    game_analyses (game_id) {
        game_id -> Text,
        version -> Integer,
        result -> Text,
        nodes -> BigInt,
        duration_ms -> BigInt,
        computed_at -> Timestamp,
        user_id -> Text,
    }
}

diesel::table! {
    human_paces (variant, suits) {
        variant -> Text,
        suits -> Integer,
        median_ms -> BigInt,
        samples -> Integer,
        computed_at -> Timestamp,
    }
}

diesel::table! {
    puzzles (id) {
        id -> Text,
        variant -> Text,
        suits -> Integer,
        undo_mode -> Text,
        empty_column_deal -> Text,
        deal_number -> BigInt,
        log -> Text,
        source -> Text,
        goal -> Text,
        within_moves -> Integer,
        line -> Text,
        themes -> Text,
        fingerprint -> Text,
        rating -> Double,
        deviation -> Double,
        volatility -> Double,
        plays -> Integer,
        solves -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    puzzle_players (user_id) {
        user_id -> Text,
        rating -> Double,
        deviation -> Double,
        volatility -> Double,
        attempts -> Integer,
        solved -> Integer,
        best_streak -> Integer,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    puzzle_attempts (user_id, puzzle_id) {
        user_id -> Text,
        puzzle_id -> Text,
        solved -> Bool,
        rating_before -> Double,
        rating_after -> Double,
        attempted_at -> Timestamp,
    }
}

diesel::table! {
    puzzle_dailies (daily_date, variant, suits) {
        daily_date -> Text,
        variant -> Text,
        suits -> Integer,
        puzzle_id -> Text,
    }
}

diesel::table! {
    puzzle_streaks (id) {
        id -> Text,
        user_id -> Text,
        variant -> Text,
        suits -> Integer,
        puzzle_id -> Nullable<Text>,
        shown -> Text,
        score -> Integer,
        over -> Bool,
        started_at -> Timestamp,
        ended_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    puzzle_mined_games (game_id) {
        game_id -> Text,
        mined_at -> Timestamp,
        puzzles -> Integer,
    }
}

diesel::table! {
    arenas (id) {
        id -> Text,
        title -> Text,
        variant -> Text,
        suits -> Integer,
        undo_mode -> Text,
        hints_allowed -> Bool,
        rated -> Bool,
        starts_at -> Timestamp,
        ends_at -> Timestamp,
        deal_count -> Integer,
        secret -> Text,
        creator_id -> Nullable<Text>,
        schedule -> Nullable<Text>,
        schedule_n -> Nullable<BigInt>,
        place -> Nullable<Text>,
        version -> Integer,
        finished_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    arena_posts (arena_id) {
        arena_id -> Text,
        channel -> Text,
        lang -> Text,
        attempts -> Integer,
        next_at -> Timestamp,
        done_at -> Nullable<Timestamp>,
        outcome -> Nullable<Text>,
    }
}

diesel::table! {
    arena_deals (arena_id, k) {
        arena_id -> Text,
        k -> Integer,
        deal_number -> BigInt,
        candidate -> Integer,
    }
}

diesel::table! {
    arena_players (arena_id, user_id) {
        arena_id -> Text,
        user_id -> Text,
        name -> Text,
        joined_at -> Timestamp,
        active -> Bool,
        points -> Integer,
        played -> Integer,
        won -> Integer,
        won_ms -> BigInt,
        streak -> Integer,
        dealt -> Integer,
        place -> Nullable<Integer>,
        changed -> Integer,
    }
}

diesel::table! {
    arena_plays (arena_id, user_id, k) {
        arena_id -> Text,
        user_id -> Text,
        k -> Integer,
        game_id -> Text,
        berserk -> Bool,
        started_at -> Timestamp,
        result -> Nullable<Text>,
        ms -> Nullable<BigInt>,
        points -> Nullable<Integer>,
    }
}

diesel::joinable!(arena_players -> arenas (arena_id));
diesel::joinable!(arena_posts -> arenas (arena_id));
diesel::joinable!(arena_plays -> games (game_id));
diesel::joinable!(puzzle_mined_games -> games (game_id));
diesel::joinable!(puzzle_streaks -> users (user_id));
diesel::joinable!(puzzle_attempts -> puzzles (puzzle_id));
diesel::joinable!(puzzle_dailies -> puzzles (puzzle_id));
diesel::joinable!(games -> users (user_id));
diesel::joinable!(access_tokens -> users (user_id));
diesel::joinable!(one_time_codes -> users (user_id));
diesel::joinable!(chat_identities -> users (user_id));
diesel::joinable!(records -> users (user_id));
diesel::joinable!(game_events -> games (game_id));
diesel::joinable!(daily_entries -> games (game_id));
diesel::joinable!(game_analyses -> games (game_id));
diesel::joinable!(ended_sessions -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(
    users,
    human_paces,
    ended_sessions,
    games,
    game_events,
    idempotency_keys,
    records,
    record_removals,
    daily_players,
    daily_entries,
    winnable_deals,
    access_tokens,
    one_time_codes,
    chat_identities,
    chat_deliveries,
    races,
    race_seats,
    race_rounds,
    leases,
    race_entries,
    ratings,
    game_analyses,
    puzzles,
    puzzle_players,
    puzzle_attempts,
    puzzle_dailies,
    puzzle_streaks,
    puzzle_mined_games,
    arenas,
    arena_deals,
    arena_players,
    arena_posts,
    arena_plays
);
