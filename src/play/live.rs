//! Wakes the live streams of a game when it changes: at once for changes made on this
//! instance, and on Postgres for changes made through any instance (the store's `NOTIFY`).

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::broadcast;

struct Inner {
    sender: broadcast::Sender<String>,
}

/// Fans "game X changed" out to this instance's streams.
#[derive(Clone)]
pub struct Live {
    inner: Arc<Inner>,
    /// Whether changes made through other instances are heard too.
    shared: bool,
}

impl Live {
    pub fn new() -> Live {
        Live {
            inner: Arc::new(Inner {
                sender: broadcast::channel(1024).0,
            }),
            shared: false,
        }
    }

    /// Also hear the changes every instance on this Postgres database makes (a listening
    /// connection of its own, for as long as this `Live` lives).
    pub fn hear_postgres(mut self, url: &str) -> std::io::Result<Live> {
        crate::store::notify::listen(url.to_string(), &self.inner, |inner, id| {
            let _ = inner.sender.send(id);
        })?;
        self.shared = true;
        Ok(self)
    }

    /// A game was appended to on this instance.
    pub fn changed(&self, game: &str) {
        // No stream listening is fine.
        let _ = self.inner.sender.send(game.to_string());
    }

    /// Hear of every change from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<String> {
        self.inner.sender.subscribe()
    }

    /// How often a stream should look at the database anyway: often when changes made
    /// elsewhere are not heard (SQLite, several processes on one file), rarely when they are.
    pub fn poll_every(&self) -> Duration {
        if self.shared {
            Duration::from_secs(15)
        } else {
            Duration::from_secs(1)
        }
    }
}

impl Default for Live {
    fn default() -> Self {
        Live::new()
    }
}
