//! What a game is dealt from, and what a player means by an action before the rules make it
//! exact.

use super::card::Card;
use super::deal::{Suits, Variant};
use super::game::{Action, Column, Game, Position, ReplayError};
use super::illegal::Illegal;
use super::rules::Rules;

/// Everything a deal depends on: replaying a log from it rebuilds the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealSpec {
    pub variant: Variant,
    pub suits: Suits,
    pub rules: Rules,
    pub deal_number: u64,
}

impl DealSpec {
    /// The opening position.
    pub fn deal(&self) -> Game {
        Game::new(self.variant, self.suits, self.rules, self.deal_number)
    }

    /// The position after `log`, every action checked again.
    pub fn replay(&self, log: Vec<Action>) -> Result<Game, ReplayError> {
        Game::replay(self.variant, self.suits, self.rules, self.deal_number, log)
    }
}

/// An action as a player states it, columns from 0: a move may leave its count to the rules,
/// and "tap a card" leaves the destination to them too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Move cards from `from` to `to`: `count` of them, or the group that fits on the
    /// target's last card (for an empty target, the longest movable same-suit group).
    Move {
        from: usize,
        to: usize,
        count: Option<usize>,
    },
    /// Move the cards at the end of `column` (the longest group that has somewhere to go, or
    /// `count` cards) to the best destination.
    Auto {
        column: usize,
        count: Option<usize>,
    },
    Deal,
    Undo,
    Resign,
}

impl From<Action> for Intent {
    /// The exact intent of an action.
    fn from(action: Action) -> Intent {
        match action {
            Action::Move { from, to, count } => Intent::Move {
                from,
                to,
                count: Some(count),
            },
            Action::Deal => Intent::Deal,
            Action::Undo => Intent::Undo,
            Action::Resign => Intent::Resign,
        }
    }
}

impl Game {
    /// The exact action `intent` stands for here. It is not checked beyond what resolving
    /// needs: `apply` is the judge.
    pub fn resolve(&self, intent: Intent) -> Result<Action, Illegal> {
        Ok(match intent {
            Intent::Move { from, to, count } => Action::Move {
                from,
                to,
                count: match count {
                    Some(count) => count,
                    None => self.move_count(from, to)?,
                },
            },
            Intent::Auto { column, count } => self.auto_move(column, count)?,
            Intent::Deal => Action::Deal,
            Intent::Undo => Action::Undo,
            Intent::Resign => Action::Resign,
        })
    }
}

impl Game {
    /// A game laid out by hand (another program's deal, replayed card for card): each column
    /// bottom first, all but its last card face down; the stock as rows in dealing order, each
    /// row's first card to column 1. Refused unless every column has a card and each row is as
    /// long as there are columns.
    pub fn from_layout(
        variant: Variant,
        suits: Suits,
        rules: Rules,
        columns: Vec<Vec<Card>>,
        rows: Vec<Vec<Card>>,
    ) -> Option<Game> {
        let n = variant.columns();
        if columns.len() != n
            || columns.iter().any(Vec::is_empty)
            || rows.iter().any(|r| r.len() != n)
        {
            return None;
        }
        let columns = columns
            .into_iter()
            .map(|cards| Column {
                face_down: cards.len() - 1,
                cards,
            })
            .collect();
        // A deal pops the stock column by column: the last card is the next row's first.
        let stock = rows
            .into_iter()
            .rev()
            .flat_map(|r| r.into_iter().rev())
            .collect();
        Some(Game::from_position(
            variant,
            suits,
            rules,
            Position {
                columns,
                stock,
                removed: Vec::new(),
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BadSuitCount;

    fn spec() -> DealSpec {
        DealSpec {
            variant: Variant::Spider,
            suits: Suits::One,
            rules: Rules::default(),
            deal_number: 7,
        }
    }

    #[test]
    fn a_stored_suit_count_reads_back_and_any_other_is_refused() {
        for suits in Suits::ALL {
            assert_eq!(Suits::try_from(i32::from(suits.count())), Ok(suits));
        }
        for bad in [0, 3, 5, -1, 256 + 1, i32::MAX] {
            assert_eq!(Suits::try_from(bad), Err(BadSuitCount), "{bad}");
        }
    }

    #[test]
    fn an_exact_intent_resolves_to_its_action_and_an_open_one_asks_the_rules() {
        let game = spec().deal();
        for action in game.legal_actions() {
            assert_eq!(game.resolve(Intent::from(action)), Ok(action));
        }
        let first = game
            .legal_actions()
            .into_iter()
            .find_map(|a| match a {
                Action::Move { from, to, .. } => Some((from, to)),
                _ => None,
            })
            .expect("an opening has a move");
        let open = Intent::Move {
            from: first.0,
            to: first.1,
            count: None,
        };
        assert_eq!(
            game.resolve(open).map(|a| matches!(a, Action::Move { .. })),
            Ok(true)
        );
        assert_eq!(
            game.resolve(Intent::Move {
                from: 0,
                to: 42,
                count: None
            }),
            Err(Illegal::NoSuchColumn { column: 42 })
        );
    }
}
