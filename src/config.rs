//! Configuration from environment variables, parsed into types with clear errors.

use std::net::SocketAddr;
use std::str::FromStr;

/// The development daily secret used when `DAILY_SECRET` is unset. Never for production.
pub const DEV_DAILY_SECRET: &str = "spider-dev-daily-secret-change-me-spider-dev";

/// The development JWT secret used when `JWT_SECRET` is unset. Never for production.
pub const DEV_JWT_SECRET: &str = "spider-dev-secret-change-me-spider-dev-secret";

/// A secret from the configuration: it prints as `[redacted]`, so logging a configuration
/// never shows it; [`Secret::expose`] is the one way to read it.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// The secret's bytes (a key).
    pub fn as_bytes(&self) -> &[u8] {
        self.0.as_bytes()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl AsRef<[u8]> for Secret {
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl From<&str> for Secret {
    fn from(s: &str) -> Secret {
        Secret(s.to_string())
    }
}

impl From<String> for Secret {
    fn from(s: String) -> Secret {
        Secret(s)
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[redacted]")
    }
}

impl std::fmt::Display for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[redacted]")
    }
}

/// The longest a session token may last: 30 days.
pub const MAX_SESSION_SECONDS: u64 = 30 * 24 * 3600;

/// The service's settings, read from the environment (see `from_env`), grouped by concern.
/// Secrets are [`Secret`]s, which never print.
#[derive(Clone, Debug)]
pub struct Config {
    // Storage.
    /// `sqlite://spider.db` (default) or `postgres://…`.
    pub database_url: String,
    pub db_pool_size: u32,
    /// SQLite `synchronous` pragma: `FULL` (default) or `NORMAL`.
    pub sqlite_synchronous: String,
    /// Games whose latest position this instance keeps in memory, so the next action needs
    /// no read or replay; 0 keeps none.
    pub position_cache: usize,
    /// The most actions one game's log may hold; an action beyond it is refused
    /// (`action_limit`), so no log grows without bound.
    pub max_actions_per_game: u32,

    // Serving HTTP.
    pub bind: SocketAddr,
    pub workers: usize,
    pub log_level: String,
    /// Allowed browser origins; empty means any origin.
    pub cors_origins: Vec<String>,
    /// Largest JSON body accepted, in bytes.
    pub json_limit: usize,
    /// The header a reverse proxy in front of the server puts the client's address in
    /// (e.g. `X-Forwarded-For`): trusted only when set, and then its last address is the
    /// client's. Unset: the connection's address.
    pub client_ip_header: Option<String>,
    /// When set, `GET /metrics` answers only `Authorization: Bearer <this>`.
    pub metrics_token: Option<Secret>,

    // Accounts and sessions.
    pub jwt_secret: Secret,
    /// True when `jwt_secret` is the development default.
    pub jwt_secret_is_default: bool,
    pub jwt_ttl_seconds: u64,
    /// Passwords hashed or verified at once (each holds about 19 MiB); more wait.
    pub password_hashes: usize,
    /// How long a sign-in or sign-up waits for a turn to hash before 503 `auth_busy`.
    pub password_hash_wait: std::time::Duration,
    /// Password guesses per account and client address per minute (ten times that per
    /// account from all addresses); 0 turns it off.
    pub login_attempts_per_minute: u32,
    /// Guest accounts one client address may create per minute; 0 turns it off.
    pub guests_per_minute: u32,
    /// App approvals one account, and code trades one client address, may make per minute;
    /// 0 turns it off.
    pub app_grants_per_minute: u32,
    /// Bulk exports of a player's games one client address may start per minute; 0: no limit.
    pub bulk_exports_per_minute: u32,
    /// The server's public base URL (`https://spider.example`), named in the OAuth metadata;
    /// unset: the scheme and host each request came to.
    pub public_url: Option<String>,

