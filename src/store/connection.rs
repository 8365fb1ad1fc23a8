//! Connections: the two backends behind one connection type, how a database URL names one,
//! and the pool's manager, which opens each connection with SQLite's pragmas and watches for
//! a connection the database dropped.

use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::r2d2::{self, ManageConnection};
use diesel::sqlite::SqliteConnection;
use diesel::Connection;

use super::pg;

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
    pub(super) backend: Backend,
    pub(super) url: String,
    pub(super) sqlite_synchronous: String,
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
                    self.last_answer = Some(std::time::Instant::now());
                }
                Some(_) => {}
            }
        }
    }
}

pub type Pool = r2d2::Pool<Manager>;
/// A connection taken from the pool.
pub type PooledConn = r2d2::PooledConnection<Manager>;

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
