//! Hints: a legal action chosen from what the player can see (docs/RULES.md, Hints).
//!
//! Everything here reads only face-up cards, counts of face-down cards, the stock's size and
//! the removed runs: two games that look the same get the same hint, whatever lies hidden.

use std::collections::HashSet;

use super::card::{Card, Suit};
use super::game::{Action, Game, Status};
use super::reason::Reason;
use super::solver::Sight;

/// A hint's rank, smallest first: (class of kind, tier, minus the look-ahead's gain, kind,
/// minus the tie-breaker).
type RankKey = (HintKind, u8, i32, HintKind, i64);

/// Moves in a hint's look-ahead line.
const LOOKAHEAD: usize = 3;
/// Positions one hint may look at.
const LOOKAHEAD_NODES: u64 = 100_000;

/// What the player can see of a position: the key for "already seen".
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Visible {
    columns: Vec<(usize, Vec<Card>)>,
    stock_cards: usize,
    removed: Vec<Suit>,
}

impl Game {
    pub fn visible(&self) -> Visible {
        Visible {
            columns: (0..self.column_count())
                .filter_map(|c| self.column(c))
                .map(|(down, up)| (down, up.to_vec()))
                .collect(),
            stock_cards: self.stock_cards(),
            removed: self.completed_suits().to_vec(),
        }
    }
}

/// Why a hint suggests its action, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HintKind {
    /// A run of 13 is completed and removed.
    CompleteRun,
    /// The last face-up card leaves a column with face-down cards: one turns over.
    TurnCard,
    /// A column is emptied.
    EmptyColumn,
    /// Cards go onto a card of their own suit.
    BuildInSuit,
    /// Cards go onto a card of another suit, freeing a card of their own.
    Build,
    /// Nothing better: deal a row from the stock.
    Deal,
    /// The deal waits for an empty column to be filled: fill it.
    FillColumn,
    /// Nothing useful is left.
    Nothing,
}

impl HintKind {
    pub const ALL: [HintKind; 8] = [
        HintKind::CompleteRun,
        HintKind::TurnCard,
        HintKind::EmptyColumn,
        HintKind::BuildInSuit,
        HintKind::Build,
        HintKind::Deal,
        HintKind::FillColumn,
        HintKind::Nothing,
    ];

    pub fn name(self) -> &'static str {
        match self {
            HintKind::CompleteRun => "complete_run",
            HintKind::TurnCard => "turn_card",
            HintKind::EmptyColumn => "empty_column",
            HintKind::BuildInSuit => "build_in_suit",
            HintKind::Build => "build",
            HintKind::Deal => "deal",
            HintKind::FillColumn => "fill_column",
            HintKind::Nothing => "nothing",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub action: Option<Action>,
    pub kind: HintKind,
    /// Why, as data (said in the reader's language by the HTTP layer; `to_string` is the
    /// English sentence, columns numbered from 1).
    pub reason: Reason,
    /// When nothing useful is left: whether undo is available to suggest.
    pub suggest_undo: bool,
    /// How sure a search over the unseen cards is: the share of sampled deals it won with
    /// this action. `None` when the hint was chosen without such a search.
    pub confidence: Option<f64>,
}

/// The visible positions a game has passed through, from its opening, given its log.
pub fn seen_positions(game: &Game, log: &[Action]) -> HashSet<Visible> {
    history(game, log).0
}

/// The visible positions a game has passed through, and how many of its last actions were
/// quiet: they turned no card, removed no run and dealt no row.
pub(crate) fn history(game: &Game, log: &[Action]) -> (HashSet<Visible>, usize) {
    let mut replay = Game::new(
        game.variant(),
        game.suits(),
        game.rules(),
        game.deal_number(),
    );
    let progress = |g: &Game| (g.face_down_cards(), g.runs_completed(), g.stock_cards());
    let mut seen = HashSet::with_capacity(log.len() + 1);
    seen.insert(replay.visible());
    let mut last = progress(&replay);
    let mut quiet = 0;
    for &action in log {
        if replay.apply(action).is_err() {
            break;
        }
        seen.insert(replay.visible());
        let now = progress(&replay);
        if now == last {
            quiet += 1;
        } else {
            quiet = 0;
            last = now;
        }
    }
    (seen, quiet)
}

/// A legal action worth suggesting, as judged from the visible position.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    key: RankKey,
    pub(crate) action: Action,
    pub(crate) kind: HintKind,
    pub(crate) reason: Reason,
}

