//! The application layer: one function per use case, taking typed inputs and the caller's
//! identity and returning domain results or one [`Error`]. It owns read → decide (engine) →
//! write and the retries. No actix, no status codes: the HTTP layer maps [`Error`] to a
//! problem in one place.

// The floors below and the crates beside them, under the names the rest of the service knows
// them by.
use spider_auth as auth;
/// The product's own rules, handed up with the use cases: the types their inputs and answers
/// are made of.
pub use spider_domain as domain;
/// The rules engine, handed up with the use cases: the vocabulary of positions, actions and
/// hints their inputs and answers are made of (the HTTP layer names nothing under this crate).
pub use spider_engine as engine;
use spider_i18n as i18n;
use spider_store as store;

pub mod accounts;
pub mod analysis;
pub mod arenas;
pub mod boards;
pub mod chat;
pub mod clock;
pub mod commands;
pub mod credentials;
pub mod daily;
mod error;
pub mod exports;
pub mod feed;
pub mod games;
pub mod hints;
pub mod history;
pub mod identity;
pub mod instance;
pub mod live;
pub mod oauth;
pub mod paces;
pub mod positions;
pub mod profiles;
pub mod public_names;
pub mod puzzles;
pub mod races;
pub mod ranks;
pub mod retention;
pub mod searches;
pub mod snapshot;
pub mod tokens;
pub mod wanted;

use crate::store::Db;
/// A failed database call, and what it means to whoever asked.
pub use crate::store::{Failure, StoreError};
pub use arenas::ArenaError;
use clock::Clock;
pub use error::{AccountError, ChatError, Error, GameError, OAuthProblem, RaceError, SearchError};
pub use puzzles::PuzzleError;
use wanted::Prover;

/// What the use cases reach: the database, the server's clock (and the dailies' calendar), the prover of winnable
/// deals and the wake-up of live streams. Cheap to clone.
#[derive(Clone)]
pub struct Play {
    pub db: Db,
    pub clock: Clock,
    /// The key of the daily deal derivation (`crate::domain::daily`).
    pub daily_secret: std::sync::Arc<[u8]>,
    pub winnable: Prover,
    pub live: live::Live,
    /// The rooms followed by live streams here, each read once for all of them.
    pub rooms: feed::Feeds<races::RoomFeed>,
    /// Arenas: operators' schedules, accounts' limits, the standings followed here.
    pub arenas: arenas::Arenas,
    /// Snapshots of the all-time boards, for a player's own place on them.
    pub ranks: ranks::Ranks,
    /// The positions this instance last wrote, so the next action skips the read.
    pub positions: std::sync::Arc<positions::Positions>,
    /// The most actions a game's log may hold.
    pub max_actions: u32,
    /// Actions one account may import per hour; 0: no limit.
    pub import_actions_per_hour: u32,
    /// How proven winnable deals are shared out.
    pub rationing: games::Rationing,
    /// The bounded pool hints and analyses search on.
    pub searches: searches::SearchPool,
    /// Hints search this share (in percent) of each level's positions.
    pub hint_budget_percent: u32,
    /// The most positions one analysis may search.
    pub analysis_positions: u64,
    /// Idle guests and their games this instance removed (`retention`).
    pub removed: std::sync::Arc<retention::Counted>,
}

/// Run `f` on the runtime's blocking threads, off the async workers (tokio's `spawn_blocking`,
/// which actix-web's `web::block` calls too): the one way every floor runs blocking work such
/// as diesel's. Only password hashing (`crate::auth`) spawns its own, once it holds a turn.
pub async fn off_the_workers<R, F>(f: F) -> Result<R, Error>
where
    F: FnOnce() -> R + Send + 'static,
    R: Send + 'static,
{
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| Error::Internal(format!("blocking task failed: {e}")))
}

/// Run blocking work (diesel) off the async workers.
pub async fn blocking<T, F>(f: F) -> Result<T, Error>
where
    F: FnOnce() -> Result<T, Error> + Send + 'static,
    T: Send + 'static,
{
    off_the_workers(f).await?
}

/// Idempotency keys one statement of the upkeep forgets.
pub const KEY_BATCH: i64 = 1_000;

/// The most batches of keys one upkeep run forgets: 100,000 keys a minute, far above the
/// three million a day a busy day writes (docs/OPERATIONS.md, "What a busy year costs").
pub const KEY_BATCHES_PER_RUN: usize = 100;

/// Upkeep that one instance at a time does (the holder of the `upkeep` lease): forget
/// idempotency keys past their lifetime (a bounded batch per call), signed-out sessions
/// whose tokens have expired anyway, leases that ran out, one-time codes an hour past their
/// expiry, chat deliveries an hour old, and records' removals from the boards a day old. How
/// many rows were forgotten.
pub fn upkeep(db: &Db, holder: &str, at: chrono::NaiveDateTime) -> Result<usize, Error> {
    let until = at + chrono::TimeDelta::seconds(90);
    let holder = holder.to_string();
    let first = db.write(move |conn| -> Result<Option<(usize, usize)>, StoreError> {
        if !crate::store::leases::take(conn, "upkeep", &holder, at, until)? {
            return Ok(None);
        }
        let keys = crate::store::idempotency::forget_old_keys(conn, at, KEY_BATCH)?;
        let sessions = crate::store::users::forget_ended_sessions(conn, at)?;
        let leases = crate::store::leases::forget_expired(conn, at)?;
        let codes = crate::store::codes::prune(conn, at - chrono::TimeDelta::hours(1))?;
        let deliveries =
            crate::store::chat::forget_deliveries(conn, at - chrono::TimeDelta::hours(1))?;
        let removals =
            crate::store::records::forget_removals(conn, at - chrono::TimeDelta::days(1))?;
        Ok(Some((
            keys,
            sessions + leases + codes + deliveries + removals,
        )))
    })?;
    let Some((mut keys, others)) = first else {
        return Ok(0);
    };
    // A busy day writes more keys than one batch a minute forgets (the web page sends one
    // with every action): further batches, each a short write of its own, while they come
    // back full, up to KEY_BATCHES_PER_RUN a run.
    let mut last = keys;
    let mut batches = 1;
    while last >= KEY_BATCH as usize && batches < KEY_BATCHES_PER_RUN {
        last =
            db.write(move |conn| crate::store::idempotency::forget_old_keys(conn, at, KEY_BATCH))?;
        keys += last;
        batches += 1;
    }
    Ok(keys + others)
}
