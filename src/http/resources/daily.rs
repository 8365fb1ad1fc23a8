//! The daily challenge: today's deals, attempts, and each day's leaderboard.

use crate::edge::language::Language;
use crate::i18n::Text;
use crate::play::daily::Practice;
use crate::t;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::records::{BoardQuery, RankBy};
use crate::domain::records::Measure;
use crate::engine;
use crate::error::ApiError;
use crate::identity::{Caller, MaybeCaller, Scope};
use crate::play::boards::{BoardPage, DailyBoard as BoardRead};
use crate::play::history::GameRow;
use crate::respond;
use crate::wire::{self, GameStatus, VariantName};
use crate::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DailyQuery {
    /// Only this suit setting (1, 2 or 4).
    #[param(value_type = Option<crate::edge::contract::SuitCount>)]
    pub suits: Option<u8>,
    /// Only this variant.
    #[param(value_type = Option<crate::document::names::VariantName>)]
    pub variant: Option<VariantName>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AttemptView {
    pub game_id: String,
    /// The first attempt of the day is ranked; later ones are practice.
    pub ranked: bool,
    #[schema(value_type = crate::document::names::GameStatus)]
    pub status: GameStatus,
    pub score: i32,
    pub actions: i32,
    pub runs_completed: i32,
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl AttemptView {
    fn of(row: &GameRow) -> Result<AttemptView, ApiError> {
        Ok(AttemptView {
            game_id: row.id.to_string(),
            ranked: row.ranked,
            status: row.status,
            score: row.score,
            actions: row.actions,
            runs_completed: row.runs_completed,
            started_at: row.created_at.and_utc(),
            finished_at: row.finished_at.map(|t| t.and_utc()),
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Challenge {
    /// The UTC day, YYYY-MM-DD.
    pub date: String,
    #[schema(value_type = crate::document::names::VariantName)]
    pub variant: VariantName,
    #[schema(value_type = crate::edge::contract::SuitCount)]
    pub suits: u8,
    /// Players with a ranked attempt so far.
    pub players: i64,
    /// The signed-in caller's attempts today, the ranked one first.
    pub your_attempts: Vec<AttemptView>,
    /// Why the signed-in caller's next attempt would be practice (a guest account, the ranked
    /// attempt made, or the challenge played before the account was registered); null when it
    /// would be ranked, or nobody is signed in.
    pub practice_reason: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Today {
    /// Today (UTC). The deal numbers of today's challenges are secret until the day is over.
    pub date: String,
    /// When today's challenges end (the next UTC midnight).
    pub ends_at: DateTime<Utc>,
    pub challenges: Vec<Challenge>,
}

fn variants(filter: Option<VariantName>) -> Vec<engine::Variant> {
    match filter {
        Some(v) => vec![v],
        None => engine::Variant::ALL.to_vec(),
    }
}

fn suit_settings(filter: Option<u8>) -> Result<Vec<engine::Suits>, ApiError> {
    match filter {
        Some(n) => Ok(vec![engine::Suits::try_from(n)?]),
        None => Ok(engine::Suits::ALL.to_vec()),
    }
}

/// Today's challenges: one deal per variant and suit setting, the same for everyone.
#[utoipa::path(
    tag = "daily",
    operation_id = "getDaily",
    params(DailyQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "Today's challenges, with the caller's attempts when signed in", body = Today),
        (status = 400, description = "Bad filter"),
        (status = 401, description = "A token was sent but is not valid (leave it out to read anonymously)"),
    )
)]
#[get("/daily")]
pub async fn today(
    state: web::Data<AppState>,
    caller: MaybeCaller,
    query: web::Query<DailyQuery>,
    Language(lang): Language,
) -> Result<HttpResponse, ApiError> {
    let date = state.play.clock.today();
    let variants = variants(query.variant);
    let suits = suit_settings(query.suits)?;
    let kinds = variants
        .iter()
        .flat_map(|&v| suits.iter().map(move |&s| (v, s)))
        .collect();
    let read = state
        .play
        .daily_today(date, kinds, caller.0.map(|c| c.user_id))
        .await?;
    let (counts, mine, is_guest) = (read.players, read.attempts, read.guest);
    let mut challenges = Vec::new();
    for (variant, suits, players) in counts {
        let mut your_attempts = mine
            .iter()
            .filter(|g| g.variant == variant && g.suits == suits)
            .map(AttemptView::of)
            .collect::<Result<Vec<_>, _>>()?;
        your_attempts.sort_by_key(|a| !a.ranked);
        let earlier: Vec<(bool, bool)> = your_attempts
            .iter()
            .map(|a| (a.ranked, a.status.is_over()))
            .collect();
        let practice_reason = is_guest
            .and_then(|guest| crate::play::daily::practice_reason(guest, &earlier))
            .map(|why| practice_words(why).render(lang));
        challenges.push(Challenge {
            date: date.to_string(),
            variant,
            suits: suits.count(),
            players,
            your_attempts,
            practice_reason,
        });
    }
    let ends_at = date
        .succ_opt()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|t| t.and_utc())
        .unwrap_or_default();
    Ok(HttpResponse::Ok().json(Today {
        date: date.to_string(),
        ends_at,
        challenges,
    }))
}

/// Why an attempt would be practice, in words.
fn practice_words(why: Practice) -> Text {
    match why {
        Practice::Guest => t!("daily-practice-guest"),
        Practice::RankedMade => t!("daily-practice-ranked-made"),
        Practice::SeenAsGuest => t!("daily-practice-seen-as-guest"),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StartDaily {
    #[schema(value_type = crate::edge::contract::SuitCount)]
    #[serde(deserialize_with = "crate::edge::contract::whole::number")]
    pub suits: u8,
    /// Default `spider`.
    #[schema(value_type = Option<crate::document::names::VariantName>)]
    pub variant: Option<VariantName>,
}

/// Start an attempt at today's challenge. A registered account's first attempt per day, variant
/// and suits is ranked and plays the `no_reveal` undo mode (a deal, or a move that turned a card
/// over, is never taken back); later ones (and restarts) are practice, and can start only once
/// the ranked one is over. A guest's attempts are practice (never on the leaderboard, and still
/// practice after the account is registered). Practice attempts undo anything; the view's
/// `daily.practice_reason` says why an attempt is practice.
#[utoipa::path(
    tag = "daily",
    operation_id = "startDailyGame",
    request_body = StartDaily,
    params(("Idempotency-Key" = Option<String>, Header, nullable = false, description = "A retry with the same key within 24 hours returns the first answer (the same attempt)")),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 201, description = "The new attempt (see `daily.ranked`)", body = wire::GameView,
            headers(("ETag" = String), ("Location" = String))),
        (status = 400, description = "Bad suits or variant"),
        (status = 409, description = "The ranked attempt is still in progress (`ranked_attempt_in_progress`); you have as many games in progress as one player may (`too_many_games`)"),
        (status = 422, description = "This Idempotency-Key was already used for a different request (`idempotency_key_reused`)"),
    )
)]
#[post("/daily/games")]
pub async fn start(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<StartDaily>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let key = respond::idempotency_key(&req, &format!("{} {:?}", body.suits, body.variant))?;
    let suits = engine::Suits::try_from(body.suits)?;
    let variant: engine::Variant = body.variant.unwrap_or(VariantName::Spider);
    let outcome =
        crate::play::daily::start(state.play(), &caller.user_id, variant, suits, key).await?;
    respond::created(&state, outcome, crate::edge::language::of_headers(&req))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DailyEntry {
    /// 1 for the first place.
    pub rank: i64,
    /// The player's username; `guest-` and the start of a guest's id; `(hidden)` for a player
    /// who hid their profile (named nowhere in public).
    pub player: String,
    #[schema(value_type = crate::document::names::GameStatus)]
    pub status: GameStatus,
    pub score: i32,
    pub actions: i32,
    pub runs_completed: i32,
    /// Server time from start to the winning or resigning action.
    pub duration_ms: Option<i64>,
    pub finished_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DailyBoard {
    pub date: String,
    #[schema(value_type = crate::document::names::VariantName)]
    pub variant: VariantName,
    #[schema(value_type = crate::edge::contract::SuitCount)]
    pub suits: u8,
    pub by: RankBy,
    /// Shown once the day is over.
    pub deal_number: Option<String>,
    pub players: i64,
    /// Ranked wins by the measure (ties to who finished first), then the rest by progress.
    pub entries: Vec<DailyEntry>,
    pub next_cursor: Option<String>,
}

fn entry(
    rank: i64,
    row: GameRow,
    username: Option<String>,
    hidden: bool,
) -> Result<DailyEntry, ApiError> {
    Ok(DailyEntry {
        rank,
        status: row.status,
        score: row.score,
        actions: row.actions,
        runs_completed: row.runs_completed,
        duration_ms: row.duration_ms,
        finished_at: row.finished_at.map(|t| t.and_utc()),
        player: crate::play::public_names::public_name(&row.user_id, username, hidden),
    })
}

/// A day's leaderboard: ranked attempts only.
#[utoipa::path(
    tag = "daily",
    operation_id = "getDailyLeaderboard",
    params(("date" = String, Path, description = "The day, YYYY-MM-DD"), BoardQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "A page of the day's leaderboard", body = DailyBoard),
        (status = 400, description = "Bad date, suits, measure, limit or cursor"),
        (status = 404, description = "A day that has not begun"),
    )
)]
#[get("/daily/{date}/leaderboard")]
pub async fn leaderboard(
    state: web::Data<AppState>,
    date: web::Path<String>,
    query: web::Query<BoardQuery>,
) -> Result<HttpResponse, ApiError> {
    let bad = || ApiError::invalid_request(t!("bad-date"));
    let date = Some(date.as_str())
        .filter(|d| crate::edge::contract::fits(crate::edge::contract::DATE, d))
        .and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
        .ok_or_else(bad)?;
    if date > state.play.clock.today() {
        return Err(ApiError::not_found(t!("daily-not-begun")));
    }
    let board = query.check()?;
    let (variant, suits, by) = (board.variant, board.suits, Measure::from(board.by));
    let from = board.start;
    let BoardRead {
        page,
        players,
        hidden,
    } = state
        .play
        .daily_board(
            date,
            BoardPage {
                variant,
                suits,
                by,
                start: from,
                limit: board.limit,
            },
        )
        .await?;
    let first = from.first_rank();
    let entries = page
        .rows
        .into_iter()
        .enumerate()
        .map(|(i, (row, name))| {
            let hidden = hidden.contains(&row.user_id);
            entry(first + i as i64, row, name, hidden)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(HttpResponse::Ok().json(DailyBoard {
        date: date.to_string(),
        variant,
        suits: suits.count(),
        by: board.by,
        deal_number: crate::play::daily::revealed_deal(state.play(), date, variant, suits)
            .map(|n| n.to_string()),
        players,
        entries,
        next_cursor: page.next.map(|next| super::records::cursor(next, board.by)),
    }))
}
