//! A followed thing's live look (a race's room, an arena's standings), shared by every stream
//! of it on this instance: one reader per thing looks at it when a change to it is heard, and
//! every second anyway (a room's standings move with the clock too), and hands what it saw to
//! every stream following it. However many streams follow one thing, it costs one look a
//! second, not one per stream; each stream only renders the look for its viewer. The reader
//! ends within a second of its last stream.

use std::collections::HashMap;
use std::fmt::Display;
use std::future::Future;
use std::hash::Hash;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::watch;

use crate::{Error, Play};

/// How often a followed thing is looked at when nothing is heard.
pub const LOOK_EVERY: Duration = Duration::from_secs(1);

/// What can be followed: how to look at it, and the changes (live keys) that call for
/// another look.
pub trait Followed: 'static {
    type Key: Clone + Eq + Hash + Display + Send + Sync + 'static;
    type Seen: Send + Sync + 'static;
    fn look(play: &Play, key: &Self::Key)
        -> impl Future<Output = Result<Self::Seen, Error>> + Send;
    /// The live keys whose change calls for another look.
    fn watch(key: &Self::Key, seen: &Self::Seen) -> Vec<String>;
}

/// The latest look.
pub enum Shared<T> {
    /// Not looked at yet.
    Pending,
    Seen(Arc<T>),
    /// The look failed: the reader has stopped; a stream looks itself to say why.
    Failed,
}

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        match self {
            Shared::Pending => Shared::Pending,
            Shared::Seen(seen) => Shared::Seen(seen.clone()),
            Shared::Failed => Shared::Failed,
        }
    }
}

type Readers<F> =
    Arc<Mutex<HashMap<<F as Followed>::Key, Arc<watch::Sender<Shared<<F as Followed>::Seen>>>>>>;

/// This instance's readers of one kind of thing, by key.
pub struct Feeds<F: Followed> {
    readers: Readers<F>,
}

impl<F: Followed> Clone for Feeds<F> {
    fn clone(&self) -> Self {
        Feeds {
            readers: self.readers.clone(),
        }
    }
}

impl<F: Followed> Default for Feeds<F> {
    fn default() -> Self {
        Feeds {
            readers: Arc::default(),
        }
    }
}

impl<F: Followed> Feeds<F> {
    /// Follow `key`: its reader's looks, starting one if none runs.
    pub fn follow(&self, play: &Play, key: &F::Key) -> watch::Receiver<Shared<F::Seen>> {
        let mut readers = self
            .readers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(tx) = readers.get(key) {
            return tx.subscribe();
        }
        let (tx, rx) = watch::channel(Shared::Pending);
        let tx = Arc::new(tx);
        readers.insert(key.clone(), tx.clone());
        tokio::spawn(read::<F>(
            play.clone(),
            key.clone(),
            tx,
            self.readers.clone(),
        ));
        rx
    }
}

async fn read<F: Followed>(
    play: Play,
    key: F::Key,
    tx: Arc<watch::Sender<Shared<F::Seen>>>,
    readers: Readers<F>,
) {
    let mut watcher = play.live.internal();
    loop {
        let shared = match F::look(&play, &key).await {
            Ok(seen) => {
                watcher.watch(F::watch(&key, &seen));
                Shared::Seen(Arc::new(seen))
            }
            Err(e) => {
                tracing::debug!(error = %e, followed = %key, "a followed look failed");
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
        let mut readers = readers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if failed || tx.receiver_count() == 0 {
            if readers.get(&key).is_some_and(|t| Arc::ptr_eq(t, &tx)) {
                readers.remove(&key);
            }
            return;
        }
    }
}
