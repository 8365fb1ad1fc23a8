//! A visible-only player that decides as the public program SpiderSolver does (commit
//! `66d47c8`, described step by step in docs/HINTS.md §11 and written here from that
//! description, not from its code): compound moves through one hole as single plies, a
//! full-width depth-first search of a few plies over visible cards only, in which a card a
//! move would turn stays an unknown that freezes its column, its evaluation, dealing only when
//! no move reaches a new position, and one compound committed per turn.
//!
//! The player keeps what SpiderSolver keeps between turns: the positions the game has passed
//! through (a move back to one is never considered) and the rest of a compound it committed.
//! It reads the game's face-up cards and face-down counts only.

use std::collections::{HashMap, HashSet};

use super::card::Card;
use super::game::{Action, Game, Status};
use super::hint::{history, nothing, options, Hint, HintKind};
use super::rules::EmptyColumnDeal;

/// One column as the search sees it: how many face-down cards, and the face-up cards, bottom
/// first. Face-up cards gone with face-down cards left means a card the search uncovered: it
/// stays face down (unknown) and the column is frozen for the rest of the line.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Col {
    down: u8,
    up: Vec<Card>,
}

impl Col {
    /// Something to move from or onto: a face-up top card.
    fn eligible(&self) -> bool {
        !self.up.is_empty()
    }

    fn empty(&self) -> bool {
        self.down == 0 && self.up.is_empty()
    }

    fn clean(&self) -> bool {
        self.down == 0
    }

    fn top(&self) -> Option<Card> {
        self.up.last().copied()
    }

    /// The suited runs from the top down, each as (index of its lowest card in `up`, its
    /// length): run 0 is the top run. A run's head is its lowest card (highest rank), its
    /// tail the top one.
    fn runs(&self) -> Vec<Run> {
        let mut runs = Vec::new();
        let mut end = self.up.len();
        while end > 0 {
            let mut start = end - 1;
            while start > 0 && self.up[start].follows_in_suit(self.up[start - 1]) {
                start -= 1;
            }
            runs.push(Run {
                head: self.up[start],
                tail: self.up[end - 1],
                len: end - start,
            });
            end = start;
        }
        runs
    }
}

#[derive(Clone, Copy, Debug)]
struct Run {
    head: Card,
    tail: Card,
    len: usize,
}

fn rank(card: Card) -> u8 {
    card.rank.value()
}

/// One single move: `count` cards from the top of `from` onto `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step {
    from: usize,
    count: usize,
    to: usize,
}

/// A ply: one move, or a compound through a hole.
type Combo = Vec<Step>;

/// One guess at the face-down cards (drawn from the unseen ones, never read from the game):
/// per column, its face-down cards bottom first.
pub(crate) type Sample = Vec<Vec<Card>>;

/// The table as the search sees it.
#[derive(Clone, Debug)]
struct Table {
    cols: Vec<Col>,
    /// Runs removed, in the game and in the search.
    removed: u32,
}

/// The evaluation's weights (docs/HINTS.md §11.6).
const DOWN: [f32; 6] = [15.0, 10.0, 6.0, 3.0, 1.0, 0.0];
const HOLES: [f32; 11] = [0.0, 5.0, 7.0, 9.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0];

/// A suited run of `len` cards: (L−1) + (L−1)²/10.
fn run_value(len: usize) -> f32 {
    let l = (len as f32) - 1.0;
    l + l * l / 10.0
}

impl Table {
    fn of(game: &Game) -> Table {
        let cols = (0..game.column_count())
            .filter_map(|c| game.column(c))
            .map(|(down, up)| Col {
                down: u8::try_from(down).unwrap_or(u8::MAX),
                up: up.to_vec(),
            })
            .collect();
        Table {
            cols,
            removed: game.runs_completed() as u32,
        }
    }

    /// The lowest-numbered empty column.
    fn hole(&self) -> Option<usize> {
        self.cols.iter().position(Col::empty)
    }

    /// The position's key: each column as its face-down count and face-up cards, the columns
    /// sorted, so the order of columns does not matter; stock and removed runs left out.
    fn key(&self) -> Vec<u8> {
        let mut cols: Vec<Vec<u8>> = self
            .cols
            .iter()
            .map(|c| {
                let mut bytes = Vec::with_capacity(c.up.len() + 2);
                bytes.push(0xff);
                bytes.push(c.down);
                bytes.extend(c.up.iter().map(|card| rank(*card) * 4 + card.suit as u8));
                bytes
            })
            .collect();
        cols.sort();
        cols.concat()
    }

