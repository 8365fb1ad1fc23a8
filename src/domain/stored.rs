//! The domain's named values as diesel text columns (the `diesel` feature, which the store
//! turns on), written as the engine writes its own (`engine::text_column!`).

use crate::ids::{GameId, RaceCode, UserId};
use crate::origin::OriginKind;

spider_engine::text_column!(OriginKind, OriginKindColumn);
spider_engine::text_column!(UserId, UserIdColumn, as_is);
spider_engine::text_column!(GameId, GameIdColumn, as_is);
spider_engine::text_column!(RaceCode, RaceCodeColumn, as_is);
