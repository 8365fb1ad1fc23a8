//! The times CPU players race to: the median time people took to win each kind of game (race
//! and daily wins), recomputed by the scheduled work (`jobs::paces`) and read when a round
//! starts (`domain::pace` turns it into a pace per level).

use std::time::Duration;

use super::Error;
use crate::domain::pace;
use crate::engine::{Suits, Variant};
use crate::store::{self, Db, StoreError};

/// How often the medians are recomputed.
pub const EVERY: Duration = Duration::from_secs(600);

/// The lease that makes one instance at a time recompute them (a little over [`EVERY`], so
/// the holder keeps it and another instance takes over within it after a stop).
pub const LEASE: Duration = Duration::from_secs(660);

/// The kinds of game a race or a daily is dealt.
const KINDS: [(Variant, Suits); 6] = [
    (Variant::Spider, Suits::One),
    (Variant::Spider, Suits::Two),
    (Variant::Spider, Suits::Four),
    (Variant::Spiderette, Suits::One),
    (Variant::Spiderette, Suits::Two),
    (Variant::Spiderette, Suits::Four),
];

/// Recompute the median of each kind with enough wins, if `holder` holds the lease. How many
/// kinds now follow people's times.
pub fn recompute(db: &Db, holder: &str, at: chrono::NaiveDateTime) -> Result<usize, Error> {
    let until = at + LEASE;
    let name = holder.to_string();
    let held = db.write(move |conn| store::leases::take(conn, "paces", &name, at, until))?;
    if !held {
        return Ok(0);
    }
    let mut followed = 0;
    for (variant, suits) in KINDS {
        let times =
            db.read(|conn| store::paces::human_times(conn, variant, suits, pace::MAX_SAMPLES))?;
        let samples = times.len();
        let Some(median) = pace::median(times) else {
            continue;
        };
        db.write(move |conn| -> Result<(), StoreError> {
            store::paces::save(conn, variant, suits, median, samples, at)
        })?;
        followed += 1;
    }
    Ok(followed)
}

/// The median time people take to win a game of this kind: the stored one once there were
/// enough wins, else the default (`domain::pace::default_human_ms`).
pub fn human_ms(db: &Db, variant: Variant, suits: Suits) -> Result<i64, Error> {
    let stored = db.read(|conn| store::paces::median(conn, variant, suits))?;
    Ok(stored.unwrap_or_else(|| pace::default_human_ms(variant, suits)))
}