/// The hint when nothing useful is left (or the game is over).
pub(crate) fn nothing(status: Status, can_undo: bool) -> Hint {
    if status != Status::InProgress {
        return Hint {
            action: None,
            kind: HintKind::Nothing,
            reason: Reason::GameOver,
            suggest_undo: false,
            confidence: None,
        };
    }
    Hint {
        action: None,
        kind: HintKind::Nothing,
        reason: if can_undo {
            Reason::TryUndo
        } else {
            Reason::Resign
        },
        suggest_undo: can_undo,
        confidence: None,
    }
}

/// The best action by what is visible, never one that leads back to a position in `seen`.
pub fn hint(game: &Game, seen: &HashSet<Visible>) -> Hint {
    match candidates(game, seen).into_iter().next() {
        Some(best) => Hint {
            action: Some(best.action),
            kind: best.kind,
            reason: best.reason,
            suggest_undo: false,
            confidence: None,
        },
        None => nothing(game.status(), game.can_undo()),
    }
}

/// Every action worth suggesting, best first by what is visible; empty when the game is over
/// or nothing useful is left.
pub(crate) fn candidates(game: &Game, seen: &HashSet<Visible>) -> Vec<Candidate> {
    if game.status() != Status::InProgress {
        return Vec::new();
    }
    // Ranked first by the docs/RULES.md preference order (a run completed; a card turned or a
    // column emptied; an in-suit build; another build; the deal; filling a hole so the deal
    // can go). Within one class, moves are judged by the best visible position a short line
    // starting with them reaches (docs/HINTS.md, §7): lines that improve on the
    // position now come first, the larger gain first, then the tie-breaker (larger is better).
    // A move into a hole is suggested only when its line gains.
    let sight = Sight::new(game);
    let now = sight.score();
    let mut nodes = LOOKAHEAD_NODES;
    let mut all = Vec::new();
    let must_fill = game.stock_cards() > 0
        && !game.legal_actions().contains(&Action::Deal)
        && (0..game.column_count()).any(|c| game.column(c).is_some_and(|(_, up)| up.is_empty()));
    for action in game.legal_actions() {
        let Some((kind, tie, reason)) = judge(game, action, seen, must_fill) else {
            continue;
        };
        let (tier, gain) = match kind {
            HintKind::Deal => (1, 0),
            HintKind::FillColumn => (2, 0),
            _ => match sight.after(action, LOOKAHEAD, &mut nodes) {
                Some(value) if value > now => (0, value - now),
                // A hole is worth more than a move that gains nothing (unless it turns a card).
                _ if kind != HintKind::TurnCard
                    && matches!(action, Action::Move { to, .. } if game.column(to).is_some_and(|(_, up)| up.is_empty())) =>
                {
                    continue
                }
                _ => (3, 0),
            },
        };
        let class = match kind {
            HintKind::EmptyColumn => HintKind::TurnCard,
            k => k,
        };
        all.push(Candidate {
            key: (class, tier, -gain, kind, -tie),
            action,
            kind,
            reason,
        });
    }
    // Stable: equal keys keep the order of `legal_actions`, as the single best did before.
    all.sort_by_key(|c| c.key);
    all
}

/// Every legal move or deal a search may start with, best first by what is visible: the
/// [`candidates`], then the moves the visible ranking calls pointless but a deeper search may
/// need (a group into a hole, a suited run split, a card leaving a parent it fits), never one
/// that leads straight back to a position in `seen` or moves a whole column into a hole.
pub(crate) fn options(game: &Game, seen: &HashSet<Visible>) -> Vec<Candidate> {
    let mut all = candidates(game, seen);
    let last = all
        .last()
        .map_or((HintKind::Nothing, 0, 0, HintKind::Nothing, 0), |c| c.key);
    for action in game.legal_actions() {
        let Action::Move { from, to, count } = action else {
            continue;
        };
        if all.iter().any(|c| c.action == action) {
            continue;
        }
        let (Some((down, up)), Some((_, target))) = (game.column(from), game.column(to)) else {
            continue;
        };
        let whole = count == up.len();
        if whole && down == 0 && target.is_empty() {
            continue;
        }
        if !(whole && down > 0) {
            let mut next = game.clone();
            if next.apply(action).is_err() || seen.contains(&next.visible()) {
                continue;
            }
        }
        let group = &up[up.len() - count..];
        let cards = group.to_vec();
        let (kind, reason) = match target.last() {
            None => (HintKind::Build, Reason::IntoEmpty { cards, from, to }),
            Some(onto) => (
                if onto.suit == group[0].suit {
                    HintKind::BuildInSuit
                } else {
                    HintKind::Build
                },
                Reason::Build {
                    cards,
                    onto: Some(*onto),
                    to,
                },
            ),
        };
        all.push(Candidate {
            key: last,
            action,
            kind,
            reason,
        });
    }
    all
}

