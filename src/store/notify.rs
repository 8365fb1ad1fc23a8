//! Changes heard across instances on Postgres. Each instance sends the ids of the games it
//! changed with `NOTIFY` on [`CHANNEL`], a few milliseconds' worth at a time from one
//! connection of its own (a notifying transaction takes a database-wide lock at commit, so
//! appends do not notify themselves), and keeps one connection that listens and hands each id
//! to a callback. A wake-up is a hint: the versions of the watched games are still looked at
//! now and then (`crate::jobs::streams`), for every stream at once. SQLite has no such thing:
//! there that look is made every second.

use std::sync::{Arc, Weak};
use std::time::Duration;

use diesel::pg::PgConnection;
use diesel::RunQueryDsl;

/// The channel appends notify on.
pub const CHANNEL: &str = "spider_changes";

/// How often the listening connection looks for notifications that arrived. Reading them is
/// one non-blocking socket read, so this bounds the delay at little cost.
const LOOK_EVERY: Duration = Duration::from_millis(5);
/// How long to wait before connecting again after losing the connection (or failing to
/// connect). Short, because streams hear nothing from other instances meanwhile: in a
/// database failover the listener is back within this of the new primary taking writes, and
/// a failed attempt costs one refused connect.
const RECONNECT_AFTER: Duration = Duration::from_millis(250);

/// Changed ids waiting to be sent; beyond this many, more are dropped (only a wake-up).
const QUEUE: usize = 8192;
/// How long the sender gathers ids after the first before sending them together. Each send
/// is a transaction of its own: at 2 ms, a busy instance sent about 500 a second beside its
/// batched appends; 10 ms keeps that to 100 while another instance's watchers still hear
/// of a change well within a frame or two of a stream's pace.
const GATHER: Duration = Duration::from_millis(10);
/// A notification's payload must stay under 8,000 bytes.
const PAYLOAD: usize = 7_000;

/// Sends changed ids to every listening instance, in batches, from a thread of its own.
#[derive(Clone)]
pub struct Notifier {
    queue: std::sync::mpsc::SyncSender<String>,
}

impl Notifier {
    /// Start the sending thread on `url`, signing each notification `origin` (this instance:
    /// its own listener skips them); it ends when the last `Notifier` is dropped.
    pub fn start(url: String, origin: String) -> std::io::Result<Notifier> {
        let (queue, ids) = std::sync::mpsc::sync_channel::<String>(QUEUE);
        std::thread::Builder::new()
            .name("pg-notify".into())
            .spawn(move || send_batches(url, origin, ids))?;
        Ok(Notifier { queue })
    }

    /// `game` changed. Never blocks: when the queue is full the wake-up is dropped.
    pub fn changed(&self, game: &str) {
        let _ = self.queue.try_send(game.to_string());
    }
}

/// A payload: the origin, then the changed ids, separated by spaces.
fn send_batches(url: String, origin: String, ids: std::sync::mpsc::Receiver<String>) {
    let mut conn: Option<PgConnection> = None;
    // Ends when every sender is gone.
    while let Ok(first) = ids.recv() {
        let mut batch = std::collections::BTreeSet::from([first]);
        let until = std::time::Instant::now() + GATHER;
        while let Some(left) = until.checked_duration_since(std::time::Instant::now()) {
            match ids.recv_timeout(left) {
                Ok(id) => {
                    batch.insert(id);
                }
                Err(_) => break,
            }
        }
        let mut payloads = vec![origin.clone()];
        for id in batch {
            match payloads.last_mut().filter(|p| p.len() + id.len() < PAYLOAD) {
                Some(p) => {
                    p.push(' ');
                    p.push_str(&id);
                }
                None => payloads.push(format!("{origin} {id}")),
            }
        }
        // A connection that died since the last batch (a failover) is found on the first
        // send: the batch goes once more, on a new connection, so the wake-ups for changes
        // that landed on the new primary are not the ones lost.
        let mut left = payloads.as_slice();
        for _attempt in 0..2 {
            if conn.is_none() {
                conn = super::pg::establish(&url)
                    .map_err(|e| tracing::warn!(error = %e, "cannot notify changes"))
                    .ok();
            }
            let Some(c) = conn.as_mut() else { break };
            while let Some((payload, rest)) = left.split_first() {
                let sent = diesel::sql_query("SELECT pg_notify($1, $2)")
                    .bind::<diesel::sql_types::Text, _>(CHANNEL)
                    .bind::<diesel::sql_types::Text, _>(payload)
                    .execute(c);
                if let Err(e) = sent {
                    tracing::warn!(error = %e, "lost the notifying connection");
                    conn = None;
                    break;
                }
                left = rest;
            }
            if left.is_empty() {
                break;
            }
        }
    }
}

/// Listen on `url` on a thread of its own, handing each id other instances changed (not
/// `origin`, this one) to `heard`, for as long as
/// `owner` lives (the thread ends within a few milliseconds of its last handle). Each time
/// it starts listening (again, after a lost connection) it calls `listening`: whatever
/// changed while nobody listened was not heard.
pub fn listen<T: Send + Sync + 'static>(
    url: String,
    origin: String,
    owner: &Arc<T>,
    heard: impl Fn(&T, String) + Send + 'static,
    listening: impl Fn(&T) + Send + 'static,
) -> std::io::Result<()> {
    let owner: Weak<T> = Arc::downgrade(owner);
    std::thread::Builder::new()
        .name("pg-listen".into())
        .spawn(move || {
            while owner.strong_count() > 0 {
                let mut conn = match super::pg::establish(&url) {
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
                match owner.upgrade() {
                    Some(owner) => listening(&owner),
                    None => return,
                }
                'connected: loop {
                    let Some(owner) = owner.upgrade() else {
                        return;
                    };
                    for notification in conn.notifications_iter() {
                        match notification {
                            Ok(n) => {
                                let mut words = n.payload.split(' ');
                                // This instance's own changes woke its streams already.
                                if words.next() != Some(origin.as_str()) {
                                    words
                                        .filter(|id| !id.is_empty())
                                        .for_each(|id| heard(&owner, id.to_string()));
                                }
                            }
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
