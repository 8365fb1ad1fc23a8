//! What the writers tell an operator: writes waiting for the writer, writes per batch, and how
//! long a batch takes to be written and committed; and what the pool's checkouts waited. The SQLite writer thread takes every write;
//! Postgres's group-commit writer (`store::batches`) takes the appends (game actions), its
//! other writes each committing on a pooled connection of their own. Atomics only: a write adds
//! one to a count as it is queued, and the writer a few more per batch.

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

/// Upper bounds of the batch-size buckets, in writes (a batch takes at most 256).
const SIZES: &[u64] = &[1, 2, 4, 8, 16, 32, 64, 128, 256];

/// Upper bounds of the commit-time buckets, in microseconds (0.5 ms to 2.5 s).
const MICROS: &[u64] = &[
    500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000,
    2_500_000,
];

/// A histogram of whole numbers (writes, microseconds) over fixed bounds.
#[derive(Debug)]
struct Histogram {
    bounds: &'static [u64],
    /// One count per bound, then one for what is above the last.
    counts: Box<[AtomicU64]>,
    sum: AtomicU64,
}

impl Histogram {
    fn new(bounds: &'static [u64]) -> Histogram {
        Histogram {
            bounds,
            counts: (0..=bounds.len()).map(|_| AtomicU64::new(0)).collect(),
            sum: AtomicU64::new(0),
        }
    }

    fn observe(&self, value: u64) {
        let at = self.bounds.partition_point(|&bound| bound < value);
        if let Some(count) = self.counts.get(at) {
            count.fetch_add(1, Ordering::Relaxed);
        }
        self.sum.fetch_add(value, Ordering::Relaxed);
    }

    /// The histogram now, each bound and the sum divided by `unit` (a division by a power of
    /// ten rounds to the decimal one expects: 25,000 µs is 0.025 s, not 0.024999…).
    fn now(&self, unit: f64) -> Buckets {
        let mut seen = 0;
        let mut upper = Vec::with_capacity(self.bounds.len());
        for (bound, count) in self.bounds.iter().zip(self.counts.iter()) {
            seen += count.load(Ordering::Relaxed);
            upper.push((*bound as f64 / unit, seen));
        }
        let count = seen
            + self
                .counts
                .last()
                .map_or(0, |above| above.load(Ordering::Relaxed));
        Buckets {
            upper,
            count,
            sum: self.sum.load(Ordering::Relaxed) as f64 / unit,
        }
    }
}

/// A histogram as Prometheus shows one: each bucket's upper bound with the observations at or
/// below it (cumulative), then all of them and their sum.
#[derive(Clone, Debug, PartialEq)]
pub struct Buckets {
    pub upper: Vec<(f64, u64)>,
    pub count: u64,
    pub sum: f64,
}

/// Upper bounds of the checkout-wait buckets, in microseconds (0.1 ms to 5 s, the longest a
/// checkout waits).
const WAITS: &[u64] = &[
    100, 500, 1_000, 5_000, 10_000, 50_000, 100_000, 500_000, 1_000_000, 5_000_000,
];

/// What one instance's pool checkouts waited since it started: every checkout through
/// [`super::Db`] (reads, Postgres's writes), and those that found no connection in time.
#[derive(Debug)]
pub struct CheckoutStats {
    waits: Histogram,
    timeouts: AtomicU64,
}

impl Default for CheckoutStats {
    fn default() -> Self {
        CheckoutStats {
            waits: Histogram::new(WAITS),
            timeouts: AtomicU64::new(0),
        }
    }
}

/// The checkouts' figures at one moment.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckoutsNow {
    /// Seconds each checkout waited for a connection (timed-out ones included).
    pub wait_seconds: Buckets,
    /// Checkouts that found no connection within their wait.
    pub timeouts: u64,
}

impl CheckoutStats {
    /// A checkout waited `took`; `got` says whether it had a connection at the end.
    pub(super) fn checkout(&self, took: Duration, got: bool) {
        self.waits
            .observe(u64::try_from(took.as_micros()).unwrap_or(u64::MAX));
        if !got {
            self.timeouts.fetch_add(1, Ordering::Relaxed);
        }
    }

    pub fn now(&self) -> CheckoutsNow {
        CheckoutsNow {
            wait_seconds: self.waits.now(1e6),
            timeouts: self.timeouts.load(Ordering::Relaxed),
        }
    }
}

/// What one instance's writer did since it started.
#[derive(Debug)]
pub struct WriterStats {
    /// Queued and not yet taken into a batch.
    waiting: AtomicI64,
    sizes: Histogram,
    micros: Histogram,
}