    /// Play `step`; a 13-card suited run on top of the destination leaves. A card it
    /// uncovers stays face down (SpiderSolver's frozen column) unless a `sample` of the
    /// face-down cards is given: then it turns, showing the sample's card.
    fn play(&mut self, step: Step, sample: Option<&Sample>) {
        let from = &mut self.cols[step.from];
        let at = from.up.len() - step.count;
        let moving: Vec<Card> = from.up.drain(at..).collect();
        let to = &mut self.cols[step.to];
        to.up.extend(moving);
        if to.runs().first().is_some_and(|r| r.len == 13) {
            let keep = to.up.len() - 13;
            to.up.truncate(keep);
            self.removed += 1;
        }
        let Some(sample) = sample else {
            return;
        };
        for c in [step.from, step.to] {
            let col = &mut self.cols[c];
            if col.up.is_empty() && col.down > 0 {
                col.down -= 1;
                if let Some(&card) = sample
                    .get(c)
                    .and_then(|down| down.get(usize::from(col.down)))
                {
                    col.up.push(card);
                }
            }
        }
    }

    fn after(&self, combo: &Combo, sample: Option<&Sample>) -> Table {
        let mut next = self.clone();
        for &step in combo {
            next.play(step, sample);
        }
        next
    }

    /// The evaluation: suited runs, holes, face-down cards per column, removed runs.
    fn score(&self) -> f32 {
        let mut runs = 0.0f32;
        for col in &self.cols {
            for run in col.runs() {
                runs += run_value(run.len);
            }
        }
        runs += self.removed as f32 * run_value(13);
        let holes = self.cols.iter().filter(|c| c.empty()).count();
        let mut down = 0.0f32;
        for col in &self.cols {
            let hidden = if col.up.is_empty() && col.down > 0 {
                col.down - 1
            } else {
                col.down
            };
            down += DOWN[usize::from(hidden).min(5)];
        }
        let mut score = 0.0f32;
        score += runs;
        score += 10.0 * HOLES[holes.min(10)];
        score += down;
        score += 10.0 * self.removed as f32;
        score
    }

    /// Every ply from here, in SpiderSolver's order: whole top runs onto a card one higher,
    /// suited part-runs that lengthen a suited run, whole top runs into the first hole, then
    /// the compounds through that hole.
    #[allow(clippy::needless_range_loop)]
    fn combos(&self) -> Vec<Combo> {
        let n = self.cols.len();
        let runs: Vec<Vec<Run>> = self.cols.iter().map(Col::runs).collect();
        let mut out: Vec<Combo> = Vec::new();
        let single = |from, count, to| vec![Step { from, count, to }];
        // Whole top runs onto a card one rank higher, any suit.
        for s in 0..n {
            for d in 0..n {
                if s == d || !self.cols[s].eligible() || !self.cols[d].eligible() {
                    continue;
                }
                let (Some(run), Some(top)) = (runs[s].first(), self.cols[d].top()) else {
                    continue;
                };
                if rank(run.head) + 1 == rank(top) {
                    out.push(single(s, run.len, d));
                }
            }
        }
        // Part of a suited run onto the same suit, when that makes the longer suited run.
        for s in 0..n {
            for d in 0..n {
                if s == d || !self.cols[s].eligible() || !self.cols[d].eligible() {
                    continue;
                }
                let (Some(ours), Some(theirs)) = (runs[s].first(), runs[d].first()) else {
                    continue;
                };
                if ours.tail.suit != theirs.tail.suit {
                    continue;
                }
                let (h, t, d_top) = (rank(ours.head), rank(ours.tail), rank(theirs.tail));
                if t < d_top && d_top <= h && theirs.len + usize::from(d_top - t) > ours.len {
                    out.push(single(s, usize::from(d_top - t), d));
                }
            }
        }
        let Some(h) = self.hole() else {
            return out;
        };
        // Whole top runs into the first hole.
        for s in 0..n {
            if s != h && self.cols[s].eligible() {
                out.push(single(s, runs[s][0].len, h));
            }
        }
        self.compounds(h, &runs, &mut out);
        out
    }

