//! The bounded pool that hints and post-game analyses search on: about one search per core,
//! so that a flood of them cannot take the CPU from moves and reads. A full pool refuses at
//! once ([`Error::Search(SearchError::SearchBusy)`]): requests never queue without limit.
//!
//! Searches run on the pool's own threads, one per slot, never on the request workers or
//! the blocking threads that database calls use.
//!
//! No one caller can take every slot: each account holds at most one search at a time
//! ([`Error::Search(SearchError::SearchRunning)`]) and each client address at most a few
//! ([`Error::Search(SearchError::AddressSearchesBusy)`]), so another player's hint still finds a slot while one
//! account analyses game after game or a few guests flood hints.

use crate::domain::UserId;
use crate::SearchError;
use std::collections::HashMap;
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
    holders: Arc<Holders>,
}

/// Who asks for a search: the account, and the client address the request came from.
#[derive(Clone, Debug)]
pub struct Searcher {
    pub account: UserId,
    pub address: String,
}

/// The searches each account and each address hold now. Holds only keys with a search
/// running, so it never has more than two entries a slot.
#[derive(Debug)]
struct Holders {
    per_address: usize,
    held: Mutex<HashMap<String, usize>>,
}

/// A caller's claim on its share, given back when dropped.
#[derive(Debug)]
struct Hold {
    holders: Arc<Holders>,
    keys: [String; 2],
}

impl Drop for Hold {
    fn drop(&mut self) {
        let mut held = match self.holders.held.lock() {
            Ok(held) => held,
            Err(poisoned) => poisoned.into_inner(),
        };
        for key in &self.keys {
            if let Some(n) = held.get_mut(key) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    held.remove(key);
                }
            }
        }
    }
}

/// One search's place in the pool, given back when dropped (or when its search ends).
#[derive(Debug)]
pub struct Slot {
    permit: OwnedSemaphorePermit,
    hold: Option<Hold>,
    jobs: Sender<Job>,
}

impl SearchPool {
    /// A pool of `size` slots (at least one) and as many search threads, each client address
    /// holding at most [`SearchPool::default_per_address`] of them.
    pub fn new(size: usize) -> SearchPool {
        SearchPool::with_limits(size, SearchPool::default_per_address(size))
    }

    /// The searches one client address may hold at once by default: a small number that
    /// leaves at least one slot to everyone else (1 of 2 slots, 2 of 3 or more).
    pub fn default_per_address(size: usize) -> usize {
        size.saturating_sub(1).clamp(1, 2)
    }

    /// A pool of `size` slots (at least one) and as many search threads; each account holds
    /// at most one slot, each client address at most `per_address` (at least one).
    pub fn with_limits(size: usize, per_address: usize) -> SearchPool {
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
            holders: Arc::new(Holders {
                per_address: per_address.max(1),
                held: Mutex::new(HashMap::new()),
            }),
        }
    }

    /// The searches one client address may hold at once.
    pub fn per_address(&self) -> usize {
        self.holders.per_address
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// Slots free right now.
    pub fn free(&self) -> usize {
        self.slots.available_permits()
    }

    /// A slot now for no one in particular (work of the server's own), or `None` when every
    /// slot is taken.
    pub fn try_slot(&self) -> Option<Slot> {
        let permit = self.slots.clone().try_acquire_owned().ok()?;
        Some(Slot {
            permit,
            hold: None,
            jobs: self.jobs.clone(),
        })
    }

    /// A slot now for `who`: refused when their account already holds one
    /// ([`Error::Search(SearchError::SearchRunning)`]), their address holds its share
    /// ([`Error::Search(SearchError::AddressSearchesBusy)`]), or every slot is taken ([`Error::Search(SearchError::SearchBusy)`]).
    pub fn slot_for(&self, who: &Searcher) -> Result<Slot, Error> {
        let keys = [
            format!("user:{}", who.account),
            format!("addr:{}", who.address),
        ];
        let mut held = match self.holders.held.lock() {
            Ok(held) => held,
            Err(poisoned) => poisoned.into_inner(),
        };
        if held.get(&keys[0]).copied().unwrap_or(0) >= 1 {
            return Err(Error::Search(SearchError::SearchRunning));
        }
        if held.get(&keys[1]).copied().unwrap_or(0) >= self.holders.per_address {
            return Err(Error::Search(SearchError::AddressSearchesBusy(
                self.holders.per_address,
            )));
        }
        let mut slot = self
            .try_slot()
            .ok_or(Error::Search(SearchError::SearchBusy))?;
        for key in &keys {
            *held.entry(key.clone()).or_insert(0) += 1;
        }
        slot.hold = Some(Hold {
            holders: self.holders.clone(),
            keys,
        });
        Ok(slot)
    }

    /// Run `search` for `who` in a slot taken now, or refuse as [`SearchPool::slot_for`]
    /// does.
    pub async fn run<T, E, F>(&self, who: &Searcher, search: F) -> Result<T, E>
    where
        F: FnOnce() -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<Error> + Send + 'static,
    {
        self.slot_for(who)?.run(search).await
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
        let (permit, hold) = (self.permit, self.hold);
        let job: Job = Box::new(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(search));
            drop(hold);
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
pub fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid takes no arguments, and setpriority only reads its three integer
    // arguments; neither touches memory of ours.
    #[allow(
        unsafe_code,
        reason = "libc's gettid and setpriority; sound as the SAFETY line says"
    )]
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

#[cfg(test)]
mod tests {
    use super::*;

    fn who(account: &str, address: &str) -> Searcher {
        Searcher {
            account: account.into(),
            address: address.into(),
        }
    }

    #[test]
    fn an_account_holds_one_slot_and_an_address_its_share() {
        let pool = SearchPool::with_limits(4, 2);
        let first = pool.slot_for(&who("a", "1.1.1.1")).expect("a slot");
        assert!(matches!(
            pool.slot_for(&who("a", "2.2.2.2")),
            Err(Error::Search(SearchError::SearchRunning))
        ));
        let second = pool.slot_for(&who("b", "1.1.1.1")).expect("a slot");
        assert!(matches!(
            pool.slot_for(&who("c", "1.1.1.1")),
            Err(Error::Search(SearchError::AddressSearchesBusy(2)))
        ));
        // Another address still finds the slots left.
        let third = pool.slot_for(&who("c", "3.3.3.3")).expect("a slot");
        drop(first);
        let again = pool
            .slot_for(&who("a", "1.1.1.1"))
            .expect("a slot once the first ended");
        let fourth = pool.slot_for(&who("d", "4.4.4.4")).expect("the last slot");
        assert!(matches!(
            pool.slot_for(&who("e", "5.5.5.5")),
            Err(Error::Search(SearchError::SearchBusy))
        ));
        drop((second, third, again, fourth));
        assert!(pool.holders.held.lock().unwrap().is_empty());
        assert_eq!(pool.free(), 4);
    }

    #[test]
    fn the_default_share_leaves_a_slot_to_others() {
        assert_eq!(SearchPool::default_per_address(1), 1);
        assert_eq!(SearchPool::default_per_address(2), 1);
        assert_eq!(SearchPool::default_per_address(3), 2);
        assert_eq!(SearchPool::default_per_address(16), 2);
    }

    #[actix_rt::test]
    async fn a_share_is_given_back_when_the_search_ends() {
        let pool = SearchPool::with_limits(2, 1);
        let me = who("a", "1.1.1.1");
        let answer: Result<u32, Error> = pool.run(&me, || Ok(7)).await;
        assert_eq!(answer.ok(), Some(7));
        let slot = pool.slot_for(&me).expect("the share came back");
        drop(slot);
    }
}
