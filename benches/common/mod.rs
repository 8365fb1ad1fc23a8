//! What the database benches share: a database of their own, a temporary SQLite file by
//! default, or with BENCH_DATABASE_URL=postgres://… a schema of its own on that server, made
//! here, migrated, and dropped when the bench ends.

use diesel::RunQueryDsl;
use spider::store::{Db, DbOptions};

/// A bench's own database, gone when this is dropped.
pub struct BenchDb {
    pub db: Db,
    /// The URL the service would be configured with to use it.
    pub url: String,
    /// On Postgres: the server and the schema to drop.
    schema: Option<(String, String)>,
    _dir: tempfile::TempDir,
}

impl BenchDb {
    /// A migrated database named after the bench (`name`), with `pool_size` connections.
    pub fn open(name: &str, pool_size: u32) -> BenchDb {
        let dir = tempfile::tempdir().expect("temp dir");
        let (url, schema) = match std::env::var("BENCH_DATABASE_URL") {
            Ok(base) if !base.is_empty() => {
                let schema = format!("bench_{name}_{}", std::process::id());
                let mut c = spider::store::pg::establish(&base).expect("Postgres");
                diesel::sql_query(format!("CREATE SCHEMA {schema}"))
                    .execute(&mut c)
                    .expect("schema");
                let sep = if base.contains('?') { '&' } else { '?' };
                (
                    format!("{base}{sep}options=-csearch_path%3D{schema}"),
                    Some((base, schema)),
                )
            }
            _ => (
                format!(
                    "sqlite://{}",
                    dir.path().join(format!("{name}.db")).display()
                ),
                None,
            ),
        };
        let db = Db::connect(&DbOptions {
            url: url.clone(),
            pool_size,
            sqlite_synchronous: "NORMAL".into(),
        })
        .expect("database");
        db.migrate().expect("migrations");
        BenchDb {
            db,
            url,
            schema,
            _dir: dir,
        }
    }
}

impl Drop for BenchDb {
    fn drop(&mut self) {
        if let Some((base, schema)) = &self.schema {
            if let Ok(mut c) = spider::store::pg::establish(base) {
                let _ = diesel::sql_query(format!("DROP SCHEMA {schema} CASCADE")).execute(&mut c);
            }
        }
    }
}
