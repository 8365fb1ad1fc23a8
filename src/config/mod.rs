//! The service's settings, grouped by concern. Each field is named after the environment
//! variable it comes from (`storage.db_pool_size` ← `DB_POOL_SIZE`); `env.rs` says which variable
//! sets what, `vars.rs` reads each one with a helper per kind of value, and the README's configuration table lists them in the same
//! groups. Tests build a [`Config`] and set fields by name. A crate of its own
//! (`spider-config`) beside the floors.

mod env;
mod secret;
mod vars;

/// The floors it reads, under the names the rest of the service knows them by.
use spider_engine as engine;
use spider_store as store;

use std::net::SocketAddr;
use std::time::Duration;

pub use env::ConfigError;
pub use secret::Secret;

/// The development daily secret used when `DAILY_SECRET` is unset. Never for production.
pub const DEV_DAILY_SECRET: &str = "spider-dev-daily-secret-change-me-spider-dev";

/// The development JWT secret used when `JWT_SECRET` is unset. Never for production.
pub const DEV_JWT_SECRET: &str = "spider-dev-secret-change-me-spider-dev-secret";

/// The longest a session token may last: 30 days.
pub const MAX_SESSION_SECONDS: u64 = 30 * 24 * 3600;

/// The service's settings, read from the environment by [`Config::from_env`]. Secrets are
/// [`Secret`]s, which never print.
#[derive(Clone, Debug, Default)]
pub struct Config {
    pub storage: Storage,
    pub serving: Serving,
    pub accounts: Accounts,
    pub limits: Limits,
    pub chat: Chat,
    pub daily: Daily,
    pub searches: Searches,
    pub jobs: Jobs,
}

/// Where games live and how much of them is kept. Printed (`{:?}`) without the database
/// URLs' passwords.
#[derive(Clone)]
pub struct Storage {
    /// `sqlite://spider.db` (default) or `postgres://…`.
    pub database_url: String,
    /// A Postgres standby for reads that may be a second stale (boards, public profiles and
    /// exports, the daily page), e.g. a multi-host URL with
    /// `target_session_attrs=prefer-standby`; unset, every read goes to `database_url`.
    pub database_read_url: Option<String>,
    pub db_pool_size: u32,
    /// SQLite `synchronous` pragma: `FULL` (default) or `NORMAL`.
    pub sqlite_synchronous: String,
    /// Games whose latest position this instance keeps in memory, so the next action needs
    /// no read or replay; 0 keeps none.
    pub position_cache: usize,
    /// The most actions one game's log may hold; an action beyond it is refused
    /// (`action_limit`), so no log grows without bound.
    pub max_actions_per_game: u32,
    /// Guests idle for this many days, with nothing on a board, in a race, an app or a chat,
    /// are removed with their games (`GUEST_RETENTION_DAYS`); 0 keeps them for ever.
    pub guest_retention_days: u32,
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Storage")
            .field(
                "database_url",
                &secret::without_password(&self.database_url),
            )
            .field(
                "database_read_url",
                &self
                    .database_read_url
                    .as_deref()
                    .map(secret::without_password),
            )
            .field("db_pool_size", &self.db_pool_size)
            .field("sqlite_synchronous", &self.sqlite_synchronous)
            .field("position_cache", &self.position_cache)
            .field("max_actions_per_game", &self.max_actions_per_game)
            .field("guest_retention_days", &self.guest_retention_days)
            .finish()
    }
}

/// Serving HTTP.
#[derive(Clone, Debug)]
pub struct Serving {
    pub bind: SocketAddr,
    pub workers: usize,
    pub log_level: String,
    /// Logs as one JSON object a line (`LOG_FORMAT=json`) instead of text.
    pub log_json: bool,
    /// Allowed browser origins; empty means any origin.
    pub cors_origins: Vec<String>,
    /// Largest JSON body accepted, in bytes (`JSON_LIMIT_BYTES`).
    pub json_limit: usize,
    /// The header a reverse proxy in front of the server puts the client's address in
    /// (e.g. `X-Forwarded-For`), lower case: trusted only when set, and then its last
    /// address is the client's. Unset: the connection's address.
    pub client_ip_header: Option<String>,
    /// When set, `GET /metrics` answers only `Authorization: Bearer <this>`.
    pub metrics_token: Option<Secret>,
    /// The server's public base URL (`https://spider.example`), named in the OAuth metadata;
    /// unset: the scheme and host each request came to.
    pub public_url: Option<String>,
}

