//! Looking ahead from what a player can see: a face-down card is unknown and inert, the stock
//! unknown; and the determinized probes that hints sample with.

use super::state::*;
use super::*;

/// What a player can see of a game, as a compact state for looking ahead (docs/HINTS.md,
/// sections 7 and 8). Face-down cards are [`UNKNOWN`] and the stock is not known at all, so
/// every result depends on visible cards only.
pub(crate) struct Sight {
    state: State,
    table: Table,
}

impl Sight {
    pub(crate) fn new(game: &Game) -> Sight {
        let mut state = State {
            cards: [0; MAX_CARDS],
            len: [0; MAX_COLUMNS],
            down: [0; MAX_COLUMNS],
            dealt: 0,
            removed: game.runs_completed() as u8,
        };
        let mut at = 0;
        for c in 0..game.column_count() {
            let Some((down, up)) = game.column(c) else {
                continue;
            };
            state.cards[at..at + down].fill(UNKNOWN);
            at += down;
            for &card in up {
                state.cards[at] = encode(card);
                at += 1;
            }
            state.len[c] = (down + up.len()) as u8;
            state.down[c] = down as u8;
        }
        let table = Table {
            columns: game.column_count(),
            rows: Vec::new(),
            runs: game.variant().runs() as u8,
            rule: game.rules().empty_column_deal,
        };
        Sight { state, table }
    }

    /// How good the visible position looks (higher is better).
    pub(crate) fn score(&self) -> i32 {
        self.state.score(&self.table)
    }

    /// The best score a line of up to `depth` moves starting with the move `action` reaches.
    /// A line stops at a move that turns a card over: what it shows is unknown, so it counts
    /// as a card nothing fits on (the guaranteed minimum). `nodes` caps the positions looked
    /// at. `None` when `action` is not a move.
    pub(crate) fn after(&self, action: Action, depth: usize, nodes: &mut u64) -> Option<i32> {
        let mv = Mv::of(action).filter(|&mv| mv != Mv::DEAL)?;
        let mut next = self.state;
        let effect = next.apply(mv, &self.table);
        let here = next.score(&self.table);
        if effect.turned > 0 || next.won(&self.table) || depth <= 1 {
            return Some(here);
        }
        let mut seen = Seen::default();
        seen.insert(self.state.key());
        seen.insert(next.key());
        Some(here.max(self.reach(&next, depth - 1, &mut seen, nodes)))
    }

    fn reach(&self, state: &State, depth: usize, seen: &mut Seen, nodes: &mut u64) -> i32 {
        let mut best = i32::MIN;
        let mut moves = Vec::new();
        state.moves(&self.table, true, &mut moves);
        for &mv in &moves {
            if *nodes == 0 {
                break;
            }
            *nodes -= 1;
            let mut next = *state;
            let effect = next.apply(mv, &self.table);
            if !seen.insert(next.key()) {
                continue;
            }
            let here = next.score(&self.table);
            best = best.max(here);
            if effect.turned == 0 && depth > 1 && !next.won(&self.table) {
                best = best.max(self.reach(&next, depth - 1, seen, nodes));
            }
        }
        best
    }
}

// ------------------------------------------------------------------------------ Probes

/// One complete filling of a position (a sampled deal, every card known), for the advisor's
/// search over what the player cannot see. It is built from a sampled [`Game`], never from
/// the real one (see `advisor`).
pub(crate) struct Determinized {
    state: State,
    table: Table,
}

/// What a bounded search from one position of a sampled deal found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Probe {
    /// A winning line was found.
    pub(crate) won: bool,
    /// The best position score reached (higher is better).
    pub(crate) best: i32,
    /// The length of the winning line, when one was found.
    pub(crate) depth: usize,
    /// Positions generated.
    pub(crate) nodes: u64,
}

/// A line of visible moves ending where something new shows (see [`Determinized::blocks`]).
#[derive(Clone, Debug)]
pub(crate) struct Block {
    /// The index of the root it starts with.
    pub(crate) root: usize,
    pub(crate) line: Vec<Action>,
    /// How good its end looks with the turned card unknown.
    pub(crate) sight: i32,
}

