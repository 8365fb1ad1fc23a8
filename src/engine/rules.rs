//! The rules options a game is created with (RULES.md: the empty-column rule, undo).

use serde::{Deserialize, Serialize};

/// What happens when the player deals while a column is empty (RULES.md, Dealing).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

impl std::str::FromStr for EmptyColumnDeal {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        EmptyColumnDeal::ALL
            .into_iter()
            .find(|rule| rule.name() == s)
            .ok_or(())
    }
}

/// Rules options, fixed when a game is created.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    pub undo: bool,
    pub empty_column_deal: EmptyColumnDeal,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            undo: true,
            empty_column_deal: EmptyColumnDeal::Standard,
        }
    }
}
