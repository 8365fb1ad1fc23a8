//! The bounded pool that hints and post-game analyses search on: about one search per core,
//! so that a flood of them cannot take the CPU from moves and reads. A full pool refuses at
//! once (503 `search_busy` with `Retry-After`): requests never queue without limit.

use std::sync::Arc;

use actix_web::http::header;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::error::ApiError;

#[derive(Clone, Debug)]
pub struct SearchPool {
    slots: Arc<Semaphore>,
    size: usize,
}

/// One search's place in the pool, given back when dropped.
#[derive(Debug)]
pub struct Slot(#[allow(dead_code)] OwnedSemaphorePermit);

impl SearchPool {
    /// A pool of `size` slots (at least one).
    pub fn new(size: usize) -> SearchPool {
        let size = size.max(1);
        SearchPool {
            slots: Arc::new(Semaphore::new(size)),
            size,
        }
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// Slots free right now.
    pub fn free(&self) -> usize {
        self.slots.available_permits()
    }

    /// A slot now, or `None` when every slot is taken.
    pub fn try_slot(&self) -> Option<Slot> {
        self.slots.clone().try_acquire_owned().ok().map(Slot)
    }

    /// Run `search` on a blocking thread in a slot taken now, or refuse with 503 when none
    /// is free. The slot is held until the search ends, even if the client went away.
    pub async fn run<T, F>(&self, search: F) -> Result<T, ApiError>
    where
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let slot = self.try_slot().ok_or_else(busy)?;
        actix_web::web::block(move || {
            let _slot = slot;
            search()
        })
        .await?
    }
}

/// The refusal when every search slot is taken.
pub fn busy() -> ApiError {
    ApiError::unavailable(
        "search_busy",
        "Every search slot of this server is busy with hints and analyses; nothing was \
         computed. Try again in a second.",
    )
    .with_header(header::RETRY_AFTER, "1")
}
