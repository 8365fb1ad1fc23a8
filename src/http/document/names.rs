//! The engine's and the domain's enums as the API names them. Each goes on the wire as itself
//! (its serde name, the same text the store keeps); this module only gives each an OpenAPI
//! schema under the name the generated SDKs know, with its values taken from serde, so the
//! document cannot drift from what is sent. The schemas belong to markers defined here (utoipa's
//! traits are implemented on the HTTP floor's own types, never on another floor's), and a
//! field holding, say, an engine `Variant` says
//! `#[schema(value_type = crate::document::names::VariantName)]`.

use std::borrow::Cow;

use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;

use crate::domain::origin::OriginKind;
use crate::engine::analysis::{Verdict, Winnability};
use crate::engine::{
    self, Difficulty, EmptyColumnDeal, HintKind, Level, Status, Suit, UndoMode, Variant,
};

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

/// Defines the marker `$marker`: the schema named `$marker` of `$ty`, a string enum of
/// `$ty::ALL`. The HTTP floor implements utoipa's traits on its own markers only, never on
/// the engine's or the domain's types; a field of type `$ty` says
/// `#[schema(value_type = $marker)]` (a parameter, `#[param(value_type = $marker)]`).
macro_rules! named {
    ($marker:ident, $ty:ty, $description:expr) => {
        #[doc = concat!(
            "The schema `", stringify!($marker), "` of [`", stringify!($ty), "`] (fields say \
             `#[schema(value_type = ", stringify!($marker), ")]`)."
        )]
        pub struct $marker;

        impl utoipa::PartialSchema for $marker {
            fn schema() -> RefOr<Schema> {
                string_enum(&<$ty>::ALL, $description)
            }
        }

        impl utoipa::ToSchema for $marker {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed(stringify!($marker))
            }
        }
    };
}

named!(VariantName, Variant, None);
named!(
    GameOrigin,
    OriginKind,
    Some("How a game came to be (see `GameView.origin`).")
);
named!(
    DifficultyName,
    Difficulty,
    Some("How hard a proven winnable deal is, from the solver's effort to prove it.")
);
named!(SuitName, Suit, None);
named!(GameStatus, Status, None);
named!(
    EmptyColumnRule,
    EmptyColumnDeal,
    Some("docs/RULES.md, \"Empty-column rule\": what a deal does while a column is empty.")
);
named!(
    UndoModeName,
    UndoMode,
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
    engine::HintLevel,
    Some(
        "How the hint is chosen: `easy`, `normal` and `hard` are the same search with a bigger \
         budget (at four suits, the reproduced SpiderSolver player, three plies deep at `easy`, \
         five otherwise); `spidersolver` is the public program SpiderSolver's player as \
         reproduced here (docs/HINTS.md), five plies deep, at every suit count."
    )
);
named!(
    HintKindName,
    HintKind,
    Some("Why a hint suggests its action, best first (see `HintView.kind`).")
);
named!(
    WinnabilityName,
    Winnability,
    Some("Whether a position could be won, as far as the search's budget could tell.")
);
named!(VerdictName, Verdict, Some("The analysis in a word."));

named!(CpuLevel, Level, None);
named!(
    PuzzleGoal,
    engine::puzzle::Goal,
    Some(
        "What a puzzle asks (docs/PUZZLES.md): `win` the game (only where nothing is hidden), \
         `remove_run`, `empty_column` or `turn_card` within its number of moves."
    )
);
named!(
    PuzzleTheme,
    engine::puzzle::Theme,
    Some("What a puzzle's answer does (docs/PUZZLES.md, \"Themes\").")
);
