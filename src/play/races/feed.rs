//! A room's live look, shared by every stream of it on this instance: one reader per room
//! looks at it when a change to the room or to one of its games is heard, and every second
//! anyway (standings move with the clock too), and hands the room to every stream following
//! it. However many streams follow a room, it costs one look a second, not one per stream;
//! each stream only renders the room for its viewer. The reader ends within a second of its
//! last stream.

use crate::domain::{GameId, RaceCode};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::watch;

use super::{look, Room};
use crate::live::room_key;
use crate::Play;

/// How often a followed room is looked at when nothing is heard.
pub const LOOK_EVERY: Duration = Duration::from_secs(1);

/// The latest look at a room.
#[derive(Clone)]
pub enum Shared {
    /// Not looked at yet.
    Pending,
    Room(Arc<Room>),
    /// The look failed: the reader has stopped; a stream looks itself to say why.
    Failed,
}

/// This instance's room readers, by room code.
#[derive(Clone, Default)]
pub struct Feeds {
    readers: Arc<Mutex<HashMap<RaceCode, Arc<watch::Sender<Shared>>>>>,
}

impl Feeds {
    /// Follow room `code` (normalised): its reader's looks, starting one if none runs.
    pub fn follow(&self, play: &Play, code: &RaceCode) -> watch::Receiver<Shared> {
        let mut readers = self
            .readers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(tx) = readers.get(code) {
            return tx.subscribe();
        }
        let (tx, rx) = watch::channel(Shared::Pending);
        let tx = Arc::new(tx);
        readers.insert(code.clone(), tx.clone());
        tokio::spawn(read(play.clone(), code.clone(), tx, self.clone()));
        rx
    }
}

async fn read(play: Play, code: RaceCode, tx: Arc<watch::Sender<Shared>>, feeds: Feeds) {
    let mut watcher = play.live.internal();
    watcher.watch(vec![room_key(&code)]);
    loop {
        let shared = match look(&play, &code).await {
            Ok(room) => {
                watcher.watch(
                    room.entries
                        .iter()
                        .filter_map(|e| e.game_id.as_ref().map(GameId::to_string))
                        .chain([room_key(&code)])
                        .collect(),
                );
                Shared::Room(Arc::new(room))
            }
            Err(e) => {
                tracing::debug!(error = %e, room = %code, "a followed room's look failed");
                Shared::Failed
            }
        };
        let failed = matches!(shared, Shared::Failed);
        tx.send_replace(shared);
        if !failed {
            let _ = tokio::time::timeout(LOOK_EVERY, watcher.woken()).await;
        }
        // Stop when nobody follows (checked under the lock a new follower takes) or the look
        // failed (its followers each look once more and end).
        let mut readers = feeds
            .readers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if failed || tx.receiver_count() == 0 {
            if readers.get(&code).is_some_and(|t| Arc::ptr_eq(t, &tx)) {
                readers.remove(&code);
            }
            return;
        }
    }
}
