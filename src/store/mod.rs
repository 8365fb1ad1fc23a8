//! Persistence: one code base over SQLite (the embedded default) and Postgres. A crate of its
//! own (`spider-store`): Cargo lets it name the engine and the domain, nothing above them.

/// The floors below, under the names the rest of the service knows them by.
use spider_domain as domain;
use spider_engine as engine;

pub mod analyses;
pub mod batches;
pub mod chat;
pub mod codes;
pub mod daily;
pub mod games;
pub mod idempotency;
pub mod leases;
mod migrations;
pub mod notify;
pub mod paces;
pub mod pages;
pub mod pg;
mod pool;
pub mod races;
pub mod records;
mod replica;
pub mod retention;
pub mod schema;
pub mod tokens;
pub mod users;
pub mod winnable;
pub mod writer_stats;
pub mod writes;

use std::sync::mpsc::{channel, sync_channel, Receiver, Sender};
use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::r2d2::{self, ManageConnection};
use diesel::sqlite::SqliteConnection;
use diesel::{Connection, RunQueryDsl};
use pool::ConnectErrors;
pub use pool::{CHECKOUT, RETRY_CAP};
use writer_stats::WriterStats;

#[derive(diesel::MultiConnection)]
pub enum DbConn {
    Sqlite(SqliteConnection),
    Pg(PgConnection),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database connection pool: {0}")]
    Pool(#[from] r2d2::PoolError),
    #[error("database: {0}")]
    Db(#[from] diesel::result::Error),
    #[error("database connection: {0}")]
    Connection(#[from] diesel::ConnectionError),
    #[error("migrations: {0}")]
    Migration(String),
    #[error("stored data is invalid: {0}")]
    Corrupt(String),
    #[error("database writer: {0}")]
    Writer(String),
    #[error("the idempotency key was used for a different request")]
    KeyReused,
    /// The write queue is full: nothing was written.
    #[error("the database writers are busy")]
    Busy,
    /// The database went away while a write was under way: whether it landed is unknown.
    #[error("database unavailable: {0}")]
    Unreachable(String),
}

impl StoreError {
    pub fn is_unique_violation(&self) -> bool {
        matches!(
            self,
            StoreError::Db(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _
            ))
        )
    }

    pub fn is_foreign_key_violation(&self) -> bool {
        matches!(
            self,
            StoreError::Db(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::ForeignKeyViolation,
                _
            ))
        )
    }
}

/// Each SQLite connection's page cache, in KiB (SQLite's default: 2,000). A connection's
/// cache is emptied whenever another commits (WAL mode), and the service commits all the
/// time, so a large one holds pages nobody reads again. With the default, the pool's 16
/// connections filled theirs under the streams' shared looks (every watched game's version
/// each second, every open stream's token every 5 s): `PER_USER=1 bash bench/streams.sh`
/// (10,000 streams of distinct players) measured 19.7 KiB a stream, and 37.7 MiB still held
/// after they closed; at 512 KiB, 18.2 KiB and 15.5 MiB, with delivery no slower (p99 246 ->
/// 17 ms). The pages themselves stay in the OS's cache.
const SQLITE_CACHE_KIB: u32 = 512;

/// Opens connections for one backend, with SQLite's pragmas on every one.
#[derive(Clone, Debug)]
pub struct Manager {
    backend: Backend,
    url: String,
    sqlite_synchronous: String,
}

impl ManageConnection for Manager {
    type Connection = DbConn;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<DbConn, r2d2::Error> {
        match self.backend {
            Backend::Postgres => {
                let mut conn = pg::establish(&self.url).map_err(r2d2::Error::ConnectionError)?;
                conn.set_instrumentation(Health::default());
                Ok(DbConn::Pg(conn))
            }
            Backend::Sqlite => {
                let mut conn =
                    SqliteConnection::establish(&self.url).map_err(r2d2::Error::ConnectionError)?;
                // WAL lets readers run beside the one writer; busy_timeout makes a second
                // process wait for the write lock instead of failing.
                // busy_timeout first: switching to WAL takes a lock that other new connections
                // may hold at the same moment.
                // cache_size: see SQLITE_CACHE_KIB.
                // Processes opening a new database at once (instances started together) can
                // be told "locked" at once by the journal mode's switch, busy timeout or not:
                // the pragmas change nothing until they pass, so they are tried again.
                let pragmas = format!(
                    "PRAGMA busy_timeout = 10000; PRAGMA journal_mode = WAL; \
                     PRAGMA synchronous = {}; PRAGMA foreign_keys = ON; \
                     PRAGMA cache_size = -{SQLITE_CACHE_KIB};",
                    self.sqlite_synchronous
                );
                let mut tries = 0;
                loop {
                    match conn.batch_execute(&pragmas) {
                        Err(e) if tries < 40 && e.to_string().contains("database is locked") => {
                            tries += 1;
                            std::thread::sleep(Duration::from_millis(250));
                        }
                        other => break other.map_err(r2d2::Error::QueryError)?,
                    }
                }
                Ok(DbConn::Sqlite(conn))
            }
        }
    }