/// Accounts and sessions.
#[derive(Clone, Debug)]
pub struct Accounts {
    pub jwt_secret: Secret,
    /// During a rotation of `jwt_secret`: the secret before it, still accepted for the tokens
    /// it signed (`JWT_PREVIOUS_SECRET`).
    pub jwt_previous_secret: Option<Secret>,
    /// True when `jwt_secret` is the development default.
    pub jwt_secret_is_default: bool,
    pub jwt_ttl_seconds: u64,
    /// Passwords hashed or verified at once (each holds about 19 MiB); more wait.
    pub password_hashes: usize,
    /// How long a sign-in or sign-up waits for a turn to hash before 503 `auth_busy` (not
    /// read from the environment).
    pub password_hash_wait: Duration,
}

/// What one caller (a token, an account, a client address, a chat member) may do; for each
/// `…_per_minute` and `…_per_hour`, 0 means no limit.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Requests per second allowed per token and per client address; 0 turns limits off.
    pub rate_limit_per_second: u32,
    pub rate_limit_burst: u32,
    /// Password guesses per account and client address per minute (ten times that per
    /// account from all addresses).
    pub login_attempts_per_minute: u32,
    /// Guest accounts one client address (an IPv6 /64 block) may create per minute.
    pub guests_per_minute: u32,
    /// Registered accounts one client address (an IPv6 /64 block) may create per hour.
    pub registrations_per_hour: u32,
    /// App approvals one account, and code trades one client address, may make per minute.
    pub app_grants_per_minute: u32,
    /// Bulk exports of a player's games one client address may start per minute.
    pub bulk_exports_per_minute: u32,
    /// Chat commands one chat identity may send per minute.
    pub chat_commands_per_minute: u32,
    /// Chat commands one Discord server, Slack workspace or Telegram chat may send per minute.
    pub chat_workspace_commands_per_minute: u32,
    /// Games on proven winnable deals one player may start per hour.
    pub winnable_per_user_per_hour: u32,
    /// Actions one account may import per hour (`POST /v1/games/import`), all its imports
    /// together.
    pub import_actions_per_hour: u32,
    /// Actions one client address (an IPv6 /64 block) may import per hour, all its accounts
    /// together (`IMPORT_ACTIONS_PER_ADDRESS_PER_HOUR`).
    pub import_actions_per_address_per_hour: u32,
    /// Games on proven winnable deals one client address may start per hour, all its
    /// accounts together.
    pub winnable_per_address_per_hour: u32,
    /// Race rooms one client address may open per hour, all its accounts together.
    pub races_per_address_per_hour: u32,
    /// Arenas one account may have made that are not over yet (`ARENAS_PER_ACCOUNT`); 0: none.
    pub arenas_per_account: u32,
    /// Arenas one client address may make per hour, all its accounts together.
    pub arenas_per_address_per_hour: u32,
    /// Games one player may have in progress (those they started; race rounds deal theirs);
    /// more get 409 `too_many_games`; 0: no limit.
    pub games_in_progress_per_user: u32,
    /// Live streams (game and race) one user may have open on one instance.
    pub streams_per_user: usize,
    /// Live streams one client address may have open on one instance (the address as the
    /// rate limits see it, `CLIENT_IP_HEADER`); 0: no limit.
    pub streams_per_address: usize,
    /// A live stream that has sent no event for this long ends (an `idle` event), so
    /// forgotten tabs and abandoned bots do not hold a place for ever
    /// (`STREAM_IDLE_SECONDS`).
    pub stream_idle: Duration,
}

/// The chat platforms: each endpoint is off (404) until its secret is set.
#[derive(Clone, Debug, Default)]
pub struct Chat {
    /// Discord's application public key (64 hex digits).
    pub discord_public_key: Option<ed25519_dalek::VerifyingKey>,
    /// Slack's signing secret.
    pub slack_signing_secret: Option<Secret>,
    /// The secret Telegram sends with each update (1–256 of `A-Z a-z 0-9 _ -`, as Telegram
    /// allows).
    pub telegram_webhook_secret: Option<Secret>,
    /// Each platform's bot token (`DISCORD_BOT_TOKEN`, `SLACK_BOT_TOKEN`,
    /// `TELEGRAM_BOT_TOKEN`): with it, the service posts an arena's results into the channel it
    /// was made in when it ends; without it, that platform gets no message of ours.
    pub bots: Bots,
}

/// The chat platforms' bot tokens and where their APIs are.
#[derive(Clone, Debug)]
pub struct Bots {
    pub discord_token: Option<Secret>,
    pub slack_token: Option<Secret>,
    pub telegram_token: Option<Secret>,
    /// The APIs' base addresses (`DISCORD_API_URL`, `SLACK_API_URL`, `TELEGRAM_API_URL`):
    /// the platforms' own unless a test or a proxy says otherwise.
    pub discord_api: String,
    pub slack_api: String,
    pub telegram_api: String,
}

