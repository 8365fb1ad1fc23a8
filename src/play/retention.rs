//! Retention of idle guests (`GUEST_RETENTION_DAYS`): a guest account whose newest activity
//! (its creation, its games' last actions, their events) is older than that many days, and
//! that nothing on a board, in a race, in an app or a chat refers to, is removed with its
//! games (`store::retention` says what keeps one, table by table). Run by the scheduled work
//! (`jobs::retention`), a bounded batch at a time, each guest in a write of its own.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use chrono::{NaiveDateTime, TimeDelta};

use super::{Error, Play};
use crate::store::{self, StoreError};

/// How often a run starts.
pub const EVERY: Duration = Duration::from_secs(3600);

/// The lease that makes one instance at a time do it (a little over [`EVERY`], so the
/// holder keeps it and another instance takes over within it after a stop).
pub const LEASE: Duration = Duration::from_secs(3660);

/// The most guests one run removes (the rest wait for the next run).
pub const PER_RUN: i64 = 500;

/// What one run removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Removed {
    pub guests: usize,
    pub games: usize,
}

/// What this instance removed since it started (`spider_retention_removed_total`).
#[derive(Debug, Default)]
pub struct Counted {
    guests: AtomicU64,
    games: AtomicU64,
}

impl Counted {
    fn add(&self, removed: Removed) {
        let count = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
        self.guests
            .fetch_add(count(removed.guests), Ordering::Relaxed);
        self.games
            .fetch_add(count(removed.games), Ordering::Relaxed);
    }

    /// (guests, games) removed so far.
    pub fn totals(&self) -> (u64, u64) {
        (
            self.guests.load(Ordering::Relaxed),
            self.games.load(Ordering::Relaxed),
        )
    }
}

/// The moment before which a guest's newest activity makes it idle: `days` before `now`.
/// `None` when `days` is 0 (retention off) or reaches before the calendar's start.
pub fn cutoff(now: NaiveDateTime, days: u32) -> Option<NaiveDateTime> {
    if days == 0 {
        return None;
    }
    now.checked_sub_signed(TimeDelta::try_days(i64::from(days))?)
}

/// One run at `now` with guests kept `days` days, if `holder` holds the `retention` lease:
/// at most [`PER_RUN`] idle guests removed with their games, each in one transaction, and
/// counted in `play.removed`. A failure stops the run (what was removed before it is counted).
pub fn run(play: &Play, holder: &str, days: u32, now: NaiveDateTime) -> Result<Removed, Error> {
    let Some(cutoff) = cutoff(now, days) else {
        return Ok(Removed::default());
    };
    let until = now + LEASE;
    let name = holder.to_string();
    let db = &play.db;
    let held = db.write(move |conn| store::leases::take(conn, "retention", &name, now, until))?;
    if !held {
        return Ok(Removed::default());
    }
    let idle = db.read(|conn| store::retention::idle_guests(conn, cutoff, PER_RUN))?;
    let mut removed = Removed::default();
    let mut failed = None;
    for id in idle {
        match db.write(move |conn| -> Result<_, StoreError> {
            store::retention::remove_guest(conn, &id, cutoff)
        }) {
            Ok(Some(games)) => {
                removed.guests += 1;
                removed.games += games;
            }
            Ok(None) => {}
            Err(e) => {
                failed = Some(e);
                break;
            }
        }
    }
    play.removed.add(removed);
    match failed {
        Some(e) => Err(e.into()),
        None => Ok(removed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cutoff_is_days_before_now_and_zero_days_is_off() {
        let now = chrono::NaiveDate::from_ymd_opt(2026, 12, 31)
            .and_then(|d| d.and_hms_opt(12, 0, 0))
            .expect("a date");
        assert_eq!(cutoff(now, 0), None);
        assert_eq!(cutoff(now, 30), Some(now - TimeDelta::days(30)));
        assert_eq!(cutoff(now, u32::MAX), None, "before the calendar's start");
    }
}
