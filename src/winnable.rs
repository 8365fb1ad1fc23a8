//! Winnable deals (`POST /v1/games` with `winnable: true`): a background prover keeps a few
//! solver-proven deals of each wanted class waiting in the database, so a request only takes
//! one and never waits for a search.
//!
//! The prover is one thread per instance. It proves the classes named at start
//! (`WINNABLE_PREFILL`) and any class a request found empty, until `WINNABLE_POOL` deals of
//! each difficulty wait. Several instances share the table: a deal is handed out once.

use std::collections::BTreeSet;
use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::Duration;

use crate::engine::solver::{self, Budget, Outcome};
use crate::engine::DealSpec;
use crate::engine::Suits;
use crate::store::winnable::{self as cache, ProvenDeal};
use crate::store::Db;

pub use crate::store::winnable::{Class, Difficulty};

/// The difficulty of a proven deal, from the positions the solver searched to prove it. The
/// bounds split deals 1–200 of each suit count into thirds (`spider solve --suits N --from 1
/// --to 200` prints them): easy deals fall to the first greedy dive, hard ones need the
/// widest beams.
pub fn difficulty(suits: Suits, nodes: u64) -> Difficulty {
    let (easy, normal) = match suits {
        Suits::One => (760, 1_100),
        Suits::Two => (8_000, 240_000),
        Suits::Four => (1_570_000, 1_840_000),
    };
    if nodes <= easy {
        Difficulty::Easy
    } else if nodes <= normal {
        Difficulty::Normal
    } else {
        Difficulty::Hard
    }
}

/// Proves deal `number` of `class`: its difficulty, positions searched and line length when
/// it is winnable within the solver's default budget.
pub fn prove(class: &Class, number: u64) -> Option<(Difficulty, u64, usize)> {
    let spec = DealSpec::from_parts(
        &class.variant,
        class.suits,
        crate::engine::UndoMode::Full.name(),
        &class.empty_column_deal,
        number,
    )
    .ok()?;
    let game = spec.deal();
    let report = solver::solve(&game, &Budget::default());
    match report.outcome {
        Outcome::Solved(line) => Some((
            difficulty(spec.suits, report.nodes),
            report.nodes,
            line.len(),
        )),
        Outcome::Unsolvable | Outcome::Unknown => None,
    }
}

struct Wanted {
    classes: Mutex<BTreeSet<Class>>,
    wake: Condvar,
}

/// The handle requests use: take a deal, or ask for a class to be proven.
#[derive(Clone)]
pub struct Prover {
    wanted: Arc<Wanted>,
    running: bool,
}

impl Prover {
    /// Starts the background prover (unless `pool` is 0) for `prefill` and any class asked
    /// for later. The thread ends soon after the last handle is dropped.
    pub fn start(db: Db, pool: usize, prefill: Vec<Class>) -> Prover {
        let wanted = Arc::new(Wanted {
            classes: Mutex::new(prefill.into_iter().collect()),
            wake: Condvar::new(),
        });
        let running = pool > 0;
        if running {
            let weak = Arc::downgrade(&wanted);
            let spawned = std::thread::Builder::new()
                .name("winnable-prover".into())
                .spawn(move || prove_forever(&db, pool as i64, &weak));
            if let Err(e) = spawned {
                tracing::error!(%e, "could not start the winnable-deal prover");
                return Prover {
                    wanted,
                    running: false,
                };
            }
        }
        Prover { wanted, running }
    }

    /// Whether this instance proves deals (else it only hands out what others proved).
    pub fn running(&self) -> bool {
        self.running
    }

    /// Ask for deals of `class` to be proven (a request found none waiting).
    pub fn want(&self, class: Class) {
        let mut classes = self
            .wanted
            .classes
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if classes.insert(class) {
            self.wanted.wake.notify_all();
        }
    }

    /// Wake the prover: a deal was taken and may need replacing.
    pub fn taken(&self) {
        self.wanted.wake.notify_all();
    }
}

fn prove_forever(db: &Db, pool: i64, wanted: &Weak<Wanted>) {
    loop {
        let Some(handle) = wanted.upgrade() else {
            return;
        };
        let classes: Vec<Class> = handle
            .classes
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .cloned()
            .collect();
        let mut short = None;
        for class in classes {
            match db.read(|conn| cache::counts(conn, &class)) {
                Ok(counts) if counts.iter().any(|&(_, n)| n < pool) => {
                    short = Some((class, counts));
                    break;
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(%e, "winnable-deal prover: reading the cache"),
            }
        }
        let Some((class, counts)) = short else {
            // Everything is stocked: sleep until a deal is taken or a class is wanted.
            let guard = handle.classes.lock().unwrap_or_else(|p| p.into_inner());
            let _ = handle.wake.wait_timeout(guard, Duration::from_secs(5));
            continue;
        };
        // Do not keep the service's state alive through a long search.
        drop(handle);
        let number = match random_number() {
            Some(n) => n,
            None => {
                std::thread::sleep(Duration::from_secs(1));
                continue;
            }
        };
        let Some((difficulty, nodes, length)) = prove(&class, number) else {
            continue;
        };
        let needed = counts.iter().any(|&(d, n)| d == difficulty && n < pool);
        if needed {
            let deal = ProvenDeal::new(&class, number, difficulty, nodes, length);
            let stored: Result<(), crate::store::StoreError> =
                db.write(move |conn| cache::insert(conn, &deal));
            if let Err(e) = stored {
                tracing::warn!(%e, "winnable-deal prover: storing a deal");
                std::thread::sleep(Duration::from_secs(1));
            }
        }
    }
}

fn random_number() -> Option<u64> {
    use rand_core::{OsRng, TryRngCore};
    OsRng.try_next_u64().ok()
}
