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

// ------------------------------------------------------------------------------ The state

const MAX_COLUMNS: usize = 10;
const MAX_CARDS: usize = 104;

/// A card as one byte: rank 1–13 in the low nibble, suit in the high one. 0 is no card.
fn encode(card: super::card::Card) -> u8 {
    card.rank.value() | ((card.suit as u8) << 4)
}

fn rank(card: u8) -> u8 {
    card & 15
}

fn suit(card: u8) -> u8 {
    card >> 4
}

/// `child` lies on `parent` in one movable group: one rank lower, the same suit.
fn follows(child: u8, parent: u8) -> bool {
    parent == child + 1
}

/// What does not change while searching: the stock in dealing order and the rules.
struct Table {
    columns: usize,
    /// Deals left at the start, each the cards for columns 0, 1, ….
    rows: Vec<Vec<u8>>,
    runs: u8,
    rule: EmptyColumnDeal,
}

#[derive(Clone, Copy, PartialEq, Eq)]
struct State {
    /// Column 0's cards bottom to top, then column 1's, …; zero past the last card.
    cards: [u8; MAX_CARDS],
    len: [u8; MAX_COLUMNS],
    down: [u8; MAX_COLUMNS],
    dealt: u8,
    removed: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Mv {
    /// `DEAL` for a deal.
    from: u8,
    to: u8,
    count: u8,
}

const DEAL: u8 = u8::MAX;

/// How deep the exhaustive search may go (its thread's stack is sized for it).
const EXHAUSTIVE_DEPTH: usize = 200_000;

impl Mv {
    const DEAL: Mv = Mv {
        from: DEAL,
        to: 0,
        count: 0,
    };

    /// The move or deal `action` is; `None` for an undo or a resignation.
    fn of(action: Action) -> Option<Mv> {
        match action {
            Action::Move { from, to, count } => Some(Mv {
                from: from as u8,
                to: to as u8,
                count: count as u8,
            }),
            Action::Deal => Some(Mv::DEAL),
            Action::Undo | Action::Resign => None,
        }
    }

    fn action(self) -> Action {
        if self.from == DEAL {
            Action::Deal
        } else {
            Action::Move {
                from: self.from.into(),
                to: self.to.into(),
                count: self.count.into(),
            }
        }
    }
}

/// What a move did besides itself.
#[derive(Clone, Copy, Default)]
struct Effect {
    turned: u8,
    completed: u8,
}

impl State {
    fn from_game(game: &Game) -> (State, Table) {
        let position = game.position();
        let mut state = State {
            cards: [0; MAX_CARDS],
            len: [0; MAX_COLUMNS],
            down: [0; MAX_COLUMNS],
            dealt: 0,
            removed: position.removed.len() as u8,
        };
        let mut at = 0;
        for (i, column) in position.columns.iter().enumerate() {
            for &card in &column.cards {
                state.cards[at] = encode(card);
                at += 1;
            }
            state.len[i] = column.cards.len() as u8;
            state.down[i] = column.face_down as u8;
        }
        let columns = position.columns.len();
        let order: Vec<u8> = position.stock.iter().rev().map(|&c| encode(c)).collect();
        let table = Table {
            columns,
            rows: order.chunks(columns).map(<[u8]>::to_vec).collect(),
            runs: game.variant().runs() as u8,
            rule: game.rules().empty_column_deal,
        };
        (state, table)
    }

    fn start(&self, column: usize) -> usize {
        self.len[..column].iter().map(|&l| usize::from(l)).sum()
    }

    fn total(&self) -> usize {
        self.len.iter().map(|&l| usize::from(l)).sum()
    }

    fn column(&self, column: usize) -> &[u8] {
        let start = self.start(column);
        &self.cards[start..start + usize::from(self.len[column])]
    }

    fn top(&self, column: usize) -> Option<u8> {
        self.column(column).last().copied()
    }

    /// The same-suit descending group at the end of `column`.
    fn movable(&self, column: usize) -> usize {
        let cards = self.column(column);
        let up = cards.len() - usize::from(self.down[column]);
        if up == 0 {
            return 0;
        }
        let mut n = 1;
        while n < up && follows(cards[cards.len() - n], cards[cards.len() - n - 1]) {
            n += 1;
        }
        n
    }