    // Chat platforms (each endpoint is off until its secret is set).
    /// Discord's application public key (`DISCORD_PUBLIC_KEY`, 64 hex digits).
    pub discord_public_key: Option<ed25519_dalek::VerifyingKey>,
    /// Slack's signing secret (`SLACK_SIGNING_SECRET`).
    pub slack_signing_secret: Option<Secret>,
    /// The secret Telegram sends with each update (`TELEGRAM_WEBHOOK_SECRET`, 1–256 of
    /// `A-Z a-z 0-9 _ -`, as Telegram allows).
    pub telegram_webhook_secret: Option<Secret>,
    /// Chat commands one chat identity may send per minute; 0: no limit.
    pub chat_commands_per_minute: u32,
    /// Chat commands one Discord server, Slack workspace or Telegram chat may send per minute;
    /// 0: no limit.
    pub chat_workspace_commands_per_minute: u32,

    // Limits per caller.
    /// Requests per second allowed per token and per client address; 0 turns limits off.
    pub rate_limit_per_second: u32,
    pub rate_limit_burst: u32,
    /// Live streams (game and race) one user may have open on one instance.
    pub streams_per_user: usize,
    /// A live stream that has sent no event for this long ends (an `idle` event), so
    /// forgotten tabs and abandoned bots do not hold a place for ever.
    pub stream_idle: std::time::Duration,
    /// Games on proven winnable deals one player may start per hour; 0: no limit.
    pub winnable_per_user_per_hour: u32,
    /// Games one player may have in progress (those they started; race rounds deal theirs);
    /// more get 409 `too_many_games`; 0: no limit.
    pub games_in_progress_per_user: u32,

    // The daily challenge.
    /// Key of the daily deal derivation (HMAC-SHA256).
    pub daily_secret: Secret,
    pub daily_secret_is_default: bool,
    /// Shifts the daily calendar (tests only; not read from the environment).
    pub calendar_offset: chrono::Duration,

    // Searches (hints and post-game analyses).
    /// Searches (hints, post-game analyses) run at once; more get 503 `search_busy`.
    pub search_pool: usize,
    /// Searches one client address may hold at once (an account always holds at most one);
    /// `None`: the pool's default share (1 of 2 slots, else 2).
    pub searches_per_address: Option<usize>,
    /// The share of each hint level's standard search (its positions), in percent
    /// (`HINT_BUDGET_PERCENT`, default 100): lower answers sooner from a shallower search.
    pub hint_budget_percent: u32,
    /// Positions one post-game analysis may search (`ANALYSIS_POSITIONS`): the bound on its
    /// time (about 10–20 s per 50 million on one core of a release build).
    pub analysis_positions: u64,

    // Background work: the winnable-deal prover, CPU lines, race stand-ins.
    /// Proven winnable deals to keep waiting per class and difficulty; 0 stops the
    /// background prover.
    pub winnable_pool: usize,
    /// Suit counts whose Spider deals (standard rule) are proven ahead of any request.
    pub winnable_prefill: Vec<u8>,
    /// Proven deals of each kind and difficulty kept for race rounds (a player's request
    /// never takes the last ones; at most `winnable_pool - 1` on an instance that proves).
    pub winnable_reserve: u32,
    /// Whether the prover, once its deals are stocked, computes the line a CPU player of each
    /// level plays on each waiting deal (race rooms' CPUs play them).
    pub cpu_lines: bool,
    /// Whether this instance takes part in scheduled work (race stand-ins and ratings; one
    /// instance at a time does it, by a lease).
    pub scheduled_work: bool,
}

/// A Discord application public key: 64 hex digits.
pub fn discord_key(hex_key: &str) -> Option<ed25519_dalek::VerifyingKey> {
    let bytes: [u8; 32] = hex::decode(hex_key.trim()).ok()?.try_into().ok()?;
    ed25519_dalek::VerifyingKey::from_bytes(&bytes).ok()
}

