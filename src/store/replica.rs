//! Reads that may be a second stale, from a standby (`DATABASE_READ_URL`, e.g. a libpq
//! multi-host URL with `target_session_attrs=prefer-standby`): the boards, public profiles and
//! exports, the daily page. A player's own game, and anything read right after their write,
//! stays on the primary. A standby that cannot be reached is skipped for a few seconds and
//! its reads go to the primary, so losing it costs nobody an answer.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use diesel::r2d2;
use diesel::Connection as _;

use super::{DbConn, Manager, Pool, StoreError};

/// How long a read waits for the standby's answer (a connection and the read itself) before
/// it is read from the primary instead, and the standby left alone for [`SKIP_FOR`]. A
/// standby whose machine hangs while its kernel still acknowledges (no socket timeout fires)
/// costs a read this much, once.
pub const ANSWER: Duration = Duration::from_secs(1);

/// How long a read known to be heavy (a snapshot of a whole board, taken off the request path)
/// waits for the standby's answer: a healthy standby that takes more than [`ANSWER`] over it is
/// not mistaken for a hung one.
pub const HEAVY_ANSWER: Duration = Duration::from_secs(30);

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
    /// Reads on the standby not yet answered (each on a thread of its own, so that a hung
    /// standby holds that thread, not the request's); at most [`Replica::most_waiting`].
    waiting: AtomicUsize,
    size: u32,
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
            waiting: AtomicUsize::new(0),
            size: size.max(1),
        }
    }

    /// Reads the standby may owe answers to at once: one per connection it may have, and as
    /// many checking out a connection (a hung standby holds each until it answers).
    fn most_waiting(&self) -> usize {
        2 * self.size as usize
    }

    /// `f` read on the standby, if it answers within `wait` ([`ANSWER`], or [`HEAVY_ANSWER`]
    /// for a heavy read); `None` sends the read to the primary (a standby skipped or slow, its
    /// refusal, or too many reads it still owes).
    pub(super) fn answer<T, E, F>(self: &Arc<Self>, f: Arc<F>, wait: Duration) -> Option<T>
    where
        F: Fn(&mut DbConn) -> Result<T, E> + Send + Sync + 'static,
        T: Send + 'static,
        E: From<StoreError> + From<diesel::result::Error> + Send + 'static,
    {
        let answered = self.ask(f, wait);
        let counter = if answered.is_some() {
            &self.served
        } else {
            &self.fell_back
        };
        counter.fetch_add(1, Ordering::Relaxed);
        answered
    }

    fn ask<T, E, F>(self: &Arc<Self>, f: Arc<F>, wait: Duration) -> Option<T>
    where
        F: Fn(&mut DbConn) -> Result<T, E> + Send + Sync + 'static,
        T: Send + 'static,
        E: From<StoreError> + From<diesel::result::Error> + Send + 'static,
    {
        if self.skipped() {
            return None;
        }
        if self.waiting.fetch_add(1, Ordering::AcqRel) >= self.most_waiting() {
            self.waiting.fetch_sub(1, Ordering::AcqRel);
            return None;
        }
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let me = Arc::clone(self);
        let spawned = std::thread::Builder::new()
            .name("standby-read".into())
            .spawn(move || {
                let answer = me.read(&*f);
                me.waiting.fetch_sub(1, Ordering::AcqRel);
                let _ = tx.send(answer);
            });
        if spawned.is_err() {
            self.waiting.fetch_sub(1, Ordering::AcqRel);
            return None;
        }
        match rx.recv_timeout(wait) {
            Ok(answer) => answer,
            Err(_) => {
                tracing::warn!(
                    wait_ms = wait.as_millis() as u64,
                    "the standby for stale reads did not answer in time: this read and the next few go to the primary"
                );
                self.skip();
                None
            }
        }
    }

    /// On this thread: `f` in a transaction on a standby connection.
    fn read<T, E, F>(&self, f: &F) -> Option<T>
    where
        F: Fn(&mut DbConn) -> Result<T, E>,
        E: From<StoreError> + From<diesel::result::Error>,
    {
        let mut pooled = self.conn()?;
        let conn: &mut DbConn = &mut pooled;
        if let Ok(answer) = conn.transaction(f) {
            return Some(answer);
        }
        // A refusal comes again from the primary; a lost standby is left alone a while.
        if diesel::RunQueryDsl::execute(diesel::sql_query("SELECT 1"), conn).is_err() {
            self.skip();
        }
        None
    }

    fn skipped(&self) -> bool {
        let skip = self
            .skip_until
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        skip.is_some_and(|until| Instant::now() < until)
    }

    /// A connection to the standby, unless it failed within [`SKIP_FOR`] or does not give one
    /// within [`CHECKOUT`] (then it is skipped for [`SKIP_FOR`]).
    pub(super) fn conn(&self) -> Option<r2d2::PooledConnection<Manager>> {
        let mut skip = self
            .skip_until
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
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
        *self
            .skip_until
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Instant::now() + SKIP_FOR);
    }

    pub(super) fn counts(&self) -> (u64, u64) {
        (
            self.served.load(Ordering::Relaxed),
            self.fell_back.load(Ordering::Relaxed),
        )
    }
}
