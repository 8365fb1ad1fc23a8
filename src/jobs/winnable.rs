//! Winnable deals (`POST /v1/games` with `winnable: true`): a background prover keeps a few
//! solver-proven deals of each wanted class waiting in the database, so a request only takes
//! one and never waits for a search.
//!
//! The prover is one thread per instance. It proves the classes named at start
//! (`WINNABLE_PREFILL`) and any class a request found empty, until `WINNABLE_POOL` deals of
//! each difficulty wait. Several instances share the table: a deal is handed out once, and
//! the work is shared through leases (`crate::store::leases`): one instance at a time proves
//! each kind, and one at a time computes the CPU lines of each deal.

use crate::play::clock::Clock;
use std::cell::Cell;
use std::collections::BTreeSet;
use std::sync::Weak;
use std::time::{Duration, Instant};

use crate::domain::pace;
use crate::engine::solver::{self, Budget, Outcome};
use crate::engine::{notation, Action, Level};
use crate::play::wanted::Wanted;
use crate::store::winnable::{self as cache, ProvenDeal};
use crate::store::{leases, Db};

use crate::engine::{difficulty, Difficulty};
pub use crate::play::wanted::{Prover, ASKED_KIND_LIFE, MAX_ASKED_KINDS};
use crate::store::winnable::Class;

/// Starts the background prover (unless `pool` is 0) for `prefill` and any class asked for
/// later, and returns the handle requests use; with `cpu_lines`, it also computes the CPU
/// lines of the deals it stocked. The thread ends soon after the last handle is dropped.
/// `clock`: the server's, which dates the deals and the leases.
pub fn start(db: Db, clock: Clock, pool: usize, cpu_lines: bool, prefill: Vec<Class>) -> Prover {
    if pool == 0 {
        return Prover::new(prefill, false);
    }
    let prover = Prover::new(prefill.clone(), true);
    let weak = prover.wanted();
    let worker = Worker {
        db,
        clock,
        holder: uuid::Uuid::new_v4().to_string(),
    };
    let spawned = std::thread::Builder::new()
        .name("winnable-prover".into())
        .spawn(move || prove_forever(&worker, pool as i64, cpu_lines, &weak));
    match spawned {
        Ok(_) => prover,
        Err(e) => {
            tracing::error!(%e, "could not start the winnable-deal prover");
            Prover::new(prefill, false)
        }
    }
}

/// A deal proven winnable: its difficulty, the positions searched and the winning line.
pub struct Proof {
    pub difficulty: Difficulty,
    pub nodes: u64,
    pub line: Vec<Action>,
}

/// Proves deal `number` of `class`: its difficulty, positions searched and winning line when
/// it is winnable within the prover's budget.
pub fn prove(class: &Class, number: u64) -> Option<Proof> {
    let spec = class.deal(number);
    let game = spec.deal();
    let report = solver::solve(&game, &prover_budget());
    match report.outcome {
        Outcome::Solved(line) => Some(Proof {
            difficulty: difficulty(spec.suits, report.nodes),
            nodes: report.nodes,
            line,
        }),
        Outcome::Unsolvable | Outcome::Unknown => None,
    }
}

/// The lines CPU players of each level play on deal `number` of `class`, from its winning
/// line: pacers (`domain::pace`), in compact log notation, easy, normal, hard.
pub fn cpu_lines(class: &Class, number: u64, winning: &[Action]) -> [String; 3] {
    let game = class.deal(number).deal();
    Level::ALL.map(|level| notation::encode_log(&pace::pacer_line(&game, winning, level, number)))
}

/// The prover's search budget: the solver's default beams, with fewer positions. The
/// positions a search keeps are what its memory holds (the full 20 million took about
/// 530 MB on a deal that would not yield); a deal not proven within this is simply passed
/// over for another.
pub fn prover_budget() -> Budget {
    Budget {
        nodes: PROVER_NODES,
        ..Budget::default()
    }
}

/// Positions one proof may search.
pub const PROVER_NODES: u64 = 6_000_000;

/// How long a lease on one piece of the prover's work lasts without renewal: a prover that
/// stops lets another instance take the work over after this.
pub const WORK_LEASE: Duration = Duration::from_secs(120);

/// How often a lease is renewed while the work goes on.
const RENEW_EVERY: Duration = Duration::from_secs(30);

/// One instance's prover: its database and its name as a lease holder.
struct Worker {
    db: Db,
    clock: Clock,
    holder: String,
}

impl Worker {
    /// Take or renew lease `name` for [`WORK_LEASE`]. False when another instance holds it
    /// (or the database could not say: the work is left for later).
    fn claim(&self, name: &str) -> bool {
        let (name, holder) = (name.to_string(), self.holder.clone());
        let at = self.clock.now();
        let until = at + WORK_LEASE;
        let taken: Result<bool, crate::store::StoreError> = self
            .db
            .write(move |conn| leases::take(conn, &name, &holder, at, until));
        taken.unwrap_or_else(|e| {
            tracing::warn!(%e, "winnable-deal prover: taking a lease");
            false
        })
    }

    /// Give lease `name` up: the work is done (a failure only lets the lease run out).
    fn release(&self, name: &str) {
        let (name, holder) = (name.to_string(), self.holder.clone());
        let released: Result<(), crate::store::StoreError> = self
            .db
            .write(move |conn| leases::release(conn, &name, &holder));
        if let Err(e) = released {
            tracing::warn!(%e, "winnable-deal prover: giving a lease up");
        }
    }
}