/// The width of a probe's beam, its depth and its node cap.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ProbeBudget {
    pub(crate) width: usize,
    pub(crate) depth: usize,
    pub(crate) nodes: u64,
    /// Plan through the last deal instead of ending lines at it (when the row it deals is
    /// the only thing unseen, there is no hidden card for a line to fit to its sample's).
    pub(crate) through_last_deal: bool,
    /// Judge positions by SpiderSolver's evaluation instead of ours (issue 48, part 2 (b)).
    pub(crate) spidersolver_eval: bool,
}

/// Whether the next deal ends a probe's lines while the stock is not empty: the sampled row
/// is one guess among many, so a line planned past it would fit that guess (strategy fusion,
/// docs/HINTS.md, §9). Each line is then worth the position right after its deal.
const DEAL_ENDS_LINE: bool = true;

impl Determinized {
    pub(crate) fn new(game: &Game) -> Determinized {
        let (state, table) = State::from_game(game);
        Determinized { state, table }
    }

    /// Lines of moves the player can play from what is visible (the first of them one of
    /// `roots`, a move), each ending with the first move that shows something new: a card
    /// turned over or a run completed. Lines that reach the same position are kept once,
    /// the shortest. Each comes with how good its end looks with the turned card unknown
    /// (higher is better), the order they are returned in. Face-down cards are never read:
    /// a line stops as soon as one would be.
    pub(crate) fn blocks(&self, roots: &[Action], depth: usize, nodes: u64) -> Vec<Block> {
        let table = &self.table;
        let mut seen = Seen::default();
        seen.insert(self.state.key());
        let mut found: Vec<Block> = Vec::new();
        let mut frontier: Vec<(usize, Vec<Mv>, State)> = Vec::new();
        let mut left = nodes;
        let mut step = |root: usize, line: &[Mv], state: &State, mv: Mv, found: &mut Vec<Block>| {
            let mut next = *state;
            let effect = next.apply(mv, table);
            if !seen.insert(next.key()) {
                return None;
            }
            let mut moves: Vec<Mv> = line.to_vec();
            moves.push(mv);
            if effect.turned == 0 && effect.completed == 0 && !next.won(table) {
                return Some((root, moves, next));
            }
            // What the player will see is unknown until played: score the end with every
            // newly turned card unknown.
            let mut masked = next;
            for c in 0..table.columns {
                if masked.down[c] < state.down[c] && masked.len[c] > 0 {
                    let at = masked.start(c) + usize::from(masked.down[c]);
                    masked.cards[at] = UNKNOWN;
                }
            }
            found.push(Block {
                root,
                line: moves.iter().map(|m| m.action()).collect(),
                sight: masked.score(table),
            });
            None
        };
        for (root, action) in roots.iter().enumerate() {
            let Some(mv) = Mv::of(*action).filter(|&mv| mv != Mv::DEAL) else {
                continue;
            };
            left = left.saturating_sub(1);
            if let Some(next) = step(root, &[], &self.state, mv, &mut found) {
                frontier.push(next);
            }
        }
        let mut moves = Vec::new();
        for _ in 1..depth {
            let mut next_frontier = Vec::new();
            for (root, line, state) in &frontier {
                state.moves(table, true, &mut moves);
                for &mv in &moves {
                    if mv == Mv::DEAL || left == 0 {
                        continue;
                    }
                    left -= 1;
                    if let Some(next) = step(*root, line, state, mv, &mut found) {
                        next_frontier.push(next);
                    }
                }
            }
            frontier = next_frontier;
            if frontier.is_empty() || left == 0 {
                break;
            }
        }
        found.sort_by_key(|b| std::cmp::Reverse(b.sight));
        found
    }