impl Default for WriterStats {
    fn default() -> Self {
        WriterStats {
            waiting: AtomicI64::new(0),
            sizes: Histogram::new(SIZES),
            micros: Histogram::new(MICROS),
        }
    }
}

/// The writer's figures at one moment.
#[derive(Clone, Debug, PartialEq)]
pub struct WritesNow {
    /// Writes queued for the writer and not yet taken into a batch.
    pub waiting: u64,
    /// Writes per batch.
    pub batch_sizes: Buckets,
    /// Seconds from a batch's first statement to its commit.
    pub commit_seconds: Buckets,
}

impl WriterStats {
    /// A write was queued (called before it is sent, so the count never goes below zero).
    pub(super) fn queued(&self) {
        self.waiting.fetch_add(1, Ordering::Relaxed);
    }

    /// `n` writes left the queue: the writer took them, or their sending failed.
    pub(super) fn taken(&self, n: usize) {
        self.waiting
            .fetch_sub(i64::try_from(n).unwrap_or(i64::MAX), Ordering::Relaxed);
    }

    /// A batch of `writes` was written and committed (or refused) in `took`.
    pub(super) fn batch(&self, writes: usize, took: Duration) {
        self.sizes
            .observe(u64::try_from(writes).unwrap_or(u64::MAX));
        self.micros
            .observe(u64::try_from(took.as_micros()).unwrap_or(u64::MAX));
    }

    pub fn now(&self) -> WritesNow {
        WritesNow {
            waiting: u64::try_from(self.waiting.load(Ordering::Relaxed)).unwrap_or(0),
            batch_sizes: self.sizes.now(1.0),
            commit_seconds: self.micros.now(1e6),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_land_in_the_bucket_of_their_size_and_time() {
        let stats = WriterStats::default();
        stats.queued();
        stats.queued();
        stats.queued();
        assert_eq!(stats.now().waiting, 3);
        stats.taken(2);
        stats.batch(2, Duration::from_micros(700));
        stats.taken(1);
        stats.batch(1, Duration::from_millis(3));
        stats.batch(300, Duration::from_secs(4));
        let now = stats.now();
        assert_eq!(now.waiting, 0);
        assert_eq!(now.batch_sizes.count, 3);
        assert_eq!(now.batch_sizes.sum, 303.0);
        assert_eq!(now.batch_sizes.upper[0], (1.0, 1), "1 write: at or below 1");
        assert_eq!(now.batch_sizes.upper[1], (2.0, 2), "cumulative");
        assert_eq!(
            now.batch_sizes.upper.last(),
            Some(&(256.0, 2)),
            "300 is above"
        );
        let le = |bound: f64| {
            now.commit_seconds
                .upper
                .iter()
                .find(|(b, _)| (*b - bound).abs() < 1e-12)
                .map(|(_, n)| *n)
        };
        assert_eq!(le(0.0005), Some(0));
        assert_eq!(le(0.001), Some(1));
        assert_eq!(le(0.005), Some(2));
        assert_eq!(le(2.5), Some(2));
        assert_eq!(now.commit_seconds.count, 3);
        assert!((now.commit_seconds.sum - 4.0037).abs() < 1e-9);
        let bounds: Vec<String> = now
            .commit_seconds
            .upper
            .iter()
            .map(|(b, _)| b.to_string())
            .collect();
        assert_eq!(
            bounds[5..8],
            ["0.025", "0.05", "0.1"],
            "as written, not 0.024999…"
        );
    }

    #[test]
    fn checkouts_count_their_waits_and_their_timeouts() {
        let stats = CheckoutStats::default();
        stats.checkout(Duration::from_micros(50), true);
        stats.checkout(Duration::from_millis(7), true);
        stats.checkout(Duration::from_secs(5), false);
        let now = stats.now();
        assert_eq!(now.wait_seconds.count, 3);
        assert_eq!(
            now.wait_seconds.upper[0],
            (0.0001, 1),
            "50 µs: at or below 0.1 ms"
        );
        assert_eq!(
            now.wait_seconds.upper[4],
            (0.01, 2),
            "7 ms: at or below 10 ms"
        );
        assert_eq!(now.wait_seconds.upper.last(), Some(&(5.0, 3)));
        assert_eq!(now.timeouts, 1);
    }

    #[test]
    fn more_taken_than_queued_reads_as_none_waiting() {
        let stats = WriterStats::default();
        stats.taken(1);
        assert_eq!(stats.now().waiting, 0);
    }
}
