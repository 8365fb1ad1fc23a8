//! The public export of the puzzle set, as NDJSON.

use actix_web::{get, web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::PuzzleView;
use crate::edge::language::Language;
use crate::engine::{self, puzzle::Theme};
use crate::error::ApiError;
use crate::play::puzzles as use_case;
use crate::wire::ActionView;
use crate::AppState;

/// Puzzles read from the database per page of the export.
const EXPORT_PAGE: i64 = 500;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ExportQuery {
    /// Only this suit setting (1, 2 or 4).
    #[param(value_type = Option<crate::edge::contract::SuitCount>)]
    pub suits: Option<u8>,
    /// Puzzles whose id comes after this one (the last id of the part already read).
    pub after: Option<String>,
    /// At most this many puzzles, 1–10000 (default 1000).
    #[param(minimum = 1, maximum = 10000)]
    pub max: Option<i64>,
}

/// A line of the export.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportLine {
    #[serde(flatten)]
    pub puzzle: PuzzleView,
    /// The proven answer.
    pub line: Vec<ActionView>,
    #[schema(value_type = Vec<crate::document::names::PuzzleTheme>)]
    pub themes: Vec<Theme>,
}

/// The puzzle set, public, as NDJSON in id order (one puzzle a line: what its player sees,
/// the goal, N, the proven answer, its themes and rating), streamed as it is read; continue
/// with `after` set to the last id read. Today's daily puzzles are left out until the day is
/// over. Each client address may start a few a minute (`BULK_EXPORTS_PER_MINUTE`).
#[utoipa::path(
    tag = "puzzles",
    operation_id = "exportPuzzles",
    params(ExportQuery),
    security(()),
    responses(
        (status = 200, description = "The puzzles, one JSON object a line", content_type = "application/x-ndjson", body = ExportLine),
        (status = 400, description = "A bad `suits` or `max` (`invalid_request`)"),
        (status = 429, description = "Too many bulk exports from this address (`too_many_attempts`) or requests (`rate_limited`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[get("/puzzles/export")]
pub async fn export(
    Language(lang): Language,
    state: web::Data<AppState>,
    query: web::Query<ExportQuery>,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let max = query.max.unwrap_or(1000);
    if !(1..=10_000).contains(&max) {
        return Err(ApiError::invalid_request(crate::t!(
            "puzzle-export-bad-max"
        )));
    }
    let suits = query.suits.map(engine::Suits::try_from).transpose()?;
    if let Some(limiter) = &state.limits.bulk {
        let address =
            crate::edge::ratelimit::client_block(&req, state.serving.client_ip_header.as_ref());
        limiter.count(
            &format!("addr:{address}"),
            crate::t!("attempts-bulk-exports"),
        )?;
    }
    let play = state.play().clone();
    // The first page starts after the caller's `after`; each next one after the last id read.
    let mut first = query.after.clone();
    Ok(crate::respond::ndjson(
        max,
        EXPORT_PAGE,
        "puzzle export",
        move |after: Option<String>, n| {
            let (play, after) = (play.clone(), after.or_else(|| first.take()));
            async move {
                let (puzzles, next) = use_case::export_page(&play, suits, after, n).await?;
                let lines: Vec<ExportLine> = puzzles
                    .iter()
                    .map(|p| ExportLine {
                        puzzle: PuzzleView::of(&p.puzzle, lang),
                        line: p.line.iter().copied().map(ActionView::from).collect(),
                        themes: p.themes.clone(),
                    })
                    .collect();
                Ok((lines, next))
            }
        },
    ))
}
