//! The domain's named values as diesel text columns (the `diesel` feature, which the store
//! turns on), written as the engine writes its own (`engine::text_column!`).

use crate::ids::{GameId, RaceCode, UserId};
use crate::origin::OriginKind;

spider_engine::text_column!(OriginKind, OriginKindColumn);
spider_engine::string_column!(UserId, UserIdColumn);
spider_engine::string_column!(GameId, GameIdColumn);
spider_engine::string_column!(RaceCode, RaceCodeColumn);