/// How a legal action looks from what the player can see; `None` if it is pointless.
fn judge(
    game: &Game,
    action: Action,
    seen: &HashSet<Visible>,
    must_fill: bool,
) -> Option<(HintKind, i64, Reason)> {
    let Action::Move { from, to, count } = action else {
        return (action == Action::Deal).then_some((HintKind::Deal, 0, Reason::Deal));
    };
    let (down, up) = game.column(from)?;
    let (_, target) = game.column(to)?;
    let group = &up[up.len() - count..];
    let top = group[0];
    let whole_face_up = count == up.len();
    let turns = whole_face_up && down > 0;
    let empties = whole_face_up && down == 0;
    let parent = (!whole_face_up).then(|| up[up.len() - count - 1]);
    let onto = target.last().copied();
    let in_suit = onto.is_some_and(|c| c.suit == top.suit);
    // Runs of the target after the move: the group joins its in-suit tail.
    let target_run = if in_suit {
        let mut n = 1;
        while n < target.len()
            && target[target.len() - n].follows_in_suit(target[target.len() - n - 1])
        {
            n += 1;
        }
        n + count
    } else {
        count
    };
    let completes = in_suit && target_run >= 13 && group[count - 1].rank.value() == 1;
    // Pointless: a whole column into an empty one; splitting a suited run (unless to build
    // a longer one in suit); a card leaving a parent it already fits for an off-suit one.
    if onto.is_none() && !turns {
        // Into a hole only to turn a card, or when the deal waits for the hole to be filled
        // (then a group that sits on no fitting parent goes, whole columns never).
        let fits_parent = parent.is_some_and(|p| top.fits_on(p));
        if empties {
            return None;
        }
        if must_fill {
            // Any group but a whole column fills it; one that sits on no fitting parent first.
            return Some((
                HintKind::FillColumn,
                -(count as i64) - if fits_parent { 100 } else { 0 },
                Reason::FillToDeal {
                    cards: group.to_vec(),
                    from,
                    to,
                },
            ));
        }
        if fits_parent {
            return None;
        }
        // Worth it only when the look-ahead finds that the card it uncovers helps.
        return Some((
            HintKind::Build,
            -(count as i64),
            Reason::IntoEmptyFrees {
                cards: group.to_vec(),
                from,
                to,
                frees: parent,
            },
        ));
    }
    if let Some(parent) = parent {
        let breaks_suited = top.follows_in_suit(parent);
        if breaks_suited && !(in_suit && target_run > count + 1) {
            return None;
        }
        if top.fits_on(parent) && !in_suit {
            return None;
        }
    }
    // Never straight back to a position already seen. A move that turns a card always shows
    // something new, so its outcome is not looked at (it would depend on the hidden card).
    if !turns {
        let mut next = game.clone();
        next.apply(action).ok()?;
        if seen.contains(&next.visible()) {
            return None;
        }
    }
    let cards = group.to_vec();
    Some(if completes {
        (
            HintKind::CompleteRun,
            0,
            Reason::CompletesRun {
                cards,
                onto,
                to,
                suit: top.suit,
            },
        )
    } else if turns {
        (
            HintKind::TurnCard,
            // Fewer cards still hidden there means closer to an empty column.
            -(down as i64),
            Reason::TurnsCard { cards, from, to },
        )
    } else if empties {
        (
            HintKind::EmptyColumn,
            count as i64,
            Reason::EmptiesColumn { cards, from, to },
        )
    } else if in_suit {
        (
            HintKind::BuildInSuit,
            target_run as i64,
            Reason::BuildsInSuit { cards, onto, to },
        )
    } else {
        (
            HintKind::Build,
            count as i64,
            Reason::Build { cards, onto, to },
        )
    })
}

/// The visible-ranking hint as a player for [`follow`](super::follow): it remembers every
/// position it was shown, so it never leads back to one.
pub fn plain_player() -> impl FnMut(&Game, &[Action]) -> Option<Action> {
    let mut seen = HashSet::new();
    move |game, _| {
        seen.insert(game.visible());
        hint(game, &seen).action
    }
}

/// The hint-following player: takes the visible-ranking hint every time, never undoes, and
/// stops when the hint has nothing useful left. Returns the finished game.
pub fn play_by_hints(game: Game, max_actions: usize) -> Game {
    super::follow(&game, max_actions, plain_player()).0
}
