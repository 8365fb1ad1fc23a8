//! The bounded pool that hints and post-game analyses search on: about one search per core,
//! so that a flood of them cannot take the CPU from moves and reads. A full pool refuses at
//! once ([`Error::SearchBusy`]): requests never queue without limit.
//!
//! Searches run on the pool's own threads, one per slot, never on the request workers or
//! the blocking threads that database calls use.

use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::Error;

type Job = Box<dyn FnOnce() + Send>;

#[derive(Clone, Debug)]
pub struct SearchPool {
    slots: Arc<Semaphore>,
    size: usize,
    jobs: Sender<Job>,
}

/// One search's place in the pool, given back when dropped (or when its search ends).
#[derive(Debug)]
pub struct Slot {
    permit: OwnedSemaphorePermit,
    jobs: Sender<Job>,
}

impl SearchPool {
    /// A pool of `size` slots (at least one) and as many search threads.
    pub fn new(size: usize) -> SearchPool {
        let size = size.max(1);
        let (jobs, queue) = channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..size {
            let queue = queue.clone();
            // A thread that cannot start leaves its slot's jobs to the others.
            let _ = std::thread::Builder::new()
                .name(format!("search-{n}"))
                .spawn(move || work(&queue));
        }
        SearchPool {
            slots: Arc::new(Semaphore::new(size)),
            size,
            jobs,
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
        let permit = self.slots.clone().try_acquire_owned().ok()?;
        Some(Slot {
            permit,
            jobs: self.jobs.clone(),
        })
    }

    /// Run `search` in a slot taken now, or refuse with [`Error::SearchBusy`] when none is
    /// free.
    pub async fn run<T, E, F>(&self, search: F) -> Result<T, E>
    where
        F: FnOnce() -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<Error> + Send + 'static,
    {
        self.try_slot().ok_or(Error::SearchBusy)?.run(search).await
    }
}

impl Slot {
    /// Run `search` on a search thread. The slot is held until the search ends, even if the
    /// client went away meanwhile. Slots never outnumber threads, so it starts at once.
    pub async fn run<T, E, F>(self, search: F) -> Result<T, E>
    where
        F: FnOnce() -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<Error> + Send + 'static,
    {
        let (reply, answer) = tokio::sync::oneshot::channel();
        let permit = self.permit;
        let job: Job = Box::new(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(search));
            drop(permit);
            let _ = reply.send(result);
        });
        self.jobs
            .send(job)
            .map_err(|_| Error::Internal("search pool: its threads have stopped".into()))?;
        match answer.await {
            Ok(Ok(result)) => result,
            Ok(Err(_)) => Err(Error::Internal("search pool: a search panicked".into()).into()),
            Err(_) => Err(Error::Internal("search pool: a search thread stopped".into()).into()),
        }
    }
}

/// How much lower than request threads search threads run (a nice value): when a flood of
/// searches takes every core, the kernel still gives moves and reads the CPU first, and
/// searches the rest.
const SEARCH_NICE: i32 = 10;

/// Lower the calling thread's scheduling priority by [`SEARCH_NICE`] (Linux: nice is per
/// thread). Elsewhere, or if the call fails, the thread keeps its priority.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid takes no arguments, and setpriority only reads its three integer
    // arguments; neither touches memory of ours.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid);
        if let Ok(tid) = libc::id_t::try_from(tid) {
            let _ = libc::setpriority(libc::PRIO_PROCESS, tid, SEARCH_NICE);
        }
    }
}

fn work(queue: &Mutex<Receiver<Job>>) {
    lower_priority();
    loop {
        let job = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        match job {
            Ok(job) => job(),
            // The pool is gone.
            Err(_) => return,
        }
    }
}
