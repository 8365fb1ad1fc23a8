//! Streaks (docs/PUZZLES.md, "Streaks"): puzzles of rising rating until the first mistake, and
//! the streak board.

use actix_web::{get, post, web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{intents, kind, AttemptBody, KindQuery, PuzzlePosition, PuzzleView, Told};
use crate::edge::language::Language;
use crate::engine::puzzle::Theme;
use crate::error::ApiError;
use crate::i18n::Lang;
use crate::identity::{Caller, Scope};
use crate::play::puzzles as use_case;
use crate::wire::{ActionView, VariantName};
use crate::AppState;

/// A streak as its player sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StreakView {
    pub id: String,
    #[schema(value_type = crate::document::names::VariantName)]
    pub variant: VariantName,
    #[schema(value_type = crate::edge::contract::SuitCount)]
    pub suits: u8,
    /// Puzzles solved so far.
    pub score: i32,
    /// The first mistake ends a streak (so does the last puzzle of the set, or the 100th).
    pub over: bool,
    /// The puzzle to solve now; null once the streak is over.
    pub puzzle: Option<PuzzleView>,
}

impl StreakView {
    fn of(s: &use_case::Streak, lang: Lang) -> StreakView {
        StreakView {
            id: s.id.clone(),
            variant: s.variant,
            suits: s.suits.count(),
            score: s.score,
            over: s.over,
            puzzle: s.puzzle.as_ref().map(|p| PuzzleView::of(p, lang)),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StartStreak {
    #[schema(value_type = crate::edge::contract::SuitCount)]
    #[serde(deserialize_with = "crate::edge::contract::whole::number")]
    pub suits: u8,
    /// Default `spider`.
    #[schema(value_type = Option<crate::document::names::VariantName>)]
    pub variant: Option<VariantName>,
}

/// Start a streak: puzzles of rising rating, one after another, until the first mistake.
/// Starting one ends the caller's open streak. Streak attempts are not rated; a registered
/// player's best streak goes on the streak board.
#[utoipa::path(
    tag = "puzzles",
    operation_id = "startPuzzleStreak",
    request_body = StartStreak,
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 201, description = "The new streak and its first puzzle", body = StreakView),
        (status = 400, description = "Bad suits or variant"),
        (status = 401, description = "Not signed in (a guest session will do)"),
        (status = 404, description = "No puzzle of this kind is held yet (`no_puzzle`)"),
    )
)]
#[post("/puzzles/streaks")]
pub async fn start_streak(
    Language(lang): Language,
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<StartStreak>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let (variant, suits) = kind(Some(body.suits), body.variant)?;
    let streak = use_case::start_streak(state.play(), caller.user_id, variant, suits).await?;
    Ok(HttpResponse::Created().json(StreakView::of(&streak, lang)))
}

/// The caller's streak as it stands.
#[utoipa::path(
    tag = "puzzles",
    operation_id = "getPuzzleStreak",
    params(("id" = String, Path, description = "Streak id")),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "The streak", body = StreakView),
        (status = 401, description = "Not signed in"),
        (status = 404, description = "No such streak among yours (`streak_not_found`)"),
    )
)]
#[get("/puzzles/streaks/{id}")]
pub async fn get_streak(
    Language(lang): Language,
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let streak = use_case::streak(state.play(), caller.user_id, id.into_inner()).await?;
    Ok(HttpResponse::Ok().json(StreakView::of(&streak, lang)))
}

/// What an attempt in a streak came to.
#[derive(Debug, Serialize, ToSchema)]
pub struct StreakAttemptResult {
    /// `solved` (the streak moves on to its next puzzle), `failed` (the streak is over) or
    /// `going` (send the next move).
    #[schema(example = "solved")]
    pub result: String,
    /// For `failed`: which move (from 1) left the goal out of reach.
    pub mistake: Option<usize>,
    /// The table after the attempt's moves.
    pub position: PuzzlePosition,
    /// Once the attempt is over: the proven answer of the puzzle it was for.
    pub answer: Option<Vec<ActionView>>,
    #[schema(value_type = Option<Vec<crate::document::names::PuzzleTheme>>)]
    pub themes: Option<Vec<Theme>>,
    /// The streak after this attempt (its next puzzle when solved).
    pub streak: StreakView,
}

/// Try the streak's current puzzle: every move so far from its position, judged as any
/// attempt is. Solved moves the streak on; failed ends it.
#[utoipa::path(
    tag = "puzzles",
    operation_id = "attemptPuzzleStreak",
    params(("id" = String, Path, description = "Streak id")),
    request_body = AttemptBody,
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 200, description = "The attempt's result and the streak after it", body = StreakAttemptResult),
        (status = 400, description = "A body that is not an attempt, or one without a move"),
        (status = 401, description = "Not signed in"),
        (status = 404, description = "No such streak among yours (`streak_not_found`)"),
        (status = 409, description = "The streak is over (`streak_over`), or another request moved it on first (`streak_moved_on`): read it again"),
        (status = 422, description = "More moves than the puzzle allows (`too_many_moves`), or a move the rules do not allow there (`illegal_puzzle_move`): nothing is judged"),
    )
)]
#[post("/puzzles/streaks/{id}/attempts")]
pub async fn attempt_streak(
    Language(lang): Language,
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<AttemptBody>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let moves = intents(&body)?;
    let a = use_case::streak_attempt(state.play(), caller.user_id, id.into_inner(), moves).await?;
    let told = Told::of(a.judgement, &a.after, a.answer.as_ref(), lang);
    Ok(HttpResponse::Ok().json(StreakAttemptResult {
        result: told.result,
        mistake: told.mistake,
        position: told.position,
        answer: told.answer,
        themes: told.themes,
        streak: StreakView::of(&a.streak, lang),
    }))
}

/// One line of the streak board.
#[derive(Debug, Serialize, ToSchema)]
pub struct StreakBoardRow {
    pub username: String,
    /// The player's best finished streak of this kind.
    pub best: i32,
}

/// The streak board of a suit setting: each registered player's best finished streak (public
/// profiles only), best first, the top 20.
#[utoipa::path(
    tag = "puzzles",
    operation_id = "getPuzzleStreakBoard",
    params(KindQuery),
    security(()),
    responses(
        (status = 200, description = "The board", body = Vec<StreakBoardRow>),
        (status = 400, description = "Bad suits or variant"),
    )
)]
#[get("/puzzles/streaks/board")]
pub async fn streak_board(
    state: web::Data<AppState>,
    query: web::Query<KindQuery>,
) -> Result<HttpResponse, ApiError> {
    let (variant, suits) = kind(query.suits, query.variant)?;
    let rows = use_case::streak_board(state.play(), variant, suits).await?;
    Ok(HttpResponse::Ok().json(
        rows.into_iter()
            .map(|(username, best)| StreakBoardRow { username, best })
            .collect::<Vec<_>>(),
    ))
}