    /// The compound plies through the hole `h`.
    // Column numbers are what the steps are made of: loops over them read as the rules do.
    #[allow(clippy::needless_range_loop)]
    fn compounds(&self, h: usize, runs: &[Vec<Run>], out: &mut Vec<Combo>) {
        let n = self.cols.len();
        let cols = &self.cols;
        let step = |from, count, to| Step { from, count, to };
        let top_rank = |c: usize| cols[c].top().map(rank);
        // Two runs that fit in rank (not suit) onto a third column, the top one through the
        // hole.
        for s in 0..n {
            let r = &runs[s];
            if r.len() < 2 || rank(r[1].tail) != rank(r[0].head) + 1 {
                continue;
            }
            for d in 0..n {
                if d != s && top_rank(d) == Some(rank(r[1].head) + 1) {
                    out.push(vec![
                        step(s, r[0].len, h),
                        step(s, r[1].len, d),
                        step(h, r[0].len, d),
                    ]);
                }
            }
        }
        // A clean column of two runs turned into one in the hole.
        for s in 0..n {
            let r = &runs[s];
            if cols[s].clean()
                && r.len() == 2
                && top_rank(s).is_some_and(|t| t == rank(r[1].head) + 1)
            {
                out.push(vec![step(s, r[0].len, h), step(s, r[1].len, h)]);
            }
        }
        // A run slipped in between a column's top run and the run under it.
        for t in 0..n {
            let rt = &runs[t];
            if rt.len() < 2 || rank(rt[1].tail) <= rank(rt[0].head) + 1 {
                continue;
            }
            for s in 0..n {
                let Some(rs) = runs[s].first() else {
                    continue;
                };
                if s != t
                    && rank(rs.head) + 1 == rank(rt[1].tail)
                    && rank(rs.tail) == rank(rt[0].head) + 1
                {
                    out.push(vec![
                        step(t, rt[0].len, h),
                        step(s, rs.len, t),
                        step(h, rt[0].len, t),
                    ]);
                }
            }
        }
        // The middle of three runs taken out onto another column.
        for s in 0..n {
            let r = &runs[s];
            if r.len() < 3 || rank(r[2].tail) != rank(r[0].head) + 1 {
                continue;
            }
            for t in 0..n {
                if t != s && top_rank(t) == Some(rank(r[1].head) + 1) {
                    out.push(vec![
                        step(s, r[0].len, h),
                        step(s, r[1].len, t),
                        step(h, r[0].len, s),
                    ]);
                }
            }
        }
        // A clean one-run column moves onto a column's second run, its top run into the hole.
        for s in 0..n {
            let r = &runs[s];
            if !(cols[s].clean() && r.len() == 1) {
                continue;
            }
            for d in 0..n {
                let rd = &runs[d];
                if d != s && rd.len() >= 2 && rank(rd[1].tail) == rank(r[0].head) + 1 {
                    out.push(vec![step(d, rd[0].len, h), step(s, r[0].len, d)]);
                }
            }
        }
        // A clean two-run column: its top run into the hole, the other onto a column.
        for s in 0..n {
            let r = &runs[s];
            if !(cols[s].clean() && r.len() == 2) {
                continue;
            }
            for d in 0..n {
                if d != s && top_rank(d) == Some(rank(r[1].head) + 1) {
                    out.push(vec![step(s, r[0].len, h), step(s, r[1].len, d)]);
                }
            }
        }
        // Two columns swap their top runs where that puts a run on its own suit.
        for c1 in 0..n {
            for c2 in c1 + 1..n {
                let (r1, r2) = (&runs[c1], &runs[c2]);
                let fits = |r: &[Run]| r.len() >= 2 && rank(r[0].head) + 1 == rank(r[1].tail);
                if !fits(r1) || !fits(r2) {
                    continue;
                }
                if rank(r1[0].head) != rank(r2[0].head) || rank(r1[1].tail) != rank(r2[1].tail) {
                    continue;
                }
                if r1[1].tail.suit == r2[0].tail.suit || r2[1].tail.suit == r1[0].tail.suit {
                    out.push(vec![
                        step(c1, r1[0].len, h),
                        step(c2, r2[0].len, c1),
                        step(h, r1[0].len, c2),
                    ]);
                }
            }
        }
    }
}

