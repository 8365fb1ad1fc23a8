//! The settings from environment variables: which variable sets what, its default, and the
//! checks particular to it (each read through `vars`, which names the variable and what it
//! expects when a value is bad).

use crate::engine::Suits;

use super::vars::{bad, Env};
use super::{
    Accounts, Bots, Chat, Config, Daily, Jobs, Limits, Searches, Serving, Storage,
    MAX_SESSION_SECONDS,
};

pub use super::vars::ConfigError;

/// A Discord application public key: 64 hex digits.
fn discord_key(hex_key: &str) -> Option<ed25519_dalek::VerifyingKey> {
    let bytes: [u8; 32] = hex::decode(hex_key).ok()?.try_into().ok()?;
    ed25519_dalek::VerifyingKey::from_bytes(&bytes).ok()
}

/// Whether `secret` is a webhook secret Telegram accepts.
fn telegram_secret_ok(secret: &str) -> bool {
    (1..=256).contains(&secret.len())
        && secret
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// An HTTP header name (RFC 9110 `token`), in lower case as it is matched.
fn header_name(name: &str) -> Option<String> {
    const TCHAR: &[u8] = b"!#$%&'*+-.^_`|~";
    let ok = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || TCHAR.contains(&b));
    ok.then(|| name.to_ascii_lowercase())
}

/// The defaults, overridden by whichever variables `lookup` finds.
pub(super) fn read(lookup: &dyn Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
    let env = Env { lookup };
    let d = Config::default();
    Ok(Config {
        storage: storage(&env, d.storage)?,
        serving: serving(&env, d.serving)?,
        accounts: accounts(&env, d.accounts)?,
        limits: limits(&env, d.limits)?,
        chat: chat(&env)?,
        daily: daily(&env, d.daily)?,
        searches: searches(&env, d.searches)?,
        jobs: jobs(&env, d.jobs)?,
    })
}

fn storage(env: &Env, d: Storage) -> Result<Storage, ConfigError> {
    let database_url = env.text("DATABASE_URL").unwrap_or(d.database_url);
    let (backend, _) = crate::store::parse_url(&database_url);
    if backend == crate::store::Backend::Sqlite
        && database_url.contains("://")
        && !database_url.starts_with("sqlite://")
    {
        return Err(bad(
            "DATABASE_URL",
            super::secret::without_password(&database_url),
            "sqlite://PATH, a file path, or postgres://USER@HOST/DB",
        ));
    }
    let database_read_url = env.text("DATABASE_READ_URL");
    if let Some(read) = &database_read_url {
        let postgres =
            |url: &str| crate::store::parse_url(url).0 == crate::store::Backend::Postgres;
        if !postgres(read) || backend != crate::store::Backend::Postgres {
            return Err(bad(
                "DATABASE_READ_URL",
                super::secret::without_password(read),
                "postgres://USER@HOST/DB, with a Postgres DATABASE_URL (SQLite has no standby)",
            ));
        }
    }
    Ok(Storage {
        database_url,
        database_read_url,
        db_pool_size: env.number("DB_POOL_SIZE", d.db_pool_size, "connections")?,
        sqlite_synchronous: env.choice(
            "SQLITE_SYNCHRONOUS",
            &d.sqlite_synchronous,
            &["FULL", "NORMAL"],
        )?,
        position_cache: env.number("POSITION_CACHE", d.position_cache, "games, 0 or more")?,
        max_actions_per_game: env.at_least_one(
            "MAX_ACTIONS_PER_GAME",
            d.max_actions_per_game,
            "actions",
        )?,
        guest_retention_days: retention_days(env, d.guest_retention_days)?,
    })
}

/// The longest `GUEST_RETENTION_DAYS`: a hundred years.
const MAX_RETENTION_DAYS: u32 = 36_500;

fn retention_days(env: &Env, default: u32) -> Result<u32, ConfigError> {
    let expected =
        format!("a whole number of days up to {MAX_RETENTION_DAYS}, or 0 to keep guests for ever");
    match env.value("GUEST_RETENTION_DAYS", default, &expected)? {
        days if days > MAX_RETENTION_DAYS => {
            Err(bad("GUEST_RETENTION_DAYS", days.to_string(), expected))
        }
        days => Ok(days),
    }
}

