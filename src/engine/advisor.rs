//! Hints that search over what the player cannot see (docs/HINTS.md, §7–§9).
//!
//! The search never takes a [`Game`]: it takes an [`Observation`], built from what the
//! player has seen (the face-up cards, the counts of face-down cards, the stock's size, the
//! removed runs, and the cards an undo turned face down again or put back in the stock after
//! the player saw them). The unseen cards are known as a multiset; every ordering of them
//! that fits the observation is equally likely, so the search samples such orderings
//! (determinization), plays each candidate action in every sample and looks ahead from there
//! with full information about that sample, and picks the action that does best across the
//! samples (hindsight optimisation). When the best few actions come out close (a few won
//! samples apart), they alone are searched again in more samples: with eight
//! samples, three wins against three is a coin toss, and those are the moves that decide
//! games. The samples are seeded from the visible history, so the same visible game always
//! gets the same hint.

use super::deal::{Suits, Variant};
use super::game::{Action, Game, Status};
use super::hint::{nothing, options, Candidate, Hint, HintKind};
use super::levels::{Budget, HintLevel, Level, SPIDERSOLVER_DEPTH};
use super::observation::Observation;
use super::reason::Reason;
use super::sampling::Rng;
use super::solver::{Determinized, Probe, ProbeBudget};

/// The hint for `game`, whose accepted actions so far are `log`, at `level`.
pub fn advise(game: &Game, log: &[Action], level: impl Into<HintLevel>) -> Hint {
    advise_within(game, log, level, 100, &|| true)
}

/// [`advise`] with the level's positions scaled to `percent` of the standard (at least one
/// per sample): a slow machine (or a debug build) answers sooner, from a shallower search.
pub fn advise_scaled(
    game: &Game,
    log: &[Action],
    level: impl Into<HintLevel>,
    percent: u32,
) -> Hint {
    advise_within(game, log, level, percent, &|| true)
}

/// [`advise_scaled`], stopping after the sample in progress once `go_on` says no (a caller's
/// time budget; the engine keeps no clock). At least one sample is always searched.
pub fn advise_within(
    game: &Game,
    log: &[Action],
    level: impl Into<HintLevel>,
    percent: u32,
    go_on: &dyn Fn() -> bool,
) -> Hint {
    let mut level = level.into();
    if level == HintLevel::Expert {
        // The strongest player measured at each suit count, whatever its method (docs/HINTS.md,
        // "Issue 60"): at four suits the reproduced player at depth 5 (66/300 of deals 1–300;
        // the rollouts of idea (e) won 57/300 on the same deals), at one and two suits the
        // sampled search (189/300 at two suits against the reproduced player's 185/300): both
        // are what `normal` plays.
        level = HintLevel::Normal;
    }
    let Some(level) = level.search() else {
        return super::combos::hint(game, log, SPIDERSOLVER_DEPTH);
    };
    // At four suits, SpiderSolver's player reproduced (docs/HINTS.md §11) wins more than the
    // sampled search (66/300 of deals 1–300 at depth 5, asked afresh each turn as here, against
    // 31/300); at one and two suits the sampled search wins more.
    if game.variant() == Variant::Spider && game.suits() == Suits::Four {
        let depth = if level == Level::Easy {
            3
        } else {
            SPIDERSOLVER_DEPTH
        };
        return super::combos::hint(game, log, depth);
    }
    search_within(
        &Observation::new(game, log),
        level.budget().scaled(percent),
        go_on,
        None,
    )
}

/// Issue 48, part 2 (b), a research level (`hint-bot --level sampled-spidersolver`): the
/// sampled search at `level`, its roots SpiderSolver's plies (a compound searched as a line,
/// its first move the hint; the deal) and its positions judged by SpiderSolver's evaluation.
pub fn advise_sampled_plies(game: &Game, log: &[Action], level: Level) -> Hint {
    let budget = Budget {
        spidersolver: true,
        ..level.budget()
    };
    let plies = super::combos::plies(game, log);
    search_within(&Observation::new(game, log), budget, &|| true, Some(plies))
}