/// One search: its transposition table and the line it is on.
struct Search<'a> {
    depth: usize,
    history: &'a HashSet<Vec<u8>>,
    /// The face-down cards a line turns, if it turns them (see [`Table::play`]).
    sample: Option<&'a Sample>,
    table: HashMap<Vec<u8>, (usize, f32)>,
    path: Vec<Vec<u8>>,
    nodes: u64,
}

impl Search<'_> {
    fn repeat(&self, key: &[u8]) -> bool {
        self.history.contains(key) || self.path.iter().any(|k| k == key)
    }

    /// Each ply from `table` that reaches a new position, with its value: the best value
    /// `depth − ply` more plies reach (a line's leaf, or a position with nowhere new to go,
    /// at its own score), best first (equal values in the order the plies were made).
    fn expand(&mut self, table: &Table, ply: usize) -> Vec<(f32, Combo)> {
        let combos = table.combos();
        if combos.is_empty() {
            return Vec::new();
        }
        self.path.push(table.key());
        let mut out = Vec::new();
        for combo in combos {
            self.nodes += 1;
            let next = table.after(&combo, self.sample);
            let key = next.key();
            if self.repeat(&key) {
                continue;
            }
            if let Some(&(at, value)) = self.table.get(&key) {
                if at <= ply {
                    out.push((value, combo));
                    continue;
                }
                self.table.remove(&key);
            }
            let value = if ply >= self.depth {
                next.score()
            } else {
                let children = self.expand(&next, ply + 1);
                children.first().map_or_else(|| next.score(), |c| c.0)
            };
            out.push((value, combo));
            self.table.insert(key, (ply, value));
        }
        out.sort_by(|a, b| b.0.total_cmp(&a.0));
        self.path.pop();
        out
    }
}

/// The player: how deep it looks, and what it keeps between turns.
#[derive(Clone, Debug)]
pub struct ComboPlayer {
    depth: usize,
    /// Keys of the positions the game reached after each committed ply or deal (not the
    /// opening one).
    history: HashSet<Vec<u8>>,
    /// The rest of the compound being played.
    pending: Vec<Step>,
    /// Positions searched, over the game.
    pub nodes: u64,
    /// Plies and deals committed, over the game (a compound counts once).
    pub plies: u32,
    /// Guesses at the face-down cards: when there are some, a ply is judged by its mean value
    /// over them, each searched with the cards its lines turn shown (issue 48, part 2 (c)).
    samples: Vec<Sample>,
}

impl ComboPlayer {
    /// A player that looks `depth` plies ahead (0 and 1 are the same one-ply search).
    pub fn new(depth: usize) -> ComboPlayer {
        ComboPlayer {
            depth: depth.max(1),
            history: HashSet::new(),
            pending: Vec::new(),
            nodes: 0,
            plies: 0,
            samples: Vec::new(),
        }
    }

    /// The next action in `game`: the next step of the compound being played, else the first
    /// action of the ply a new search chooses ([`ComboPlayer::ply`]); `None` when nothing is
    /// left.
    pub fn choose(&mut self, game: &Game) -> Option<Action> {
        if game.status() != Status::InProgress {
            return None;
        }
        if let Some(step) = self.pending.first().copied() {
            self.pending.remove(0);
            let action = step.action();
            if game.legal_actions().contains(&action) {
                return Some(action);
            }
            // A run removed part-way changed the table: decide afresh.
            self.pending.clear();
        }
        let (first, rest) = self.decide(game)?;
        self.pending = rest;
        Some(first)
    }

    /// The ply a new search from `game` chooses, whole: the single moves of its compound, or
    /// the deal (when no ply reaches a new position), or, where the rules forbid dealing onto
    /// an empty column, a move that fills one; `None` when nothing is left. Nothing is
    /// committed: [`ComboPlayer::remember`] the position the ply reaches (the per-position
    /// check against SpiderSolver's own games plays its plies, not ours).
    pub fn ply(&mut self, game: &Game) -> Option<Vec<Action>> {
        if game.status() != Status::InProgress {
            return None;
        }
        let (first, rest) = self.decide(game)?;
        Some(
            std::iter::once(first)
                .chain(rest.iter().map(|s| s.action()))
                .collect(),
        )
    }