fn serving(env: &Env, d: Serving) -> Result<Serving, ConfigError> {
    Ok(Serving {
        bind: env.value("BIND", d.bind, "an address and port such as 0.0.0.0:8080")?,
        workers: env.number("WORKERS", d.workers, "worker threads")?,
        log_level: env
            .text("LOG_LEVEL")
            .or_else(|| env.text("RUST_LOG"))
            .unwrap_or(d.log_level),
        log_json: env.choice(
            "LOG_FORMAT",
            if d.log_json { "JSON" } else { "TEXT" },
            &["TEXT", "JSON"],
        )? == "JSON",
        cors_origins: match env.text("CORS_ORIGINS").as_deref() {
            Some("*") => Vec::new(),
            _ => env.list("CORS_ORIGINS").unwrap_or(d.cors_origins),
        },
        json_limit: env.number("JSON_LIMIT_BYTES", d.json_limit, "bytes")?,
        client_ip_header: env.checked(
            "CLIENT_IP_HEADER",
            "a header name such as X-Forwarded-For or X-Real-IP",
            header_name,
        )?,
        metrics_token: env.secret("METRICS_TOKEN"),
        public_url: env
            .text("PUBLIC_URL")
            .map(|v| v.trim_end_matches('/').to_string()),
    })
}

fn accounts(env: &Env, d: Accounts) -> Result<Accounts, ConfigError> {
    let jwt_secret = env.key("JWT_SECRET")?;
    let jwt_ttl_seconds = env.number("JWT_TTL_SECONDS", d.jwt_ttl_seconds, "seconds")?;
    if !(60..=MAX_SESSION_SECONDS).contains(&jwt_ttl_seconds) {
        return Err(bad(
            "JWT_TTL_SECONDS",
            jwt_ttl_seconds.to_string(),
            "from 60 to 2592000 seconds (a session lasts at most 30 days)",
        ));
    }
    Ok(Accounts {
        jwt_secret_is_default: jwt_secret.is_none(),
        jwt_secret: jwt_secret.unwrap_or(d.jwt_secret),
        jwt_previous_secret: env.key("JWT_PREVIOUS_SECRET")?,
        jwt_ttl_seconds,
        password_hashes: env.at_least_one(
            "PASSWORD_HASHES",
            d.password_hashes,
            "hashes at once",
        )?,
        password_hash_wait: d.password_hash_wait,
    })
}

fn limits(env: &Env, d: Limits) -> Result<Limits, ConfigError> {
    Ok(Limits {
        rate_limit_per_second: env.value(
            "RATE_LIMIT_PER_SECOND",
            d.rate_limit_per_second,
            "a whole number of requests per second (0 turns limits off)",
        )?,
        rate_limit_burst: env.number("RATE_LIMIT_BURST", d.rate_limit_burst, "requests")?,
        login_attempts_per_minute: env.limit(
            "LOGIN_ATTEMPTS_PER_MINUTE",
            d.login_attempts_per_minute,
            "attempts",
        )?,
        guests_per_minute: env.limit("GUESTS_PER_MINUTE", d.guests_per_minute, "guest accounts")?,
        registrations_per_hour: env.limit(
            "REGISTRATIONS_PER_HOUR",
            d.registrations_per_hour,
            "accounts",
        )?,
        app_grants_per_minute: env.limit(
            "APP_GRANTS_PER_MINUTE",
            d.app_grants_per_minute,
            "approvals",
        )?,
        bulk_exports_per_minute: env.limit(
            "BULK_EXPORTS_PER_MINUTE",
            d.bulk_exports_per_minute,
            "exports",
        )?,
        chat_commands_per_minute: env.limit(
            "CHAT_COMMANDS_PER_MINUTE",
            d.chat_commands_per_minute,
            "commands",
        )?,
        chat_workspace_commands_per_minute: env.limit(
            "CHAT_WORKSPACE_COMMANDS_PER_MINUTE",
            d.chat_workspace_commands_per_minute,
            "commands",
        )?,
        winnable_per_user_per_hour: env.limit(
            "WINNABLE_PER_USER_PER_HOUR",
            d.winnable_per_user_per_hour,
            "games",
        )?,
        import_actions_per_hour: env.limit(
            "IMPORT_ACTIONS_PER_HOUR",
            d.import_actions_per_hour,
            "actions",
        )?,
        import_actions_per_address_per_hour: env.limit(
            "IMPORT_ACTIONS_PER_ADDRESS_PER_HOUR",
            d.import_actions_per_address_per_hour,
            "actions",
        )?,
        winnable_per_address_per_hour: env.limit(
            "WINNABLE_PER_ADDRESS_PER_HOUR",
            d.winnable_per_address_per_hour,
            "games",
        )?,
        races_per_address_per_hour: env.limit(
            "RACES_PER_ADDRESS_PER_HOUR",
            d.races_per_address_per_hour,
            "race rooms",
        )?,
        arenas_per_account: env.number(
            "ARENAS_PER_ACCOUNT",
            d.arenas_per_account,
            "arenas (0: accounts make none)",
        )?,
        arenas_per_address_per_hour: env.limit(
            "ARENAS_PER_ADDRESS_PER_HOUR",
            d.arenas_per_address_per_hour,
            "arenas",
        )?,
        games_in_progress_per_user: env.limit(
            "GAMES_IN_PROGRESS_PER_USER",
            d.games_in_progress_per_user,
            "games",
        )?,
        streams_per_user: env.at_least_one("STREAMS_PER_USER", d.streams_per_user, "streams")?,
        streams_per_address: env.limit("STREAMS_PER_ADDRESS", d.streams_per_address, "streams")?,
        stream_idle: env.seconds("STREAM_IDLE_SECONDS", d.stream_idle)?,
    })
}