/// Whether `secret` is a webhook secret Telegram accepts.
fn telegram_secret_ok(secret: &str) -> bool {
    (1..=256).contains(&secret.len())
        && secret
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

#[derive(Debug, thiserror::Error)]
#[error("configuration: {var}={value:?} is not valid: expected {expected}")]
pub struct ConfigError {
    pub var: &'static str,
    pub value: String,
    pub expected: &'static str,
}

fn var(name: &'static str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn parse<T: FromStr>(
    name: &'static str,
    default: T,
    expected: &'static str,
) -> Result<T, ConfigError> {
    match var(name) {
        None => Ok(default),
        Some(value) => value.trim().parse().map_err(|_| ConfigError {
            var: name,
            value,
            expected,
        }),
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            database_url: "sqlite://spider.db".into(),
            db_pool_size: 16,
            sqlite_synchronous: "FULL".into(),
            jwt_secret: DEV_JWT_SECRET.into(),
            jwt_secret_is_default: true,
            jwt_ttl_seconds: 7 * 24 * 3600,
            bind: SocketAddr::from(([127, 0, 0, 1], 8080)),
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            log_level: "info".into(),
            rate_limit_per_second: 50,
            rate_limit_burst: 100,
            cors_origins: Vec::new(),
            json_limit: 16 * 1024,
            daily_secret: DEV_DAILY_SECRET.into(),
            daily_secret_is_default: true,
            calendar_offset: chrono::Duration::zero(),
            winnable_pool: 5,
            winnable_prefill: vec![1, 2, 4],
            search_pool: std::thread::available_parallelism().map_or(2, |n| n.get()),
            searches_per_address: None,
            analysis_positions: crate::engine::analysis::AnalysisBudget::default().nodes,
            hint_budget_percent: 100,
            position_cache: 4096,
            scheduled_work: true,
            max_actions_per_game: 5_000,
            metrics_token: None,
            streams_per_user: 8,
            stream_idle: std::time::Duration::from_secs(30 * 60),
            password_hashes: std::thread::available_parallelism().map_or(2, |n| n.get()),
            password_hash_wait: std::time::Duration::from_secs(2),
            login_attempts_per_minute: 10,
            guests_per_minute: 10,
            app_grants_per_minute: 30,
            bulk_exports_per_minute: 10,
            discord_public_key: None,
            slack_signing_secret: None,
            telegram_webhook_secret: None,
            chat_commands_per_minute: 20,
            chat_workspace_commands_per_minute: 600,
            public_url: None,
            winnable_per_user_per_hour: 30,
            games_in_progress_per_user: 200,
            winnable_reserve: 1,
            cpu_lines: true,
            client_ip_header: None,
        }
    }
}

impl Config {
    /// Refuse a server reachable from other machines that would run on the built-in
    /// development secrets: anyone could forge tokens and compute every daily deal.
    pub fn check_exposure(&self) -> Result<(), ConfigError> {
        let exposed = !self.bind.ip().is_loopback();
        if exposed && (self.jwt_secret_is_default || self.daily_secret_is_default) {
            return Err(ConfigError {
                var: if self.jwt_secret_is_default {
                    "JWT_SECRET"
                } else {
                    "DAILY_SECRET"
                },
                value: "(unset)".into(),
                expected: "a secret of 32+ characters whenever BIND is not a loopback address \
                           (set both JWT_SECRET and DAILY_SECRET)",
            });
        }
        Ok(())
    }

