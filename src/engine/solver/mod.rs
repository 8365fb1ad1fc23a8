//! A solver over the full-information game (every card known): finds a winning line, proves
//! that none exists, or gives up when its node budget runs out.
//!
//! The search runs on a compact copy of the position (docs/HINTS.md, §8): 104 card
//! bytes stored column after column, the column lengths and face-down counts, the deals made
//! and the runs removed, about 128 bytes that copy with one `memcpy`. The stock stays outside
//! the state, in dealing order. Three searches share one budget:
//! - a greedy dive: depth first, the best-looking move first, with pruning of pointless moves
//!   (most 1-suit deals fall to it in a few thousand positions);
//! - staged beams, bucketed by deals made and widened step by step (docs/HINTS.md, §4 and §5);
//! - a depth-first search over every move that matters, with a transposition table; when it
//!   finishes inside the budget it proves the position unsolvable.
//!
//! Every line is replayed through [`Game::apply`] before it is reported, which also catches a
//! hash collision.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::game::{Action, Game, Status};
use super::rules::EmptyColumnDeal;

/// What the solver concluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A winning line from the position given, checked by replay.
    Solved(Vec<Action>),
    /// The exhaustive search finished: no line wins.
    Unsolvable,
    /// The budget ran out first.
    Unknown,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub outcome: Outcome,
    /// Positions generated.
    pub nodes: u64,
}

#[derive(Clone, Debug)]
pub struct Budget {
    /// Positions the whole solve may generate.
    pub nodes: u64,
    /// Beam widths tried in turn (per bucket of deals made).
    pub beams: Vec<usize>,
    /// The longest line looked for.
    pub max_depth: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            nodes: 20_000_000,
            beams: vec![150, 600, 2_400, 9_600],
            max_depth: 1_000,
        }
    }
}

mod sight;
mod state;

pub(crate) use sight::*;
use state::*;

/// FxHash-style mixing, finished with splitmix64 (lines are replay-checked anyway).
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Keys are already hashes: the set must not hash them again.
#[derive(Default)]
struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u64 keys are stored")
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = i;
    }
}

type Seen = HashSet<u64, BuildHasherDefault<Identity>>;

/// Nodes generated so far and the cap.
struct Counter {
    nodes: u64,
    cap: u64,
}

impl Counter {
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        self.nodes <= self.cap
    }
}

/// A level-synchronous beam: every position of one depth is expanded, children already seen
/// are dropped, and the best `width` of each bucket of deals made are kept (so positions
/// before and after a deal do not crowd each other out). Candidates are (score, parent,
/// move) records; only the survivors are built again.
fn beam(
    start: &State,
    table: &Table,
    width: usize,
    max_depth: usize,
    jitter: u64,
    counter: &mut Counter,
) -> Option<Vec<Mv>> {
    let mut seen = Seen::default();
    seen.insert(start.key());
    // (parent, move) of every kept position, for reading the line back.
    let mut arena: Vec<(u32, Mv)> = vec![(u32::MAX, Mv::DEAL)];
    let mut frontier: Vec<(u32, State)> = vec![(0, *start)];
    let mut moves = Vec::new();
    let buckets = table.rows.len() + 1;
    let mut candidates: Vec<Vec<(i32, u32, Mv)>> = vec![Vec::new(); buckets];
    let mut rng = jitter.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let line_to = |arena: &[(u32, Mv)], mut at: u32, last: Mv| {
        let mut line = vec![last];
        while arena[at as usize].0 != u32::MAX {
            line.push(arena[at as usize].1);
            at = arena[at as usize].0;
        }
        line.reverse();
        line
    };
    for _ in 0..max_depth {
        for bucket in &mut candidates {
            bucket.clear();
        }
        for (index, (_, state)) in frontier.iter().enumerate() {
            state.moves(table, true, &mut moves);
            for &mv in &moves {
                if !counter.tick() {
                    return None;
                }
                let mut next = *state;
                next.apply(mv, table);
                if next.won(table) {
                    return Some(line_to(&arena, frontier[index].0, mv));
                }
                if !seen.insert(next.key()) {
                    continue;
                }
                let mut score = next.score(table);
                if jitter != 0 {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    score += (rng % 16) as i32;
                }
                candidates[usize::from(next.dealt)].push((score, index as u32, mv));
            }
        }
        let mut next_frontier = Vec::new();
        for bucket in &mut candidates {
            if bucket.len() > width {
                bucket.select_nth_unstable_by(width, |a, b| b.0.cmp(&a.0));
                bucket.truncate(width);
            }
            for &(_, parent, mv) in bucket.iter() {
                let (at, state) = &frontier[parent as usize];
                let mut next = *state;
                next.apply(mv, table);
                arena.push((*at, mv));
                next_frontier.push(((arena.len() - 1) as u32, next));
            }
        }
        if next_frontier.is_empty() {
            return None;
        }
        frontier = next_frontier;
    }
    None
}

enum Flow {
    Found,
    Exhausted,
    OutOfBudget,
}

