//! The rules options a game is created with (docs/RULES.md: the empty-column rule, undo modes).

use serde::{Deserialize, Serialize};

/// What happens when the player deals while a column is empty (docs/RULES.md, Dealing).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum EmptyColumnDeal {
    /// Refused while a column is empty, unless the tableau holds fewer cards than columns.
    #[default]
    Standard,
    /// Refused while a column is empty, always.
    Strict,
    /// Empty columns never block a deal.
    Allowed,
}

impl EmptyColumnDeal {
    pub const ALL: [EmptyColumnDeal; 3] = [
        EmptyColumnDeal::Standard,
        EmptyColumnDeal::Strict,
        EmptyColumnDeal::Allowed,
    ];

    pub fn name(self) -> &'static str {
        match self {
            EmptyColumnDeal::Standard => "standard",
            EmptyColumnDeal::Strict => "strict",
            EmptyColumnDeal::Allowed => "allowed",
        }
    }
}

super::parse_by_name!(EmptyColumnDeal);

/// How far undo reaches (docs/RULES.md, Undo).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UndoMode {
    /// Any move or deal can be taken back.
    #[default]
    Full,
    /// Anything but an action that showed a card the player had not seen: a move that turned
    /// a face-down card, or a deal. Nobody can peek at a card and take it back.
    NoReveal,
    /// Nothing can be taken back.
    Off,
}

impl UndoMode {
    pub const ALL: [UndoMode; 3] = [UndoMode::Full, UndoMode::NoReveal, UndoMode::Off];

    pub fn name(self) -> &'static str {
        match self {
            UndoMode::Full => "full",
            UndoMode::NoReveal => "no_reveal",
            UndoMode::Off => "off",
        }
    }

    /// The mode the older yes/no setting stood for: `true` is full undo, `false` none.
    pub fn from_allowed(allowed: bool) -> UndoMode {
        if allowed {
            UndoMode::Full
        } else {
            UndoMode::Off
        }
    }

    /// The yes/no answer older clients understand: whether undo exists at all.
    pub fn allows_any(self) -> bool {
        self != UndoMode::Off
    }

    /// The mode ranked play uses (ranked dailies and races): full undo becomes `NoReveal`, so
    /// nobody can peek at a card and take it back; a stricter mode stays as it is.
    pub fn for_ranked_play(self) -> UndoMode {
        match self {
            UndoMode::Full => UndoMode::NoReveal,
            stricter => stricter,
        }
    }
}

super::parse_by_name!(UndoMode);

/// Rules options, fixed when a game is created.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    pub undo: UndoMode,
    pub empty_column_deal: EmptyColumnDeal,
}
