//! Puzzles (docs/PUZZLES.md): the daily puzzle, the next one near the player's rating, a
//! puzzle by id, an attempt, and the player's standing and activity; streaks (`streaks`) and the
//! public export (`export`). Anyone may play; an account's first judged attempt at a puzzle is
//! rated (guests and anonymous players are not).

use actix_web::{get, post, web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::edge::language::Language;
use crate::engine::puzzle::{Goal, Judgement, Theme};
use crate::engine::{self, Action, Intent, View};
use crate::error::ApiError;
use crate::i18n::Lang;
use crate::identity::{Caller, MaybeCaller, Scope};
use crate::play::puzzles::{self as use_case, Attempted, Shown};
use crate::wire::{ActionView, ColumnView, SuitName, VariantName};
use crate::AppState;

pub mod export;
pub mod streaks;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct KindQuery {
    /// The suit setting (1, 2 or 4); default 1.
    #[param(value_type = Option<crate::edge::contract::SuitCount>)]
    pub suits: Option<u8>,
    /// Default `spider`.
    #[param(value_type = Option<crate::document::names::VariantName>)]
    pub variant: Option<VariantName>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NextQuery {
    /// The suit setting (1, 2 or 4); default 1.
    #[param(value_type = Option<crate::edge::contract::SuitCount>)]
    pub suits: Option<u8>,
    /// Default `spider`.
    #[param(value_type = Option<crate::document::names::VariantName>)]
    pub variant: Option<VariantName>,
    /// A puzzle not to offer (the one just played: without an account, nothing else
    /// remembers it).
    pub skip: Option<String>,
}

fn kind(
    suits: Option<u8>,
    variant: Option<VariantName>,
) -> Result<(engine::Variant, engine::Suits), ApiError> {
    let suits = engine::Suits::try_from(suits.unwrap_or(1))?;
    Ok((variant.unwrap_or(engine::Variant::Spider), suits))
}

/// The table of a puzzle's position as its player sees it: face-up cards and counts, never a
/// face-down card or the stock's order.
#[derive(Debug, Serialize, ToSchema)]
pub struct PuzzlePosition {
    pub stock_cards: usize,
    pub stock_deals_left: usize,
    pub runs_completed: usize,
    pub runs_total: usize,
    #[schema(value_type = Vec<crate::document::names::SuitName>)]
    pub completed_suits: Vec<SuitName>,
    pub columns: Vec<ColumnView>,
}

impl PuzzlePosition {
    fn of(view: &View, lang: Lang) -> PuzzlePosition {
        PuzzlePosition {
            stock_cards: view.stock_cards,
            stock_deals_left: view.stock_deals_left,
            runs_completed: view.runs_completed,
            runs_total: view.runs_total,
            completed_suits: view.completed_suits.clone(),
            columns: ColumnView::all(&view.columns, lang),
        }
    }
}

/// A puzzle to solve: the position, the goal and the moves allowed. The answer and the themes
/// come with an attempt's end.
#[derive(Debug, Serialize, ToSchema)]
pub struct PuzzleView {
    /// The puzzle's id (random; it says nothing about the deal).
    pub id: String,
    #[schema(value_type = crate::document::names::VariantName)]
    pub variant: VariantName,
    #[schema(value_type = crate::edge::contract::SuitCount)]
    pub suits: u8,
    #[schema(value_type = crate::document::names::PuzzleGoal)]
    pub goal: Goal,
    /// The goal must be reached within this many moves (moves of cards only: no deal, no
    /// undo).
    #[schema(minimum = 1, maximum = 8)]
    pub within: usize,
    /// The puzzle's Glicko-2 rating, rounded.
    pub rating: i64,
    /// Rated first attempts so far, and how many solved it.
    pub plays: i32,
    pub solves: i32,
    pub position: PuzzlePosition,
}

impl PuzzleView {
    pub(crate) fn of(p: &Shown, lang: Lang) -> PuzzleView {
        PuzzleView {
            id: p.id.clone(),
            variant: p.variant,
            suits: p.suits.count(),
            goal: p.goal,
            within: p.within,
            rating: p.rating.round() as i64,
            plays: p.plays,
            solves: p.solves,
            position: PuzzlePosition::of(&p.view, lang),
        }
    }
}

/// Today's puzzle: the same for everyone until midnight UTC, per variant and suit setting.
#[utoipa::path(
    tag = "puzzles",
    operation_id = "getDailyPuzzle",
    params(KindQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "Today's puzzle", body = PuzzleView),
        (status = 400, description = "Bad suits or variant"),
        (status = 404, description = "No puzzle of this kind is held yet (`no_puzzle`)"),
    )
)]
#[get("/puzzles/daily")]
pub async fn daily(
    Language(lang): Language,
    state: web::Data<AppState>,
    query: web::Query<KindQuery>,
) -> Result<HttpResponse, ApiError> {
    let (variant, suits) = kind(query.suits, query.variant)?;
    let shown = use_case::daily(state.play(), variant, suits).await?;
    Ok(HttpResponse::Ok().json(PuzzleView::of(&shown, lang)))
}