/// Depth first, the most promising move first, with a transposition table. `Exhausted`
/// without `heuristic` pruning is a proof that no line wins from `state`.
fn depth_first(
    state: &State,
    table: &Table,
    heuristic: bool,
    max_depth: usize,
    seen: &mut Seen,
    line: &mut Vec<Mv>,
    counter: &mut Counter,
) -> Flow {
    if line.len() >= max_depth {
        // Too deep to finish: the search cannot call this position lost.
        return Flow::OutOfBudget;
    }
    let mut moves = Vec::new();
    state.moves(table, heuristic, &mut moves);
    let mut children: Vec<((i32, i32), Mv, State)> = Vec::with_capacity(moves.len());
    for &mv in &moves {
        if !counter.tick() {
            return Flow::OutOfBudget;
        }
        let mut next = *state;
        let effect = next.apply(mv, table);
        if next.won(table) {
            line.push(mv);
            return Flow::Found;
        }
        if seen.insert(next.key()) {
            // What the move does first (runs, turned cards; deals and holes last), then how
            // the position looks.
            let into_hole = mv.from != DEAL && state.len[usize::from(mv.to)] == 0;
            let local = i32::from(effect.completed) * 100 + i32::from(effect.turned) * 10
                - i32::from(mv.from == DEAL) * 50
                - i32::from(into_hole) * 5;
            children.push(((local, next.score(table)), mv, next));
        }
    }
    children.sort_by_key(|c| std::cmp::Reverse(c.0));
    let mut finished = true;
    for (_, mv, next) in children {
        line.push(mv);
        match depth_first(&next, table, heuristic, max_depth, seen, line, counter) {
            Flow::Found => return Flow::Found,
            Flow::Exhausted => {}
            Flow::OutOfBudget if counter.nodes > counter.cap => return Flow::OutOfBudget,
            // Only the depth ran out below: go on, but this is no longer a proof.
            Flow::OutOfBudget => finished = false,
        }
        line.pop();
    }
    if finished {
        Flow::Exhausted
    } else {
        Flow::OutOfBudget
    }
}

/// Runs a depth-first search on a thread with a stack deep enough for `max_depth`.
fn run_depth_first(
    start: &State,
    table: &Table,
    heuristic: bool,
    max_depth: usize,
    counter: &mut Counter,
) -> (Flow, Vec<Mv>) {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .stack_size(1 << 30)
            .spawn_scoped(scope, || {
                let mut seen = Seen::default();
                seen.insert(start.key());
                let mut line = Vec::new();
                let flow = depth_first(
                    start, table, heuristic, max_depth, &mut seen, &mut line, counter,
                );
                (flow, line)
            });
        match worker {
            Ok(handle) => handle.join().unwrap_or((Flow::OutOfBudget, Vec::new())),
            Err(_) => (Flow::OutOfBudget, Vec::new()),
        }
    })
}

/// Solve `game` from its current position within `budget`.
pub fn solve(game: &Game, budget: &Budget) -> Report {
    if game.status() == Status::Won {
        return Report {
            outcome: Outcome::Solved(Vec::new()),
            nodes: 0,
        };
    }
    if game.status() != Status::InProgress {
        return Report {
            outcome: Outcome::Unsolvable,
            nodes: 0,
        };
    }
    let (start, table) = State::from_game(game);
    let verified = |line: &[Mv]| {
        let actions: Vec<Action> = line.iter().map(|mv| mv.action()).collect();
        let mut check = game.clone();
        let wins = actions.iter().all(|&a| check.apply(a).is_ok()) && check.status() == Status::Won;
        wins.then_some(actions)
    };
    let solved = |actions, nodes| Report {
        outcome: Outcome::Solved(actions),
        nodes,
    };
    // First a greedy dive (most easy deals fall to it quickly), then beams of growing width.
    let mut counter = Counter {
        nodes: 0,
        cap: budget.nodes / 20,
    };
    let (flow, line) = run_depth_first(&start, &table, true, budget.max_depth, &mut counter);
    if let (Flow::Found, Some(actions)) = (&flow, verified(&line)) {
        return solved(actions, counter.nodes);
    }
    counter.nodes = counter.nodes.min(counter.cap);
    counter.cap = budget.nodes;
    for (round, &width) in budget.beams.iter().enumerate() {
        if let Some(line) = beam(
            &start,
            &table,
            width,
            budget.max_depth,
            round as u64,
            &mut counter,
        ) {
            if let Some(actions) = verified(&line) {
                return solved(actions, counter.nodes);
            }
        }
        if counter.nodes >= counter.cap {
            return Report {
                outcome: Outcome::Unknown,
                nodes: counter.nodes.min(counter.cap),
            };
        }
    }
    // Exhaustive: a line in it may wander far (each position once), so its depth is bounded
    // only by the stack.
    let (flow, line) = run_depth_first(&start, &table, false, EXHAUSTIVE_DEPTH, &mut counter);
    let nodes = counter.nodes.min(counter.cap);
    let outcome = match flow {
        Flow::Found => match verified(&line) {
            Some(actions) => Outcome::Solved(actions),
            None => Outcome::Unknown,
        },
        // The exhaustive search drops only moves that change nothing once the stock is
        // gone, so finishing it is a proof.
        Flow::Exhausted => Outcome::Unsolvable,
        Flow::OutOfBudget => Outcome::Unknown,
    };
    Report { outcome, nodes }
}