    /// Remember `game` as a position the game has passed through (after a whole ply).
    pub fn remember(&mut self, game: &Game) {
        self.history.insert(Table::of(game).key());
    }

    fn decide(&mut self, game: &Game) -> Option<(Action, Vec<Step>)> {
        if let Some(combo) = self.search(game) {
            self.plies += 1;
            return Some((combo[0].action(), combo[1..].to_vec()));
        }
        if game.stock_cards() == 0 {
            return None;
        }
        let legal = game.legal_actions();
        self.plies += 1;
        if legal.contains(&Action::Deal) {
            return Some((Action::Deal, Vec::new()));
        }
        // Dealing onto an empty column is not allowed here (`standard`, `strict`): fill one
        // with the top card of the column that has the most face-up cards, so the deal can go.
        debug_assert!(game.rules().empty_column_deal != EmptyColumnDeal::Allowed);
        legal
            .into_iter()
            .filter_map(|a| match a {
                Action::Move { from, to, count: 1 } => {
                    let (_, up) = game.column(from)?;
                    let (down, target) = game.column(to)?;
                    (down == 0 && target.is_empty() && up.len() > 1).then_some((up.len(), a))
                }
                _ => None,
            })
            .max_by_key(|(len, _)| *len)
            .map(|(_, a)| (a, Vec::new()))
    }

    /// Note the position `game` reached after an action this player chose: a ply ends when
    /// its compound has no steps left (a deal is a ply of its own).
    pub fn played(&mut self, game: &Game) {
        if self.pending.is_empty() {
            self.remember(game);
        }
    }
}

impl ComboPlayer {
    /// The player as it would stand at `game`, whose accepted actions are `log`: every
    /// position the game passed through is in its history (the game replayed from its deal,
    /// as the player saw it: keys hold face-up cards and face-down counts only), and when the
    /// last actions are the first steps of the compound it would have chosen before them, the
    /// rest of that compound is pending. So a hint asked afresh each turn plays as the player
    /// that remembers.
    pub fn at(game: &Game, log: &[Action], depth: usize) -> ComboPlayer {
        ComboPlayer::at_sampled(game, log, depth, &|_, _| Vec::new())
    }

    /// [`ComboPlayer::at`] for a player that judges its plies over the guesses at the
    /// face-down cards `samples` gives for a position (and the log that reached it).
    pub(crate) fn at_sampled(
        game: &Game,
        log: &[Action],
        depth: usize,
        samples: &dyn Fn(&Game, &[Action]) -> Vec<Sample>,
    ) -> ComboPlayer {
        let mut replay = Game::new(
            game.variant(),
            game.suits(),
            game.rules(),
            game.deal_number(),
        );
        // The positions before each action, and the key after it.
        let mut before = Vec::with_capacity(log.len());
        let mut keys = Vec::with_capacity(log.len());
        for &action in log {
            before.push(replay.clone());
            if replay.apply(action).is_err() {
                break;
            }
            keys.push(Table::of(&replay).key());
        }
        let mut player = ComboPlayer::new(depth);
        player.history = keys.iter().cloned().collect();
        // A compound has at most three steps: the last one or two actions may have begun one.
        for back in [2, 1] {
            let Some(start) = keys.len().checked_sub(back) else {
                continue;
            };
            if log[start..keys.len()].contains(&Action::Deal) {
                continue;
            }
            let mut earlier = ComboPlayer::new(depth);
            earlier.history = keys[..start].iter().cloned().collect();
            earlier.samples = samples(&before[start], &log[..start]);
            let Some(combo) = earlier.search(&before[start]) else {
                continue;
            };
            let done: Vec<Action> = combo.iter().take(back).map(|s| s.action()).collect();
            if combo.len() > back && done == log[start..keys.len()] {
                player.pending = combo[back..].to_vec();
                break;
            }
        }
        player.samples = samples(game, log);
        player
    }

    /// The compound a search from `game` chooses, if any ply reaches a new position.
    fn search(&mut self, game: &Game) -> Option<Combo> {
        if !self.samples.is_empty() {
            return self.search_sampled(game);
        }
        let table = Table::of(game);
        let mut search = Search {
            depth: self.depth,
            history: &self.history,
            sample: None,
            table: HashMap::new(),
            path: Vec::new(),
            nodes: 0,
        };
        let found = search.expand(&table, 1);
        self.nodes += search.nodes;
        let (best, _) = found.first()?;
        // Ties at the top go to the better position one ply on (a stable sort: the first made
        // first among equals).
        let mut tied: Vec<(f32, Combo)> = found
            .iter()
            .take_while(|(v, _)| v == best)
            .map(|(_, combo)| (table.after(combo, None).score(), combo.clone()))
            .collect();
        tied.sort_by(|a, b| b.0.total_cmp(&a.0));
        Some(tied.swap_remove(0).1)
    }

