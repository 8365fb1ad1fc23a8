//! A solver over the full-information game (every card known): finds a winning line, proves
//! that none exists, or gives up when its node budget runs out.
//!
//! Two searches share one budget (SOLVER-NOTES.md, sections 2 and 5):
//! - a staged beam, bucketed by deals made, scored by runs removed, cards still face down,
//!   suited run lengths, sequence breaks and empty columns, widened step by step; it finds
//!   lines fast but cannot prove anything;
//! - then a depth-first search over every move that matters, with a transposition table; when
//!   it finishes inside the budget it proves the position unsolvable.
//!
//! Every line is replayed through [`Game::apply`] before it is reported.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::game::{Action, Game, Position, Status};

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
            nodes: 3_000_000,
            beams: vec![64, 256, 1024],
            max_depth: 1_500,
        }
    }
}

/// FxHash: a fast, good-enough hasher for positions (lines are replay-checked anyway).
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.0 = (self.0.rotate_left(5) ^ u64::from(i)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, i: usize) {
        self.0 = (self.0.rotate_left(5) ^ i as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type FxSet = HashSet<u64, BuildHasherDefault<Fx>>;

fn key(position: &Position) -> u64 {
    let mut h = Fx::default();
    position.hash(&mut h);
    h.finish()
}

/// Moves worth searching. Always dropped: a whole column into an empty one once the stock is
/// gone (it only relabels columns). With `heuristic`, also: splitting a suited run without
/// lengthening one, and an off-suit group leaving a parent it already fits for another
/// off-suit parent. Those rarely matter, but might, so a search that drops them proves
/// nothing.
fn candidate_actions(game: &Game, heuristic: bool) -> Vec<Action> {
    let stock_empty = game.stock_cards() == 0;
    game.legal_actions()
        .into_iter()
        .filter(|&action| {
            let Action::Move { from, to, count } = action else {
                return true;
            };
            let columns = &game.position().columns;
            let source = &columns[from];
            let target = &columns[to];
            let up = source.face_up();
            let top = up[up.len() - count];
            if target.cards.is_empty() {
                // Into a hole: never the whole column once the stock is gone (a relabeling);
                // with `heuristic`, never a whole column at all.
                let whole = count == source.cards.len();
                return !(whole && (stock_empty || heuristic));
            }
            if heuristic && count < up.len() {
                let parent = up[up.len() - count - 1];
                let onto = target.cards[target.cards.len() - 1];
                if top.follows_in_suit(parent) {
                    // Splitting a suited run pays only if the target's run grows longer.
                    return onto.suit == top.suit && target.movable() + count > source.movable();
                }
                if top.fits_on(parent) && onto.suit != top.suit {
                    return false;
                }
            }
            true
        })
        .collect()
}

/// Higher is better.
fn score(game: &Game) -> i64 {
    let position = game.position();
    let mut s = position.removed.len() as i64 * 10_000;
    let mut holes = 0;
    for column in &position.columns {
        if column.cards.is_empty() {
            holes += 1;
            continue;
        }
        let down = column.face_down as i64;
        s -= down * 60 + down * down * 8;
        let up = column.face_up();
        let mut run = 1i64;
        for w in up.windows(2) {
            if w[1].follows_in_suit(w[0]) {
                run += 1;
            } else {
                s += (run - 1) * 12 + (run - 1) * (run - 1);
                run = 1;
                s -= if w[1].fits_on(w[0]) { 6 } else { 25 };
            }
        }
        s += (run - 1) * 12 + (run - 1) * (run - 1);
        if column.face_down == 0 && up[0].rank.value() == 13 {
            s += 15;
        }
    }
    s += [0, 120, 200, 260, 300, 330, 350, 360, 370, 380, 390][holes.min(10)];
    s
}

/// A node of the beam: its position and how it was reached.
struct Node {
    /// Dropped once the node has been expanded: only (parent, action) are needed after.
    game: Option<Game>,
    parent: usize,
    action: Option<Action>,
}

fn line_to(arena: &[Node], mut at: usize) -> Vec<Action> {
    let mut line = Vec::new();
    while let Some(action) = arena[at].action {
        line.push(action);
        at = arena[at].parent;
    }
    line.reverse();
    line
}

fn beam(start: &Game, width: usize, budget: &Budget, nodes: &mut u64) -> Option<Vec<Action>> {
    let mut seen = FxSet::default();
    seen.insert(key(start.position()));
    let mut arena = vec![Node {
        game: Some(start.clone()),
        parent: 0,
        action: None,
    }];
    let mut frontier = vec![0usize];
    for _ in 0..budget.max_depth {
        let mut children: Vec<(i64, usize, Action, Game)> = Vec::new();
        for &at in &frontier {
            let Some(game) = arena[at].game.take() else {
                continue;
            };
            for action in candidate_actions(&game, true) {
                if *nodes >= budget.nodes {
                    return None;
                }
                *nodes += 1;
                let mut next = game.clone();
                if next.apply(action).is_err() {
                    continue;
                }
                if next.status() == Status::Won {
                    let mut line = line_to(&arena, at);
                    line.push(action);
                    return Some(line);
                }
                if !seen.insert(key(next.position())) {
                    continue;
                }
                children.push((score(&next), at, action, next));
            }
        }
        if children.is_empty() {
            return None;
        }
        // Keep the best `width` of each bucket of stock left, so that positions before and
        // after a deal do not crowd each other out.
        children.sort_by(|a, b| {
            (a.3.stock_cards(), std::cmp::Reverse(a.0))
                .cmp(&(b.3.stock_cards(), std::cmp::Reverse(b.0)))
        });
        let mut kept = Vec::new();
        let mut bucket = usize::MAX;
        let mut in_bucket = 0;
        for (_, parent, action, game) in children {
            if game.stock_cards() != bucket {
                bucket = game.stock_cards();
                in_bucket = 0;
            }
            if in_bucket < width {
                in_bucket += 1;
                arena.push(Node {
                    game: Some(game),
                    parent,
                    action: Some(action),
                });
                kept.push(arena.len() - 1);
            }
        }
        frontier = kept;
    }
    None
}

/// Depth-first, best-scored move first, with a transposition table; `cap` bounds the
/// positions counted in `nodes`. `None` when the cap or the depth ran out; `Some(None)` when
/// the search finished without a win (a proof only without `heuristic` pruning).
fn depth_first(
    game: &Game,
    seen: &mut FxSet,
    line: &mut Vec<Action>,
    limits: (&Budget, u64, bool),
    nodes: &mut u64,
) -> Option<Option<Vec<Action>>> {
    let (budget, cap, heuristic) = limits;
    if line.len() >= budget.max_depth {
        // Too deep to finish: the search cannot call this position lost.
        return None;
    }
    let mut children: Vec<((i64, i64), Action, Game)> = Vec::new();
    for action in candidate_actions(game, heuristic) {
        if *nodes >= cap {
            return None;
        }
        *nodes += 1;
        let mut next = game.clone();
        let Ok(outcome) = next.apply(action) else {
            continue;
        };
        if next.status() == Status::Won {
            line.push(action);
            return Some(Some(line.clone()));
        }
        if seen.insert(key(next.position())) {
            // What the move does first (runs, turned cards; deals and holes last), then how
            // the position looks.
            let into_hole = matches!(action, Action::Move { to, .. } if game.position().columns[to].cards.is_empty());
            let local = outcome.completed.len() as i64 * 100 + outcome.turned.len() as i64 * 10
                - i64::from(action == Action::Deal) * 50
                - i64::from(into_hole) * 5;
            children.push(((local, score(&next)), action, next));
        }
    }
    children.sort_by_key(|c| std::cmp::Reverse(c.0));
    for (_, action, next) in children {
        line.push(action);
        match depth_first(&next, seen, line, limits, nodes)? {
            Some(found) => return Some(Some(found)),
            None => {
                line.pop();
            }
        }
    }
    Some(None)
}

/// Solve `game` from its current position within `budget`.
pub fn solve(game: &Game, budget: &Budget) -> Report {
    let mut nodes = 0;
    if game.status() == Status::Won {
        return Report {
            outcome: Outcome::Solved(Vec::new()),
            nodes,
        };
    }
    if game.status() != Status::InProgress {
        return Report {
            outcome: Outcome::Unsolvable,
            nodes,
        };
    }
    let verified = |line: Vec<Action>| {
        let mut check = game.clone();
        let wins = line.iter().all(|&a| check.apply(a).is_ok()) && check.status() == Status::Won;
        wins.then_some(line)
    };
    // The searches recurse deeply: they run on a thread with a large stack.
    let run_dfs = |heuristic: bool, cap: u64, used: u64| {
        let (start, limits) = (game.clone(), budget.clone());
        std::thread::Builder::new()
            .stack_size(512 << 20)
            .spawn(move || {
                let mut seen = FxSet::default();
                seen.insert(key(start.position()));
                let mut nodes = used;
                let found = depth_first(
                    &start,
                    &mut seen,
                    &mut Vec::new(),
                    (&limits, cap, heuristic),
                    &mut nodes,
                );
                (found, nodes)
            })
            .ok()
            .and_then(|handle| handle.join().ok())
    };
    // First a greedy dive (most deals fall to it in a few thousand positions), then beams.
    let dive_cap = budget.nodes.min(nodes + budget.nodes / 10);
    if let Some((found, used)) = run_dfs(true, dive_cap, nodes) {
        nodes = used;
        if let Some(Some(line)) = found {
            if let Some(line) = verified(line) {
                return Report {
                    outcome: Outcome::Solved(line),
                    nodes,
                };
            }
        }
    }
    for &width in &budget.beams {
        if let Some(line) = beam(game, width, budget, &mut nodes).and_then(verified) {
            return Report {
                outcome: Outcome::Solved(line),
                nodes,
            };
        }
        if nodes >= budget.nodes {
            break;
        }
    }
    let Some((found, total)) = run_dfs(false, budget.nodes, nodes) else {
        return Report {
            outcome: Outcome::Unknown,
            nodes,
        };
    };
    let outcome = match found {
        Some(Some(line)) => match verified(line) {
            Some(line) => Outcome::Solved(line),
            None => Outcome::Unknown,
        },
        // The exhaustive search drops only column relabelings, so finishing it is a proof.
        Some(None) => Outcome::Unsolvable,
        None => Outcome::Unknown,
    };
    Report {
        outcome,
        nodes: total,
    }
}
