//! Persistence: one code base over SQLite (the embedded default) and Postgres.

pub mod games;
pub mod schema;
pub mod users;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::r2d2::{self, ManageConnection};
use diesel::sqlite::SqliteConnection;
use diesel::{Connection, RunQueryDsl};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");

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
}

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
            Backend::Postgres => PgConnection::establish(&self.url)
                .map(DbConn::Pg)
                .map_err(r2d2::Error::ConnectionError),
            Backend::Sqlite => {
                let mut conn =
                    SqliteConnection::establish(&self.url).map_err(r2d2::Error::ConnectionError)?;
                // WAL lets readers run beside the one writer; busy_timeout makes a second
                // process wait for the write lock instead of failing.
                conn.batch_execute(&format!(
                    "PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 10000; \
                     PRAGMA synchronous = {}; PRAGMA foreign_keys = ON;",
                    self.sqlite_synchronous
                ))
                .map_err(r2d2::Error::QueryError)?;
                Ok(DbConn::Sqlite(conn))
            }
        }
    }

    fn is_valid(&self, conn: &mut DbConn) -> Result<(), r2d2::Error> {
        diesel::sql_query("SELECT 1")
            .execute(conn)
            .map(|_| ())
            .map_err(r2d2::Error::QueryError)
    }

    fn has_broken(&self, _conn: &mut DbConn) -> bool {
        false
    }
}

pub type Pool = r2d2::Pool<Manager>;

/// The database: a pool, and for SQLite a process-wide writer lock so that writers queue in
/// order here instead of polling SQLite's busy handler.
#[derive(Clone)]
pub struct Db {
    pool: Pool,
    backend: Backend,
    write_lock: Option<Arc<Mutex<()>>>,
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
        let pool = r2d2::Pool::builder()
            .max_size(options.pool_size.max(1))
            .connection_timeout(Duration::from_secs(10))
            .build(manager)
            .map_err(StoreError::Pool)?;
        Ok(Db {
            pool,
            backend,
            write_lock: (backend == Backend::Sqlite).then(|| Arc::new(Mutex::new(()))),
        })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    pub fn conn(&self) -> Result<r2d2::PooledConnection<Manager>, StoreError> {
        Ok(self.pool.get()?)
    }

    /// Run `f` in one write transaction. A refusal (`Err`) rolls everything back.
    pub fn write<T, E>(&self, f: impl FnOnce(&mut DbConn) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError> + From<diesel::result::Error>,
    {
        let _guard = self
            .write_lock
            .as_ref()
            .map(|lock| lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner()));
        let mut pooled = self.conn()?;
        let conn: &mut DbConn = &mut pooled;
        conn.transaction(f)
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

    pub fn migrate(&self) -> Result<usize, StoreError> {
        let mut conn = self.conn()?;
        let applied = match &mut *conn {
            DbConn::Sqlite(c) => c.run_pending_migrations(SQLITE_MIGRATIONS).map(|v| v.len()),
            DbConn::Pg(c) => c
                .run_pending_migrations(POSTGRES_MIGRATIONS)
                .map(|v| v.len()),
        };
        applied.map_err(|e| StoreError::Migration(e.to_string()))
    }

    /// Roll every migration back (used to test each `down.sql`).
    pub fn revert_all(&self) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        let result = match &mut *conn {
            DbConn::Sqlite(c) => c.revert_all_migrations(SQLITE_MIGRATIONS).map(|_| ()),
            DbConn::Pg(c) => c.revert_all_migrations(POSTGRES_MIGRATIONS).map(|_| ()),
        };
        result.map_err(|e| StoreError::Migration(e.to_string()))
    }

    pub fn ping(&self) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        diesel::sql_query("SELECT 1").execute(&mut *conn)?;
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
