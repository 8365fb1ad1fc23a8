//! The domain's named values as diesel text columns (the `diesel` feature, which the store
//! turns on), written as the engine writes its own (`engine::text_column!`).

use crate::origin::OriginKind;

spider_engine::text_column!(OriginKind, OriginKindColumn);