    fn is_valid(&self, conn: &mut DbConn) -> Result<(), r2d2::Error> {
        // A Postgres connection that answered a moment ago is taken at its word: asking
        // again would add a round trip to every request.
        if let DbConn::Pg(c) = conn {
            if Health::of(c).is_some_and(|h| h.answered_lately()) {
                return Ok(());
            }
        }
        // The simple query protocol: one message each way, nothing to parse or plan twice.
        conn.batch_execute("SELECT 1")
            .map_err(r2d2::Error::QueryError)
    }

    fn has_broken(&self, conn: &mut DbConn) -> bool {
        use diesel::r2d2::R2D2Connection;
        match conn {
            DbConn::Sqlite(c) => c.is_broken(),
            DbConn::Pg(c) => c.is_broken() || Health::of(c).is_some_and(|h| h.lost),
        }
    }
}

/// What a Postgres connection's last queries said about it.
#[derive(Default)]
struct Health {
    last_answer: Option<std::time::Instant>,
    /// A query failed for want of the connection: the pool drops it.
    lost: bool,
}

impl Health {
    /// Trusted without a check this long after the connection last answered.
    const TRUSTED_FOR: Duration = Duration::from_secs(2);

    fn of(conn: &mut PgConnection) -> Option<&mut Health> {
        conn.instrumentation().downcast_mut::<Health>()
    }

    fn answered_lately(&self) -> bool {
        !self.lost
            && self
                .last_answer
                .is_some_and(|at| at.elapsed() < Self::TRUSTED_FOR)
    }
}

impl diesel::connection::Instrumentation for Health {
    fn on_connection_event(&mut self, event: diesel::connection::InstrumentationEvent<'_>) {
        use diesel::result::{DatabaseErrorKind, Error};
        if let diesel::connection::InstrumentationEvent::FinishQuery { error, .. } = event {
            match error {
                None => self.last_answer = Some(std::time::Instant::now()),
                // Gone, or a server that was demoted under us (a failover that found the old
                // primary alive): libpq finds the primary again only on a new connection.
                Some(Error::DatabaseError(
                    DatabaseErrorKind::ClosedConnection
                    | DatabaseErrorKind::UnableToSendCommand
                    | DatabaseErrorKind::ReadOnlyTransaction,
                    _,
                )) => self.lost = true,
                // The server answered, with a refusal.
                Some(Error::DatabaseError(..)) => {
                    self.last_answer = Some(std::time::Instant::now())
                }
                Some(_) => {}
            }
        }
    }
}

pub type Pool = r2d2::Pool<Manager>;
/// A connection taken from the pool.
pub type PooledConn = r2d2::PooledConnection<Manager>;

/// One queued write for the SQLite writer thread: `run` does the work inside the batch's
/// transaction and returns what to tell the caller once the batch is committed; `fail`
/// tells the caller when the batch could not even begin.
struct Job {
    run: Box<dyn FnOnce(&mut DbConn) -> Delivery + Send>,
    fail: Box<dyn FnOnce(String) + Send>,
}

/// Called after the batch's COMMIT with its error, if any.
type Delivery = Box<dyn FnOnce(Option<String>) + Send>;

/// The most writes one SQLite transaction takes.
const BATCH: usize = 256;

/// The SQLite writer: one thread owns the one writing connection and commits every queued
/// write in one transaction (group commit), each write in its own savepoint. Callers hear
/// back only after the COMMIT, so an acknowledged write is on disk (with `synchronous=FULL`)
/// while one fsync serves many writes.
fn sqlite_writer(mut conn: DbConn, jobs: Receiver<Job>, stats: std::sync::Arc<WriterStats>) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        stats.taken(batch.len());
        let (writes, started) = (batch.len(), std::time::Instant::now());
        let mut deliveries = Vec::with_capacity(batch.len());
        let mut pending = batch.into_iter();
        let error = match immediate(&mut conn, |conn| {
            for job in pending.by_ref() {
                // A job that panics fails the batch instead of killing the writer.
                match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (job.run)(conn))) {
                    Ok(delivery) => deliveries.push(delivery),
                    Err(_) => return Err(diesel::result::Error::RollbackTransaction),
                }
                // If SQLite gave up the whole transaction (disk full, I/O error), the job's
                // savepoint could not be rolled back and diesel marks the connection broken:
                // stop here, or later jobs would run, and commit, outside any transaction.
                if broken(conn) {
                    return Err(diesel::result::Error::RollbackTransaction);
                }
            }
            Ok(())
        }) {
            Ok(()) => None,
            Err(e) => Some(e.to_string()),
        };
        stats.batch(writes, started.elapsed());
        for deliver in deliveries {
            deliver(error.clone());
        }
        // Jobs that never ran because the transaction could not begin.
        for job in pending {
            (job.fail)(error.clone().unwrap_or_default());
        }
    }
}