/// Issue 48, part 2 (c), a research level (`hint-bot --level spidersolver-sampled`):
/// SpiderSolver's player at `depth`, each ply judged over `samples` guesses at the face-down
/// cards drawn as the sampled search draws them (from the unseen cards, seeded by the visible
/// history), a card a line uncovers turned to show its guess instead of freezing its column.
/// With `tie_depth` not 0 (part 2 (e), `--level spidersolver-ties`), the search stays
/// SpiderSolver's and the guesses only break the ties at its top, looking `tie_depth` deep.
pub fn advise_revealing(
    game: &Game,
    log: &[Action],
    depth: usize,
    samples: usize,
    tie_depth: usize,
) -> Hint {
    let guesses = |game: &Game, log: &[Action]| {
        let observation = Observation::new(game, log);
        let mut rng = Rng(observation.seed | 1);
        (0..samples)
            .map(|_| {
                let sampled = observation.sample(&mut rng);
                let position = sampled.position();
                position
                    .columns
                    .iter()
                    .map(|c| c.cards[..c.face_down].to_vec())
                    .collect()
            })
            .collect()
    };
    let player = super::combos::ComboPlayer::at_sampled(game, log, depth, tie_depth, &guesses);
    super::combos::hint_of(game, log, player)
}

/// The hint from what the player has seen: the candidate actions the visible ranking keeps,
/// each played in the same sampled deals and looked ahead from; the one with the best total
/// wins (a won sample counts far above any score), ties to the visible ranking.
pub fn search(observation: &Observation, level: Level) -> Hint {
    search_within(observation, level.budget(), &|| true, None)
}

/// [`search`] within `budget`, stopping after the sample in progress once `go_on` says no.
/// `plies`, when given, are the lines searched from instead of the visible ranking's
/// candidates (those whose first action the ranking offers), with the deal.
fn search_within(
    observation: &Observation,
    budget: Budget,
    go_on: &dyn Fn() -> bool,
    plies: Option<Vec<Vec<Action>>>,
) -> Hint {
    let alone = observation.last_row_alone_unseen();
    let last_look = alone && observation.quiet >= QUIET_ACTIONS;
    let budget = Budget {
        through_last_deal: last_look,
        ..budget
    };
    let mut rng = Rng(observation.seed | 1);
    // Any filling gives the same visible ranking: it reads face-up cards only.
    let shown = observation.sample(&mut rng);
    let mut ranked = options(&shown, &observation.seen);
    if ranked.is_empty() {
        return nothing(observation.status, observation.can_undo);
    }
    // Moving cards around without turning one, for this long, only wastes time: deal.
    // Unless every card on the table is face up: then no move can turn one, and the search
    // judges the last deal to the end of the game (and deals unless a move wins more).
    if observation.quiet >= QUIET_ACTIONS
        && !alone
        && ranked.iter().any(|c| c.action == Action::Deal)
    {
        return Hint {
            action: Some(Action::Deal),
            kind: HintKind::Deal,
            reason: Reason::DealQuiet {
                actions: QUIET_ACTIONS,
            },
            suggest_undo: false,
            confidence: None,
        };
    }
    // Holes stop that deal (every column must hold a card first): fill them, one a hint,
    // with a group that leaves a card behind, however the search would rather build.
    let mut filling = false;
    if observation.quiet >= QUIET_ACTIONS && !observation.stock.is_empty() {
        let fills: Vec<Candidate> = ranked
            .iter()
            .filter(|c| observation.fills_hole(c.action))
            .cloned()
            .collect();
        if !fills.is_empty() {
            ranked = fills;
            filling = true;
        }
    }
    // The roots searched from, each a line of moves with the candidate it starts with.
    let given = plies.map(|plies| {
        let mut lines: Vec<Vec<Action>> = Vec::new();
        let mut roots = Vec::new();
        let deal = [Action::Deal];
        for ply in plies.iter().map(Vec::as_slice).chain([&deal[..]]) {
            if let Some(i) = ranked.iter().position(|c| Some(&c.action) == ply.first()) {
                lines.push(ply.to_vec());
                roots.push(i);
            }
        }
        (lines, roots)
    });
    let (lines, line_root) = match given
        .filter(|(lines, _)| !lines.is_empty())
        .or_else(|| wandering(observation, &shown, &ranked))
    {
        Some(found) => found,
        None => {
            // The deal a quiet game weighs its moves against is always searched.
            let kept_deal = last_look
                .then(|| {
                    ranked
                        .iter()
                        .skip(budget.candidates)
                        .find(|c| c.action == Action::Deal)
                        .cloned()
                })
                .flatten();
            ranked.truncate(budget.candidates);
            ranked.extend(kept_deal);
            (
                ranked.iter().map(|c| vec![c.action]).collect(),
                (0..ranked.len()).collect(),
            )
        }
    };
    let mut tally = Tally::new(lines.len());
    if ranked.len() > 1 {
        let share = budget.nodes / budget.samples as u64;
        // Searches `among` (indices into `lines`) in `count` more samples; false when `go_on`
        // stopped it first.
        let mut round = |among: &[usize], count: usize, tally: &mut Tally| {
            let subset: Vec<Vec<Action>> = among.iter().map(|&i| lines[i].clone()).collect();
            for done in 0..count {
                if done > 0 && !go_on() {
                    return false;
                }
                let deal = Determinized::new(&observation.sample(&mut rng));
                for (found, &i) in probe(&deal, &subset, budget, share).iter().zip(among) {
                    tally.add(i, found);
                }
            }
            true
        };
        let all: Vec<usize> = (0..lines.len()).collect();
        let finished = round(&all, budget.samples, &mut tally);
        // A close call between the best lines: search them again, alone, in more samples.
        if finished && budget.refine > 0 && go_on() {
            if let Some(among) = close_call(&tally.totals, &tally.wins, budget.samples) {
                round(&among, budget.refine, &mut tally);
            }
        }
    }
    let mut best_line = tally.best();
    if last_look {
        let deal = lines.iter().position(|line| line[..] == [Action::Deal]);
        if let Some(deal) = deal.filter(|&d| tally.share_won(d) >= tally.share_won(best_line)) {
            best_line = deal;
        }
    }
    let best = line_root[best_line];
    let chosen = ranked.swap_remove(best);
    let reason = if filling {
        Reason::FillEveryHole {
            first: Box::new(chosen.reason),
            actions: QUIET_ACTIONS,
        }
    } else {
        chosen.reason
    };
    Hint {
        action: Some(chosen.action),
        kind: chosen.kind,
        reason,
        suggest_undo: false,
        // A share of samples won says something only where the lines can reach the end of
        // the game: while the stock holds cards, each line stops at its next deal (no sample
        // can be won there), and "0" beside a good move would read as "sure to lose".
        confidence: (lines.len() > 1 && (observation.stock.is_empty() || budget.through_last_deal))
            .then(|| tally.share_won(best_line)),
    }
}

