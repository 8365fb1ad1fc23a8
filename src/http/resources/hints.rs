//! Hints: a suggested action from what the player can see, at a strength level, searched in
//! the bounded search pool.

use crate::domain::GameId;
use crate::edge::language::Language;
use crate::play::SearchError;
use crate::t;
use actix_web::http::StatusCode;
use actix_web::{get, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub use crate::engine::{HintKind as HintKindName, HintLevel};
use crate::error::ApiError;
use crate::identity::{Caller, Scope};
use crate::respond::{json_response, to_json};
use crate::wire::ActionView;
use crate::{searches, AppState};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HintQuery {
    /// `easy`, `normal` (default), `hard`, `spidersolver` or `expert` (the strongest player
    /// measured at each suit count, whatever its method: today what `normal` plays, since
    /// rollouts over guessed cards did not beat it on deals 1–300).
    #[param(value_type = Option<crate::document::names::HintLevel>)]
    pub level: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HintView {
    pub version: i32,
    /// The level the hint was searched at.
    #[schema(value_type = crate::document::names::HintLevel)]
    pub level: HintLevel,
    /// The suggested action (columns from 1); `null` when nothing useful is left. Playing
    /// it is an ordinary action: it is a request body as it stands (never `auto`, and with
    /// `count` given), so generated clients can send it back unchanged.
    #[schema(value_type = Option<crate::wire::ActionBody>)]
    pub action: Option<ActionView>,
    /// `complete_run`, `turn_card`, `empty_column`, `build_in_suit`, `build`, `deal`,
    /// `fill_column` (the deal waits for an empty column to be filled) or `nothing`, best
    /// first.
    #[schema(value_type = crate::document::names::HintKindName, example = "turn_card")]
    pub kind: HintKindName,
    /// One sentence for the player.
    #[schema(example = "Move 5♥ from column 1 to column 2: it turns over a card in column 1.")]
    pub reason: String,
    /// With no useful action left: whether undo is available to suggest.
    pub suggest_undo: bool,
    /// How often this action won, from 0 to 1: the share of the sampled deals (guesses at the
    /// unseen cards) in which the search, or a rollout played to the end of the game, won
    /// with it. `null` when the hint cannot say: chosen without such a search, or by a search
    /// whose lines stop before the end of the game (the sampled search while the stock holds
    /// cards stops each line at its next deal).
    #[schema(example = 0.75)]
    pub confidence: Option<f64>,
}

/// The level a query names; absent is `normal`.
pub(crate) fn level(name: Option<&str>) -> Result<HintLevel, ApiError> {
    let Some(name) = name else {
        return Ok(HintLevel::Normal);
    };
    name.parse().map_err(|()| {
        let accepted: Vec<&str> = HintLevel::ALL.iter().map(|l| l.name()).collect();
        let shown: String = name.chars().take(40).collect();
        ApiError::invalid_request_code(
            "unknown_level",
            t!(
                "unknown-hint-level",
                level = shown,
                levels = accepted.join(", ")
            ),
        )
    })
}

/// A suggested action, chosen from the visible position only.
///
/// It never depends on a face-down card or the stock order, and never leads straight back
/// to a position this game has already shown. The search runs on a bounded pool of about
/// one search per core; when every slot is busy the answer is 503 `search_busy`.
#[utoipa::path(
    tag = "games",
    operation_id = "getHint",
    params(("id" = String, Path, description = "Game id"), HintQuery),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "A hint", body = HintView,
            headers(("ETag" = String, description = "The game's version"))),
        (status = 400, description = "No such level (`unknown_level`)"),
        (status = 403, description = "Hints are off in this race game (`hints_disabled`)"),
        (status = 404, description = "No such game among yours"),
        (status = 429, description = "Too many requests (`rate_limited`), or the caller already holds their share of the searches: one per account (`search_running`), a few per client address (`address_searches_busy`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
        (status = 503, description = "Every search slot is busy (`search_busy`): retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[get("/games/{id}/hint")]
pub async fn hint(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<GameId>,
    query: web::Query<HintQuery>,
    req: HttpRequest,
    Language(lang): Language,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let level = level(query.level.as_deref())?;
    let (version, hint) = match crate::play::hints::hint(
        state.play(),
        &searches::searcher(&state, &caller, &req),
        &id,
        level,
    )
    .await
    {
        Err(crate::play::Error::Search(SearchError::SearchBusy)) => {
            return Ok(searches::busy_response(&req))
        }
        other => other?,
    };
    let body = HintView {
        version,
        level,
        action: hint.action.map(ActionView::from),
        kind: hint.kind,
        reason: crate::board::hint(&hint.reason).render(lang),
        suggest_undo: hint.suggest_undo,
        confidence: hint.confidence,
    };
    Ok(json_response(StatusCode::OK, version, to_json(&body)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_and_unknown_ones_are_refused_with_a_code() {
        assert_eq!(level(None).unwrap(), HintLevel::Normal);
        assert_eq!(level(Some("easy")).unwrap(), HintLevel::Easy);
        assert_eq!(level(Some("hard")).unwrap(), HintLevel::Hard);
        assert_eq!(
            level(Some("spidersolver")).unwrap(),
            HintLevel::Spidersolver
        );
        let refused = level(Some("grandmaster")).unwrap_err();
        assert_eq!(refused.code, "unknown_level");
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert!(refused
            .detail
            .render(crate::i18n::Lang::En)
            .contains("easy, normal, hard"));
    }
}