    /// The search over guesses at the face-down cards: the same search in each guess, a card
    /// a line uncovers turned to show the guess's card, each ply worth its mean value over
    /// the guesses it was searched in (a ply that leads back to a position seen in one guess
    /// only is left out); ties go to the better position one ply on, then the order plies
    /// are made in.
    fn search_sampled(&mut self, game: &Game) -> Option<Combo> {
        let table = Table::of(game);
        let order = table.combos();
        let mut sums = vec![(0.0f32, 0usize); order.len()];
        for sample in &self.samples {
            let mut search = Search {
                depth: self.depth,
                history: &self.history,
                sample: Some(sample),
                table: HashMap::new(),
                path: Vec::new(),
                nodes: 0,
            };
            for (value, combo) in search.expand(&table, 1) {
                if let Some(i) = order.iter().position(|c| *c == combo) {
                    sums[i].0 += value;
                    sums[i].1 += 1;
                }
            }
            self.nodes += search.nodes;
        }
        let every = self.samples.len();
        let mut best: Option<(f32, f32, usize)> = None;
        for (i, &(sum, count)) in sums.iter().enumerate() {
            if count < every {
                continue;
            }
            let mean = sum / every as f32;
            let here = table.after(&order[i], None).score();
            if best.is_none_or(|(m, h, _)| mean > m || (mean == m && here > h)) {
                best = Some((mean, here, i));
            }
        }
        best.map(|(_, _, i)| order[i].clone())
    }
}

/// SpiderSolver's plies from `game` (whose accepted actions are `log`) that lead to no position
/// the game has shown, in the order it makes them, each as its single moves.
pub(crate) fn plies(game: &Game, log: &[Action]) -> Vec<Vec<Action>> {
    let player = ComboPlayer::at(game, log, 1);
    let table = Table::of(game);
    table
        .combos()
        .into_iter()
        .filter(|combo| !player.history.contains(&table.after(combo, None).key()))
        .map(|combo| combo.iter().map(|s| s.action()).collect())
        .collect()
}

/// The hint of the reproduced player for `game`, whose accepted actions are `log`, looking
/// `depth` plies ahead: the player as it would stand after that log ([`ComboPlayer::at`]), its
/// action described as the visible ranking describes it.
pub(crate) fn hint(game: &Game, log: &[Action], depth: usize) -> Hint {
    hint_of(game, log, ComboPlayer::at(game, log, depth))
}

/// The hint of `player`, set up for `game` (whose accepted actions are `log`).
pub(crate) fn hint_of(game: &Game, log: &[Action], mut player: ComboPlayer) -> Hint {
    let Some(action) = player.choose(game) else {
        return nothing(game.status(), game.can_undo());
    };
    let seen = history(game, log).0;
    if let Some(known) = options(game, &seen)
        .into_iter()
        .find(|c| c.action == action)
    {
        return Hint {
            action: Some(action),
            kind: known.kind,
            reason: known.reason,
            suggest_undo: false,
            confidence: None,
        };
    }
    let (kind, reason) = match action {
        Action::Move { from, to, count } => (
            if game
                .column(to)
                .is_some_and(|(down, up)| down == 0 && up.is_empty())
            {
                HintKind::FillColumn
            } else {
                HintKind::Build
            },
            format!(
                "Move {count} card(s) from column {} to column {}.",
                from + 1,
                to + 1
            ),
        ),
        _ => (HintKind::Deal, "Deal a new row from the stock.".to_string()),
    };
    Hint {
        action: Some(action),
        kind,
        reason,
        suggest_undo: false,
        confidence: None,
    }
}

impl Step {
    fn action(self) -> Action {
        Action::Move {
            from: self.from,
            to: self.to,
            count: self.count,
        }
    }
}

#[cfg(test)]
#[path = "combos_tests.rs"]
mod tests;
