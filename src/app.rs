//! The composition root: what one instance is made of, built in one place from the config and
//! the database. [`play`] builds the application layer (and with it the prover of winnable
//! deals, whose thread starts here), [`accounts`] the account services, [`jobs`] starts the
//! scheduled work, and [`serve`] hands them with the in-memory limits to `http::serve`, which
//! adds only HTTP's own settings and metrics. Nothing else builds them.

use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

use actix_web::dev::Server;

use crate::auth::{Hashing, Tokens};
use crate::config::Config;
use crate::engine::{EmptyColumnDeal, Variant};
use crate::jobs::winnable;
use crate::jobs::Jobs;
use crate::play::accounts::{Accounts, SessionChecks};
use crate::play::clock::Clock;
use crate::play::games::Rationing;
use crate::play::live::Live;
use crate::play::positions::Positions;
use crate::play::ranks::Ranks;
use crate::play::searches::SearchPool;
use crate::play::Play;
use crate::store::winnable::Class;
use crate::store::{self, Backend, Db};

/// Serve on `listener`: this instance's application layer and scheduled work, built from
/// `config` on `db`. The caller awaits the returned server.
pub fn run(config: &Config, db: Db, listener: TcpListener) -> std::io::Result<Server> {
    serve(config, db, listener, search_pool(config))
}

/// [`run`] with a search pool the caller made (tests hold its slots to fill it).
pub fn serve(
    config: &Config,
    db: Db,
    listener: TcpListener,
    searches: SearchPool,
) -> std::io::Result<Server> {
    crate::http::serve(config, parts(config, db, searches)?, listener)
}

/// What [`serve`] hands the HTTP layer: the application layer on `db` (with the standby for
/// stale reads when `config` names one), the account services, the in-memory limits, and
/// the scheduled jobs, started.
pub fn parts(config: &Config, db: Db, searches: SearchPool) -> std::io::Result<crate::http::Parts> {
    let db = match &config.storage.database_read_url {
        Some(url) => db
            .with_standby(url, config.storage.db_pool_size)
            .map_err(std::io::Error::other)?,
        None => db,
    };
    let play = play(config, db, searches)?;
    Ok(crate::http::Parts {
        accounts: accounts(config, &play),
        limits: crate::http::edge::ratelimit::Limits::new(&config.limits),
        jobs: jobs(&play, config),
        play,
    })
}

/// The account services of this instance: password hashing in bounded turns, token signing,
/// session checks remembered for a second, all on `play`'s database and live streams.
pub fn accounts(config: &Config, play: &Play) -> Accounts {
    Accounts {
        db: play.db.clone(),
        clock: play.clock.clone(),
        hashing: Hashing::new(
            config.accounts.password_hashes,
            config.accounts.password_hash_wait,
        ),
        tokens: Tokens::new(&config.accounts.jwt_secret, config.accounts.jwt_ttl_seconds)
            .with_previous(config.accounts.jwt_previous_secret.as_ref()),
        checks: Arc::new(SessionChecks::new(
            Duration::from_secs(1),
            100_000,
            play.clock.clone(),
        )),
        live: play.live.clone(),
    }
}

/// The search pool `config` asks for.
pub fn search_pool(config: &Config) -> SearchPool {
    let per_address = config
        .searches
        .searches_per_address
        .unwrap_or_else(|| SearchPool::default_per_address(config.searches.search_pool));
    SearchPool::with_limits(config.searches.search_pool, per_address)
}

/// The application layer of this instance on `db`, searching on `searches`. Starts the
/// prover (unless `WINNABLE_POOL` is 0) and, on Postgres, the listener that wakes live
/// streams when another instance writes.
pub fn play(config: &Config, db: Db, searches: SearchPool) -> std::io::Result<Play> {
    let live = match db.backend() {
        Backend::Postgres => {
            let (_, url) = store::parse_url(&config.storage.database_url);
            Live::new().share_on_postgres(&url)?
        }
        Backend::Sqlite => Live::new(),
    };
    let prefill = config
        .jobs
        .winnable_prefill
        .iter()
        .map(|&suits| Class {
            variant: Variant::Spider,
            suits,
            empty_column_deal: EmptyColumnDeal::Standard,
        })
        .collect();
    let reserve = match config.jobs.winnable_pool {
        0 => config.jobs.winnable_reserve,
        pool => config
            .jobs
            .winnable_reserve
            .min(u32::try_from(pool - 1).unwrap_or(u32::MAX)),
    };
    // The server's clock: the system's, shifted by CALENDAR_OFFSET when set (tests move it).
    let clock = Clock::shifted(config.daily.calendar_offset);
    Ok(Play {
        daily_secret: config.daily.daily_secret.expose().as_bytes().into(),
        winnable: winnable::start(
            db.clone(),
            clock.clone(),
            config.jobs.winnable_pool,
            config.jobs.cpu_lines,
            prefill,
        ),
        live,
        rooms: Default::default(),
        arenas: arenas(config)?,
        ranks: Ranks::new(clock.clone()),
        clock,
        positions: Arc::new(Positions::new(config.storage.position_cache)),
        max_actions: config.storage.max_actions_per_game,
        import_actions_per_hour: config.limits.import_actions_per_hour,
        rationing: Rationing {
            per_player_per_hour: config.limits.winnable_per_user_per_hour,
            in_progress_per_player: config.limits.games_in_progress_per_user,
            reserve: i64::from(reserve),
        },
        searches,
        hint_budget_percent: config.searches.hint_budget_percent,
        analysis_positions: config.searches.analysis_positions,
        removed: Default::default(),
        db,
    })
}

/// The arenas' settings `config` asks for: the operator's schedules (`ARENA_SCHEDULES`) and
/// each account's allowance.
fn arenas(config: &Config) -> std::io::Result<crate::play::arenas::Arenas> {
    let schedules = config
        .jobs
        .arena_schedules
        .iter()
        .map(|a| {
            crate::play::arenas::Scheduled::every(
                &a.name,
                Variant::Spider,
                a.suits,
                a.at_minute,
                a.every_minutes,
                a.lasts_minutes,
            )
            .ok_or_else(|| std::io::Error::other(format!("ARENA_SCHEDULES {}", a.name)))
        })
        .collect::<std::io::Result<Vec<_>>>()?;
    Ok(crate::play::arenas::Arenas {
        schedules: Arc::new(schedules),
        per_account: config.limits.arenas_per_account,
        feeds: Default::default(),
        snapshots: Default::default(),
    })
}

/// Start the scheduled jobs of `play`; they stop once the returned handle (and every clone of
/// it) is dropped.
pub fn jobs(play: &Play, config: &Config) -> Jobs {
    Jobs::start(play, config)
}