/// The next puzzle: for an account, the one nearest its puzzle rating that it has not tried;
/// for a guest or an anonymous player, the one nearest 1500 (other than `skip`).
#[utoipa::path(
    tag = "puzzles",
    operation_id = "getNextPuzzle",
    params(NextQuery),
    security((), ("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "A puzzle", body = PuzzleView),
        (status = 400, description = "Bad suits or variant"),
        (status = 401, description = "A token was sent but is not valid (leave it out to play anonymously)"),
        (status = 404, description = "No puzzle of this kind left for the caller (`no_puzzle`)"),
    )
)]
#[get("/puzzles/next")]
pub async fn next(
    Language(lang): Language,
    state: web::Data<AppState>,
    caller: MaybeCaller,
    query: web::Query<NextQuery>,
) -> Result<HttpResponse, ApiError> {
    if let Some(caller) = &caller.0 {
        caller.require(Scope::GamesRead)?;
    }
    let (variant, suits) = kind(query.suits, query.variant)?;
    let user = caller.0.map(|c| c.user_id);
    let shown = use_case::next(state.play(), user, variant, suits, query.skip.clone()).await?;
    Ok(HttpResponse::Ok().json(PuzzleView::of(&shown, lang)))
}

/// A puzzle by its id.
#[utoipa::path(
    tag = "puzzles",
    operation_id = "getPuzzle",
    params(("id" = String, Path, description = "Puzzle id")),
    security(()),
    responses(
        (status = 200, description = "The puzzle", body = PuzzleView),
        (status = 404, description = "No such puzzle (`puzzle_not_found`)"),
    )
)]
#[get("/puzzles/{id}")]
pub async fn get_puzzle(
    Language(lang): Language,
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let shown = use_case::by_id(state.play(), id.into_inner()).await?;
    Ok(HttpResponse::Ok().json(PuzzleView::of(&shown, lang)))
}

/// One move of an attempt: the last `count` cards of column `from` onto column `to` (columns
/// from 1); without `count`, the group that fits on the target's last card (for an empty
/// target, the longest movable same-suit group).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PuzzleMove {
    #[schema(minimum = 1, maximum = 10)]
    #[serde(deserialize_with = "crate::edge::contract::whole::number")]
    pub from: u32,
    #[schema(minimum = 1, maximum = 10)]
    #[serde(deserialize_with = "crate::edge::contract::whole::number")]
    pub to: u32,
    #[schema(minimum = 1, maximum = 13)]
    #[serde(default, deserialize_with = "crate::edge::contract::whole::optional")]
    pub count: Option<u32>,
}

/// An attempt: every move from the puzzle's position so far (send them all again with the
/// next one added while the answer says `going`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AttemptBody {
    #[schema(min_items = 1, max_items = 8)]
    pub moves: Vec<PuzzleMove>,
}

/// A rating before and after a rated attempt.
#[derive(Debug, Serialize, ToSchema)]
pub struct RatingChange {
    pub before: i64,
    pub after: i64,
}

/// What an attempt came to.
#[derive(Debug, Serialize, ToSchema)]
pub struct AttemptResult {
    /// `solved` (the goal is reached), `failed` (a move left it out of reach) or `going`
    /// (every move so far still reaches it: send the next).
    #[schema(example = "solved")]
    pub result: String,
    /// For `failed`: which move (from 1) left the goal out of reach.
    pub mistake: Option<usize>,
    /// The table after the attempt's moves (a card a move turned shows what it is).
    pub position: PuzzlePosition,
    /// Once the attempt is over: the proven answer (any line that reaches the goal in time
    /// counts; this is the one the server proved).
    pub answer: Option<Vec<ActionView>>,
    /// Once the attempt is over: what the answer does.
    #[schema(value_type = Option<Vec<crate::document::names::PuzzleTheme>>)]
    pub themes: Option<Vec<Theme>>,
    /// The account's puzzle rating change, on its first finished attempt at this puzzle;
    /// null otherwise (a later attempt, a guest or an anonymous player).
    pub rating: Option<RatingChange>,
    /// The puzzle, its rating and counts as they are after this attempt.
    pub puzzle: PuzzleView,
}

