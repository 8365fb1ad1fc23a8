//! Persistence: one code base over SQLite (the embedded default) and Postgres. A crate of its
//! own (`spider-store`): Cargo lets it name the engine and the domain, nothing above them.

/// The floors below, under the names the rest of the service knows them by.
use spider_domain as domain;
use spider_engine as engine;

pub mod analyses;
pub mod arena_posts;
pub mod arenas;
pub mod batches;
pub mod chat;
pub mod codes;
mod connection;
pub mod daily;
mod error;
pub mod games;
pub mod idempotency;
pub mod leases;
mod migrations;
pub mod notify;
pub mod paces;
pub mod pages;
pub mod pg;
mod pool;
pub mod puzzles;
pub mod races;
pub mod records;
mod replica;
pub mod retention;
pub mod schema;
pub mod tokens;
pub mod users;
pub mod winnable;
mod writer;
pub mod writer_stats;
pub mod writes;

use std::sync::mpsc::{channel, sync_channel, Sender};
use std::time::Duration;

use diesel::r2d2::{self, ManageConnection};
use diesel::{Connection, RunQueryDsl};
use pool::ConnectErrors;
pub use pool::{CHECKOUT, RETRY_CAP};
use writer_stats::WriterStats;

pub use connection::{parse_url, Backend, DbConn, Manager, Pool, PooledConn};
pub use error::{Failure, StoreError};
use writer::{sqlite_writer, Job};

/// The database: a pool for reads (and for Postgres writes); for SQLite, the writer thread.
#[derive(Clone)]
pub struct Db {
    pool: Pool,
    backend: Backend,
    writer: Option<Sender<Job>>,
    /// Postgres: the group-commit writers appends are queued for.
    appender: Option<batches::Appender>,
    /// A standby for reads that may be a second stale (`DATABASE_READ_URL`), if one is set.
    standby: Option<std::sync::Arc<replica::Replica>>,
    /// What the writer (SQLite's thread, or Postgres's group-commit writer) did.
    writes: std::sync::Arc<WriterStats>,
    /// What the pool's checkouts waited.
    checkouts: std::sync::Arc<writer_stats::CheckoutStats>,
}

#[derive(Clone, Debug)]
pub struct DbOptions {
    pub url: String,
    pub pool_size: u32,
    /// `NORMAL` or `FULL`: see README, Configuration.
    pub sqlite_synchronous: String,
}

impl Db {
    pub fn connect(options: &DbOptions) -> Result<Db, StoreError> {
        let (backend, url) = parse_url(&options.url);
        let manager = Manager {
            backend,
            url,
            sqlite_synchronous: options.sqlite_synchronous.clone(),
        };
        let writes = std::sync::Arc::new(WriterStats::default());
        let writer = match backend {
            Backend::Postgres => None,
            Backend::Sqlite => {
                let conn = manager.connect().map_err(|e| match e {
                    r2d2::Error::ConnectionError(e) => StoreError::Connection(e),
                    r2d2::Error::QueryError(e) => StoreError::Db(e),
                })?;
                // Unbounded: a request thread never blocks on a send; connections bound the queue.
                let (sender, receiver) = channel();
                let stats = writes.clone();
                std::thread::Builder::new()
                    .name("sqlite-writer".into())
                    .spawn(move || sqlite_writer(conn, receiver, stats))
                    .map_err(|e| StoreError::Writer(e.to_string()))?;
                Some(sender)
            }
        };
        let pool = r2d2::Pool::builder()
            .max_size(options.pool_size.max(1))
            // A SQLite file cannot drop a connection; a Postgres server can, so check those.
            .test_on_check_out(backend == Backend::Postgres)
            .connection_timeout(RETRY_CAP * 2)
            .error_handler(Box::new(ConnectErrors::default()))
            .build_unchecked(manager);
        // As `build` would, but waiting CHECKOUT rather than r2d2's connection_timeout.
        drop(pool.get_timeout(CHECKOUT)?);
        let appender = match backend {
            Backend::Postgres => Some(batches::Appender::start(pool.clone(), writes.clone())?),
            Backend::Sqlite => None,
        };
        Ok(Db {
            checkouts: std::sync::Arc::default(),
            pool,
            backend,
            writer,
            appender,
            standby: None,
            writes,
        })
    }

    /// Send reads that may be a second stale ([`Db::read_stale`]) to the Postgres standby at
    /// `url`, through a pool of at most `size` connections. Refused for SQLite, which has no
    /// standby.
    pub fn with_standby(mut self, url: &str, size: u32) -> Result<Db, StoreError> {
        let (backend, url) = parse_url(url);
        if backend != Backend::Postgres || self.backend != Backend::Postgres {
            return Err(StoreError::Corrupt(
                "DATABASE_READ_URL needs Postgres for both DATABASE_URL and itself".into(),
            ));
        }
        let manager = Manager {
            backend,
            url,
            sqlite_synchronous: String::new(),
        };
        self.standby = Some(std::sync::Arc::new(replica::Replica::new(manager, size)));
        Ok(self)
    }

