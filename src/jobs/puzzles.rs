//! The puzzle miner (docs/PUZZLES.md): mines players' finished games as they come (each once,
//! a few a round), and keeps `PUZZLE_POOL` puzzles of each suit setting in the set by mining
//! numbered deals the hint player plays. One thread per instance, at a lower
//! scheduling priority than requests; one instance at a time mines players' games and each
//! suit setting (a lease each), and a deal number is drawn at random each time (it stays the server's: a puzzle
//! never shows it). Before each deal it fixes today's daily puzzles where the set held none at
//! midnight, so a new server has them on its first day.

use std::sync::Weak;
use std::time::Duration;

use crate::engine::{DealSpec, Rules, Suits, Variant};
use crate::play::clock::Clock;
use crate::play::puzzles;
use crate::store::{leases, Db};

/// How long the lease on mining one suit setting lasts without renewal (each deal renews it).
pub const LEASE: Duration = Duration::from_secs(120);

/// Players' finished games mined per round (each may take an analysis of a few seconds).
const GAMES_PER_ROUND: i64 = 5;

/// The lease on mining players' games.
const GAMES_LEASE: &str = "puzzles:mine:games";

/// How long the miner sleeps once every suit setting holds its pool.
const IDLE: Duration = Duration::from_secs(60);

/// Starts the miner (unless `pool` is 0); it stops once `alive` has no strong reference left.
pub fn start(
    db: Db,
    clock: Clock,
    secret: std::sync::Arc<[u8]>,
    holder: String,
    pool: usize,
    alive: Weak<()>,
) {
    if pool == 0 {
        return;
    }
    let spawned = std::thread::Builder::new()
        .name("puzzle-miner".into())
        .spawn(move || {
            crate::play::searches::lower_priority();
            mine_forever(
                &db,
                &clock,
                &secret,
                &holder,
                i64::try_from(pool).unwrap_or(i64::MAX),
                &alive,
            );
        });
    if let Err(e) = spawned {
        tracing::error!(%e, "could not start the puzzle miner");
    }
}

fn lease_name(suits: Suits) -> String {
    format!("puzzles:mine:spider:{}", suits.count())
}

fn claim(db: &Db, clock: &Clock, holder: &str, name: &str) -> bool {
    let (name, holder) = (name.to_string(), holder.to_string());
    let at = clock.now();
    let until = at + LEASE;
    let taken: Result<bool, crate::store::StoreError> =
        db.write(move |conn| leases::take(conn, &name, &holder, at, until));
    taken.unwrap_or_else(|e| {
        tracing::warn!(%e, "puzzle miner: taking a lease");
        false
    })
}

fn mine_forever(db: &Db, clock: &Clock, secret: &[u8], holder: &str, pool: i64, alive: &Weak<()>) {
    loop {
        if alive.strong_count() == 0 {
            return;
        }
        // Today's daily puzzles, where the set held none at midnight (a new server's first day).
        if let Err(e) = puzzles::fix_today(db, secret, clock.today(), clock.now()) {
            tracing::warn!(%e, "puzzle miner: fixing today's daily puzzles");
        }
        let games = mine_some_games(db, clock, holder);
        let mut short = None;
        for suits in Suits::ALL {
            match db.read(|conn| crate::store::puzzles::count(conn, Variant::Spider, suits)) {
                Ok(n) if n < pool && claim(db, clock, holder, &lease_name(suits)) => {
                    short = Some(suits);
                    break;
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(%e, "puzzle miner: counting the set"),
            }
        }
        let Some(suits) = short else {
            // While players' games wait, no idling.
            if games == 0 {
                std::thread::sleep(IDLE);
            }
            continue;
        };
        let Some(number) = random_number() else {
            std::thread::sleep(Duration::from_secs(1));
            continue;
        };
        let spec = DealSpec {
            variant: Variant::Spider,
            suits,
            rules: Rules::default(),
            deal_number: number,
        };
        match puzzles::mine_deal(db, &spec, clock.now()) {
            Ok((met, added)) => {
                tracing::debug!(
                    suits = suits.count(),
                    met = met.len(),
                    added,
                    "mined a deal"
                );
            }
            Err(e) => {
                tracing::warn!(%e, "puzzle miner: mining a deal");
                std::thread::sleep(Duration::from_secs(5));
            }
        }
    }
}

/// Mines a few players' finished games not mined before, if this instance holds the lease on
/// them; returns how many.
fn mine_some_games(db: &Db, clock: &Clock, holder: &str) -> usize {
    if !claim(db, clock, holder, GAMES_LEASE) {
        return 0;
    }
    match puzzles::mine_games(db, clock.today(), clock.now(), GAMES_PER_ROUND) {
        Ok(done) => {
            if done.games > 0 {
                tracing::debug!(
                    games = done.games,
                    met = done.met,
                    added = done.added,
                    "mined players' games"
                );
            }
            done.games
        }
        Err(e) => {
            tracing::warn!(%e, "puzzle miner: mining players' games");
            0
        }
    }
}

fn random_number() -> Option<u64> {
    use rand_core::{OsRng, TryRngCore};
    OsRng.try_next_u64().ok()
}
