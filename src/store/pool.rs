//! The pool's policy for a database that goes away (a failover of its machine): how long a
//! caller waits for a connection, how soon a lost one is tried again, and how the failures
//! are logged. docs/SCALING.md, "Losing the database machine", has the whole policy and the
//! figures.

use std::time::Duration;

use diesel::r2d2;

/// How long a caller (a request, the group-commit writer) waits for a pooled connection
/// before it is answered `database_unavailable` (503, `Retry-After`). While the database is
/// away (a failover) a request waits here, and is answered as soon as a connection is made.
pub const CHECKOUT: Duration = Duration::from_secs(10);

/// The longest pause between two attempts to connect while the database is away. r2d2 waits
/// 200 ms after a failed connect, then doubles the pause up to half its `connection_timeout`,
/// which is therefore set to twice this and used for nothing else (every checkout names
/// [`CHECKOUT`]). With r2d2's default of 30 s the pause grew to 5 s (at 10 s), and a failover
/// whose new primary took writes 4.2 s after the kill was first used 6.9 s later
/// (`bench/db-failover.sh`); at 250 ms the pool finds the new primary within a quarter of a
/// second, for at most `pool_size` cheap refused connects every 250 ms while it is away.
pub const RETRY_CAP: Duration = Duration::from_millis(250);

/// Logs the pool's failures to connect: the first at once, then one line a second at most
/// with how many more there were. While the database is away each of `pool_size` slots
/// retries every [`RETRY_CAP`]: r2d2's own handler logged every attempt (367 lines in one
/// instance's 6 s failover).
#[derive(Debug, Default)]
pub(super) struct ConnectErrors {
    /// When a line was last written, and the failures since.
    last: std::sync::Mutex<(Option<std::time::Instant>, u64)>,
}

impl ConnectErrors {
    /// A failure at `now`: `Some(failures not logged since the last line)` when this one is
    /// to be logged.
    fn note(&self, now: std::time::Instant) -> Option<u64> {
        let mut last = self
            .last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let (at, unlogged) = &mut *last;
        if at.is_some_and(|at| now.saturating_duration_since(at) < Duration::from_secs(1)) {
            *unlogged += 1;
            return None;
        }
        *at = Some(now);
        Some(std::mem::take(unlogged))
    }
}

impl r2d2::HandleError<r2d2::Error> for ConnectErrors {
    fn handle_error(&self, error: r2d2::Error) {
        if let Some(more) = self.note(std::time::Instant::now()) {
            tracing::error!(%error, more_since_last_line = more, "cannot connect to the database");
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::ConnectErrors;

    #[test]
    fn failures_to_connect_are_logged_once_a_second_with_a_count() {
        let errors = ConnectErrors::default();
        let t0 = Instant::now();
        assert_eq!(errors.note(t0), Some(0), "the first is logged");
        for ms in [100, 250, 500, 750, 999] {
            assert_eq!(errors.note(t0 + Duration::from_millis(ms)), None);
        }
        assert_eq!(
            errors.note(t0 + Duration::from_millis(1000)),
            Some(5),
            "a second later: logged, with the five held back"
        );
        assert_eq!(errors.note(t0 + Duration::from_millis(1500)), None);
        assert_eq!(errors.note(t0 + Duration::from_secs(5)), Some(1));
    }
}