    /// Run `f` as a read that may be a second stale: on the standby when one is set and
    /// answering within [`replica::ANSWER`], else (and whenever the standby fails it) on the
    /// primary. `f` may run twice.
    pub fn read_stale<T, E, F>(&self, f: F) -> Result<T, E>
    where
        F: Fn(&mut DbConn) -> Result<T, E> + Send + Sync + 'static,
        T: Send + 'static,
        E: From<StoreError> + From<diesel::result::Error> + Send + 'static,
    {
        self.read_stale_within(replica::ANSWER, f)
    }

    /// [`Db::read_stale`] for a heavy read off the request path (a whole board's snapshot):
    /// the standby has [`replica::HEAVY_ANSWER`] to answer, so a healthy one that is merely
    /// slow over it is not left alone as a hung one would be.
    pub fn read_stale_heavy<T, E, F>(&self, f: F) -> Result<T, E>
    where
        F: Fn(&mut DbConn) -> Result<T, E> + Send + Sync + 'static,
        T: Send + 'static,
        E: From<StoreError> + From<diesel::result::Error> + Send + 'static,
    {
        self.read_stale_within(replica::HEAVY_ANSWER, f)
    }

    fn read_stale_within<T, E, F>(&self, wait: std::time::Duration, f: F) -> Result<T, E>
    where
        F: Fn(&mut DbConn) -> Result<T, E> + Send + Sync + 'static,
        T: Send + 'static,
        E: From<StoreError> + From<diesel::result::Error> + Send + 'static,
    {
        let f = std::sync::Arc::new(f);
        if let Some(standby) = &self.standby {
            if let Some(answer) = standby.answer(std::sync::Arc::clone(&f), wait) {
                return Ok(answer);
            }
        }
        self.read(|conn| f(conn))
    }

    /// With a standby: the reads it answered and those that went to the primary instead.
    pub fn stale_reads(&self) -> Option<(u64, u64)> {
        self.standby.as_ref().map(|s| s.counts())
    }

