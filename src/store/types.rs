//! Typed text columns: the engine's named values are text columns by the engine's own
//! `diesel` feature (`engine::text_column!`); the domain's are here, the same way.

use crate::domain::origin::OriginKind;

crate::engine::text_column!(OriginKind, OriginKindColumn);
