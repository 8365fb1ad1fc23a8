//! Wakes the live streams of a game on this instance when it changes.

use tokio::sync::broadcast;

/// Fans "game X changed" out to this instance's streams.
#[derive(Clone)]
pub struct Live {
    sender: broadcast::Sender<String>,
}

impl Live {
    pub fn new() -> Live {
        Live {
            sender: broadcast::channel(1024).0,
        }
    }

    /// A game was appended to on this instance.
    pub fn changed(&self, game: &str) {
        // No stream listening is fine.
        let _ = self.sender.send(game.to_string());
    }

    /// Hear of every change from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<String> {
        self.sender.subscribe()
    }
}

impl Default for Live {
    fn default() -> Self {
        Live::new()
    }
}