    fn key(&self) -> u64 {
        let mut h = Fx::default();
        for chunk in self.cards.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            h.write_u64(u64::from_le_bytes(word));
        }
        let mut word = [0u8; 8];
        word.copy_from_slice(&self.len[..8]);
        h.write_u64(u64::from_le_bytes(word));
        word.copy_from_slice(&self.down[..8]);
        h.write_u64(u64::from_le_bytes(word));
        h.write_u64(u64::from_le_bytes([
            self.len[8],
            self.len[9],
            self.down[8],
            self.down[9],
            self.dealt,
            self.removed,
            0,
            0,
        ]));
        h.finish()
    }

    fn flip(&mut self, column: usize) -> bool {
        let down = &mut self.down[column];
        if *down > 0 && *down == self.len[column] {
            *down -= 1;
            true
        } else {
            false
        }
    }

    fn remove_run(&mut self, column: usize, effect: &mut Effect) {
        let len = usize::from(self.len[column]);
        let up = len - usize::from(self.down[column]);
        if up < 13
            || rank(self.cards[self.start(column) + len - 1]) != 1
            || self.movable(column) < 13
        {
            return;
        }
        let total = self.total();
        let end = self.start(column) + len;
        self.cards.copy_within(end..total, end - 13);
        self.cards[total - 13..total].fill(0);
        self.len[column] -= 13;
        self.removed += 1;
        effect.completed += 1;
        if self.flip(column) {
            effect.turned += 1;
        }
    }

    fn apply(&mut self, mv: Mv, table: &Table) -> Effect {
        let mut effect = Effect::default();
        if mv.from == DEAL {
            let row = &table.rows[usize::from(self.dealt)];
            for (column, &card) in row.iter().enumerate() {
                let total = self.total();
                let end = self.start(column) + usize::from(self.len[column]);
                self.cards.copy_within(end..total, end + 1);
                self.cards[end] = card;
                self.len[column] += 1;
            }
            self.dealt += 1;
            for column in 0..row.len() {
                self.remove_run(column, &mut effect);
            }
            return effect;
        }
        let (from, to, count) = (
            usize::from(mv.from),
            usize::from(mv.to),
            usize::from(mv.count),
        );
        let total = self.total();
        let source = self.start(from) + usize::from(self.len[from]) - count;
        let mut group = [0u8; 13];
        group[..count].copy_from_slice(&self.cards[source..source + count]);
        self.cards.copy_within(source + count..total, source);
        self.len[from] -= count as u8;
        let end = self.start(to) + usize::from(self.len[to]);
        self.cards.copy_within(end..total - count, end + count);
        self.cards[end..end + count].copy_from_slice(&group[..count]);
        self.len[to] += count as u8;
        if self.flip(from) {
            effect.turned += 1;
        }
        self.remove_run(to, &mut effect);
        effect
    }

    fn won(&self, table: &Table) -> bool {
        self.removed == table.runs
    }

    fn can_deal(&self, table: &Table) -> bool {
        if usize::from(self.dealt) >= table.rows.len() {
            return false;
        }
        let columns = &self.len[..table.columns];
        let any_empty = columns.contains(&0);
        match table.rule {
            EmptyColumnDeal::Allowed => true,
            EmptyColumnDeal::Strict => !any_empty,
            EmptyColumnDeal::Standard => !any_empty || self.total() < table.columns,
        }
    }

