//! Changes heard across instances on Postgres: every append sends `NOTIFY` on [`CHANNEL`]
//! with the game's id (delivered when its transaction commits), and each instance keeps one
//! connection that listens and hands each id to a callback. SQLite has no such thing: its
//! streams keep polling.

use std::sync::{Arc, Weak};
use std::time::Duration;

use diesel::pg::PgConnection;
use diesel::{Connection, RunQueryDsl};

/// The channel appends notify on.
pub const CHANNEL: &str = "spider_changes";

/// How often the listening connection looks for notifications that arrived. Reading them is
/// one non-blocking socket read, so this bounds the delay at little cost.
const LOOK_EVERY: Duration = Duration::from_millis(5);
/// How long to wait before connecting again after losing the connection.
const RECONNECT_AFTER: Duration = Duration::from_secs(1);

/// Notify every listening instance that `game` changed (on commit, when in a transaction).
pub fn notify(conn: &mut PgConnection, game: &str) -> Result<(), super::StoreError> {
    diesel::sql_query("SELECT pg_notify($1, $2)")
        .bind::<diesel::sql_types::Text, _>(CHANNEL)
        .bind::<diesel::sql_types::Text, _>(game)
        .execute(conn)?;
    Ok(())
}

/// Listen on `url` on a thread of its own, handing each notified payload to `heard`, for as
/// long as `owner` lives (the thread ends within a few milliseconds of its last handle).
pub fn listen<T: Send + Sync + 'static>(
    url: String,
    owner: &Arc<T>,
    heard: impl Fn(&T, String) + Send + 'static,
) -> std::io::Result<()> {
    let owner: Weak<T> = Arc::downgrade(owner);
    std::thread::Builder::new()
        .name("pg-listen".into())
        .spawn(move || {
            while owner.strong_count() > 0 {
                let mut conn = match PgConnection::establish(&url) {
                    Ok(conn) => conn,
                    Err(e) => {
                        tracing::warn!(error = %e, "cannot listen for changes; retrying");
                        std::thread::sleep(RECONNECT_AFTER);
                        continue;
                    }
                };
                if let Err(e) = diesel::sql_query(format!("LISTEN {CHANNEL}")).execute(&mut conn) {
                    tracing::warn!(error = %e, "LISTEN failed; retrying");
                    std::thread::sleep(RECONNECT_AFTER);
                    continue;
                }
                'connected: loop {
                    let Some(owner) = owner.upgrade() else {
                        return;
                    };
                    for notification in conn.notifications_iter() {
                        match notification {
                            Ok(n) => heard(&owner, n.payload),
                            Err(e) => {
                                tracing::warn!(error = %e, "lost the listening connection");
                                break 'connected;
                            }
                        }
                    }
                    drop(owner);
                    std::thread::sleep(LOOK_EVERY);
                }
                std::thread::sleep(RECONNECT_AFTER);
            }
        })
        .map(|_| ())
}