/// The moves of an attempt as the rules take them (columns from 0); an attempt without a move
/// is not one.
fn intents(body: &AttemptBody) -> Result<Vec<Intent>, ApiError> {
    if body.moves.is_empty() {
        return Err(ApiError::invalid_request(crate::t!("puzzle-no-moves")));
    }
    Ok(body
        .moves
        .iter()
        .map(|m| Intent::Move {
            from: (m.from as usize).saturating_sub(1),
            to: (m.to as usize).saturating_sub(1),
            count: m.count.map(|c| c as usize),
        })
        .collect())
}

/// What any attempt's answer says of its judgement (a puzzle's or a streak's): the result, the
/// mistake's move from 1, the table after the moves, and once over the answer and its themes.
struct Told {
    result: String,
    mistake: Option<usize>,
    position: PuzzlePosition,
    answer: Option<Vec<ActionView>>,
    themes: Option<Vec<Theme>>,
}

impl Told {
    fn of(
        judgement: Judgement,
        after: &View,
        answer: Option<&(Vec<Action>, Vec<Theme>)>,
        lang: Lang,
    ) -> Told {
        let (result, mistake) = match judgement {
            Judgement::Solved { .. } => ("solved", None),
            Judgement::Failed { at } => ("failed", Some(at + 1)),
            Judgement::Going => ("going", None),
        };
        Told {
            result: result.to_string(),
            mistake,
            position: PuzzlePosition::of(after, lang),
            answer: answer.map(|(line, _)| line.iter().copied().map(ActionView::from).collect()),
            themes: answer.map(|(_, themes)| themes.clone()),
        }
    }
}

impl AttemptResult {
    fn of(a: &Attempted, lang: Lang) -> AttemptResult {
        let told = Told::of(a.judgement, &a.after, a.answer.as_ref(), lang);
        AttemptResult {
            result: told.result,
            mistake: told.mistake,
            position: told.position,
            answer: told.answer,
            themes: told.themes,
            rating: a.rated.map(|c| RatingChange {
                before: c.before.round() as i64,
                after: c.after.round() as i64,
            }),
            puzzle: PuzzleView::of(&a.puzzle, lang),
        }
    }
}

/// Try a puzzle: the moves from its position. Each move is judged from the position before
/// it: it must start a line that reaches the goal in the moves left whatever cards are still
/// face down. The first finished attempt (solved or failed) of an account that is not a
/// guest is rated (Glicko-2, the puzzle's rating too); an attempt still `going` changes
/// nothing.
#[utoipa::path(
    tag = "puzzles",
    operation_id = "attemptPuzzle",
    params(("id" = String, Path, description = "Puzzle id")),
    request_body = AttemptBody,
    security((), ("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 200, description = "The attempt's result", body = AttemptResult),
        (status = 400, description = "A body that is not an attempt, or one without a move"),
        (status = 401, description = "A token was sent but is not valid (leave it out to play anonymously)"),
        (status = 404, description = "No such puzzle (`puzzle_not_found`)"),
        (status = 422, description = "More moves than the puzzle allows (`too_many_moves`), or a move the rules do not allow there (`illegal_puzzle_move`): nothing is judged"),
    )
)]
#[post("/puzzles/{id}/attempts")]
pub async fn attempt(
    Language(lang): Language,
    state: web::Data<AppState>,
    caller: MaybeCaller,
    id: web::Path<String>,
    body: web::Json<AttemptBody>,
) -> Result<HttpResponse, ApiError> {
    if let Some(caller) = &caller.0 {
        caller.require(Scope::GamesWrite)?;
    }
    let moves = intents(&body)?;
    let user = caller.0.map(|c| c.user_id);
    let attempted = use_case::attempt(state.play(), user, id.into_inner(), moves).await?;
    Ok(HttpResponse::Ok().json(AttemptResult::of(&attempted, lang)))
}

