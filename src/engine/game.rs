//! A game in progress: the position, `apply`, undo and replay.

use serde::{Deserialize, Serialize};

use super::card::{Card, Rank, Suit};
use super::deal::{shuffled_deck, tableau_order, Suits, Variant};
use super::illegal::Illegal;
use super::rules::{EmptyColumnDeal, Rules, UndoMode};

mod legal;

/// One player action. Columns are 0-based in the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Move the last `count` face-up cards of column `from` onto column `to`.
    Move {
        from: usize,
        to: usize,
        count: usize,
    },
    /// Deal one card from the stock onto every column.
    Deal,
    /// Take back the last move or deal that has not been taken back.
    Undo,
    /// Give up the game.
    Resign,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    InProgress,
    Won,
    Resigned,
}

impl Status {
    pub const ALL: [Status; 3] = [Status::InProgress, Status::Won, Status::Resigned];

    pub fn name(self) -> &'static str {
        match self {
            Status::InProgress => "in_progress",
            Status::Won => "won",
            Status::Resigned => "resigned",
        }
    }

    pub fn is_over(self) -> bool {
        self != Status::InProgress
    }
}

super::parse_by_name!(Status);

/// A set of columns, as a bit mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ColumnSet(u16);

impl ColumnSet {
    fn insert(&mut self, column: usize) {
        self.0 |= 1 << column;
    }

    pub fn contains(self, column: usize) -> bool {
        self.0 & (1 << column) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..16).filter(move |&c| self.contains(c))
    }
}

/// What an accepted action did besides itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Columns whose new last card was turned face up.
    pub turned: ColumnSet,
    /// Columns from which a completed K–A run was removed.
    pub completed: ColumnSet,
    /// The action that an undo took back.
    pub undone: Option<Action>,
    pub status: Status,
}

/// One column: `cards[..face_down]` are face down, the rest face up. A non-empty column
/// always has at least one face-up card.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Column {
    pub(crate) cards: Vec<Card>,
    pub(crate) face_down: usize,
}

impl Column {
    pub(crate) fn face_up(&self) -> &[Card] {
        &self.cards[self.face_down..]
    }

    fn last(&self) -> Option<Card> {
        self.cards.last().copied()
    }

    /// Length of the same-suit descending sequence at the end: the largest movable group.
    pub(crate) fn movable(&self) -> usize {
        let up = self.face_up();
        if up.is_empty() {
            return 0;
        }
        let mut n = 1;
        while n < up.len() && up[up.len() - n].follows_in_suit(up[up.len() - n - 1]) {
            n += 1;
        }
        n
    }

    /// Turn the last card face up if the face-up part is gone. True if a card turned.
    fn flip_if_needed(&mut self) -> bool {
        if self.face_down > 0 && self.face_down == self.cards.len() {
            self.face_down -= 1;
            true
        } else {
            false
        }
    }

    /// The suit of a complete K–A same-suit run at the end of the column, if there is one.
    fn completed_run(&self) -> Option<Suit> {
        let up = self.face_up();
        if up.len() < 13 || up[up.len() - 1].rank != Rank::ACE {
            return None;
        }
        let run = &up[up.len() - 13..];
        let in_suit = run.windows(2).all(|w| w[1].follows_in_suit(w[0]));
        in_suit.then_some(run[0].suit)
    }
}

/// Everything on the table: columns, stock and removed runs. Two positions are equal when
/// every card is in the same place and the same side up.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) columns: Vec<Column>,
    /// The stock, the next card to deal last (so a deal pops).
    pub(crate) stock: Vec<Card>,
    /// Suits of the removed runs, in the order they were removed.
    pub(crate) removed: Vec<Suit>,
}

