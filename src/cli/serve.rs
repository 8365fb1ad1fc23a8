//! `spider serve`, `spider migrate`: open the database (migrating it) and serve.

use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::time::Duration;

use crate::config::Config;
use crate::store::{Db, DbOptions};

pub(super) fn open_db(config: &Config) -> anyhow::Result<Db> {
    let db = Db::connect(&DbOptions {
        url: config.storage.database_url.clone(),
        pool_size: config.storage.db_pool_size,
        sqlite_synchronous: config.storage.sqlite_synchronous.clone(),
    })?;
    let applied = db.migrate()?;
    if applied > 0 {
        tracing::info!(applied, "applied database migrations");
    }
    // A newer release migrated this database (a rolling upgrade, or a rollback of the
    // binary): this one serves it, since migrations only add, and says so.
    let newer = db.unknown_migrations()?;
    if !newer.is_empty() {
        tracing::warn!(
            migrations = %newer.join(", "),
            "the database has migrations this release does not know (a newer release applied \
             them); serving, as migrations only add columns, tables and indexes"
        );
    }
    Ok(db)
}

/// `spider backup PATH`: a consistent copy of the SQLite database, taken while it serves.
pub(super) fn backup(config: &Config, path: &std::path::Path) -> anyhow::Result<()> {
    let (backend, _) = crate::store::parse_url(&config.storage.database_url);
    if backend != crate::store::Backend::Sqlite {
        anyhow::bail!(
            "on Postgres, back up with pg_dump (or a base backup and WAL archiving): \
             docs/OPERATIONS.md"
        );
    }
    if path.exists() {
        anyhow::bail!(
            "{} exists: a backup never overwrites a file",
            path.display()
        );
    }
    let db = Db::connect(&DbOptions {
        url: config.storage.database_url.clone(),
        pool_size: 1,
        sqlite_synchronous: config.storage.sqlite_synchronous.clone(),
    })?;
    db.backup_into(path)?;
    println!("backed up to {}", path.display());
    Ok(())
}

/// `spider restore PATH`: the backup at `path` (checked to be a database of this service's,
/// with no migration newer than this build knows) replaces the SQLite file `DATABASE_URL`
/// names; the file it replaces is kept, with its write-ahead log, as `FILE.before-restore`. Every instance must be stopped first.
pub(super) fn restore(config: &Config, path: &std::path::Path) -> anyhow::Result<()> {
    let (backend, live) = crate::store::parse_url(&config.storage.database_url);
    if backend != crate::store::Backend::Sqlite {
        anyhow::bail!("on Postgres, restore with pg_restore (docs/OPERATIONS.md)");
    }
    if !path.is_file() {
        anyhow::bail!("{} is not a file", path.display());
    }
    // A database of ours, that this build can serve: its migrations are all known here.
    let copy = Db::connect(&DbOptions {
        url: format!("sqlite://{}", path.display()),
        pool_size: 1,
        sqlite_synchronous: "FULL".into(),
    })?;
    let unknown = copy.unknown_migrations()?;
    if !unknown.is_empty() {
        anyhow::bail!(
            "{} has migrations this build does not know ({}): restore it with the release \
             that wrote it",
            path.display(),
            unknown.join(", ")
        );
    }
    drop(copy);
    let live = std::path::PathBuf::from(live);
    let beside = |suffix: &str| {
        let mut name = live.clone().into_os_string();
        name.push(suffix);
        std::path::PathBuf::from(name)
    };
    let staged = beside(".restoring");
    std::fs::copy(path, &staged)?;
    std::fs::File::open(&staged)?.sync_all()?;
    // The file replaced is kept whole: with its write-ahead log, renamed alike so that SQLite
    // still reads the two together.
    if live.exists() {
        std::fs::rename(&live, beside(".before-restore"))?;
    }
    for side in ["-wal", "-shm"] {
        if beside(side).exists() {
            std::fs::rename(beside(side), beside(&format!(".before-restore{side}")))?;
        }
    }
    std::fs::rename(&staged, &live)?;
    println!("restored {} from {}", live.display(), path.display());
    Ok(())
}

pub(super) fn serve(config: Config) -> anyhow::Result<()> {
    config.check_exposure()?;
    if config.accounts.jwt_secret_is_default {
        tracing::warn!(
            "JWT_SECRET is not set: using the built-in development secret. Anyone can forge \
             tokens for this server. Set JWT_SECRET (32+ characters) before exposing it."
        );
    }
    if config.daily.daily_secret_is_default {
        tracing::warn!(
            "DAILY_SECRET is not set: using the built-in development secret. Anyone can compute \
             every daily deal, hidden cards included. Set DAILY_SECRET (32+ characters)."
        );
    }
    let db = open_db(&config)?;
    let listener = TcpListener::bind(config.serving.bind)
        .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", config.serving.bind))?;
    tracing::info!(address = %config.serving.bind, backend = ?db.backend(), "serving; docs at /docs");
    actix_web::rt::System::new()
        .block_on(async move { crate::app::run(&config, db, listener)?.await })?;
    Ok(())
}

/// `spider healthcheck`: `GET path` from the server listening on `bind` (`BIND`: an address and
/// port; empty is the default 8080), asked over loopback whatever address it listens on.
pub(super) fn healthcheck(bind: &str, path: &str, timeout: Duration) -> Result<(), String> {
    let port = match bind.trim() {
        "" => 8080,
        bind => bind
            .parse::<SocketAddr>()
            .map_err(|e| format!("BIND={bind}: {e}"))?
            .port(),
    };
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let mut stream = TcpStream::connect_timeout(&address, timeout)
        .map_err(|e| format!("connecting to {address}: {e}"))?;
    stream
        .set_read_timeout(Some(timeout))
        .and_then(|()| stream.set_write_timeout(Some(timeout)))
        .map_err(|e| e.to_string())?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .map_err(|e| format!("asking {address}{path}: {e}"))?;
    let mut head = [0u8; 64];
    let read = stream
        .read(&mut head)
        .map_err(|e| format!("reading the answer of {address}{path}: {e}"))?;
    let status_line = String::from_utf8_lossy(&head[..read]);
    let status = status_line.split_whitespace().nth(1).unwrap_or("none");
    match status {
        "200" => Ok(()),
        other => Err(format!("{address}{path} answered status {other}")),
    }
}