/// What the samples said of each line.
struct Tally {
    /// Per line: a won sample counts [`WON`] less its length, another the best score reached.
    totals: Vec<i64>,
    wins: Vec<usize>,
    /// The samples each line was searched in.
    searched: Vec<usize>,
}

impl Tally {
    fn new(lines: usize) -> Tally {
        Tally {
            totals: vec![0; lines],
            wins: vec![0; lines],
            searched: vec![0; lines],
        }
    }

    fn add(&mut self, line: usize, found: &Probe) {
        self.searched[line] += 1;
        if found.won {
            self.wins[line] += 1;
            self.totals[line] += WON - found.depth as i64 * 1_000;
        } else {
            self.totals[line] += i64::from(found.best);
        }
    }

    fn mean(&self, line: usize) -> i64 {
        self.totals[line] / self.searched[line].max(1) as i64
    }

    /// The best mean among the lines searched most (the contenders of a close call, or all
    /// of them); ties go to the visible ranking.
    fn best(&self) -> usize {
        let most = self.searched.iter().copied().max().unwrap_or(0);
        let mut best = 0;
        for i in 1..self.totals.len() {
            if self.searched[i] == most
                && (self.searched[best] < most || self.mean(i) > self.mean(best))
            {
                best = i;
            }
        }
        best
    }

    fn share_won(&self, line: usize) -> f64 {
        self.wins[line] as f64 / self.searched[line].max(1) as f64
    }
}

/// The lines to search again after the first `samples` samples, best first: when the best
/// line by total won some samples but not all, the best [`CONTENDERS`] that won at most
/// [`CLOSE_WINS`] samples fewer, if there is more than one. `None` when the first samples
/// decided: one line won every sample, the best stands clear, or no line won (then every
/// line is judged by the score it reaches; searching the best few by score again, in more
/// samples, lost 4-suit games and won no more 1- and 2-suit games on deals it was not tuned
/// on).
pub(crate) fn close_call(totals: &[i64], wins: &[usize], samples: usize) -> Option<Vec<usize>> {
    let mut order: Vec<usize> = (0..totals.len()).collect();
    // Stable: equal totals keep the visible ranking.
    order.sort_by_key(|&i| std::cmp::Reverse(totals[i]));
    order.truncate(CONTENDERS);
    let first = *order.first()?;
    if wins[first] == 0 || wins[first] >= samples {
        return None;
    }
    order.retain(|&i| wins[first].saturating_sub(wins[i]) <= CLOSE_WINS);
    (order.len() > 1).then_some(order)
}

