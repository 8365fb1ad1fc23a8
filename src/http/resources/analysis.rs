//! Post-game analysis: was the deal winnable, which action lost it, and a winning line from
//! the last winnable position. It reads every card, so it opens only once that hurts nobody;
//! it is searched once in the bounded search pool and stored, so a second request is a read.

use crate::domain::GameId;
use crate::play::SearchError;
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{get, web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::engine::analysis::Analysis;
use crate::error::ApiError;
use crate::identity::{Caller, Scope};
use crate::play::analysis::AnalysisRow;
use crate::play::clock::Clock;
use crate::play::history::GameRow;
use crate::respond::{json_response, to_json};
use crate::wire::{ActionView, GameStatus};
use crate::{searches, AppState};

/// Response header: `computed` when this request ran the search, `stored` when the answer
/// was read from an earlier one.
pub const SOURCE_HEADER: &str = "analysis-source";

// ---------------------------------------------------------------- Shapes

pub use crate::engine::analysis::{Verdict as VerdictName, Winnability as WinnabilityName};

/// One action of the game's log, numbered as its events are (`seq`, from 1).
#[derive(Debug, Serialize, ToSchema)]
pub struct NumberedActionView {
    pub number: usize,
    pub action: ActionView,
}

/// Actions that win from where the game stood after its first `after` actions.
#[derive(Debug, Serialize, ToSchema)]
pub struct WinningLineView {
    /// Replay the game's first `after` actions (0: the opening deal), then these.
    pub after: usize,
    /// Columns numbered from 1; each can be sent as it is to the actions endpoint of a game
    /// on the same deal.
    pub actions: Vec<ActionView>,
}

/// What judged the positions of an analysis. `solver`: the exact full-information solver,
/// every card known (the game is over), so its verdicts are proofs, stronger than any hint
/// level, which sees only face-up cards and at best wins about a fifth of 4-suit deals.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AnalysisJudgement {
    Solver,
}

/// What a finished game's cards say about how it was played.
#[derive(Debug, Serialize, ToSchema)]
pub struct AnalysisView {
    pub game_id: String,
    /// The game's version analysed: its final one.
    pub version: i32,
    #[schema(value_type = crate::document::names::GameStatus)]
    pub status: GameStatus,
    /// The deal number where the game view shows it (never for a race game).
    pub deal_number: Option<String>,
    /// Whether the deal could be won from the opening.
    #[schema(value_type = crate::document::names::WinnabilityName)]
    pub deal: WinnabilityName,
    #[schema(value_type = crate::document::names::VerdictName)]
    pub verdict: VerdictName,
    /// The first action after which the game could no longer be won: a move or a deal, the
    /// position before it proven winnable and the one after it proven lost. An action later
    /// taken back by undo does not count. `null` unless `verdict` is `lost`.
    pub losing_action: Option<NumberedActionView>,
    /// The latest point (actions played; 0 is the opening) after which the position is
    /// proven winnable.
    pub last_winnable_after: Option<usize>,
    /// The earliest point after which the position is proven lost for good.
    pub first_lost_after: Option<usize>,
    /// A winning line from the last proven winnable position (empty for a won game).
    pub winning_line: Option<WinningLineView>,
    /// What judged the positions: always `solver` (the strongest judgement there is, and
    /// the one that fits the analysis's budget; no hint level is used).
    pub judged_by: AnalysisJudgement,
    /// Positions the solver generated.
    pub positions_searched: u64,
    /// When the analysis was computed; it is stored, so later requests give the same time.
    pub computed_at: DateTime<Utc>,
    /// How long the search took.
    pub computed_ms: i64,
}

fn view(
    row: &GameRow,
    stored: &AnalysisRow,
    analysis: Analysis,
    clock: &Clock,
) -> Result<AnalysisView, ApiError> {
    let status = row.status;
    let deal_shown = crate::play::snapshot::deal_visible(row, row.status, clock);
    Ok(AnalysisView {
        game_id: row.id.to_string(),
        version: stored.version,
        status,
        deal_number: deal_shown.then(|| (row.deal_number as u64).to_string()),
        deal: analysis.deal,
        verdict: analysis.verdict,
        losing_action: analysis.losing_action.map(|a| NumberedActionView {
            number: a.number,
            action: a.action.into(),
        }),
        last_winnable_after: analysis.last_winnable_after,
        first_lost_after: analysis.first_lost_after,
        winning_line: analysis.winning_line.map(|line| WinningLineView {
            after: line.after,
            actions: line.actions.into_iter().map(ActionView::from).collect(),
        }),
        judged_by: AnalysisJudgement::Solver,
        positions_searched: analysis.nodes,
        computed_at: stored.computed_at.and_utc(),
        computed_ms: stored.duration_ms,
    })
}

/// The analysis of a finished game.
///
/// Whether the deal could be won from the opening, the first action after which the game
/// could no longer be won, and a winning line from the last position proven winnable, found
/// by the full-information solver. It reveals every card, so it opens only when that hurts
/// nobody: once the game is over, for a daily challenge once its day is over, for a race
/// game once its round is over. The search runs on the bounded search pool with a budget
/// (up to about 20 s on one core); what it could not settle is `unknown`, never a guess.
/// The result is stored: later requests read it (`Analysis-Source: stored`).
#[utoipa::path(
    tag = "games",
    operation_id = "getGameAnalysis",
    params(("id" = String, Path, description = "Game id")),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "The analysis", body = AnalysisView,
            headers(
                ("ETag" = String, description = "The game's version"),
                ("Analysis-Source" = String, description = "`computed` when this request ran the search, `stored` when it was read from an earlier one"),
            ),
            example = json!({
                "game_id": "0b6f4f0e-6d0c-4a55-9c1a-1f1c2f7f3b1e",
                "version": 42,
                "status": "resigned",
                "deal_number": "4",
                "deal": "winnable",
                "verdict": "lost",
                "losing_action": {"number": 40, "action": {"type": "move", "from": 1, "to": 6, "count": 1}},
                "last_winnable_after": 39,
                "first_lost_after": 40,
                "winning_line": {"after": 39, "actions": [{"type": "move", "from": 3, "to": 8, "count": 2}, {"type": "deal"}]},
                "judged_by": "solver",
                "positions_searched": 15211,
                "computed_at": "2026-12-01T10:00:00Z",
                "computed_ms": 35
            })),
        (status = 404, description = "No such game among yours"),
        (status = 409, description = "Not open yet: the game is in progress (`game_in_progress`), its daily challenge's day is not over (`daily_not_over`), or its race round is not over (`race_round_in_progress`)"),
        (status = 429, description = "Too many requests (`rate_limited`), or the caller already holds their share of the searches: one per account (`search_running`), a few per client address (`address_searches_busy`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
        (status = 503, description = "Every search slot is busy (`search_busy`): retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[get("/games/{id}/analysis")]
pub async fn get_analysis(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<GameId>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let who = searches::searcher(&state, &caller, &req);
    let found = match crate::play::analysis::analysis(state.play(), &who, &id).await {
        Err(crate::play::Error::Search(SearchError::SearchBusy)) => {
            return Ok(searches::busy_response(&req))
        }
        other => other?,
    };
    let source = if found.computed { "computed" } else { "stored" };
    let row = found.row;
    let body = view(&row, &found.stored, found.analysis, &state.play.clock)?;
    let mut response = json_response(StatusCode::OK, row.version, to_json(&body)?);
    response.headers_mut().insert(
        HeaderName::from_static(SOURCE_HEADER),
        HeaderValue::from_static(source),
    );
    Ok(response)
}
