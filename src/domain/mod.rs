//! The product's own rules that are not rules of Spider: the daily's secret deal numbers, what
//! a game counts for and what its end changes in records, race standings, CPU pace and
//! ratings. Pure like the engine: no database, no network, no clock (`tests/house.rs` checks);
//! the store persists what these decide, the play layer asks them.

pub mod daily;
pub mod origin;
pub mod pace;
pub mod races;
pub mod records;