/// One sample's search from `lines`: beams of growing width until a line wins, the
/// sample's share of positions runs out, or the widest beam was searched.
fn probe(deal: &Determinized, lines: &[Vec<Action>], budget: Budget, share: u64) -> Vec<Probe> {
    let mut left = share;
    let mut width = budget.narrowest;
    let mut results = Vec::new();
    while left > 0 && width <= budget.widest {
        let found = deal.plan(
            lines,
            ProbeBudget {
                width,
                depth: MAX_LINE,
                nodes: left,
                through_last_deal: budget.through_last_deal,
                spidersolver_eval: budget.spidersolver,
            },
        );
        let spent = found.first().map_or(left, |p| p.nodes);
        left = left.saturating_sub(spent);
        let won = found.iter().any(|p| p.won);
        // A wider beam that ran out of positions saw less than a finished one.
        if results.is_empty() || won || left > 0 {
            results = found;
        }
        if won {
            break;
        }
        width *= 4;
    }
    results
}

/// The lines a wandering game's hint is searched from (tests).
#[cfg(test)]
pub(crate) fn wandering_lines(observation: &Observation) -> Option<Vec<Vec<Action>>> {
    let shown = observation.sample(&mut Rng(observation.seed | 1));
    let ranked = options(&shown, &observation.seen);
    wandering(observation, &shown, &ranked).map(|(lines, _)| lines)
}

/// After the last deal, when the last [`QUIET_ACTIONS`] actions turned no card over and
/// completed no run: the lines of visible moves (from any candidate) that end by turning a
/// card over or completing a run, the best-looking [`MAX_BLOCKS`] of them (and the best of
/// each candidate), with the index of the candidate each starts with. `None` when none
/// exists, or the game is not wandering.
///
/// Each sample's look-ahead knows what lies under every card, so a move that commits to
/// nothing (builds, shuffles between columns) wins in every sample, its sample's line turning
/// the right card later, while a move towards turning one card over wins only in the samples
/// where that card helps. Searched one move at a time, the hint then never commits: it
/// wanders among equivalent positions for as long as the game lets it (hundreds of actions
/// in a winnable endgame). Searching from the ends of such lines instead makes the choice of
/// which card to turn over the hint's, judged across the samples.
fn wandering(
    observation: &Observation,
    shown: &Game,
    ranked: &[Candidate],
) -> Option<(Vec<Vec<Action>>, Vec<usize>)> {
    if !observation.stock.is_empty() || observation.quiet < QUIET_ACTIONS || ranked.len() < 2 {
        return None;
    }
    let roots: Vec<Action> = ranked.iter().map(|c| c.action).collect();
    // Only moves of face-up cards: the lines are the same in every filling.
    let blocks = Determinized::new(shown).blocks(&roots, BLOCK_DEPTH, BLOCK_NODES);
    if blocks.is_empty() {
        return None;
    }
    let mut chosen: Vec<usize> = Vec::new();
    let mut has = vec![false; roots.len()];
    for (i, block) in blocks.iter().enumerate() {
        if !has[block.root] {
            has[block.root] = true;
            chosen.push(i);
        }
    }
    for i in 0..blocks.len() {
        if chosen.len() >= MAX_BLOCKS {
            break;
        }
        if !chosen.contains(&i) {
            chosen.push(i);
        }
    }
    chosen.sort_unstable();
    Some((
        chosen.iter().map(|&i| blocks[i].line.clone()).collect(),
        chosen.iter().map(|&i| blocks[i].root).collect(),
    ))
}

/// The hint-following player: from `game`, takes `choose`'s action every time (given the
/// game and its log so far), never undoes, and stops when it has nothing to suggest, the game
/// is over or `max_actions` were played. Returns the end of the game and the line played.
pub fn follow(
    game: &Game,
    max_actions: usize,
    mut choose: impl FnMut(&Game, &[Action]) -> Option<Action>,
) -> (Game, Vec<Action>) {
    let mut game = game.clone();
    let mut line = Vec::new();
    while line.len() < max_actions && game.status() == Status::InProgress {
        let Some(action) = choose(&game, &line).filter(|a| *a != Action::Undo) else {
            break;
        };
        if game.apply(action).is_err() {
            break;
        }
        line.push(action);
    }
    (game, line)
}

/// The most lines searched again in a close call.
const CONTENDERS: usize = 4;
/// Wins apart (in the first samples) that make a close call.
const CLOSE_WINS: usize = 2;

/// Quiet actions (no card turned, no run removed, no row dealt) after which the hint deals.
const QUIET_ACTIONS: usize = 20;

/// The longest line of visible moves searched for one that shows something new.
const BLOCK_DEPTH: usize = 6;
/// Positions that search may generate.
const BLOCK_NODES: u64 = 50_000;
/// The most such lines each sample searches from (at least the best of each candidate).
const MAX_BLOCKS: usize = 32;

/// The longest line a sample's beam looks for.
const MAX_LINE: usize = 400;

/// A won sample's worth: above any position score.
const WON: i64 = 1_000_000;