fn prove_forever(worker: &Worker, pool: i64, cpu_lines: bool, wanted: &Weak<Wanted>) {
    let db = &worker.db;
    // The kinds whose proving lease this instance holds.
    let mut proving: BTreeSet<Class> = BTreeSet::new();
    loop {
        let Some(handle) = wanted.upgrade() else {
            return;
        };
        let classes = handle.classes();
        let mut short = None;
        for class in classes {
            match db.read(|conn| cache::counts(conn, &class)) {
                Ok(counts) if counts.iter().any(|&(_, n)| n < pool) => {
                    // One instance at a time proves a kind; the others leave it alone.
                    if short.is_none() && worker.claim(&cache::proving_lease(&class)) {
                        proving.insert(class.clone());
                        short = Some((class, counts));
                    }
                }
                Ok(_) => {
                    if proving.remove(&class) {
                        worker.release(&cache::proving_lease(&class));
                    }
                }
                Err(e) => tracing::warn!(%e, "winnable-deal prover: reading the cache"),
            }
        }
        let Some((class, counts)) = short else {
            // Everything is stocked: compute a CPU line for a waiting deal, if one lacks it.
            drop(handle);
            if cpu_lines && add_cpu_line(worker, wanted) {
                continue;
            }
            let Some(handle) = wanted.upgrade() else {
                return;
            };
            // Nothing to do: sleep until a deal is taken or a class is wanted.
            handle.wait(Duration::from_secs(5));
            continue;
        };
        // Do not keep the service's state alive through a long search.
        drop(handle);
        let Some(number) = random_number() else {
            std::thread::sleep(Duration::from_secs(1));
            continue;
        };
        let Some(proof) = prove(&class, number) else {
            continue;
        };
        let difficulty = proof.difficulty;
        let needed = counts.iter().any(|&(d, n)| d == difficulty && n < pool);
        if needed {
            let (nodes, length, at) = (proof.nodes, proof.line.len(), worker.clock.now());
            let mut deal = ProvenDeal::new(&class, number, difficulty, nodes, length, at);
            if cpu_lines {
                let [easy, normal, hard] = self::cpu_lines(&class, number, &proof.line);
                (deal.cpu_easy, deal.cpu_normal, deal.cpu_hard) =
                    (Some(easy), Some(normal), Some(hard));
            }
            let stored: Result<(), crate::store::StoreError> =
                db.write(move |conn| cache::insert(conn, &deal));
            if let Err(e) = stored {
                tracing::warn!(%e, "winnable-deal prover: storing a deal");
                std::thread::sleep(Duration::from_secs(1));
            }
        }
    }
}

/// Computes and stores one missing CPU line (one level of one waiting deal that no other
/// instance is working on). It gives way as soon as a deal is taken or a kind asked for, or
/// the service stops: proving comes first. False when there was nothing to do (no line
/// missing, every such deal taken by other instances, or a failure already logged).
fn add_cpu_line(worker: &Worker, wanted: &Weak<Wanted>) -> bool {
    let db = &worker.db;
    let Some(start) = wanted.upgrade().map(|w| w.changes()) else {
        return false;
    };
    let holder = worker.holder.clone();
    let at = worker.clock.now();
    let until = at + WORK_LEASE;
    let claimed: Result<_, crate::store::StoreError> =
        db.write(move |conn| cache::claim_without_lines(conn, &holder, at, until));
    let deal = match claimed {
        Ok(Some(deal)) => deal,
        Ok(None) => return false,
        Err(e) => {
            tracing::warn!(%e, "winnable-deal prover: reading the cache");
            return false;
        }
    };
    let lease = cache::lines_lease(&deal);
    // The lease is renewed while the line is computed; losing it stops the work.
    let renewed = Cell::new(Instant::now());
    let go_on = || {
        let unchanged = wanted.upgrade().is_some_and(|w| w.changes() == start);
        if !unchanged {
            return false;
        }
        if renewed.get().elapsed() < RENEW_EVERY {
            return true;
        }
        renewed.set(Instant::now());
        worker.claim(&lease)
    };
    let computed = compute_cpu_line(db, &deal, &go_on);
    worker.release(&lease);
    computed
}

/// Computes and stores the CPU lines of `deal` (proven before lines were stored with the
/// proof): the solver finds its winning line again, each level's pacer line follows from it.
/// True unless there was nothing to do or a failure (already logged).
fn compute_cpu_line(db: &Db, deal: &ProvenDeal, go_on: &dyn Fn() -> bool) -> bool {
    if Level::ALL.into_iter().all(|l| deal.cpu_line(l).is_some()) || !go_on() {
        return false;
    }
    let (class, number) = (deal.class(), deal.deal_number as u64);
    let lines = match prove(&class, number) {
        Some(proof) => cpu_lines(&class, number, &proof.line),
        None => {
            // Proven once with this budget, so not expected; the plain hint's line then.
            tracing::warn!(
                number,
                "winnable-deal prover: a stored deal did not solve again"
            );
            let game = class.deal(number).deal();
            let line = notation::encode_log(&crate::domain::races::cpu_line(&game));
            [line.clone(), line.clone(), line]
        }
    };
    if !go_on() {
        return true;
    }
    let deal = deal.clone();
    let stored: Result<(), crate::store::StoreError> = db.write(move |conn| {
        for (level, line) in Level::ALL.into_iter().zip(&lines) {
            cache::set_line(conn, &deal, level, line)?;
        }
        Ok(())
    });
    if let Err(e) = stored {
        tracing::warn!(%e, "winnable-deal prover: storing CPU lines");
        return false;
    }
    true
}

fn random_number() -> Option<u64> {
    use rand_core::{OsRng, TryRngCore};
    OsRng.try_next_u64().ok()
}
