//! What this instance's requests want proven: the handle between the use cases, which take a
//! proven deal or ask for a kind nobody stocks, and the prover job (`jobs::winnable`), which
//! reads what is wanted and sleeps until something changes.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::{Duration, Instant};

use super::Error;
use crate::engine::Difficulty;
use crate::store::winnable::Class;
use crate::store::Db;

/// A kind asked for is proven until nobody has asked for it for this long.
pub const ASKED_KIND_LIFE: Duration = Duration::from_secs(600);

/// Kinds proven because a request asked, at most this many at once beyond the prefilled ones.
pub const MAX_ASKED_KINDS: usize = 6;

/// The kinds wanted, as the prover job sees them.
pub struct Wanted {
    /// Each kind to keep stocked: `None` for a prefilled kind (always), else when a request
    /// last asked for it.
    classes: Mutex<BTreeMap<Class, Option<Instant>>>,
    wake: Condvar,
    /// Counts deals taken and kinds newly asked for: a CPU line being computed gives way
    /// when it changes (proving comes first).
    changes: AtomicU64,
}

impl Wanted {
    /// The kinds to keep stocked now (those nobody asked for lately are forgotten).
    pub fn classes(&self) -> Vec<Class> {
        let mut classes = self
            .classes
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        forget_stale(&mut classes);
        classes.keys().cloned().collect()
    }

    /// A count that moves whenever a deal is taken or a kind newly asked for.
    pub fn changes(&self) -> u64 {
        self.changes.load(Ordering::Relaxed)
    }

    /// Sleep until a deal is taken or a kind asked for, or `timeout` passes.
    pub fn wait(&self, timeout: Duration) {
        let guard = self
            .classes
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let _ = self.wake.wait_timeout(guard, timeout);
    }

    fn changed(&self) {
        self.changes.fetch_add(1, Ordering::Relaxed);
        self.wake.notify_all();
    }
}

/// The handle requests use: take a deal, or ask for a class to be proven.
#[derive(Clone)]
pub struct Prover {
    wanted: Arc<Wanted>,
    running: bool,
}

impl Prover {
    /// A handle wanting `prefill`; `running` says whether a prover works on this instance
    /// (`jobs::winnable::start` makes the one that does).
    pub fn new(prefill: Vec<Class>, running: bool) -> Prover {
        let wanted = Arc::new(Wanted {
            classes: Mutex::new(prefill.into_iter().map(|c| (c, None)).collect()),
            wake: Condvar::new(),
            changes: AtomicU64::new(0),
        });
        Prover { wanted, running }
    }

    /// What the prover job watches; it stops once every handle is gone.
    pub fn wanted(&self) -> Weak<Wanted> {
        Arc::downgrade(&self.wanted)
    }

    /// Whether this instance proves deals (else it only hands out what others proved).
    pub fn running(&self) -> bool {
        self.running
    }

    /// Ask for deals of `class` to be proven (a request found none waiting). Whether they
    /// will be: this instance proves deals, and the kind is prefilled, already asked for, or
    /// fits among the [`MAX_ASKED_KINDS`] asked for lately.
    pub fn want(&self, class: Class) -> bool {
        if !self.running {
            return false;
        }
        let mut classes = self
            .wanted
            .classes
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        forget_stale(&mut classes);
        match classes.get_mut(&class) {
            Some(None) => true,
            Some(Some(asked)) => {
                *asked = Instant::now();
                true
            }
            None => {
                let asked = classes.values().filter(|a| a.is_some()).count();
                if asked >= MAX_ASKED_KINDS {
                    return false;
                }
                classes.insert(class, Some(Instant::now()));
                drop(classes);
                self.wanted.changed();
                true
            }
        }
    }

    /// Wake the prover: a deal was taken and may need replacing.
    pub fn taken(&self) {
        self.wanted.changed();
    }

    /// The kinds this instance keeps stocked now (prefilled, or asked for lately).
    pub fn classes(&self) -> Vec<Class> {
        self.wanted.classes()
    }
}

/// The proven deals waiting now, per kind and difficulty: every kind stored, and every kind
/// this instance wants (prefilled or asked for) with 0 where none waits. A read only, waiting
/// at most `wait` for a connection.
pub fn stock(
    db: &Db,
    prover: &Prover,
    wait: Duration,
) -> Result<BTreeMap<(Class, Difficulty), i64>, Error> {
    let stored = db.read_within(wait, |conn| {
        crate::store::winnable::stock(conn).map_err(Error::from)
    })?;
    let mut stock: BTreeMap<(Class, Difficulty), i64> = prover
        .classes()
        .into_iter()
        .flat_map(|class| Difficulty::ALL.map(|d| ((class.clone(), d), 0)))
        .collect();
    for (class, difficulty, n) in stored {
        for d in Difficulty::ALL {
            stock.entry((class.clone(), d)).or_insert(0);
        }
        stock.insert((class, difficulty), n);
    }
    Ok(stock)
}

/// Drop the kinds asked for that nobody has asked for lately.
fn forget_stale(classes: &mut BTreeMap<Class, Option<Instant>>) {
    classes.retain(|_, asked| asked.is_none_or(|at| at.elapsed() < ASKED_KIND_LIFE));
}
