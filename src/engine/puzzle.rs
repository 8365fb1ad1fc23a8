//! Puzzles (docs/PUZZLES.md): a goal reached within a few moves by a line that touches only
//! the cards face up at the start (the known-cards rule), and whether exactly one first move
//! does so. The search is exact within its bound: a depth-first search over the moves the
//! rules allow, with a table of positions already proven unable to reach the goal in the moves
//! they had left. A search past its budget proves nothing and says so.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::card::Suit;
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
/// searched (the answer's and every other), with at most `budget` moves searched in all.
pub fn verdict(game: &Game, goal: Goal, within: usize, budget: u64) -> Verdict {
    let within = within.min(MAX_MOVES);
    if !goal.fits(game) || within == 0 {
        return Verdict::Unreachable;
    }
    Search::new(goal, budget).verdict(game, within)
}

impl Search {
    /// [`verdict`] on this search's table and budget (what it proved for a smaller bound
    /// still holds).
    fn verdict(&mut self, game: &Game, within: usize) -> Verdict {
        let mut answer: Option<(Idea, Vec<Action>)> = None;
        let mut tried: Vec<Idea> = Vec::new();
        for action in line_moves(game, 0) {
            let key = idea(game, action);
            if tried.contains(&key) {
                continue;
            }
            tried.push(key);
            let Some((next, closed, reached)) = line_step(game, 0, action, self.goal) else {
                continue;
            };
            let line = if reached {
                Some(vec![action])
            } else if next.status() == Status::InProgress {
                self.reach(&next, closed, within - 1).map(|mut rest| {
                    rest.insert(0, action);
                    rest
                })
            } else {
                None
            };
            if self.out_of_budget {
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
/// one first move alone does so in that many. A goal whose search runs past `budget` yields
/// nothing.
pub fn find(game: &Game, budget: u64) -> Vec<Puzzle> {
    find_within(game, MAX_MOVES, budget)
}

/// [`find`] for puzzles of at most `most` moves, with at most `budget` moves searched per
/// goal (one table per goal serves every bound and the verdict: what cannot be reached in k
/// moves cannot in fewer).
pub fn find_within(game: &Game, most: usize, budget: u64) -> Vec<Puzzle> {
    let mut out = Vec::new();
    for goal in Goal::ALL {
        if !goal.fits(game) || !could(goal, game) {
            continue;
        }
        let mut search = Search::new(goal, budget);
        for within in 1..=most.min(MAX_MOVES) {
            if search.reach(game, 0, within).is_none() {
                if search.out_of_budget {
                    break;
                }
                continue;
            }
            if let Verdict::Unique(line) = search.verdict(game, within) {
                out.push(Puzzle { goal, within, line });
            }
            // The fewest moves are found: more moves only let more first moves in.
            break;
        }
    }
    out
}

/// A cheap necessary condition for a line under the known-cards rule to reach `goal`: a run
/// is removed only when all thirteen ranks of one suit are face up already (a card a line
/// turns closes its column, so it never joins a run); a column is emptied only if one holds
/// no face-down card (turning one would close it).
pub fn could(goal: Goal, game: &Game) -> bool {
    let columns = || (0..game.column_count()).filter_map(|c| game.column(c));
    match goal {
        Goal::Win | Goal::TurnCard => true,
        Goal::RemoveRun => Suit::ALL.into_iter().any(|suit| {
            let mut ranks = 0u16;
            for (_, cards) in columns() {
                for card in cards.iter().filter(|card| card.suit == suit) {
                    ranks |= 1 << card.rank.value();
                }
            }
            ranks == 0b11_1111_1111_1110
        }),
        Goal::EmptyColumn => columns().any(|(down, cards)| down == 0 && !cards.is_empty()),
    }
}

/// What a puzzle's line does, shown with the answer (docs/PUZZLES.md, "Themes").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// The line moves cards into an empty column.
    EmptyColumn,
    /// Cards the line put in an empty column move out of it again later in the line.
    Swap,
    /// A move takes cards off a card of their own suit one rank above (it splits a run).
    BreaksRun,
    /// The line removes a K–A run.
    SuitRemoval,
    /// Five moves or more.
    Long,
}

impl Theme {
    pub const ALL: [Theme; 5] = [
        Theme::EmptyColumn,
        Theme::Swap,
        Theme::BreaksRun,
        Theme::SuitRemoval,
        Theme::Long,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Theme::EmptyColumn => "empty_column",
            Theme::Swap => "swap",
            Theme::BreaksRun => "breaks_run",
            Theme::SuitRemoval => "suit_removal",
            Theme::Long => "long",
        }
    }
}

super::parse_by_name!(Theme);

/// The themes of `line` played from `game`, in [`Theme::ALL`]'s order.
pub fn themes(game: &Game, line: &[Action]) -> Vec<Theme> {
    let mut found = Vec::new();
    let mut game = game.clone();
    let mut parked = 0u16;
    for &action in line {
        let Action::Move { from, to, count } = action else {
            break;
        };
        let Some((_, cards)) = game.column(from) else {
            break;
        };
        if cards.len() > count {
            let (above, moved) = (cards[cards.len() - count - 1], cards[cards.len() - count]);
            if moved.follows_in_suit(above) {
                found.push(Theme::BreaksRun);
            }
        }
        if parked & (1 << from) != 0 {
            found.push(Theme::Swap);
        }
        if game.column(to).is_some_and(|(_, cards)| cards.is_empty()) {
            found.push(Theme::EmptyColumn);
            parked |= 1 << to;
        }
        match game.apply(action) {
            Ok(outcome) if !outcome.completed.is_empty() => found.push(Theme::SuitRemoval),
            Ok(_) => {}
            Err(_) => break,
        }
    }
    if line.len() >= 5 {
        found.push(Theme::Long);
    }
    Theme::ALL
        .into_iter()
        .filter(|theme| found.contains(theme))
        .collect()
}

/// A new puzzle's rating before anyone has tried it (docs/PUZZLES.md, "Ratings"): 800, and 150
/// for each move past the first, 10 for each legal first move past the first (up to 30), 100
/// for a line that breaks a run and 50 for one that swaps; at most 2600.
pub fn estimated_rating(game: &Game, puzzle: &Puzzle) -> f64 {
    let first_moves = line_moves(game, 0).len().clamp(1, 31) - 1;
    let themes = themes(game, &puzzle.line);
    let mut rating = 800.0 + 150.0 * (puzzle.within.saturating_sub(1) as f64);
    rating += 10.0 * first_moves as f64;
    if themes.contains(&Theme::BreaksRun) {
        rating += 100.0;
    }
    if themes.contains(&Theme::Swap) {
        rating += 50.0;
    }
    rating.min(2600.0)
}

/// A puzzle met along a game: after `at` of its actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mined {
    pub at: usize,
    pub puzzle: Puzzle,
}

/// The puzzles met along a game that starts at `start` and plays `log` (a player's game or the
/// hint player's): at each position in play, [`find_within`] with `most` moves and `budget`.
/// A puzzle is left out when the one found a position earlier asks the same goal and its line
/// still holds this one's (the player made an unrelated move, or the answer's first move).
pub fn mine(start: &Game, log: &[Action], most: usize, budget: u64) -> Vec<Mined> {
    let mut out: Vec<Mined> = Vec::new();
    let mut game = start.clone();
    let mut before: Vec<Puzzle> = Vec::new();
    for at in 0..=log.len() {
        let now = if game.status() == Status::InProgress {
            find_within(&game, most, budget)
        } else {
            Vec::new()
        };
        for puzzle in &now {
            let repeated = before.iter().any(|old| {
                old.goal == puzzle.goal
                    && (old.line == puzzle.line || old.line.get(1..) == Some(&puzzle.line[..]))
            });
            if !repeated {
                out.push(Mined {
                    at,
                    puzzle: puzzle.clone(),
                });
            }
        }
        before = now;
        let Some(&action) = log.get(at) else { break };
        if game.apply(action).is_err() {
            break;
        }
    }
    out
}

/// Where an attempt at a puzzle stands (docs/PUZZLES.md, "One answer").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The goal is reached, by the move at this index.
    Solved { by: usize },
    /// The move at this index left the goal out of reach in what was left of N (judged from
    /// the position the player saw before it, under the known-cards rule).
    Failed { at: usize },
    /// Every move so far still reaches the goal: the attempt goes on.
    Going,
}

/// Judges `moves` from `game`, the puzzle's position, against `goal` within `within`: each
/// move is played on the real cards and judged from the position before it (a line under
/// the known-cards rule from there that starts with it must reach the goal in the moves left).
/// A search past `budget` proves nothing and counts as still reaching. `Err` names the index
/// of a move that is not a legal move (nothing is judged then).
pub fn judge(
    game: &Game,
    goal: Goal,
    within: usize,
    moves: &[Action],
    budget: u64,
) -> Result<(Judgement, Game), usize> {
    let mut game = game.clone();
    for (i, &action) in moves.iter().enumerate() {
        if !matches!(action, Action::Move { .. }) || i >= within {
            return Err(i);
        }
        let (next, closed, reached) = line_step(&game, 0, action, goal).ok_or(i)?;
        if reached {
            return Ok((Judgement::Solved { by: i }, next));
        }
        let left = within - i - 1;
        let reaching = left > 0 && next.status() == Status::InProgress && {
            let mut search = Search::new(goal, budget);
            search.reach(&next, closed, left).is_some() || search.out_of_budget
        };
        if !reaching {
            return Ok((Judgement::Failed { at: i }, next));
        }
        game = next;
    }
    Ok((Judgement::Going, game))
}