impl Default for Bots {
    fn default() -> Bots {
        Bots {
            discord_token: None,
            slack_token: None,
            telegram_token: None,
            discord_api: "https://discord.com/api/v10".into(),
            slack_api: "https://slack.com/api".into(),
            telegram_api: "https://api.telegram.org".into(),
        }
    }
}

/// The daily challenge.
#[derive(Clone, Debug)]
pub struct Daily {
    /// Key of the daily deal derivation (HMAC-SHA256).
    pub daily_secret: Secret,
    pub daily_secret_is_default: bool,
    /// Shifts the daily calendar (tests only; not read from the environment).
    pub calendar_offset: chrono::Duration,
}

/// Searches: hints and post-game analyses.
#[derive(Clone, Debug)]
pub struct Searches {
    /// Searches run at once; more get 503 `search_busy`.
    pub search_pool: usize,
    /// Searches one client address may hold at once (an account always holds at most one);
    /// `None`: the pool's default share (1 of 2 slots, else 2).
    pub searches_per_address: Option<usize>,
    /// The share of each hint level's standard search (its positions), in percent: lower
    /// answers sooner from a shallower search.
    pub hint_budget_percent: u32,
    /// Positions one post-game analysis may search: the bound on its time (about 10–20 s per
    /// 50 million on one core of a release build).
    pub analysis_positions: u64,
}

/// Background work: the winnable-deal prover, CPU lines, race stand-ins and ratings
/// (`src/jobs`).
#[derive(Clone, Debug)]
pub struct Jobs {
    /// Proven winnable deals to keep waiting per class and difficulty; 0 stops the
    /// background prover.
    pub winnable_pool: usize,
    /// Suit counts whose Spider deals (standard rule) are proven ahead of any request.
    pub winnable_prefill: Vec<engine::Suits>,
    /// Proven deals of each kind and difficulty kept for race rounds (a player's request
    /// never takes the last ones; at most `winnable_pool - 1` on an instance that proves).
    pub winnable_reserve: u32,
    /// Whether the prover, once its deals are stocked, computes the line a CPU player of each
    /// level plays on each waiting deal (race rooms' CPUs play them).
    pub cpu_lines: bool,
    /// Puzzles of each suit setting the miner keeps in the set (docs/PUZZLES.md); 0 stops it.
    pub puzzle_pool: usize,
    /// Whether this instance takes part in scheduled work (race stand-ins and ratings; one
    /// instance at a time does it, by a lease).
    pub scheduled_work: bool,
    /// The operator's recurring arenas (`ARENA_SCHEDULES`, docs/ARENAS.md).
    pub arena_schedules: Vec<ArenaSchedule>,
}

/// A recurring arena: `name:suits:every:lasts[:at]`, the three durations in minutes, `at`
/// from midnight UTC on 1 January 2026 (default 0): e.g. `Hourly:1:60:45` runs an arena of
/// 45 minutes on every hour, `Evening:4:1440:120:1200` one of two hours at 20:00 each day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaSchedule {
    pub name: String,
    pub suits: engine::Suits,
    pub every_minutes: u32,
    pub lasts_minutes: u32,
    pub at_minute: u32,
}

impl ArenaSchedule {
    /// One schedule as written in `ARENA_SCHEDULES`; `None` when it cannot be kept (a period
    /// under a minute, a length of none or longer than the period, a name empty or over 60
    /// characters).
    pub fn parse(text: &str) -> Option<ArenaSchedule> {
        let parts: Vec<&str> = text.split(':').map(str::trim).collect();
        let (name, rest) = parts.split_first()?;
        if name.is_empty() || name.chars().count() > 60 || !(3..=4).contains(&rest.len()) {
            return None;
        }
        let suits = engine::Suits::try_from(rest[0].parse::<u8>().ok()?).ok()?;
        let every_minutes: u32 = rest[1].parse().ok()?;
        let lasts_minutes: u32 = rest[2].parse().ok()?;
        let at_minute: u32 = match rest.get(3) {
            Some(at) => at.parse().ok()?,
            None => 0,
        };
        if every_minutes == 0 || lasts_minutes == 0 || lasts_minutes > every_minutes {
            return None;
        }
        Some(ArenaSchedule {
            name: (*name).to_string(),
            suits,
            every_minutes,
            lasts_minutes,
            at_minute,
        })
    }
}

fn cpus() -> usize {
    std::thread::available_parallelism().map_or(2, std::num::NonZero::get)
}

impl Default for Storage {
    fn default() -> Storage {
        Storage {
            database_url: "sqlite://spider.db".into(),
            database_read_url: None,
            db_pool_size: 16,
            sqlite_synchronous: "FULL".into(),
            position_cache: 4096,
            max_actions_per_game: 5_000,
            guest_retention_days: 0,
        }
    }
}