/// True when the writer's batch transaction is no longer the one open transaction (diesel's
/// bookkeeping is in error, or the depth is not the batch's single level).
fn broken(conn: &mut DbConn) -> bool {
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    match conn {
        DbConn::Sqlite(inner) => {
            let status = <AnsiTransactionManager as TransactionManager<SqliteConnection>>::transaction_manager_status_mut(inner);
            !matches!(status.transaction_depth(), Ok(Some(depth)) if depth.get() == 1)
        }
        DbConn::Pg(_) => false,
    }
}

/// Run `work` in one `BEGIN IMMEDIATE` transaction on the SQLite writer's connection: the
/// write lock is taken at the start, so the batch never fails half-way for a lock another
/// process took after it began reading. Each job nests its own savepoint inside.
fn immediate(
    conn: &mut DbConn,
    work: impl FnOnce(&mut DbConn) -> diesel::QueryResult<()>,
) -> diesel::QueryResult<()> {
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    let DbConn::Sqlite(inner) = conn else {
        return Err(diesel::result::Error::QueryBuilderError(
            "the SQLite writer holds a non-SQLite connection".into(),
        ));
    };
    AnsiTransactionManager::begin_transaction_sql(inner, "BEGIN IMMEDIATE")?;
    let worked = work(conn);
    let DbConn::Sqlite(inner) = conn else {
        return Err(diesel::result::Error::QueryBuilderError(
            "the SQLite writer holds a non-SQLite connection".into(),
        ));
    };
    let finished = match worked {
        Ok(()) => AnsiTransactionManager::commit_transaction(inner),
        Err(e) => Err(e),
    };
    if finished.is_err() {
        // Whatever diesel's bookkeeping now says, make sure SQLite holds no transaction open
        // for the next batch.
        let _ = AnsiTransactionManager::rollback_transaction(inner);
        let _ = inner.batch_execute("ROLLBACK");
    }
    finished
}

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

/// Where a database URL points: `postgres://…`/`postgresql://…`, else a SQLite file
/// (`sqlite://path`, `sqlite:path` or a bare path).
pub fn parse_url(url: &str) -> (Backend, String) {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        (Backend::Postgres, url.to_string())
    } else {
        let path = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
            .unwrap_or(url);
        (Backend::Sqlite, path.to_string())
    }
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
            slot.lock().unwrap_or_else(|p| p.into_inner()).take()
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

/// The server's clock, as stored: UTC without a zone, to the microsecond on both backends.
pub fn now() -> chrono::NaiveDateTime {
    let now = chrono::Utc::now().naive_utc();
    // Postgres keeps microseconds; trimming here makes both backends return what was written.
    now.with_nanosecond_micros()
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
