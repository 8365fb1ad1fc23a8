//! The engine's and the store's enums as the API names them. Each goes on the wire as itself
//! (its serde name, the same text the store keeps); this module only gives each an OpenAPI
//! schema under the name the generated SDKs know, with its values taken from serde, so the
//! document cannot drift from what is sent.

use std::borrow::Cow;

use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;

use crate::domain::origin::OriginKind;
use crate::engine::analysis::{Verdict, Winnability};
use crate::engine::Difficulty;
use crate::engine::{EmptyColumnDeal, HintKind, HintLevel, Level, Status, Suit, UndoMode, Variant};

/// A string enum of `values`' serde names.
fn string_enum<T: serde::Serialize>(values: &[T], description: Option<&str>) -> RefOr<Schema> {
    let names = values.iter().map(|v| match serde_json::to_value(v) {
        Ok(serde_json::Value::String(name)) => name,
        // Every type below serializes to a string: a unit enum with snake_case names.
        other => format!("{other:?}"),
    });
    RefOr::T(
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(description)
            .enum_values(Some(names))
            .into(),
    )
}

/// Gives `$ty` the schema `$name`: a string enum of `$values`.
macro_rules! named {
    ($ty:ty, $name:literal, $values:expr, $description:expr) => {
        impl utoipa::PartialSchema for $ty {
            fn schema() -> RefOr<Schema> {
                string_enum(&$values, $description)
            }
        }

        impl utoipa::ToSchema for $ty {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed($name)
            }
        }
    };
}

named!(Variant, "VariantName", Variant::ALL, None);
named!(
    OriginKind,
    "GameOrigin",
    OriginKind::ALL,
    Some("How a game came to be (see `GameView.origin`).")
);
named!(
    Difficulty,
    "DifficultyName",
    Difficulty::ALL,
    Some("How hard a proven winnable deal is, from the solver's effort to prove it.")
);
named!(Suit, "SuitName", Suit::ALL, None);
named!(Status, "GameStatus", Status::ALL, None);
named!(
    EmptyColumnDeal,
    "EmptyColumnRule",
    EmptyColumnDeal::ALL,
    Some("docs/RULES.md, \"Empty-column rule\": what a deal does while a column is empty.")
);
named!(
    UndoMode,
    "UndoModeName",
    UndoMode::ALL,
    Some(
        "How far undo reaches (docs/RULES.md, Undo): `full` takes back any move or deal; `no_reveal`\n\
         anything but an action that showed a card not seen before (a deal, or a move that \
         turned a\ncard over), refusing that with `undo_would_hide_card` and leaving the \
         actions before it out\nof reach (ranked dailies and races use it); `off` takes back \
         nothing."
    )
);
named!(
    HintLevel,
    "HintLevel",
    HintLevel::ALL,
    Some(
        "How the hint is chosen: `easy`, `normal` and `hard` are the same search with a bigger \
         budget (at four suits, the reproduced SpiderSolver player, three plies deep at `easy`, \
         five otherwise); `spidersolver` is the public program SpiderSolver's player as \
         reproduced here (docs/HINTS.md), five plies deep, at every suit count."
    )
);
named!(
    HintKind,
    "HintKindName",
    HintKind::ALL,
    Some("Why a hint suggests its action, best first (see `HintView.kind`).")
);
named!(
    Winnability,
    "WinnabilityName",
    Winnability::ALL,
    Some("Whether a position could be won, as far as the search's budget could tell.")
);
named!(
    Verdict,
    "VerdictName",
    Verdict::ALL,
    Some("The analysis in a word.")
);

/// How fast a race's CPU players play: an engine [`Level`] under the schema name `CpuLevel`
/// (fields say `#[schema(value_type = CpuLevel)]`).
pub struct CpuLevel;

impl utoipa::PartialSchema for CpuLevel {
    fn schema() -> RefOr<Schema> {
        string_enum(&Level::ALL, None)
    }
}

impl utoipa::ToSchema for CpuLevel {}
