//! Wakes the live streams of a game when it changes: at once for changes made on this
//! instance, and on Postgres for changes made through any instance (the store's `NOTIFY`).

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::broadcast;

struct Inner {
    sender: broadcast::Sender<String>,
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

    /// A game was appended to on this instance.
    pub fn changed(&self, game: &str) {
        // No stream listening is fine.
        let _ = self.inner.sender.send(game.to_string());
        if let Some(notifier) = &self.notifier {
            notifier.changed(game);
        }
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

impl Default for Live {
    fn default() -> Self {
        Live::new()
    }
}