    /// Postgres: queue an append for the group-commit writers; the receiver yields whether
    /// it landed once its batch is committed.
    pub fn append(
        &self,
        append: writes::Append,
    ) -> Result<tokio::sync::oneshot::Receiver<Result<bool, StoreError>>, StoreError> {
        self.appender
            .as_ref()
            .ok_or_else(|| StoreError::Writer("group commit is for Postgres".into()))?
            .submit(append)
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The writer now: writes waiting for it, and its batches' sizes and commit times since
    /// it started. SQLite's writer thread takes every write; on Postgres the group-commit
    /// writer takes the appends (game actions) and other writes commit on their own.
    pub fn writes(&self) -> writer_stats::WritesNow {
        self.writes.now()
    }

    /// Pooled connections free right now.
    pub fn idle_connections(&self) -> u32 {
        self.pool.state().idle_connections
    }

    /// The pool now: (connections open, of them idle, the most it may open).
    pub fn pool_state(&self) -> (u32, u32, u32) {
        let state = self.pool.state();
        (
            state.connections,
            state.idle_connections,
            self.pool.max_size(),
        )
    }

    pub fn conn(&self) -> Result<PooledConn, StoreError> {
        self.checkout(CHECKOUT)
    }

    /// A pooled connection, waiting at most `wait`; the wait is counted.
    fn checkout(&self, wait: Duration) -> Result<PooledConn, StoreError> {
        let started = std::time::Instant::now();
        let got = self.pool.get_timeout(wait);
        self.checkouts.checkout(started.elapsed(), got.is_ok());
        Ok(got?)
    }

    /// What the pool's checkouts waited since this instance started.
    pub fn checkouts(&self) -> writer_stats::CheckoutsNow {
        self.checkouts.now()
    }

    /// Run `f` as one atomic write and return once it is committed. A refusal (`Err`)
    /// writes nothing.
    pub fn write<T, E, F>(&self, f: F) -> Result<T, E>
    where
        F: FnOnce(&mut DbConn) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<StoreError> + From<diesel::result::Error> + Send + 'static,
    {
        if self.writer.is_none() {
            let mut pooled = self.conn()?;
            let conn: &mut DbConn = &mut pooled;
            return conn.transaction(f);
        }
        let (reply, answer) = sync_channel::<Result<T, E>>(1);
        self.queue(f, move |result| {
            let _ = reply.send(result);
        })?;
        answer
            .recv()
            .map_err(|_| E::from(StoreError::Writer("the writer thread has stopped".into())))?
    }

    /// Queue `f` for the SQLite writer; the receiver yields its result once committed.
    /// An error on Postgres, which has no writer thread (use [`Db::write`]).
    pub fn submit<T, E, F>(
        &self,
        f: F,
    ) -> Result<tokio::sync::oneshot::Receiver<Result<T, E>>, StoreError>
    where
        F: FnOnce(&mut DbConn) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<StoreError> + From<diesel::result::Error> + Send + 'static,
    {
        let (reply, answer) = tokio::sync::oneshot::channel();
        self.queue(f, move |result| {
            let _ = reply.send(result);
        })?;
        Ok(answer)
    }

    fn queue<T, E, F>(
        &self,
        f: F,
        respond: impl FnOnce(Result<T, E>) + Send + 'static,
    ) -> Result<(), StoreError>
    where
        F: FnOnce(&mut DbConn) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<StoreError> + From<diesel::result::Error> + Send + 'static,
    {
        let writer = self
            .writer
            .as_ref()
            .ok_or_else(|| StoreError::Writer("no writer thread on this backend".into()))?;
        // Either `run` or `fail` is called, never both: share the one responder.
        let respond = std::sync::Arc::new(std::sync::Mutex::new(Some(respond)));
        let fail_respond = respond.clone();
        let take = |slot: &std::sync::Mutex<Option<_>>| {
            slot.lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .take()
        };
        let job = Job {
            run: Box::new(move |conn: &mut DbConn| {
                // Nested in the batch's transaction: a savepoint, undone alone on error.
                let result = conn.transaction(f);
                Box::new(move |commit_error: Option<String>| {
                    let result = match (result, commit_error) {
                        (Ok(_), Some(e)) => Err(E::from(StoreError::Writer(e))),
                        (result, _) => result,
                    };
                    if let Some(respond) = take(&respond) {
                        respond(result);
                    }
                })
            }),
            fail: Box::new(move |e| {
                if let Some(respond) = take(&fail_respond) {
                    respond(Err(E::from(StoreError::Writer(e))));
                }
            }),
        };
        self.writes.queued();
        writer.send(job).map_err(|_| {
            self.writes.taken(1);
            StoreError::Writer("the writer thread has stopped".into())
        })
    }

    /// Run `f`, one statement, on a pooled connection without a transaction around it: a
    /// statement reads one moment of the database already, and Postgres is spared the round
    /// trips of `BEGIN` and `COMMIT`.
    pub fn read_one<T, E>(&self, f: impl FnOnce(&mut DbConn) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let mut pooled = self.conn()?;
        f(&mut pooled)
    }

    /// Run `f` on a pooled connection, in a transaction so that it reads one snapshot.
    pub fn read<T, E>(&self, f: impl FnOnce(&mut DbConn) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError> + From<diesel::result::Error>,
    {
        let mut pooled = self.conn()?;
        let conn: &mut DbConn = &mut pooled;
        conn.transaction(f)
    }

    /// [`Db::read`], waiting at most `wait` for a connection rather than [`CHECKOUT`]: for a
    /// read that had better be skipped than keep its caller (a metrics scrape) waiting.
    pub fn read_within<T, E>(
        &self,
        wait: Duration,
        f: impl FnOnce(&mut DbConn) -> Result<T, E>,
    ) -> Result<T, E>
    where
        E: From<StoreError> + From<diesel::result::Error>,
    {
        let mut pooled = self.checkout(wait)?;
        let conn: &mut DbConn = &mut pooled;
        conn.transaction(f)
    }

    /// The database answers, and on SQLite the writer thread commits.
    pub fn ping(&self) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        diesel::sql_query("SELECT 1").execute(&mut *conn)?;
        drop(conn);
        if self.writer.is_some() {
            self.write(|_| Ok::<_, StoreError>(()))?;
        }
        Ok(())
    }
}

/// A moment as the store keeps it: UTC without a zone, to the microsecond on both backends
/// (Postgres keeps microseconds; trimming before writing makes both return what was written).
/// The application's clock (`play::clock`) says what time it is; the store never reads one.
pub fn as_stored(at: chrono::DateTime<chrono::Utc>) -> chrono::NaiveDateTime {
    at.naive_utc().with_nanosecond_micros()
}

trait MicrosPrecision {
    fn with_nanosecond_micros(self) -> Self;
}

impl MicrosPrecision for chrono::NaiveDateTime {
    fn with_nanosecond_micros(self) -> Self {
        use chrono::Timelike;
        let micros = self.nanosecond() / 1_000 * 1_000;
        self.with_nanosecond(micros).unwrap_or(self)
    }
}