fn chat(env: &Env) -> Result<Chat, ConfigError> {
    Ok(Chat {
        discord_public_key: env.checked(
            "DISCORD_PUBLIC_KEY",
            "the application's public key from Discord's developer portal (64 hex digits)",
            discord_key,
        )?,
        slack_signing_secret: env.secret("SLACK_SIGNING_SECRET"),
        telegram_webhook_secret: match env.secret("TELEGRAM_WEBHOOK_SECRET") {
            Some(s) if !telegram_secret_ok(s.expose()) => {
                return Err(bad(
                    "TELEGRAM_WEBHOOK_SECRET",
                    "(hidden)",
                    "1 to 256 of A-Z, a-z, 0-9, _ and - (what Telegram allows)",
                ))
            }
            s => s,
        },
        bots: bots(env)?,
    })
}

/// The bot tokens and the platforms' API addresses.
fn bots(env: &Env) -> Result<Bots, ConfigError> {
    let d = Bots::default();
    let api = |name: &'static str, default: String| -> Result<String, ConfigError> {
        Ok(env
            .checked(name, "an http:// or https:// address", |v| {
                let url = url::Url::parse(v).ok()?;
                matches!(url.scheme(), "http" | "https")
                    .then(|| v.trim_end_matches('/').to_string())
            })?
            .unwrap_or(default))
    };
    Ok(Bots {
        discord_token: env.secret("DISCORD_BOT_TOKEN"),
        slack_token: env.secret("SLACK_BOT_TOKEN"),
        telegram_token: env.secret("TELEGRAM_BOT_TOKEN"),
        discord_api: api("DISCORD_API_URL", d.discord_api)?,
        slack_api: api("SLACK_API_URL", d.slack_api)?,
        telegram_api: api("TELEGRAM_API_URL", d.telegram_api)?,
    })
}

fn daily(env: &Env, d: Daily) -> Result<Daily, ConfigError> {
    let daily_secret = env.key("DAILY_SECRET")?;
    Ok(Daily {
        daily_secret_is_default: daily_secret.is_none(),
        daily_secret: daily_secret.unwrap_or(d.daily_secret),
        calendar_offset: d.calendar_offset,
    })
}

fn searches(env: &Env, d: Searches) -> Result<Searches, ConfigError> {
    Ok(Searches {
        search_pool: env.at_least_one("SEARCH_POOL", d.search_pool, "searches at once")?,
        searches_per_address: env
            .optional_at_least_one("SEARCHES_PER_ADDRESS", "searches at once")?,
        hint_budget_percent: env.at_least_one(
            "HINT_BUDGET_PERCENT",
            d.hint_budget_percent,
            "percent",
        )?,
        analysis_positions: env.at_least_one(
            "ANALYSIS_POSITIONS",
            d.analysis_positions,
            "positions",
        )?,
    })
}

