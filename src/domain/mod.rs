//! The product's own rules that are not rules of Spider: the daily's secret deal numbers, what
//! a game counts for and what its end changes in records, race standings, CPU pace and
//! ratings. Pure like the engine: no database, no network, no clock (`tests/house.rs` checks);
//! the store persists what these decide, the play layer asks them. A crate of its own
//! (`spider-domain`): Cargo lets it name the engine and nothing else of the workspace.

/// The engine, under the name the rest of the service knows it by.
use spider_engine as engine;

pub mod arenas;
pub mod daily;
pub mod ids;
pub mod origin;
pub mod pace;
pub mod puzzles;
pub mod races;
pub mod records;

pub use ids::{GameId, RaceCode, UserId};
#[cfg(feature = "diesel")]
mod stored;