impl Default for Serving {
    fn default() -> Serving {
        Serving {
            bind: SocketAddr::from(([127, 0, 0, 1], 8080)),
            workers: cpus(),
            log_level: "info".into(),
            log_json: false,
            cors_origins: Vec::new(),
            json_limit: 16 * 1024,
            client_ip_header: None,
            metrics_token: None,
            public_url: None,
        }
    }
}

impl Default for Accounts {
    fn default() -> Accounts {
        Accounts {
            jwt_secret: DEV_JWT_SECRET.into(),
            jwt_previous_secret: None,
            jwt_secret_is_default: true,
            jwt_ttl_seconds: 7 * 24 * 3600,
            password_hashes: cpus(),
            password_hash_wait: Duration::from_secs(2),
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            rate_limit_per_second: 50,
            rate_limit_burst: 100,
            login_attempts_per_minute: 10,
            guests_per_minute: 10,
            registrations_per_hour: 10,
            app_grants_per_minute: 30,
            bulk_exports_per_minute: 10,
            chat_commands_per_minute: 20,
            chat_workspace_commands_per_minute: 600,
            winnable_per_user_per_hour: 30,
            import_actions_per_hour: 20_000,
            import_actions_per_address_per_hour: 40_000,
            winnable_per_address_per_hour: 120,
            races_per_address_per_hour: 60,
            arenas_per_account: 3,
            arenas_per_address_per_hour: 10,
            games_in_progress_per_user: 200,
            streams_per_user: 8,
            streams_per_address: 64,
            stream_idle: Duration::from_secs(30 * 60),
        }
    }
}

impl Default for Daily {
    fn default() -> Daily {
        Daily {
            daily_secret: DEV_DAILY_SECRET.into(),
            daily_secret_is_default: true,
            calendar_offset: chrono::Duration::zero(),
        }
    }
}

impl Default for Searches {
    fn default() -> Searches {
        Searches {
            search_pool: cpus(),
            searches_per_address: None,
            hint_budget_percent: 100,
            analysis_positions: crate::engine::analysis::AnalysisBudget::default().nodes,
        }
    }
}

impl Default for Jobs {
    fn default() -> Jobs {
        Jobs {
            winnable_pool: 5,
            puzzle_pool: 1_000,
            winnable_prefill: engine::Suits::ALL.to_vec(),
            winnable_reserve: 1,
            cpu_lines: true,
            scheduled_work: true,
            arena_schedules: Vec::new(),
        }
    }
}

impl Config {
    /// The defaults, overridden by whichever variables are set in the process environment.
    pub fn from_env() -> Result<Config, ConfigError> {
        env::read(&|name| std::env::var(name).ok())
    }

    /// Refuse a server reachable from other machines that would run on the built-in
    /// development secrets: anyone could forge tokens and compute every daily deal.
    pub fn check_exposure(&self) -> Result<(), ConfigError> {
        let exposed = !self.serving.bind.ip().is_loopback();
        let (jwt, daily) = (
            self.accounts.jwt_secret_is_default,
            self.daily.daily_secret_is_default,
        );
        if exposed && (jwt || daily) {
            return Err(ConfigError {
                var: if jwt { "JWT_SECRET" } else { "DAILY_SECRET" },
                value: "(unset)".into(),
                expected: "a secret of 32+ characters whenever BIND is not a loopback address \
                           (set both JWT_SECRET and DAILY_SECRET)"
                    .into(),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_never_print() {
        let mut config = Config::default();
        config.accounts.jwt_secret = "a-jwt-secret-that-must-not-leak-0123456789".into();
        config.daily.daily_secret = "a-daily-secret-that-must-not-leak-0123456".into();
        config.storage.database_url = "postgres://spider:db-password-must-not-leak@h/db".into();
        config.storage.database_read_url =
            Some("postgres://u@h1,h2/db?password=read-must-not-leak".into());
        let printed = format!(
            "{config:?} {} {}",
            config.accounts.jwt_secret, config.daily.daily_secret
        );
        assert!(!printed.contains("must-not-leak"), "{printed}");
        assert!(printed.contains("[redacted]"));
        assert_eq!(
            config.accounts.jwt_secret.expose(),
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
        config.serving.bind = SocketAddr::from(([0, 0, 0, 0], 8080));
        assert!(config.check_exposure().is_err());
        config.accounts.jwt_secret_is_default = false;
        assert!(
            config.check_exposure().is_err(),
            "the daily secret is still the default"
        );
        config.daily.daily_secret_is_default = false;
        assert!(config.check_exposure().is_ok());
    }
}
