//! Why the rules refuse an action: one reason per rule, each with a stable code and a
//! sentence for the player.

use super::card::Card;

/// Why an action was refused. Each variant is one rule; the message is a sentence for a
/// player, with columns numbered from 1 as players see them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    #[error("The game is over: it accepts no further actions.")]
    GameOver,
    #[error("There is no column {}.", column.saturating_add(1))]
    NoSuchColumn { column: usize },
    #[error("A card cannot be moved onto its own column.")]
    SameColumn,
    #[error("A move must take at least one card.")]
    EmptyGroup,
    #[error("Column {} has only {face_up} face-up card(s), so {count} cannot be moved.", column + 1)]
    NotEnoughFaceUp {
        column: usize,
        count: usize,
        face_up: usize,
    },
    #[error("Those cards are not all one suit: a mixed-suit sequence moves one card at a time.")]
    GroupNotSameSuit,
    #[error(
        "Those cards are not in sequence: each must be exactly one rank below the card above it."
    )]
    GroupNotInSequence,
    #[error("{card} cannot go on {onto}: only a card one rank lower can.")]
    LandingRankMismatch { card: Card, onto: Card },
    #[error("You cannot deal while a column is empty: move a card into every empty column first.")]
    DealWithEmptyColumn,
    #[error("The stock is empty: there is nothing left to deal.")]
    StockEmpty,
    #[error("There is nothing to undo.")]
    NothingToUndo,
    #[error("Undo is turned off for this game.")]
    UndoDisabled,
    #[error(
        "That undo would hide a card you have already seen: in this game a move that turned a \
         card over, or a deal, cannot be taken back."
    )]
    UndoWouldHideCard,
    #[error("No column can take the cards at the end of column {}.", column + 1)]
    NoDestination { column: usize },
}

impl Illegal {
    /// A stable machine-readable name for the rule that refused the action.
    pub fn code(&self) -> &'static str {
        match self {
            Illegal::GameOver => "game_over",
            Illegal::NoSuchColumn { .. } => "no_such_column",
            Illegal::SameColumn => "same_column",
            Illegal::EmptyGroup => "empty_group",
            Illegal::NotEnoughFaceUp { .. } => "not_enough_face_up",
            Illegal::GroupNotSameSuit => "group_not_same_suit",
            Illegal::GroupNotInSequence => "group_not_in_sequence",
            Illegal::LandingRankMismatch { .. } => "landing_rank_mismatch",
            Illegal::DealWithEmptyColumn => "deal_with_empty_column",
            Illegal::StockEmpty => "stock_empty",
            Illegal::NothingToUndo => "nothing_to_undo",
            Illegal::UndoDisabled => "undo_disabled",
            Illegal::UndoWouldHideCard => "undo_would_hide_card",
            Illegal::NoDestination { .. } => "no_destination",
        }
    }
}
