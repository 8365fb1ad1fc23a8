//! Reads that may be a second stale, from a standby (`DATABASE_READ_URL`, e.g. a libpq
//! multi-host URL with `target_session_attrs=prefer-standby`): the boards, public profiles and
//! exports, the daily page. A player's own game, and anything read right after their write,
//! stays on the primary. A standby that cannot be reached is skipped for a few seconds and
//! its reads go to the primary, so losing it costs nobody an answer.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use diesel::r2d2;

use super::{Manager, Pool};

/// How long a read waits for a standby connection before it goes to the primary.
const CHECKOUT: Duration = Duration::from_millis(250);
/// How long a standby that failed is left alone (its reads go to the primary meanwhile).
const SKIP_FOR: Duration = Duration::from_secs(5);

/// The standby's pool and what it answered.
pub(super) struct Replica {
    pool: Pool,
    skip_until: Mutex<Option<Instant>>,
    /// Reads the standby answered.
    pub(super) served: AtomicU64,
    /// Reads that went to the primary because the standby could not answer.
    pub(super) fell_back: AtomicU64,
}

impl Replica {
    /// A pool of at most `size` connections to `url`. Nothing is connected yet: a standby
    /// that is down at start costs nothing until a read asks for it.
    pub(super) fn new(manager: Manager, size: u32) -> Replica {
        let pool = r2d2::Pool::builder()
            .max_size(size.max(1))
            .min_idle(Some(0))
            .test_on_check_out(true)
            .connection_timeout(CHECKOUT)
            .build_unchecked(manager);
        Replica {
            pool,
            skip_until: Mutex::new(None),
            served: AtomicU64::new(0),
            fell_back: AtomicU64::new(0),
        }
    }

    /// A connection to the standby, unless it failed within [`SKIP_FOR`] or does not give one
    /// within [`CHECKOUT`] (then it is skipped for [`SKIP_FOR`]).
    pub(super) fn conn(&self) -> Option<r2d2::PooledConnection<Manager>> {
        let mut skip = self.skip_until.lock().unwrap_or_else(|e| e.into_inner());
        if skip.is_some_and(|until| Instant::now() < until) {
            return None;
        }
        *skip = None;
        drop(skip);
        match self.pool.get_timeout(CHECKOUT) {
            Ok(conn) => Some(conn),
            Err(e) => {
                tracing::warn!(error = %e, "the standby for stale reads is not answering: reads go to the primary");
                self.skip();
                None
            }
        }
    }

    pub(super) fn skip(&self) {
        *self.skip_until.lock().unwrap_or_else(|e| e.into_inner()) =
            Some(Instant::now() + SKIP_FOR);
    }

    pub(super) fn counts(&self) -> (u64, u64) {
        (
            self.served.load(Ordering::Relaxed),
            self.fell_back.load(Ordering::Relaxed),
        )
    }
}