    /// The defaults above, overridden by whichever variables are set.
    pub fn from_env() -> Result<Config, ConfigError> {
        let d = Config::default();
        let database_url = var("DATABASE_URL").unwrap_or(d.database_url);
        let (backend, _) = crate::store::parse_url(&database_url);
        if backend == crate::store::Backend::Sqlite
            && database_url.contains("://")
            && !database_url.starts_with("sqlite://")
        {
            return Err(ConfigError {
                var: "DATABASE_URL",
                value: database_url,
                expected: "sqlite://PATH, a file path, or postgres://USER@HOST/DB",
            });
        }
        let sqlite_synchronous = var("SQLITE_SYNCHRONOUS")
            .unwrap_or(d.sqlite_synchronous)
            .to_ascii_uppercase();
        if !matches!(sqlite_synchronous.as_str(), "FULL" | "NORMAL") {
            return Err(ConfigError {
                var: "SQLITE_SYNCHRONOUS",
                value: sqlite_synchronous,
                expected: "FULL or NORMAL",
            });
        }
        let jwt_secret = var("JWT_SECRET");
        if jwt_secret.as_ref().is_some_and(|s| s.len() < 32) {
            return Err(ConfigError {
                var: "JWT_SECRET",
                value: "(hidden)".into(),
                expected: "at least 32 characters",
            });
        }
        let daily_secret = var("DAILY_SECRET");
        if daily_secret.as_ref().is_some_and(|s| s.len() < 32) {
            return Err(ConfigError {
                var: "DAILY_SECRET",
                value: "(hidden)".into(),
                expected: "at least 32 characters",
            });
        }
        Ok(Config {
            daily_secret_is_default: daily_secret.is_none(),
            daily_secret: daily_secret.map(Secret::from).unwrap_or(d.daily_secret),
            calendar_offset: d.calendar_offset,
            db_pool_size: parse(
                "DB_POOL_SIZE",
                d.db_pool_size,
                "a whole number of connections",
            )?,
            sqlite_synchronous,
            jwt_secret_is_default: jwt_secret.is_none(),
            jwt_secret: jwt_secret.map(Secret::from).unwrap_or(d.jwt_secret),
            jwt_ttl_seconds: match parse(
                "JWT_TTL_SECONDS",
                d.jwt_ttl_seconds,
                "a number of seconds",
            )? {
                ttl if (60..=MAX_SESSION_SECONDS).contains(&ttl) => ttl,
                ttl => {
                    return Err(ConfigError {
                        var: "JWT_TTL_SECONDS",
                        value: ttl.to_string(),
                        expected: "from 60 to 2592000 seconds (a session lasts at most 30 days)",
                    })
                }
            },
            bind: parse("BIND", d.bind, "an address and port such as 0.0.0.0:8080")?,
            workers: parse("WORKERS", d.workers, "a number of worker threads")?,
            log_level: var("LOG_LEVEL")
                .or_else(|| var("RUST_LOG"))
                .unwrap_or(d.log_level),
            rate_limit_per_second: parse(
                "RATE_LIMIT_PER_SECOND",
                d.rate_limit_per_second,
                "a whole number of requests per second (0 turns limits off)",
            )?,
            rate_limit_burst: parse(
                "RATE_LIMIT_BURST",
                d.rate_limit_burst,
                "a whole number of requests",
            )?,
            cors_origins: var("CORS_ORIGINS")
                .filter(|v| v.trim() != "*")
                .map(|v| {
                    v.split(',')
                        .map(|o| o.trim().to_string())
                        .filter(|o| !o.is_empty())
                        .collect()
                })
                .unwrap_or(d.cors_origins),
            json_limit: parse("JSON_LIMIT_BYTES", d.json_limit, "a number of bytes")?,
            winnable_pool: parse(
                "WINNABLE_POOL",
                d.winnable_pool,
                "a whole number of deals (0 turns the prover off)",
            )?,
            winnable_prefill: match var("WINNABLE_PREFILL") {
                None => d.winnable_prefill,
                Some(v) if v.trim() == "none" => Vec::new(),
                Some(v) => v
                    .split(',')
                    .map(|s| s.trim().parse().ok().filter(|n| [1, 2, 4].contains(n)))
                    .collect::<Option<Vec<u8>>>()
                    .ok_or(ConfigError {
                        var: "WINNABLE_PREFILL",
                        value: v.clone(),
                        expected: "suit counts such as 1,2,4, or none",
                    })?,
            },
            search_pool: match parse(
                "SEARCH_POOL",
                d.search_pool,
                "a whole number of searches at once, 1 or more",
            )? {
                0 => {
                    return Err(ConfigError {
                        var: "SEARCH_POOL",
                        value: "0".into(),
                        expected: "a whole number of searches at once, 1 or more",
                    })
                }
                n => n,
            },
            searches_per_address: match var("SEARCHES_PER_ADDRESS") {
                None => None,
                Some(v) => Some(v.trim().parse().ok().filter(|&n: &usize| n >= 1).ok_or(
                    ConfigError {
                        var: "SEARCHES_PER_ADDRESS",
                        value: v.clone(),
                        expected: "a whole number of searches at once, 1 or more",
                    },
                )?),
            },
            position_cache: parse(
                "POSITION_CACHE",
                d.position_cache,
                "a whole number of games, 0 or more",
            )?,
            scheduled_work: parse("SCHEDULED_WORK", d.scheduled_work, "true or false")?,
            max_actions_per_game: match parse(
                "MAX_ACTIONS_PER_GAME",
                d.max_actions_per_game,
                "a whole number of actions, 1 or more",
            )? {
                0 => {
                    return Err(ConfigError {
                        var: "MAX_ACTIONS_PER_GAME",
                        value: "0".into(),
                        expected: "a whole number of actions, 1 or more",
                    })
                }
                n => n,
            },
            metrics_token: var("METRICS_TOKEN").map(Secret::from),
            password_hashes: match parse(
                "PASSWORD_HASHES",
                d.password_hashes,
                "a whole number of hashes at once, 1 or more",
            )? {
                0 => {
                    return Err(ConfigError {
                        var: "PASSWORD_HASHES",
                        value: "0".into(),
                        expected: "a whole number of hashes at once, 1 or more",
                    })
                }
                n => n,
            },
            password_hash_wait: d.password_hash_wait,
            login_attempts_per_minute: parse(
                "LOGIN_ATTEMPTS_PER_MINUTE",
                d.login_attempts_per_minute,
                "a whole number of attempts, or 0 for no limit",
            )?,
            winnable_per_user_per_hour: parse(
                "WINNABLE_PER_USER_PER_HOUR",
                d.winnable_per_user_per_hour,
                "a whole number of games, or 0 for no limit",
            )?,
            app_grants_per_minute: parse(
                "APP_GRANTS_PER_MINUTE",
                d.app_grants_per_minute,
                "a whole number, or 0 for no limit",
            )?,
            bulk_exports_per_minute: parse(
                "BULK_EXPORTS_PER_MINUTE",
                d.bulk_exports_per_minute,
                "a whole number, or 0 for no limit",
            )?,
            discord_public_key: match var("DISCORD_PUBLIC_KEY") {
                None => None,
                Some(value) => Some(discord_key(&value).ok_or(ConfigError {
                    var: "DISCORD_PUBLIC_KEY",
                    value,
                    expected: "the application's public key from Discord's developer portal \
                               (64 hex digits)",
                })?),
            },
            slack_signing_secret: var("SLACK_SIGNING_SECRET").map(Secret::from),
            telegram_webhook_secret: match var("TELEGRAM_WEBHOOK_SECRET") {
                None => None,
                Some(value) if telegram_secret_ok(&value) => Some(Secret::from(value)),
                Some(_) => {
                    return Err(ConfigError {
                        var: "TELEGRAM_WEBHOOK_SECRET",
                        value: "(hidden)".into(),
                        expected: "1 to 256 of A-Z, a-z, 0-9, _ and - (what Telegram allows)",
                    })
                }
            },
            chat_commands_per_minute: parse(
                "CHAT_COMMANDS_PER_MINUTE",
                d.chat_commands_per_minute,
                "a whole number, or 0 for no limit",
            )?,
            chat_workspace_commands_per_minute: parse(
                "CHAT_WORKSPACE_COMMANDS_PER_MINUTE",
                d.chat_workspace_commands_per_minute,
                "a whole number, or 0 for no limit",
            )?,
            public_url: var("PUBLIC_URL").map(|v| v.trim().trim_end_matches('/').to_string()),
            games_in_progress_per_user: parse(
                "GAMES_IN_PROGRESS_PER_USER",
                d.games_in_progress_per_user,
                "a whole number of games, or 0 for no limit",
            )?,
            hint_budget_percent: match parse(
                "HINT_BUDGET_PERCENT",
                d.hint_budget_percent,
                "a whole percentage, 1 or more",
            )? {
                0 => {
                    return Err(ConfigError {
                        var: "HINT_BUDGET_PERCENT",
                        value: "0".into(),
                        expected: "a whole percentage, 1 or more",
                    })
                }
                n => n,
            },
            analysis_positions: match parse(
                "ANALYSIS_POSITIONS",
                d.analysis_positions,
                "a whole number of positions, 1 or more",
            )? {
                0 => {
                    return Err(ConfigError {
                        var: "ANALYSIS_POSITIONS",
                        value: "0".into(),
                        expected: "a whole number of positions, 1 or more",
                    })
                }
                n => n,
            },
            winnable_reserve: parse(
                "WINNABLE_RESERVE",
                d.winnable_reserve,
                "a whole number of deals",
            )?,
            cpu_lines: parse("CPU_LINES", d.cpu_lines, "true or false")?,
            guests_per_minute: parse(
                "GUESTS_PER_MINUTE",
                d.guests_per_minute,
                "a whole number of guest accounts, or 0 for no limit",
            )?,
            client_ip_header: match var("CLIENT_IP_HEADER") {
                None => None,
                Some(name) => Some(
                    actix_web::http::header::HeaderName::try_from(name.trim())
                        .map(|h| h.as_str().to_string())
                        .map_err(|_| ConfigError {
                            var: "CLIENT_IP_HEADER",
                            value: name,
                            expected: "a header name such as X-Forwarded-For or X-Real-IP",
                        })?,
                ),
            },
            stream_idle: std::time::Duration::from_secs(parse(
                "STREAM_IDLE_SECONDS",
                d.stream_idle.as_secs(),
                "a whole number of seconds",
            )?),
            streams_per_user: match parse(
                "STREAMS_PER_USER",
                d.streams_per_user,
                "a whole number of streams, 1 or more",
            )? {
                0 => {
                    return Err(ConfigError {
                        var: "STREAMS_PER_USER",
                        value: "0".into(),
                        expected: "a whole number of streams, 1 or more",
                    })
                }
                n => n,
            },
            database_url,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_never_print() {
        let config = Config {
            jwt_secret: "a-jwt-secret-that-must-not-leak-0123456789".into(),
            daily_secret: "a-daily-secret-that-must-not-leak-0123456".into(),
            ..Config::default()
        };
        let printed = format!("{config:?} {} {}", config.jwt_secret, config.daily_secret);
        assert!(!printed.contains("must-not-leak"), "{printed}");
        assert!(printed.contains("[redacted]"));
        assert_eq!(
            config.jwt_secret.expose(),
            "a-jwt-secret-that-must-not-leak-0123456789"
        );
    }

    #[test]
    fn development_secrets_are_refused_off_loopback() {
        let mut config = Config::default();
        assert!(
            config.check_exposure().is_ok(),
            "loopback with dev secrets is fine"
        );
        config.bind = SocketAddr::from(([0, 0, 0, 0], 8080));
        assert!(config.check_exposure().is_err());
        config.jwt_secret_is_default = false;
        assert!(
            config.check_exposure().is_err(),
            "the daily secret is still the default"
        );
        config.daily_secret_is_default = false;
        assert!(config.check_exposure().is_ok());
    }
}
