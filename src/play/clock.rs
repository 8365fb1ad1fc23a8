//! The server's clock, which the application takes rather than reads: what time it is (as
//! stored, to the microsecond), which UTC day it is (the dailies' calendar), and whether a day
//! is over. Production runs on the system's clock, shifted by `CALENDAR_OFFSET` when set;
//! tests move theirs forward ([`Clock::advance`]) instead of sleeping while time passes. Never
//! a client's clock. The daily deal itself is a pure function of the day (`domain::daily`).

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use chrono::{NaiveDate, NaiveDateTime, TimeDelta, Utc};

/// The server's clock: the system's, shifted by an offset that only moves forward. Cheap to
/// clone; clones share the offset.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    /// Microseconds added to the system's time.
    offset_us: Arc<AtomicI64>,
}

impl Clock {
    /// The system's clock shifted by `offset`.
    pub fn shifted(offset: TimeDelta) -> Clock {
        let clock = Clock::default();
        clock.advance(offset);
        clock
    }

    /// Now, as the store keeps it: UTC without a zone, to the microsecond on both backends.
    pub fn now(&self) -> NaiveDateTime {
        let offset = TimeDelta::microseconds(self.offset_us.load(Ordering::Relaxed));
        crate::store::as_stored(Utc::now() + offset)
    }

    /// Today's UTC date.
    pub fn today(&self) -> NaiveDate {
        self.now().date()
    }

    /// True once `date` has ended everywhere the server counts (UTC).
    pub fn is_over(&self, date: NaiveDate) -> bool {
        date < self.today()
    }

    /// Move the clock forward by `by` (tests: a countdown or a day passes at once).
    pub fn advance(&self, by: TimeDelta) {
        let us = by.num_microseconds().unwrap_or(i64::MAX);
        self.offset_us.fetch_add(us, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_is_over_only_after_it_ends() {
        let clock = Clock::default();
        let today = clock.today();
        assert!(!clock.is_over(today));
        assert!(clock.is_over(today.pred_opt().unwrap()));
        let tomorrow = Clock::shifted(TimeDelta::days(1));
        assert!(tomorrow.is_over(today));
    }

    #[test]
    fn a_moved_clock_moves_every_clone_and_keeps_microseconds() {
        let clock = Clock::default();
        let other = clock.clone();
        let before = other.now();
        clock.advance(TimeDelta::seconds(3));
        let after = other.now();
        assert!(after - before >= TimeDelta::seconds(3), "{before} {after}");
        assert_eq!(after.and_utc().timestamp_subsec_nanos() % 1_000, 0);
    }
}