/// One rated attempt.
#[derive(Debug, Serialize, ToSchema)]
pub struct PuzzleActivity {
    pub puzzle_id: String,
    #[schema(value_type = crate::document::names::PuzzleGoal)]
    pub goal: Goal,
    pub within: usize,
    pub solved: bool,
    pub rating_before: i64,
    pub rating_after: i64,
    pub at: chrono::DateTime<chrono::Utc>,
}

/// The caller's puzzle standing.
#[derive(Debug, Serialize, ToSchema)]
pub struct PuzzleDashboard {
    /// Glicko-2, from 1500.
    pub rating: i64,
    /// The rating's deviation: the lower, the surer (350 for a new player).
    pub deviation: i64,
    pub attempts: i32,
    pub solved: i32,
    /// The caller's best finished streak (any suit setting).
    pub best_streak: i32,
    /// The caller's last 20 rated attempts, newest first.
    pub recent: Vec<PuzzleActivity>,
}

/// The caller's puzzle rating and latest rated attempts.
#[utoipa::path(
    tag = "puzzles",
    operation_id = "getMyPuzzles",
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "The caller's standing", body = PuzzleDashboard),
        (status = 401, description = "Not signed in"),
    )
)]
#[get("/users/me/puzzles")]
pub async fn my_puzzles(
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let standing = use_case::standing(state.play(), caller.user_id.clone()).await?;
    let recent = use_case::activity(state.play(), caller.user_id, None, 20).await?;
    Ok(HttpResponse::Ok().json(PuzzleDashboard {
        rating: standing.rating.round() as i64,
        deviation: standing.deviation.round() as i64,
        attempts: standing.attempts,
        solved: standing.solved,
        best_streak: standing.best_streak,
        recent: recent.into_iter().map(activity_view).collect(),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ActivityQuery {
    /// The `next_cursor` of the page before.
    pub cursor: Option<String>,
    /// At most this many attempts, 1–100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

/// A page of the caller's rated attempts.
#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityPage {
    pub attempts: Vec<PuzzleActivity>,
    /// Pass as `cursor` for the next page; null on the last.
    pub next_cursor: Option<String>,
}

/// The caller's rated puzzle attempts, newest first, a page at a time.
#[utoipa::path(
    tag = "puzzles",
    operation_id = "getMyPuzzleActivity",
    params(ActivityQuery),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "A page of attempts", body = ActivityPage),
        (status = 400, description = "A bad `cursor` or `limit` (`invalid_request`)"),
        (status = 401, description = "Not signed in"),
    )
)]
#[get("/users/me/puzzles/activity")]
pub async fn my_activity(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<ActivityQuery>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let limit = query.limit.unwrap_or(20);
    if !(1..=100).contains(&limit) {
        return Err(ApiError::invalid_request(crate::t!(
            "puzzle-activity-bad-limit"
        )));
    }
    // A cursor is the last attempt's time (milliseconds) and puzzle id.
    let before = match &query.cursor {
        None => None,
        Some(c) => {
            let c = crate::edge::contract::check(
                crate::edge::contract::ACTIVITY_CURSOR,
                c,
                crate::t!("puzzle-activity-bad-cursor"),
            )?;
            let parsed = c.split_once('_').and_then(|(ms, id)| {
                let at = chrono::DateTime::from_timestamp_millis(ms.parse().ok()?)?;
                (!id.is_empty() && id.len() <= 20).then(|| (at.naive_utc(), id.to_string()))
            });
            Some(parsed.ok_or_else(|| {
                ApiError::invalid_request(crate::t!("puzzle-activity-bad-cursor"))
            })?)
        }
    };
    let rows = use_case::activity(state.play(), caller.user_id, before, limit + 1).await?;
    let more = rows.len() as i64 > limit;
    let shown: Vec<_> = rows
        .into_iter()
        .take(usize::try_from(limit).unwrap_or(0))
        .collect();
    let next_cursor = more
        .then(|| shown.last())
        .flatten()
        .map(|a| format!("{}_{}", a.at.and_utc().timestamp_millis(), a.puzzle_id));
    Ok(HttpResponse::Ok().json(ActivityPage {
        attempts: shown.into_iter().map(activity_view).collect(),
        next_cursor,
    }))
}

fn activity_view(a: use_case::Activity) -> PuzzleActivity {
    PuzzleActivity {
        puzzle_id: a.puzzle_id,
        goal: a.goal,
        within: a.within,
        solved: a.solved,
        rating_before: a.rating_before.round() as i64,
        rating_after: a.rating_after.round() as i64,
        at: a.at.and_utc(),
    }
}
