//! Wakes the live streams of a game when it changes: at once for changes made on this
//! instance, and on Postgres for changes made through any instance (the store's `NOTIFY`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::broadcast;

struct Inner {
    sender: broadcast::Sender<String>,
    /// Open streams per user on this instance.
    open: Mutex<HashMap<String, usize>>,
}

/// One open stream of a user's, counted until it is dropped.
pub struct StreamSlot {
    inner: Arc<Inner>,
    user: String,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut open = self.inner.open.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = open.get_mut(&self.user) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.user);
            }
        }
    }
}

/// Fans "game X changed" out to this instance's streams (and on Postgres, to every
/// instance's).
#[derive(Clone)]
pub struct Live {
    inner: Arc<Inner>,
    /// Set when changes are shared with other instances.
    notifier: Option<crate::store::notify::Notifier>,
}

impl Live {
    pub fn new() -> Live {
        Live {
            inner: Arc::new(Inner {
                sender: broadcast::channel(1024).0,
                open: Mutex::new(HashMap::new()),
            }),
            notifier: None,
        }
    }

    /// Share changes with every instance on this Postgres database: tell them of this
    /// instance's, and hear theirs (a connection of its own for each, for as long as this
    /// `Live` lives).
    pub fn share_on_postgres(mut self, url: &str) -> std::io::Result<Live> {
        let origin = uuid::Uuid::new_v4().simple().to_string();
        crate::store::notify::listen(url.to_string(), origin.clone(), &self.inner, |inner, id| {
            let _ = inner.sender.send(id);
        })?;
        self.notifier = Some(crate::store::notify::Notifier::start(
            url.to_string(),
            origin,
        )?);
        Ok(self)
    }

    /// A game (by its id) or a race room (by [`room_key`]) changed on this instance.
    pub fn changed(&self, game: &str) {
        // No stream listening is fine.
        let _ = self.inner.sender.send(game.to_string());
        if let Some(notifier) = &self.notifier {
            notifier.changed(game);
        }
    }

    /// Count a new stream of `user`'s, unless they already have `limit` open here.
    pub fn open_stream(&self, user: &str, limit: usize) -> Option<StreamSlot> {
        let mut open = self.inner.open.lock().unwrap_or_else(|p| p.into_inner());
        let n = open.entry(user.to_string()).or_insert(0);
        if *n >= limit {
            return None;
        }
        *n += 1;
        Some(StreamSlot {
            inner: self.inner.clone(),
            user: user.to_string(),
        })
    }

    /// Hear of every change from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<String> {
        self.inner.sender.subscribe()
    }

    /// How often a stream should look at the database anyway: often when changes made
    /// elsewhere are not heard (SQLite, several processes on one file), rarely when they are.
    pub fn poll_every(&self) -> Duration {
        if self.notifier.is_some() {
            Duration::from_secs(15)
        } else {
            Duration::from_secs(1)
        }
    }
}

/// Wait until `rx` hears a change that `wanted` accepts, or `within` has passed. Missed
/// changes (the receiver lagged) count as heard: the caller looks anyway.
pub async fn heard(
    rx: &mut broadcast::Receiver<String>,
    within: Duration,
    wanted: impl Fn(&str) -> bool,
) {
    let _ = tokio::time::timeout(within, async {
        loop {
            match rx.recv().await {
                Ok(changed) if wanted(&changed) => return,
                Ok(_) => continue,
                Err(broadcast::error::RecvError::Lagged(_)) => return,
                // No more changes will be heard: only the time is left.
                Err(broadcast::error::RecvError::Closed) => std::future::pending::<()>().await,
            }
        }
    })
    .await;
}

/// What a change of race room `code` (its seats, rounds or quits) is heard as; a change of
/// one of its games is heard as the game's id.
pub fn room_key(code: &str) -> String {
    format!("race:{code}")
}

impl Default for Live {
    fn default() -> Self {
        Live::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_has_at_most_the_limit_of_streams_and_a_closed_one_frees_its_place() {
        let live = Live::new();
        let a = live.open_stream("ann", 2).expect("first");
        let _b = live.open_stream("ann", 2).expect("second");
        assert!(live.open_stream("ann", 2).is_none(), "a third is refused");
        assert!(
            live.open_stream("bob", 2).is_some(),
            "others are not counted"
        );
        drop(a);
        assert!(
            live.open_stream("ann", 2).is_some(),
            "a closed stream frees its place"
        );
    }
}