    /// Looks for the best line that starts with one of `roots`, each a line of moves (or one
    /// deal) played in full first, with one beam over all of them, bucketed by deals made:
    /// each position remembers the root its line started with. Per root: whether a line
    /// from it won, and the best score a position on its lines reached. A root that is not
    /// a move or a deal is ignored. The search stops at the end of the depth where the first
    /// win was found.
    pub(crate) fn plan(&self, roots: &[Vec<Action>], budget: ProbeBudget) -> Vec<Probe> {
        let table = &self.table;
        let mut results = vec![
            Probe {
                won: false,
                best: i32::MIN,
                depth: 0,
                nodes: 0,
            };
            roots.len()
        ];
        let mut seen = Seen::default();
        seen.insert(self.state.key());
        let buckets = table.rows.len() + 1;
        // While a deal is left, a line is worth only the position after its deal.
        let deal_ends_line = DEAL_ENDS_LINE
            && !(budget.through_last_deal && usize::from(self.state.dealt) + 1 >= table.rows.len());
        let ends_at_deal = deal_ends_line && usize::from(self.state.dealt) < table.rows.len();
        let value = |state: &State| {
            if budget.spidersolver_eval {
                state.spidersolver_score(table)
            } else {
                state.score(table)
            }
        };
        // (root, state)
        let mut frontier: Vec<(u16, State)> = Vec::new();
        let mut nodes = 0u64;
        let mut any_won = false;
        let mut extra = vec![0usize; roots.len()];
        'lines: for (i, line) in roots.iter().enumerate() {
            let mut next = self.state;
            let mut mv = Mv::DEAL;
            for (at, action) in line.iter().enumerate() {
                let Some(this) = Mv::of(*action) else {
                    continue 'lines;
                };
                mv = this;
                next.apply(mv, table);
                nodes += 1;
                if at + 1 < line.len() && next.won(table) {
                    continue 'lines;
                }
            }
            if line.is_empty() {
                continue;
            }
            extra[i] = line.len() - 1;
            if mv == Mv::DEAL && deal_ends_line {
                results[i].best = value(&next);
                continue;
            }
            if !ends_at_deal {
                results[i].best = value(&next);
            }
            if next.won(table) {
                results[i].won = true;
                results[i].depth = line.len();
                any_won = true;
            }
            if seen.insert(next.key()) {
                frontier.push((i as u16, next));
            }
        }
        let mut moves = Vec::new();
        let mut candidates: Vec<Vec<(i32, u32, Mv)>> = vec![Vec::new(); buckets];
        for depth in 2..budget.depth + 2 {
            if any_won || nodes >= budget.nodes {
                break;
            }
            for bucket in &mut candidates {
                bucket.clear();
            }
            for (index, (root, state)) in frontier.iter().enumerate() {
                let root = usize::from(*root);
                state.moves(table, true, &mut moves);
                for &mv in &moves {
                    nodes += 1;
                    let mut next = *state;
                    next.apply(mv, table);
                    if mv == Mv::DEAL && deal_ends_line {
                        results[root].best = results[root].best.max(value(&next));
                        continue;
                    }
                    if next.won(table) {
                        if !results[root].won {
                            results[root].won = true;
                            results[root].depth = depth + extra[root];
                        }
                        any_won = true;
                        continue;
                    }
                    if !seen.insert(next.key()) {
                        continue;
                    }
                    let score = value(&next);
                    if !ends_at_deal {
                        results[root].best = results[root].best.max(score);
                    }
                    candidates[usize::from(next.dealt)].push((score, index as u32, mv));
                }
            }
            let mut next_frontier = Vec::with_capacity(budget.width * buckets);
            for bucket in &mut candidates {
                if bucket.len() > budget.width {
                    bucket.select_nth_unstable_by(budget.width, |a, b| b.0.cmp(&a.0));
                    bucket.truncate(budget.width);
                }
                for &(_, parent, mv) in bucket.iter() {
                    let (root, mut next) = frontier[parent as usize];
                    next.apply(mv, table);
                    next_frontier.push((root, next));
                }
            }
            if next_frontier.is_empty() {
                break;
            }
            frontier = next_frontier;
        }
        for result in &mut results {
            result.nodes = nodes;
        }
        results
    }
}
