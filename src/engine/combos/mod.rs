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

use super::game::{Action, Game, Status};
use super::hint::{history, nothing, options, Hint, HintKind};
use super::reason::Reason;
use super::rules::EmptyColumnDeal;

pub mod rollouts;
mod table;

pub(crate) use table::Sample;
pub use table::Weights;
use table::{Combo, Step, Table};

/// One search: its transposition table and the line it is on.
struct Search<'a> {
    depth: usize,
    weights: Weights,
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
                next.score_with(&self.weights)
            } else {
                let children = self.expand(&next, ply + 1);
                children
                    .first()
                    .map_or_else(|| next.score_with(&self.weights), |c| c.0)
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
    /// With guesses: when not 0, the search stays SpiderSolver's and the guesses only break
    /// its ties at the top, each tied ply judged by its mean over them, looking this many
    /// plies ahead (issue 48, part 2 (e)).
    tie_depth: usize,
    /// The evaluation's weights.
    weights: Weights,
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
            tie_depth: 0,
            weights: Weights::SPIDERSOLVER,
        }
    }

    /// The same player judging positions by `weights`.
    pub fn with_weights(self, weights: Weights) -> ComboPlayer {
        ComboPlayer { weights, ..self }
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
        ComboPlayer::at_sampled(game, log, depth, 0, &|_, _| Vec::new())
    }

    /// [`ComboPlayer::at`] for a player judging positions by `weights`.
    pub fn at_weighted(game: &Game, log: &[Action], depth: usize, weights: Weights) -> ComboPlayer {
        ComboPlayer::standing(game, log, depth, 0, weights, &|_, _| Vec::new())
    }

    /// [`ComboPlayer::at`] for a player that judges its plies over the guesses at the
    /// face-down cards `samples` gives for a position (and the log that reached it), or, with
    /// `tie_depth` not 0, breaks its ties by them.
    pub(crate) fn at_sampled(
        game: &Game,
        log: &[Action],
        depth: usize,
        tie_depth: usize,
        samples: &dyn Fn(&Game, &[Action]) -> Vec<Sample>,
    ) -> ComboPlayer {
        ComboPlayer::standing(game, log, depth, tie_depth, Weights::SPIDERSOLVER, samples)
    }

    fn standing(
        game: &Game,
        log: &[Action],
        depth: usize,
        tie_depth: usize,
        weights: Weights,
        samples: &dyn Fn(&Game, &[Action]) -> Vec<Sample>,
    ) -> ComboPlayer {
        let (before, keys) = replayed(game, log);
        let mut player = ComboPlayer::new(depth).with_weights(weights);
        player.tie_depth = tie_depth;
        player.history = keys.iter().cloned().collect();
        // A compound has at most three steps: the last one or two actions may have begun one.
        for back in [2, 1] {
            let Some(start) = keys.len().checked_sub(back) else {
                continue;
            };
            if log[start..keys.len()].contains(&Action::Deal) {
                continue;
            }
            let mut earlier = ComboPlayer::new(depth).with_weights(weights);
            earlier.tie_depth = tie_depth;
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

    /// The same player looking `depth` plies ahead, with what it remembers (no compound
    /// pending).
    pub(crate) fn with_depth(&self, depth: usize) -> ComboPlayer {
        ComboPlayer {
            depth: depth.max(1),
            pending: Vec::new(),
            nodes: 0,
            ..self.clone()
        }
    }

    /// Whether it is between plies (no compound half played).
    pub(crate) fn idle(&self) -> bool {
        self.pending.is_empty()
    }

    /// The position's plies that reach a new position, each with its value `depth` plies on
    /// (frozen columns: no guesses), best first; and the position's table.
    fn expand_root(&mut self, game: &Game) -> (Table, Vec<(f32, Combo)>) {
        let table = Table::of(game);
        let mut search = Search {
            depth: self.depth,
            weights: self.weights,
            history: &self.history,
            sample: None,
            table: HashMap::new(),
            path: Vec::new(),
            nodes: 0,
        };
        let found = search.expand(&table, 1);
        self.nodes += search.nodes;
        (table, found)
    }

    /// Every ply a search from `game` finds that reaches a new position, in the order this
    /// player prefers them: its first is the ply [`ComboPlayer::ply`] chooses (without guesses).
    fn ranked(&mut self, game: &Game) -> Vec<Combo> {
        let (table, found) = self.expand_root(game);
        let mut ranked: Vec<(f32, f32, Combo)> = found
            .into_iter()
            .map(|(value, combo)| {
                (
                    value,
                    table.after(&combo, None).score_with(&self.weights),
                    combo,
                )
            })
            .collect();
        // By value, then (among equal values) the better position one ply on; the order made
        // among equals (a stable sort), as `search` breaks its ties.
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.total_cmp(&a.1)));
        ranked.into_iter().map(|(_, _, combo)| combo).collect()
    }

    /// When the last one or two actions of `log` (which reached `game`) began one of the
    /// `among` plies this player ranks first at the position before them, the next step of
    /// that ply: a player that may choose any of its best few plies (the rollout player)
    /// finishes the compound it began, however it was chosen.
    pub(crate) fn pending_among(
        game: &Game,
        log: &[Action],
        depth: usize,
        among: usize,
        weights: Weights,
    ) -> Option<Action> {
        let (before, keys) = replayed(game, log);
        let legal = game.legal_actions();
        for back in [2, 1] {
            let Some(start) = keys.len().checked_sub(back) else {
                continue;
            };
            if log[start..keys.len()].contains(&Action::Deal) {
                continue;
            }
            let mut earlier = ComboPlayer::new(depth).with_weights(weights);
            earlier.history = keys[..start].iter().cloned().collect();
            let done = &log[start..keys.len()];
            let next = earlier
                .ranked(&before[start])
                .into_iter()
                .take(among)
                .find(|combo| {
                    combo.len() > back
                        && combo
                            .iter()
                            .take(back)
                            .map(|s| s.action())
                            .eq(done.iter().copied())
                })
                .map(|combo| combo[back].action());
            if let Some(action) = next.filter(|a| legal.contains(a)) {
                return Some(action);
            }
        }
        None
    }

    /// The compound a search from `game` chooses, if any ply reaches a new position.
    fn search(&mut self, game: &Game) -> Option<Combo> {
        if !self.samples.is_empty() && self.tie_depth == 0 {
            return self.search_sampled(game);
        }
        let (table, found) = self.expand_root(game);
        let (best, _) = found.first()?;
        // Ties at the top go to the better position one ply on (a stable sort: the first made
        // first among equals).
        let mut tied: Vec<(f32, Combo)> = found
            .iter()
            .take_while(|(v, _)| v == best)
            .map(|(_, combo)| {
                (
                    table.after(combo, None).score_with(&self.weights),
                    combo.clone(),
                )
            })
            .collect();
        tied.sort_by(|a, b| b.0.total_cmp(&a.0));
        if tied.len() > 1 && !self.samples.is_empty() {
            return Some(self.break_tie(&table, tied.into_iter().map(|t| t.1).collect()));
        }
        Some(tied.swap_remove(0).1)
    }

    /// Of `tied` (in the order ties go by), the ply with the best mean over the guesses,
    /// each searched `tie_depth` plies deep with the cards its lines turn shown; the first
    /// among equals.
    fn break_tie(&mut self, table: &Table, mut tied: Vec<Combo>) -> Combo {
        let mut best: Option<(f32, usize)> = None;
        for (i, combo) in tied.iter().enumerate() {
            let mut sum = 0.0f32;
            for sample in &self.samples {
                let next = table.after(combo, Some(sample));
                let mut search = Search {
                    depth: self.tie_depth,
                    weights: self.weights,
                    history: &self.history,
                    sample: Some(sample),
                    table: HashMap::new(),
                    path: vec![table.key()],
                    nodes: 0,
                };
                sum += if self.tie_depth <= 1 {
                    next.score_with(&self.weights)
                } else {
                    let children = search.expand(&next, 2);
                    children
                        .first()
                        .map_or_else(|| next.score_with(&self.weights), |c| c.0)
                };
                self.nodes += search.nodes;
            }
            if best.is_none_or(|(b, _)| sum > b) {
                best = Some((sum, i));
            }
        }
        let at = best.map_or(0, |(_, i)| i);
        tied.swap_remove(at)
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
                weights: self.weights,
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
            let here = table.after(&order[i], None).score_with(&self.weights);
            if best.is_none_or(|(m, h, _)| mean > m || (mean == m && here > h)) {
                best = Some((mean, here, i));
            }
        }
        best.map(|(_, _, i)| order[i].clone())
    }
}

/// `game`'s log replayed from its deal as its player saw it: the position before each action,
/// and the key (face-up cards and face-down counts) after it.
fn replayed(game: &Game, log: &[Action]) -> (Vec<Game>, Vec<Vec<u8>>) {
    let mut replay = Game::new(
        game.variant(),
        game.suits(),
        game.rules(),
        game.deal_number(),
    );
    let mut before = Vec::with_capacity(log.len());
    let mut keys = Vec::with_capacity(log.len());
    for &action in log {
        before.push(replay.clone());
        if replay.apply(action).is_err() {
            break;
        }
        keys.push(Table::of(&replay).key());
    }
    (before, keys)
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
    described(game, log, player.choose(game))
}

/// `action` at `game` (accepted actions `log`) as a hint: described as the visible ranking
/// describes it, no confidence; nothing left when `None`.
pub(crate) fn described(game: &Game, log: &[Action], action: Option<Action>) -> Hint {
    let Some(action) = action else {
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
            Reason::MoveCards { count, from, to },
        ),
        _ => (HintKind::Deal, Reason::DealPlain),
    };
    Hint {
        action: Some(action),
        kind,
        reason,
        suggest_undo: false,
        confidence: None,
    }
}

#[cfg(test)]
mod tests;
