//! Puzzles (docs/PUZZLES.md): a goal reached within a few moves by a line that touches only
//! the cards face up at the start (the known-cards rule), and whether exactly one first move
//! does so. The search is exact within its bound: a depth-first search over the moves the
//! rules allow, with a table of positions already proven unable to reach the goal in the moves
//! they had left. A search past its budget proves nothing and says so.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::game::{Action, Game, Position, Status};

/// The most moves a puzzle may ask for.
pub const MAX_MOVES: usize = 8;

/// What a puzzle asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// Remove the last run: set only where no card is face down and the stock is empty.
    Win,
    /// Remove a K–A run.
    RemoveRun,
    /// Empty a column (set only where no column is empty).
    EmptyColumn,
    /// Turn a face-down card face up.
    TurnCard,
}

impl Goal {
    pub const ALL: [Goal; 4] = [
        Goal::Win,
        Goal::RemoveRun,
        Goal::EmptyColumn,
        Goal::TurnCard,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Goal::Win => "win",
            Goal::RemoveRun => "remove_run",
            Goal::EmptyColumn => "empty_column",
            Goal::TurnCard => "turn_card",
        }
    }

    /// Whether the goal may be set at `game`: the game is on, and for `win` nothing is hidden,
    /// for `empty_column` no column is empty yet, for `turn_card` some card is face down.
    pub fn fits(self, game: &Game) -> bool {
        if game.status() != Status::InProgress {
            return false;
        }
        match self {
            Goal::Win => game.face_down_cards() == 0 && game.stock_cards() == 0,
            Goal::RemoveRun => true,
            Goal::EmptyColumn => empty_columns(game) == 0,
            Goal::TurnCard => game.face_down_cards() > 0,
        }
    }
}

super::parse_by_name!(Goal);

/// What a bounded search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reach {
    /// A line that reaches the goal, the reaching move last.
    Line(Vec<Action>),
    /// No line within the bound reaches it.
    Never,
    /// The budget ran out first: nothing is proven.
    Unknown,
}

/// A position's puzzle, if it has one for this goal and bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one first move (up to which empty column it goes to) reaches the goal: the
    /// answer's line.
    Unique(Vec<Action>),
    /// More than one first move reaches it: no puzzle.
    Several,
    /// No first move reaches it: no puzzle.
    Unreachable,
    /// The budget ran out: no puzzle (nothing is proven).
    Unknown,
}

/// The moves a line may make under the known-cards rule: moves only (never a deal: the
/// stock's order is hidden), none from or onto a column closed by a card it turned.
pub fn line_moves(game: &Game, closed: u16) -> Vec<Action> {
    game.legal_actions()
        .into_iter()
        .filter(|action| match *action {
            Action::Move { from, to, .. } => closed & (1 << from) == 0 && closed & (1 << to) == 0,
            _ => false,
        })
        .collect()
}

/// Plays `action` (one of [`line_moves`]) on a copy: the game after it, the columns closed
/// after it, and whether it reached `goal`.
pub fn line_step(
    game: &Game,
    closed: u16,
    action: Action,
    goal: Goal,
) -> Option<(Game, u16, bool)> {
    let mut next = game.clone();
    let before = empty_columns(game);
    let outcome = next.apply(action).ok()?;
    let reached = match goal {
        Goal::Win => outcome.status == Status::Won,
        Goal::RemoveRun => !outcome.completed.is_empty(),
        Goal::EmptyColumn => empty_columns(&next) > before,
        Goal::TurnCard => !outcome.turned.is_empty(),
    };
    let closed = outcome
        .turned
        .iter()
        .fold(closed, |c, column| c | (1 << column));
    Some((next, closed, reached))
}

fn empty_columns(game: &Game) -> usize {
    (0..game.column_count())
        .filter(|&c| game.column(c).is_some_and(|(_, cards)| cards.is_empty()))
        .count()
}

/// The search, with its budget and the positions proven not to reach the goal: for each
/// position (and the columns closed in it), the most moves it was proven unable to use to
/// reach it (unable in k moves is unable in fewer).
struct Search {
    goal: Goal,
    nodes_left: u64,
    out_of_budget: bool,
    dead: HashMap<(Position, u16), usize>,
}

impl Search {
    fn new(goal: Goal, budget: u64) -> Search {
        Search {
            goal,
            nodes_left: budget,
            out_of_budget: false,
            dead: HashMap::new(),
        }
    }

