//! `spider serve`, `spider migrate`: open the database (migrating it) and serve.

use std::net::TcpListener;

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
    Ok(db)
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