/// Enough to take an action back exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StepKind {
    Move {
        from: usize,
        to: usize,
        count: usize,
    },
    Deal {
        columns: usize,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step {
    kind: StepKind,
    turned: ColumnSet,
    completed: ColumnSet,
}

impl Step {
    /// A deal always shows new cards; a move does when it turned a face-down card (its own
    /// column's, or the one under a run it completed).
    fn showed_a_card(&self) -> bool {
        matches!(self.kind, StepKind::Deal { .. }) || !self.turned.is_empty()
    }
}

/// An action in a stored log that the rules refuse: the log cannot be trusted past it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("action {index} ({action:?}) of the log is illegal: {reason}")]
pub struct ReplayError {
    /// 0-based position of the refused action in the log.
    pub index: usize,
    pub action: Action,
    pub reason: Illegal,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    variant: Variant,
    suits: Suits,
    rules: Rules,
    deal_number: u64,
    position: Position,
    history: Vec<Step>,
    status: Status,
    moves: u32,
    deals: u32,
    undos: u32,
    /// Per column, how many of the top face-down cards the player has seen (face up before
    /// an undo turned them down again). Face-down cards only come and go at the top.
    known_down: Vec<u8>,
    /// How many of the next stock cards the player has seen (dealt before an undo).
    known_stock: usize,
}

impl Game {
    /// The opening position of a numbered deal.
    pub fn new(variant: Variant, suits: Suits, rules: Rules, deal_number: u64) -> Game {
        let deck = shuffled_deck(variant, suits, deal_number);
        let order = tableau_order(variant);
        let mut columns = vec![
            Column {
                cards: Vec::with_capacity(32),
                face_down: 0
            };
            variant.columns()
        ];
        for (card, &column) in deck.iter().zip(&order) {
            columns[column].cards.push(*card);
        }
        for column in &mut columns {
            column.face_down = column.cards.len() - 1;
        }
        let mut stock = deck[order.len()..].to_vec();
        stock.reverse();
        Game {
            variant,
            suits,
            rules,
            deal_number,
            position: Position {
                columns,
                stock,
                removed: Vec::with_capacity(variant.runs()),
            },
            history: Vec::new(),
            status: Status::InProgress,
            moves: 0,
            deals: 0,
            undos: 0,
            known_down: vec![0; variant.columns()],
            known_stock: 0,
        }
    }

    /// A game from a position (the advisor's sampled deals): no history, nothing seen.
    pub(crate) fn from_position(
        variant: Variant,
        suits: Suits,
        rules: Rules,
        position: Position,
    ) -> Game {
        let columns = position.columns.len();
        Game {
            variant,
            suits,
            rules,
            deal_number: 0,
            position,
            history: Vec::new(),
            status: Status::InProgress,
            moves: 0,
            deals: 0,
            undos: 0,
            known_down: vec![0; columns],
            known_stock: 0,
        }
    }

    pub(crate) fn set_status(&mut self, status: Status) {
        self.status = status;
    }

    /// Per column, how many of the top face-down cards the player has already seen (only
    /// an undo hides a seen card again), and how many of the next stock cards.
    pub(crate) fn known_hidden(&self) -> (&[u8], usize) {
        (&self.known_down, self.known_stock)
    }

    /// A game from a hand-made position (tests): columns as (face-down count, cards bottom
    /// first), the stock in dealing order.
    #[cfg(test)]
    pub(crate) fn from_parts(
        variant: Variant,
        suits: Suits,
        rules: Rules,
        columns: Vec<(usize, Vec<Card>)>,
        stock: Vec<Card>,
    ) -> Game {
        let mut game = Game::new(variant, suits, rules, 0);
        game.position.columns = columns
            .into_iter()
            .map(|(face_down, cards)| Column { cards, face_down })
            .collect();
        game.position.stock = stock.into_iter().rev().collect();
        game.known_down = vec![0; game.position.columns.len()];
        game
    }

    #[cfg(test)]
    pub(crate) fn with_removed(mut self, removed: Vec<Suit>) -> Game {
        self.position.removed = removed;
        self
    }

    /// Rebuild a game from its deal and its log of accepted actions, through `apply`, so a
    /// log that the rules refuse is reported instead of trusted.
    pub fn replay(
        variant: Variant,
        suits: Suits,
        rules: Rules,
        deal_number: u64,
        actions: impl IntoIterator<Item = Action>,
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(variant, suits, rules, deal_number);
        for (index, action) in actions.into_iter().enumerate() {
            game.apply(action).map_err(|reason| ReplayError {
                index,
                action,
                reason,
            })?;
        }
        Ok(game)
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn suits(&self) -> Suits {
        self.suits
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn deal_number(&self) -> u64 {
        self.deal_number
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Moves accepted so far (an undone move still counts).
    pub fn moves(&self) -> u32 {
        self.moves
    }

    pub fn deals(&self) -> u32 {
        self.deals
    }

    pub fn undos(&self) -> u32 {
        self.undos
    }

    /// Accepted actions that cost a point: moves, deals and undos. A resignation costs nothing.
    pub fn actions(&self) -> u32 {
        self.moves + self.deals + self.undos
    }

    /// Runs removed and not taken back by undo.
    pub fn runs_completed(&self) -> usize {
        self.position.removed.len()
    }

    pub fn completed_suits(&self) -> &[Suit] {
        &self.position.removed
    }

    /// `500 − accepted actions + 100 × runs removed now` (docs/RULES.md, Score). No floor.
    pub fn score(&self) -> i64 {
        500 - i64::from(self.actions()) + 100 * self.runs_completed() as i64
    }

    pub fn stock_cards(&self) -> usize {
        self.position.stock.len()
    }

    /// Face-down cards in all the columns.
    pub fn face_down_cards(&self) -> usize {
        self.position.columns.iter().map(|c| c.face_down).sum()
    }

    /// Deals left in the stock (Spiderette's last deal of 3 counts as one).
    pub fn stock_deals_left(&self) -> usize {
        self.position.stock.len().div_ceil(self.variant.columns())
    }

    pub fn column_count(&self) -> usize {
        self.position.columns.len()
    }

    /// The face-down count and the face-up cards of a column: all a player can see of it.
    pub fn column(&self, column: usize) -> Option<(usize, &[Card])> {
        self.position
            .columns
            .get(column)
            .map(|c| (c.face_down, c.face_up()))
    }

    /// True when an undo would be accepted now.
    pub fn can_undo(&self) -> bool {
        self.status == Status::InProgress && self.check_undo().is_ok()
    }

    /// The undo mode's verdict on taking back the last action not yet taken back.
    fn check_undo(&self) -> Result<(), Illegal> {
        if self.rules.undo == UndoMode::Off {
            return Err(Illegal::UndoDisabled);
        }
        let last = self.history.last().ok_or(Illegal::NothingToUndo)?;
        if self.rules.undo == UndoMode::NoReveal && last.showed_a_card() {
            return Err(Illegal::UndoWouldHideCard);
        }
        Ok(())
    }

    /// Apply one action. A refused action leaves the game exactly as it was.
    pub fn apply(&mut self, action: Action) -> Result<Outcome, Illegal> {
        if self.status != Status::InProgress {
            return Err(Illegal::GameOver);
        }
        let mut undone = None;
        let step = match action {
            Action::Move { from, to, count } => {
                self.check_move(from, to, count)?;
                self.moves += 1;
                let step = self.do_move(from, to, count);
                self.history.push(step);
                step
            }
            Action::Deal => {
                self.check_deal()?;
                self.deals += 1;
                let step = self.do_deal();
                self.history.push(step);
                step
            }
            Action::Undo => {
                self.check_undo()?;
                let step = self.history.pop().ok_or(Illegal::NothingToUndo)?;
                self.undos += 1;
                self.revert(step);
                undone = Some(match step.kind {
                    StepKind::Move { from, to, count } => Action::Move { from, to, count },
                    StepKind::Deal { .. } => Action::Deal,
                });
                return Ok(Outcome {
                    turned: ColumnSet::default(),
                    completed: ColumnSet::default(),
                    undone,
                    status: self.status,
                });
            }
            Action::Resign => {
                self.status = Status::Resigned;
                return Ok(Outcome {
                    turned: ColumnSet::default(),
                    completed: ColumnSet::default(),
                    undone,
                    status: self.status,
                });
            }
        };
        for column in step.turned.iter() {
            self.known_down[column] = self.known_down[column].saturating_sub(1);
        }
        if let StepKind::Deal { columns } = step.kind {
            self.known_stock = self.known_stock.saturating_sub(columns);
        }
        if self.position.removed.len() == self.variant.runs() {
            self.status = Status::Won;
        }
        Ok(Outcome {
            turned: step.turned,
            completed: step.completed,
            undone,
            status: self.status,
        })
    }

    fn check_column(&self, column: usize) -> Result<&Column, Illegal> {
        self.position
            .columns
            .get(column)
            .ok_or(Illegal::NoSuchColumn { column })
    }

    /// The group rule: `count` face-up cards at the end of `column`, in sequence, one suit.
    fn check_group(&self, column: usize, count: usize) -> Result<&[Card], Illegal> {
        let col = self.check_column(column)?;
        if count == 0 {
            return Err(Illegal::EmptyGroup);
        }
        let up = col.face_up();
        if count > up.len() {
            return Err(Illegal::NotEnoughFaceUp {
                column,
                count,
                face_up: up.len(),
            });
        }
        let group = &up[up.len() - count..];
        if group.windows(2).any(|w| !w[1].fits_on(w[0])) {
            return Err(Illegal::GroupNotInSequence);
        }
        if group.windows(2).any(|w| w[1].suit != w[0].suit) {
            return Err(Illegal::GroupNotSameSuit);
        }
        Ok(group)
    }

    fn check_move(&self, from: usize, to: usize, count: usize) -> Result<(), Illegal> {
        self.check_column(from)?;
        let target = self.check_column(to)?;
        if from == to {
            return Err(Illegal::SameColumn);
        }
        let group = self.check_group(from, count)?;
        match target.last() {
            Some(onto) if !group[0].fits_on(onto) => Err(Illegal::LandingRankMismatch {
                card: group[0],
                onto,
            }),
            _ => Ok(()),
        }
    }

    fn check_deal(&self) -> Result<(), Illegal> {
        if self.position.stock.is_empty() {
            return Err(Illegal::StockEmpty);
        }
        let columns = &self.position.columns;
        let any_empty = columns.iter().any(|c| c.cards.is_empty());
        let blocked = match self.rules.empty_column_deal {
            EmptyColumnDeal::Allowed => false,
            EmptyColumnDeal::Strict => any_empty,
            EmptyColumnDeal::Standard => {
                let in_tableau: usize = columns.iter().map(|c| c.cards.len()).sum();
                any_empty && in_tableau >= columns.len()
            }
        };
        if blocked {
            Err(Illegal::DealWithEmptyColumn)
        } else {
            Ok(())
        }
    }

    /// Remove a completed run from the end of `column`, turning the card under it.
    fn remove_run(&mut self, column: usize, step: &mut Step) {
        let col = &mut self.position.columns[column];
        if let Some(suit) = col.completed_run() {
            col.cards.truncate(col.cards.len() - 13);
            step.completed.insert(column);
            if col.flip_if_needed() {
                step.turned.insert(column);
            }
            self.position.removed.push(suit);
        }
    }

    fn do_move(&mut self, from: usize, to: usize, count: usize) -> Step {
        let mut step = Step {
            kind: StepKind::Move { from, to, count },
            turned: ColumnSet::default(),
            completed: ColumnSet::default(),
        };
        transfer(&mut self.position.columns, from, to, count);
        if self.position.columns[from].flip_if_needed() {
            step.turned.insert(from);
        }
        self.remove_run(to, &mut step);
        step
    }

    fn do_deal(&mut self) -> Step {
        let n = self.position.stock.len().min(self.position.columns.len());
        let mut step = Step {
            kind: StepKind::Deal { columns: n },
            turned: ColumnSet::default(),
            completed: ColumnSet::default(),
        };
        for column in 0..n {
            if let Some(card) = self.position.stock.pop() {
                self.position.columns[column].cards.push(card);
            }
        }
        for column in 0..n {
            self.remove_run(column, &mut step);
        }
        step
    }

    /// Put back a run removed from `column` by `step`, turning its card face down again.
    fn restore_run(&mut self, column: usize, step: &Step) {
        if !step.completed.contains(column) {
            return;
        }
        let col = &mut self.position.columns[column];
        if step.turned.contains(column) {
            col.face_down += 1;
        }
        if let Some(suit) = self.position.removed.pop() {
            col.cards
                .extend(Rank::all().rev().map(|rank| Card::new(rank, suit)));
        }
    }

    fn revert(&mut self, step: Step) {
        // What the undo turns face down again or puts back in the stock has been seen.
        for column in step.turned.iter() {
            self.known_down[column] += 1;
        }
        if let StepKind::Deal { columns } = step.kind {
            self.known_stock += columns;
        }
        match step.kind {
            StepKind::Move { from, to, count } => {
                self.restore_run(to, &step);
                if step.turned.contains(from) {
                    self.position.columns[from].face_down += 1;
                }
                transfer(&mut self.position.columns, to, from, count);
            }
            StepKind::Deal { columns } => {
                for column in (0..columns).rev() {
                    self.restore_run(column, &step);
                }
                for column in (0..columns).rev() {
                    if let Some(card) = self.position.columns[column].cards.pop() {
                        self.position.stock.push(card);
                    }
                }
            }
        }
    }
}

/// Move the last `count` cards of `from` to the end of `to`.
fn transfer(columns: &mut [Column], from: usize, to: usize, count: usize) {
    let (source, target) = if from < to {
        let (a, b) = columns.split_at_mut(to);
        (&mut a[from], &mut b[0])
    } else {
        let (a, b) = columns.split_at_mut(from);
        (&mut b[0], &mut a[to])
    };
    let start = source.cards.len() - count;
    target.cards.extend_from_slice(&source.cards[start..]);
    source.cards.truncate(start);
}
