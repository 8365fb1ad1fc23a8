//! The schema's versions: migrations applied under a lock so instances may start together,
//! those a newer release applied, rolling back (for tests), and SQLite's online backup.

use diesel::RunQueryDsl;
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

use super::{Db, DbConn, StoreError};
use diesel::pg::PgConnection;

/// The Postgres advisory lock key every instance's migrations take (`spider` in ASCII).
const MIGRATIONS_LOCK: i64 = 0x7370_6964_6572;
const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

impl Db {
    /// Apply the migrations this build knows and the database lacks; how many. Any number of
    /// instances may do this at once on one database (a rolling start, or several started
    /// together on a new one): each waits for the one migrating (Postgres: an advisory lock
    /// held for the whole run; SQLite: one exclusive transaction, other writers waiting up to
    /// its busy timeout), then finds nothing left to apply.
    pub fn migrate(&self) -> Result<usize, StoreError> {
        let mut conn = self.conn()?;
        let applied = match &mut *conn {
            DbConn::Sqlite(c) => {
                // Another process migrating holds the write lock; SQLite can also answer
                // "locked" at once instead of waiting (a new database still changing its
                // journal mode): the whole run is one transaction, so trying again is safe.
                let mut tries = 0;
                loop {
                    let run = c.exclusive_transaction(|c| {
                        c.run_pending_migrations(SQLITE_MIGRATIONS)
                            .map(|v| v.len())
                            .map_err(|e| StoreError::Migration(e.to_string()))
                    });
                    match run {
                        Err(e) if tries < 40 && e.to_string().contains("database is locked") => {
                            tries += 1;
                            std::thread::sleep(std::time::Duration::from_millis(250));
                        }
                        other => break other,
                    }
                }
            }
            DbConn::Pg(c) => {
                let lock = |c: &mut PgConnection, call: &str| {
                    diesel::sql_query(format!("SELECT {call}({MIGRATIONS_LOCK})"))
                        .execute(c)
                        .map_err(StoreError::from)
                };
                lock(c, "pg_advisory_lock")?;
                let applied = c
                    .run_pending_migrations(POSTGRES_MIGRATIONS)
                    .map(|v| v.len())
                    .map_err(|e| StoreError::Migration(e.to_string()));
                // A pooled connection goes back to the pool: the session's lock must not.
                let unlocked = lock(c, "pg_advisory_unlock");
                let applied = applied?;
                unlocked?;
                Ok(applied)
            }
        };
        applied
    }

    /// Migrations the database has applied that this build does not know (a newer release
    /// wrote it), by version.
    pub fn unknown_migrations(&self) -> Result<Vec<String>, StoreError> {
        use diesel::migration::MigrationSource;
        fn unknown<B: diesel::backend::Backend>(
            conn: &mut impl MigrationHarness<B>,
            known: EmbeddedMigrations,
        ) -> diesel::migration::Result<Vec<String>> {
            let known: std::collections::HashSet<String> =
                MigrationSource::<B>::migrations(&known)?
                    .iter()
                    .map(|m| m.name().version().to_string())
                    .collect();
            Ok(conn
                .applied_migrations()?
                .into_iter()
                .map(|v| v.to_string())
                .filter(|v| !known.contains(v))
                .collect())
        }
        let mut conn = self.conn()?;
        let found = match &mut *conn {
            DbConn::Sqlite(c) => unknown(c, SQLITE_MIGRATIONS),
            DbConn::Pg(c) => unknown(c, POSTGRES_MIGRATIONS),
        };
        found.map_err(|e| StoreError::Migration(e.to_string()))
    }

    /// SQLite: a consistent copy of the whole database written to `path` while the service
    /// goes on (`VACUUM INTO`: one read transaction, so every acknowledged action before it
    /// is in the copy and none after it); refused when `path` exists. Postgres has its own
    /// tools for this (pg_dump, base backups): refused, naming them.
    pub fn backup_into(&self, path: &std::path::Path) -> Result<(), StoreError> {
        if path.exists() {
            return Err(StoreError::Corrupt(format!(
                "{} exists: a backup never overwrites a file",
                path.display()
            )));
        }
        let mut conn = self.conn()?;
        match &mut *conn {
            DbConn::Sqlite(c) => {
                diesel::sql_query("VACUUM INTO ?")
                    .bind::<diesel::sql_types::Text, _>(path.to_string_lossy().as_ref())
                    .execute(c)?;
                Ok(())
            }
            DbConn::Pg(_) => Err(StoreError::Corrupt(
                "on Postgres, back up with pg_dump (or a base backup and WAL archiving): \
                 docs/OPERATIONS.md"
                    .into(),
            )),
        }
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

    /// Roll back the applied migrations from `version` on, newest first (to test a migration
    /// on rows written before it). `version` as diesel names a folder: its date and number
    /// without dashes, e.g. `20261201000080`.
    pub fn revert_from(&self, version: &str) -> Result<(), StoreError> {
        fn back<B: diesel::backend::Backend>(
            conn: &mut impl MigrationHarness<B>,
            migrations: impl Fn() -> EmbeddedMigrations,
            version: &str,
        ) -> diesel::migration::Result<()> {
            while conn
                .applied_migrations()?
                .iter()
                .any(|applied| applied.to_string().as_str() >= version)
            {
                conn.revert_last_migration(migrations())?;
            }
            Ok(())
        }
        let mut conn = self.conn()?;
        let result = match &mut *conn {
            DbConn::Sqlite(c) => back(c, || SQLITE_MIGRATIONS, version),
            DbConn::Pg(c) => back(c, || POSTGRES_MIGRATIONS, version),
        };
        result.map_err(|e| StoreError::Migration(e.to_string()))
    }
}