    /// Moves worth searching, and the deal when the rules allow it.
    ///
    /// Always dropped (they change nothing that matters once the stock is gone): a whole
    /// column into an empty one, and a second empty column as target for the same group.
    /// With `heuristic`, also dropped: a whole column into a hole while stock remains, a
    /// suited run split without lengthening a suited run, a part of a suited run into a
    /// hole, an off-suit group leaving a parent it fits for another off-suit parent, and all
    /// holes but the first. Those rarely matter, but might, so a search that drops them
    /// proves nothing.
    fn moves(&self, table: &Table, heuristic: bool, out: &mut Vec<Mv>) {
        out.clear();
        let columns = table.columns;
        let stock_empty = usize::from(self.dealt) >= table.rows.len();
        let first_hole = (0..columns).find(|&c| self.len[c] == 0);
        let tops: [u8; MAX_COLUMNS] = std::array::from_fn(|c| {
            if c < columns {
                self.top(c).unwrap_or(0)
            } else {
                0
            }
        });
        for from in 0..columns {
            let cards = self.column(from);
            let len = cards.len();
            if len == 0 {
                continue;
            }
            let down = usize::from(self.down[from]);
            let run = self.movable(from);
            for count in 1..=run {
                let card = cards[len - count];
                if card == UNKNOWN {
                    // A card turned over during a look-ahead: not known, so it stays put.
                    break;
                }
                let whole = count == len;
                let parent = (len - count > down).then(|| cards[len - count - 1]);
                for (to, &onto) in tops.iter().enumerate().take(columns) {
                    if to == from {
                        continue;
                    }
                    if onto == 0 {
                        let pointless = if heuristic {
                            whole || count < run || Some(to) != first_hole
                        } else {
                            stock_empty && (whole || Some(to) != first_hole)
                        };
                        if !pointless {
                            out.push(Mv {
                                from: from as u8,
                                to: to as u8,
                                count: count as u8,
                            });
                        }
                        continue;
                    }
                    if rank(onto) != rank(card) + 1 {
                        continue;
                    }
                    if heuristic {
                        let same_suit = suit(onto) == suit(card);
                        if count < run {
                            // Splitting a suited run pays only if the target's run grows longer.
                            if !same_suit || self.movable(to) + count <= run {
                                continue;
                            }
                        } else if let Some(parent) = parent {
                            if rank(parent) == rank(card) + 1 && !same_suit {
                                continue;
                            }
                        }
                    }
                    out.push(Mv {
                        from: from as u8,
                        to: to as u8,
                        count: count as u8,
                    });
                }
            }
        }
        if self.can_deal(table) {
            out.push(Mv::DEAL);
        }
    }

    /// Higher is better: runs removed, few face-down cards (convex per column), long suited
    /// runs (superlinear), few sequence breaks, empty columns (with diminishing returns).
    /// SpiderSolver's evaluation (docs/HINTS.md §11.6) in tenths, as integers: each suited run
    /// of L face-up cards 10(L−1) + (L−1)², each completed run that of 13 cards and 100 more,
    /// holes 100 × [0, 5, 7, 9, 10, …], per column 10 × [15, 10, 6, 3, 1, 0] by its face-down
    /// cards (an empty column counts as none).
    fn spidersolver_score(&self, table: &Table) -> i32 {
        const DOWN: [i32; 6] = [15, 10, 6, 3, 1, 0];
        const HOLES: [i32; 5] = [0, 5, 7, 9, 10];
        let run = |len: i32| 10 * (len - 1) + (len - 1) * (len - 1);
        let mut s = i32::from(self.removed) * (run(13) + 100);
        let mut holes = 0;
        let mut at = 0;
        for c in 0..table.columns {
            let len = usize::from(self.len[c]);
            let down = usize::from(self.down[c]);
            s += 10 * DOWN[down.min(5)];
            if len == 0 {
                holes += 1;
                continue;
            }
            let up = &self.cards[at + down..at + len];
            at += len;
            let mut length = 1;
            for w in up.windows(2) {
                if follows(w[1], w[0]) {
                    length += 1;
                } else {
                    s += run(length);
                    length = 1;
                }
            }
            if !up.is_empty() {
                s += run(length);
            }
        }
        s + 100 * HOLES[holes.min(4)]
    }

    fn score(&self, table: &Table) -> i32 {
        let mut s = i32::from(self.removed) * 10_000;
        let mut holes = 0;
        let mut at = 0;
        for c in 0..table.columns {
            let len = usize::from(self.len[c]);
            if len == 0 {
                holes += 1;
                continue;
            }
            let cards = &self.cards[at..at + len];
            at += len;
            let down = i32::from(self.down[c]);
            s -= down * 60 + down * down * 8;
            let up = &cards[usize::from(self.down[c])..];
            let mut run = 1i32;
            for w in up.windows(2) {
                if follows(w[1], w[0]) {
                    run += 1;
                } else {
                    s += (run - 1) * 12 + (run - 1) * (run - 1);
                    run = 1;
                    s -= if rank(w[0]) == rank(w[1]) + 1 { 6 } else { 25 };
                }
            }
            s += (run - 1) * 12 + (run - 1) * (run - 1);
            if down == 0 && rank(up[0]) == 13 {
                s += 15;
            }
        }
        s + [0, 120, 200, 260, 300, 330, 350, 360, 370, 380, 390][holes.min(10)]
    }
}

// ------------------------------------------------------------------------------ Searches

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

// ------------------------------------------------------------------------------ Look-ahead

/// A face-down card, or a card turned over during a look-ahead: unknown, so inert (no rank
/// fits on it and it never moves).
const UNKNOWN: u8 = 0xff;

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