fn jobs(env: &Env, d: Jobs) -> Result<Jobs, ConfigError> {
    let suits = |v: &str| -> Option<Vec<Suits>> {
        if v == "none" {
            return Some(Vec::new());
        }
        v.split(',')
            .map(|s| Suits::try_from(s.trim().parse::<u8>().ok()?).ok())
            .collect()
    };
    Ok(Jobs {
        winnable_pool: env.number(
            "WINNABLE_POOL",
            d.winnable_pool,
            "deals (0 turns the prover off)",
        )?,
        winnable_prefill: env
            .checked(
                "WINNABLE_PREFILL",
                "suit counts such as 1,2,4, or none",
                suits,
            )?
            .unwrap_or(d.winnable_prefill),
        winnable_reserve: env.number("WINNABLE_RESERVE", d.winnable_reserve, "deals")?,
        puzzle_pool: env.number(
            "PUZZLE_POOL",
            d.puzzle_pool,
            "puzzles (0 turns the miner off)",
        )?,
        cpu_lines: env.flag("CPU_LINES", d.cpu_lines)?,
        scheduled_work: env.flag("SCHEDULED_WORK", d.scheduled_work)?,
        arena_schedules: env
            .checked(
                "ARENA_SCHEDULES",
                "schedules name:suits:every:lasts[:at] (minutes) separated by ;",
                |v| {
                    let all: Vec<crate::ArenaSchedule> = v
                        .split(';')
                        .filter(|s| !s.trim().is_empty())
                        .map(crate::ArenaSchedule::parse)
                        .collect::<Option<_>>()?;
                    // A name is its arenas' key: two schedules of one name would be one.
                    let names: std::collections::HashSet<&str> =
                        all.iter().map(|a| a.name.as_str()).collect();
                    (names.len() == all.len()).then_some(all)
                },
            )?
            .unwrap_or(d.arena_schedules),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn read_from(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let table: std::collections::HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        read(&|name| table.get(name).cloned())
    }

    fn refused(vars: &[(&str, &str)]) -> ConfigError {
        match read_from(vars) {
            Ok(config) => panic!("{vars:?} was taken: {config:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn arena_schedules_are_read_and_one_that_cannot_be_kept_is_refused() {
        let config = read_from(&[(
            "ARENA_SCHEDULES",
            "Hourly:1:60:45; Evening 4♠:4:1440:120:1200;",
        )])
        .expect("schedules");
        assert_eq!(
            config.jobs.arena_schedules,
            vec![
                crate::ArenaSchedule {
                    name: "Hourly".into(),
                    suits: Suits::One,
                    every_minutes: 60,
                    lasts_minutes: 45,
                    at_minute: 0,
                },
                crate::ArenaSchedule {
                    name: "Evening 4♠".into(),
                    suits: Suits::Four,
                    every_minutes: 1440,
                    lasts_minutes: 120,
                    at_minute: 1200,
                },
            ]
        );
        for bad in [
            "Hourly:3:60:45",
            "Hourly:1:60:61",
            "Hourly:1:0:0",
            "Hourly:1:60:0",
            ":1:60:45",
            "Hourly:1:60",
            "Hourly:1:60:45:x",
            "A:1:60:45;A:2:60:45",
        ] {
            assert_eq!(
                refused(&[("ARENA_SCHEDULES", bad)]).var,
                "ARENA_SCHEDULES",
                "{bad}"
            );
        }
    }

    #[test]
    fn nothing_set_is_the_defaults() {
        let config = read_from(&[]).expect("defaults");
        let d = Config::default();
        assert_eq!(config.storage.database_url, d.storage.database_url);
        assert_eq!(config.limits.streams_per_user, d.limits.streams_per_user);
        assert_eq!(config.jobs.winnable_prefill, Suits::ALL.to_vec());
        assert!(config.accounts.jwt_secret_is_default && config.daily.daily_secret_is_default);
        assert!(config.chat.discord_public_key.is_none());
    }

    #[test]
    fn each_kind_of_value_is_read() {
        let config = read_from(&[
            ("DATABASE_URL", "postgres://u@h/db"),
            ("DB_POOL_SIZE", " 4 "),
            ("SQLITE_SYNCHRONOUS", "normal"),
            ("BIND", "0.0.0.0:9000"),
            ("CORS_ORIGINS", "https://a.example, ,https://b.example"),
            ("CLIENT_IP_HEADER", "X-Forwarded-For"),
            ("PUBLIC_URL", "https://spider.example/"),
            ("JWT_SECRET", "j".repeat(32).as_str()),
            ("GUESTS_PER_MINUTE", "0"),
            ("STREAM_IDLE_SECONDS", "90"),
            ("SEARCHES_PER_ADDRESS", "3"),
            ("WINNABLE_PREFILL", "none"),
            ("CPU_LINES", "false"),
            ("TELEGRAM_WEBHOOK_SECRET", "abc_DEF-1"),
        ])
        .expect("valid");
        assert_eq!(config.storage.database_url, "postgres://u@h/db");
        assert_eq!(config.storage.db_pool_size, 4);
        assert_eq!(config.storage.sqlite_synchronous, "NORMAL");
        assert_eq!(config.serving.bind.port(), 9000);
        assert_eq!(
            config.serving.cors_origins,
            ["https://a.example", "https://b.example"]
        );
        assert_eq!(
            config.serving.client_ip_header.as_deref(),
            Some("x-forwarded-for")
        );
        assert_eq!(
            config.serving.public_url.as_deref(),
            Some("https://spider.example")
        );
        assert!(!config.accounts.jwt_secret_is_default);
        assert!(config.daily.daily_secret_is_default);
        assert_eq!(config.limits.guests_per_minute, 0, "0: no limit");
        assert_eq!(config.limits.stream_idle, Duration::from_secs(90));
        assert_eq!(config.searches.searches_per_address, Some(3));
        assert!(config.jobs.winnable_prefill.is_empty());
        assert!(!config.jobs.cpu_lines);
        assert!(config.chat.telegram_webhook_secret.is_some());
    }

    #[test]
    fn a_standby_for_stale_reads_needs_postgres_on_both_sides() {
        assert!(read_from(&[])
            .expect("defaults")
            .storage
            .database_read_url
            .is_none());
        let read = "postgres://u@h1,h2/db?target_session_attrs=prefer-standby";
        let both = read_from(&[
            ("DATABASE_URL", "postgres://u@h/db"),
            ("DATABASE_READ_URL", read),
        ])
        .expect("valid");
        assert_eq!(both.storage.database_read_url.as_deref(), Some(read));
        let e = refused(&[("DATABASE_READ_URL", read)]);
        assert_eq!(e.var, "DATABASE_READ_URL");
        // An error never shows a password the URL holds.
        let e = refused(&[("DATABASE_URL", "mysql://u:TopSecretPw@h/db")]);
        assert!(!e.to_string().contains("TopSecretPw"), "{e}");
        assert!(e.to_string().contains("mysql://u:(hidden)@h/db"), "{e}");
        // Not even one with a `/` or `@` left unencoded.
        let e = refused(&[("DATABASE_URL", "mysql://u:Top/Se@cretPw@h/db")]);
        assert!(!e.to_string().contains("cretPw"), "{e}");
        assert!(e.to_string().contains("mysql://u:(hidden)@h/db"), "{e}");
        let e = refused(&[
            ("DATABASE_URL", "sqlite://spider.db"),
            (
                "DATABASE_READ_URL",
                "postgres://u:TopSecretPw@h1:5432,h2:5432/db?password=Other1&sslmode=require",
            ),
        ]);
        assert!(
            !e.to_string().contains("TopSecretPw") && !e.to_string().contains("Other1"),
            "{e}"
        );
        assert!(
            e.to_string().contains("password=(hidden)&sslmode=require"),
            "{e}"
        );
        assert!(e.expected.contains("SQLite has no standby"), "{e}");
        let e = refused(&[
            ("DATABASE_URL", "postgres://u@h/db"),
            ("DATABASE_READ_URL", "sqlite://replica.db"),
        ]);
        assert_eq!(e.var, "DATABASE_READ_URL");
    }

    #[test]
    fn logs_are_text_unless_json_is_asked_for() {
        assert!(!read_from(&[]).expect("defaults").serving.log_json);
        let json = read_from(&[("LOG_FORMAT", "json")]).expect("valid");
        assert!(json.serving.log_json);
        let e = refused(&[("LOG_FORMAT", "xml")]);
        assert_eq!(e.var, "LOG_FORMAT");
        assert!(e.expected.contains("JSON"), "{e}");
    }

    #[test]
    fn a_bad_value_names_its_variable_and_what_was_expected() {
        let e = refused(&[("SEARCH_POOL", "0")]);
        assert_eq!(e.var, "SEARCH_POOL");
        assert!(e.expected.contains("1 or more"), "{e}");
        let e = refused(&[("STREAMS_PER_USER", "many")]);
        assert_eq!((e.var, e.value.as_str()), ("STREAMS_PER_USER", "many"));
        assert_eq!(
            refused(&[("SEARCHES_PER_ADDRESS", "0")]).var,
            "SEARCHES_PER_ADDRESS"
        );
        assert_eq!(refused(&[("CPU_LINES", "yes")]).var, "CPU_LINES");
        assert_eq!(
            refused(&[("SQLITE_SYNCHRONOUS", "OFF")]).var,
            "SQLITE_SYNCHRONOUS"
        );
        assert_eq!(
            refused(&[("WINNABLE_PREFILL", "1,3")]).var,
            "WINNABLE_PREFILL"
        );
        assert_eq!(
            refused(&[("DATABASE_URL", "mysql://x")]).var,
            "DATABASE_URL"
        );
        assert_eq!(refused(&[("JWT_TTL_SECONDS", "10")]).var, "JWT_TTL_SECONDS");
        assert_eq!(
            refused(&[("CLIENT_IP_HEADER", "X Forwarded")]).var,
            "CLIENT_IP_HEADER"
        );
        assert_eq!(
            refused(&[("DISCORD_PUBLIC_KEY", "abcd")]).var,
            "DISCORD_PUBLIC_KEY"
        );
        let e = refused(&[("TELEGRAM_WEBHOOK_SECRET", "has space")]);
        assert_eq!(e.value, "(hidden)");
        assert_eq!(
            refused(&[("DISCORD_API_URL", "ftp://example.com")]).var,
            "DISCORD_API_URL"
        );
        assert_eq!(
            refused(&[("TELEGRAM_API_URL", "not a url")]).var,
            "TELEGRAM_API_URL"
        );
    }

    #[test]
    fn bot_tokens_and_api_addresses() {
        let d = read_from(&[]).expect("defaults");
        assert!(d.chat.bots.discord_token.is_none());
        assert_eq!(d.chat.bots.slack_api, "https://slack.com/api");
        let c = read_from(&[
            ("SLACK_BOT_TOKEN", "xoxb-1"),
            ("SLACK_API_URL", "http://127.0.0.1:9/api/"),
        ])
        .expect("bots");
        assert_eq!(
            c.chat.bots.slack_token.map(|s| s.expose().to_string()),
            Some("xoxb-1".into())
        );
        assert_eq!(c.chat.bots.slack_api, "http://127.0.0.1:9/api");
    }

    #[test]
    fn guests_are_kept_for_ever_unless_a_retention_is_set() {
        let d = read_from(&[]).expect("defaults");
        assert_eq!(d.storage.guest_retention_days, 0);
        let set = read_from(&[("GUEST_RETENTION_DAYS", "30")]).expect("valid");
        assert_eq!(set.storage.guest_retention_days, 30);
        for bad in ["-1", "30d", "1.5", "36501"] {
            let e = refused(&[("GUEST_RETENTION_DAYS", bad)]);
            assert_eq!((e.var, e.value.as_str()), ("GUEST_RETENTION_DAYS", bad));
            assert!(e.expected.contains("days"), "{e}");
        }
    }

    #[test]
    fn short_keys_are_refused_without_showing_them() {
        let e = refused(&[("DAILY_SECRET", "short-secret")]);
        assert_eq!(e.var, "DAILY_SECRET");
        assert!(!e.to_string().contains("short-secret"), "{e}");
    }

    #[test]
    fn the_readme_lists_every_variable() {
        let asked = std::cell::RefCell::new(Vec::new());
        read(&|name| {
            asked.borrow_mut().push(name.to_string());
            None
        })
        .expect("defaults");
        let readme = include_str!("../../README.md");
        let asked = asked.into_inner();
        assert!(asked.len() >= 40, "{asked:?}");
        for name in asked {
            assert!(
                readme.contains(&format!("`{name}`")),
                "README's configuration table does not list {name}"
            );
        }
    }
}
