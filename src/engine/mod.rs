//! The rules of Spider and Spiderette (docs/RULES.md). No I/O, no clock, no database, no HTTP.

/// `FromStr` for an enum with `ALL` and `name()`: the value whose name is the text.
#[macro_export]
macro_rules! parse_by_name {
    ($ty:ty) => {
        impl std::str::FromStr for $ty {
            type Err = ();
            fn from_str(s: &str) -> Result<Self, ()> {
                <$ty>::ALL.into_iter().find(|v| v.name() == s).ok_or(())
            }
        }
    };
}

mod advisor;
pub mod analysis;
mod card;
mod combos;
mod deal;
mod difficulty;
mod game;
mod hint;
mod illegal;
mod levels;
pub mod notation;
mod observation;
pub mod puzzle;
mod reason;
mod rules;
mod sampling;
mod setup;
pub mod solver;
#[cfg(feature = "diesel")]
#[doc(hidden)]
pub mod stored;
mod unaided;
mod view;

#[cfg(test)]
mod advisor_tests;
#[cfg(test)]
mod tests;

pub use advisor::{
    advise, advise_revealing, advise_sampled_plies, advise_scaled, advise_within, follow, search,
};
pub use analysis::{analyse, Analysis, AnalysisBudget};
pub use card::{Card, ParseCardError, Rank, Suit};
pub use combos::rollouts::{advise as advise_rollouts, Rollouts};
pub use combos::{ComboPlayer, Weights};
pub use deal::{fresh_deck, shuffled_deck, BadSuitCount, Suits, Variant};
pub use difficulty::{difficulty, Difficulty};
pub use game::{Action, ColumnSet, Game, Outcome, Position, ReplayError, Status};
pub use hint::{hint, plain_player, play_by_hints, seen_positions, Hint, HintKind, Visible};
pub use illegal::Illegal;
pub use levels::{HintLevel, Level, SPIDERSOLVER_DEPTH};
pub use observation::Observation;
pub use reason::Reason;
pub use rules::{EmptyColumnDeal, Rules, UndoMode};
pub use setup::{DealSpec, Intent};
pub use unaided::unaided_move;
pub use view::{ColumnView, View};