    /// A line of at most `left` moves from `game` that reaches the goal.
    fn reach(&mut self, game: &Game, closed: u16, left: usize) -> Option<Vec<Action>> {
        if left == 0 || self.out_of_budget {
            return None;
        }
        let key = (game.position().clone(), closed);
        if self.dead.get(&key).is_some_and(|&proven| proven >= left) {
            return None;
        }
        for action in line_moves(game, closed) {
            if self.nodes_left == 0 {
                self.out_of_budget = true;
                return None;
            }
            self.nodes_left -= 1;
            let Some((next, next_closed, reached)) = line_step(game, closed, action, self.goal)
            else {
                continue;
            };
            if reached {
                return Some(vec![action]);
            }
            if next.status() != Status::InProgress {
                continue;
            }
            if let Some(mut rest) = self.reach(&next, next_closed, left - 1) {
                rest.insert(0, action);
                return Some(rest);
            }
        }
        if !self.out_of_budget {
            let proven = self.dead.entry(key).or_insert(0);
            *proven = (*proven).max(left);
        }
        None
    }
}

/// Whether some line of at most `within` moves from `game` reaches `goal`, searching at most
/// `budget` moves.
pub fn reach(game: &Game, goal: Goal, within: usize, budget: u64) -> Reach {
    let mut search = Search::new(goal, budget);
    match search.reach(game, 0, within.min(MAX_MOVES)) {
        Some(line) => Reach::Line(line),
        None if search.out_of_budget => Reach::Unknown,
        None => Reach::Never,
    }
}

/// Which idea a first move is: the column it takes from, how many cards, and where they go
/// (`None` for an empty column, whichever: moving the same cards to the first or the third
/// empty column is one idea).
type Idea = (usize, usize, Option<usize>);

fn idea(game: &Game, action: Action) -> Idea {
    match action {
        Action::Move { from, to, count } => {
            let to_empty = game.column(to).is_some_and(|(_, cards)| cards.is_empty());
            (from, count, (!to_empty).then_some(to))
        }
        _ => (usize::MAX, 0, None),
    }
}

/// The puzzle `game` holds for `goal` within `within` moves, if any: every first move is
/// searched (the answer's and every other), each with at most `budget` moves searched.
pub fn verdict(game: &Game, goal: Goal, within: usize, budget: u64) -> Verdict {
    let within = within.min(MAX_MOVES);
    if !goal.fits(game) || within == 0 {
        return Verdict::Unreachable;
    }
    let mut answer: Option<(Idea, Vec<Action>)> = None;
    let mut tried: Vec<Idea> = Vec::new();
    let mut search = Search::new(goal, budget);
    for action in line_moves(game, 0) {
        let key = idea(game, action);
        if tried.contains(&key) {
            continue;
        }
        tried.push(key);
        let Some((next, closed, reached)) = line_step(game, 0, action, goal) else {
            continue;
        };
        let line = if reached {
            Some(vec![action])
        } else if next.status() == Status::InProgress {
            search.reach(&next, closed, within - 1).map(|mut rest| {
                rest.insert(0, action);
                rest
            })
        } else {
            None
        };
        if search.out_of_budget {
            return Verdict::Unknown;
        }
        if let Some(line) = line {
            if answer.is_some() {
                return Verdict::Several;
            }
            answer = Some((key, line));
        }
    }
    match answer {
        Some((_, line)) => Verdict::Unique(line),
        None => Verdict::Unreachable,
    }
}

/// A puzzle a position holds: its goal, the moves it allows, and its answer's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub goal: Goal,
    /// N: the fewest moves that reach the goal from the position.
    pub within: usize,
    pub line: Vec<Action>,
}

/// Every puzzle `game` holds: for each goal that fits, the fewest moves that reach it, when
/// one first move alone does so in that many. A goal whose search runs past `budget` (per
/// search) yields nothing.
pub fn find(game: &Game, budget: u64) -> Vec<Puzzle> {
    let mut out = Vec::new();
    for goal in Goal::ALL {
        if !goal.fits(game) {
            continue;
        }
        for within in 1..=MAX_MOVES {
            match reach(game, goal, within, budget) {
                Reach::Never => continue,
                Reach::Unknown => break,
                Reach::Line(_) => {
                    if let Verdict::Unique(line) = verdict(game, goal, within, budget) {
                        out.push(Puzzle { goal, within, line });
                    }
                    // The fewest moves are found: more moves only let more first moves in.
                    break;
                }
            }
        }
    }
    out
}
