//! A finished game in full (`GET /v1/games/{id}/export`, no token needed) as text or JSON, and
//! a game made from such an export (`POST /v1/games/import`).
//!
//! The text form: `#` comment lines, then `key: value` lines (`variant`, `suits`, `undo`,
//! `empty_column_deal`, `deal`; `player`, `origin`, `status`, `score`, `duration_ms`,
//! `finished_at` say how it went and are ignored by an import), a blank line, then one action per line in
//! the engine's line notation (`3 7 2` moves two cards from column 3 to 7, `d`, `u`, `resign`).

use crate::domain::GameId;
use crate::i18n::Text;
use crate::play::GameError;
use crate::t;
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::engine::notation;
use crate::engine::{Action, DealSpec, Rules, Suits};
use crate::error::ApiError;
use crate::identity::{Caller, Scope};
use crate::play::exports::{check_line, Exported, IllegalLine};
use crate::wire::{EmptyColumnRule, GameStatus, GameView, UndoModeName, VariantName};
use crate::{blocking, AppState};

/// The largest import accepted, in bytes (a game of the longest log fits many times over).
const IMPORT_LIMIT: usize = 256 * 1024;

/// The rules a game was played under, as an export names them.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportRules {
    #[schema(value_type = crate::document::names::UndoModeName)]
    pub undo: UndoModeName,
    #[schema(value_type = crate::document::names::EmptyColumnRule)]
    pub empty_column_deal: EmptyColumnRule,
}

/// A finished game in full, as JSON (the text form says the same).
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GameExport {
    #[schema(value_type = crate::document::names::VariantName)]
    pub variant: VariantName,
    #[schema(value_type = crate::edge::contract::SuitCount)]
    pub suits: u8,
    pub rules: ExportRules,
    /// As a decimal string (exact past 2^53).
    #[schema(example = "1234567")]
    pub deal_number: String,
    /// Every action, one per item, in the line notation: `3 7 2`, `d`, `u`, `resign`.
    pub actions: Vec<String>,
    /// Who played it: absent when the player hid their profile (ignored by an import).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// How the game came to be: `imported` for a game made from an export, which counts for
    /// no record (ignored by an import).
    #[serde(default)]
    #[schema(value_type = Option<crate::document::names::GameOrigin>)]
    pub origin: Option<String>,
    /// How it ended (ignored by an import).
    #[serde(default)]
    #[schema(value_type = Option<crate::document::names::GameStatus>)]
    pub status: Option<GameStatus>,
    #[serde(default)]
    pub score: Option<i32>,
    #[serde(default)]
    pub duration_ms: Option<i64>,
    #[serde(default)]
    pub finished_at: Option<DateTime<Utc>>,
}

impl GameExport {
    fn of(e: &Exported) -> GameExport {
        GameExport {
            variant: e.spec.variant,
            suits: e.spec.suits.count(),
            rules: ExportRules {
                undo: e.spec.rules.undo,
                empty_column_deal: e.spec.rules.empty_column_deal,
            },
            deal_number: e.spec.deal_number.to_string(),
            actions: e.log.iter().map(|&a| notation::line(a)).collect(),
            player: e.player.clone(),
            origin: Some(e.row.origin.name().to_string()),
            status: Some(e.row.status),
            score: Some(e.row.score),
            duration_ms: e.row.duration_ms,
            finished_at: e.row.finished_at.map(|t| t.and_utc()),
        }
    }

    fn text(&self) -> String {
        let name = |v: &dyn erased::Named| v.serde_name();
        let mut out = String::from(
            "# Spider Solitaire game export: the deal, how it went, then one action per line\n",
        );
        out.push_str(&format!("variant: {}\n", name(&self.variant)));
        out.push_str(&format!("suits: {}\n", self.suits));
        out.push_str(&format!("undo: {}\n", name(&self.rules.undo)));
        out.push_str(&format!(
            "empty_column_deal: {}\n",
            name(&self.rules.empty_column_deal)
        ));
        out.push_str(&format!("deal: {}\n", self.deal_number));
        if let Some(player) = &self.player {
            out.push_str(&format!("player: {player}\n"));
        }
        if let Some(origin) = &self.origin {
            out.push_str(&format!("origin: {origin}\n"));
        }
        if let Some(status) = &self.status {
            out.push_str(&format!("status: {}\n", name(status)));
        }
        if let Some(score) = self.score {
            out.push_str(&format!("score: {score}\n"));
        }
        if let Some(ms) = self.duration_ms {
            out.push_str(&format!("duration_ms: {ms}\n"));
        }
        if let Some(at) = self.finished_at {
            out.push_str(&format!("finished_at: {}\n", at.to_rfc3339()));
        }
        out.push('\n');
        for action in &self.actions {
            out.push_str(action);
            out.push('\n');
        }
        out
    }
}

/// The serde name of a unit enum value, for the text form.
mod erased {
    pub trait Named {
        fn serde_name(&self) -> String;
    }

    impl<T: serde::Serialize> Named for T {
        fn serde_name(&self) -> String {
            match serde_json::to_value(self) {
                Ok(serde_json::Value::String(s)) => s,
                other => format!("{other:?}"),
            }
        }
    }
}

fn wants_json(req: &HttpRequest) -> bool {
    req.headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("application/json") && !a.contains("text/plain"))
}

/// A finished game in full, for anyone: the deal (variant, suits, rules, deal number), who
/// played it and how it ended, and every action in the line notation, one per line, as
/// `text/plain` (JSON with `Accept: application/json`). No token needed. A game in progress, a
/// daily of a day still open and a race game whose round is on answer 409 (the analysis's
/// codes): before then its cards are secret.
#[utoipa::path(
    tag = "games",
    operation_id = "exportGame",
    params(("id" = String, Path, description = "Game id")),
    security(()),
    responses(
        (status = 200, description = "The game in full", content(
            (String = "text/plain"),
            (GameExport = "application/json"),
        )),
        (status = 404, description = "No such game"),
        (status = 409, description = "Not shown yet: the game is in progress (`game_in_progress`), its daily's day is not over (`daily_not_over`), or its race round is not over (`race_round_in_progress`)"),
    )
)]
#[get("/games/{id}/export")]
pub async fn export_game(
    state: web::Data<AppState>,
    id: web::Path<GameId>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let exported = crate::play::exports::export(state.play(), &id).await?;
    let body = GameExport::of(&exported);
    if wants_json(&req) {
        return Ok(HttpResponse::Ok().json(body));
    }
    Ok(HttpResponse::Ok()
        .insert_header((
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        ))
        .body(body.text()))
}

fn bad(line: usize, sentence: Text) -> ApiError {
    ApiError::invalid_request(t!("export-line", line = line, reason = sentence))
}

/// A value named by its serde name.
fn named<T: serde::de::DeserializeOwned>(value: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(value.trim().to_string())).ok()
}

/// The deal and actions of a text export, each action with its line number.
fn parse_text(text: &str) -> Result<(DealSpec, Vec<(usize, Action)>), ApiError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let (mut variant, mut suits, mut undo, mut empty, mut deal) = (None, None, None, None, None);
    for (n, line) in lines.by_ref() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            break;
        }
        let (key, value) = line
            .split_once(':')
            .ok_or_else(|| bad(n, t!("export-expected-header")))?;
        let value = value.trim();
        match key.trim() {
            "variant" => {
                variant = Some(named(value).ok_or_else(|| bad(n, t!("export-bad-variant")))?);
            }
            "suits" => {
                suits = Some(
                    value
                        .parse::<u8>()
                        .ok()
                        .and_then(|s| Suits::try_from(s).ok())
                        .ok_or_else(|| bad(n, t!("bad-suit-count")))?,
                );
            }
            "undo" => undo = Some(named(value).ok_or_else(|| bad(n, t!("export-bad-undo")))?),
            "empty_column_deal" => {
                empty =
                    Some(named(value).ok_or_else(|| bad(n, t!("export-bad-empty-column-deal")))?);
            }
            "deal" => {
                deal = Some(
                    crate::edge::contract::deal_number_text(value)
                        .ok_or_else(|| bad(n, t!("export-bad-deal")))?,
                );
            }
            "player" | "origin" | "status" | "score" | "duration_ms" | "finished_at" => {}
            other => return Err(bad(n, t!("export-unknown-field", field = other))),
        }
    }
    let missing = |what: &str| ApiError::invalid_request(t!("export-missing-field", field = what));
    let spec = DealSpec {
        variant: variant.ok_or_else(|| missing("variant"))?,
        suits: suits.ok_or_else(|| missing("suits"))?,
        rules: Rules {
            undo: undo.unwrap_or_default(),
            empty_column_deal: empty.unwrap_or_default(),
        },
        deal_number: deal.ok_or_else(|| missing("deal"))?,
    };
    let mut actions = Vec::new();
    for (n, line) in lines {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let action = notation::parse_line(line)
            .ok_or_else(|| bad(n, t!("export-not-an-action", text = line)))?;
        actions.push((n, action));
    }
    Ok((spec, actions))
}

/// The deal and actions of a JSON export (each action numbered from 1).
fn parse_json(export: GameExport) -> Result<(DealSpec, Vec<(usize, Action)>), ApiError> {
    let suits = Suits::try_from(export.suits)?;
    // Ignored, but held to the document like every field.
    if let Some(origin) = &export.origin {
        if origin.parse::<crate::wire::GameOrigin>().is_err() {
            return Err(ApiError::invalid_request(t!(
                "export-bad-origin",
                origin = origin.as_str()
            )));
        }
    }
    let deal_number = crate::edge::contract::deal_number_text(&export.deal_number)
        .ok_or_else(|| ApiError::invalid_request(t!("export-bad-deal-number")))?;
    let mut actions = Vec::new();
    for (i, text) in export.actions.iter().enumerate() {
        let action = notation::parse_line(text).ok_or_else(|| {
            ApiError::invalid_request(t!(
                "export-action",
                number = i + 1,
                reason = t!("export-not-an-action", text = text.as_str())
            ))
        })?;
        actions.push((i + 1, action));
    }
    let spec = DealSpec {
        variant: export.variant,
        suits,
        rules: Rules {
            undo: export.rules.undo,
            empty_column_deal: export.rules.empty_column_deal,
        },
        deal_number,
    };
    Ok((spec, actions))
}

fn refused_line(illegal: IllegalLine) -> ApiError {
    let mut error = ApiError::illegal(illegal.reason);
    error.detail = t!(
        "export-refused-line",
        line = illegal.line,
        text = illegal.text,
        reason = error.detail
    );
    error
}

/// Make a game of yours from an export (its text form, or its JSON): the deal replayed through
/// the rules, action by action; the first action they refuse is named by its line and rule
/// (422, or 409 for a move after the game ended) and nothing is made. The new game is written
/// whole in one transaction, marked `imported`: it counts for no record, win or streak (it was
/// not played here), and shows as imported on profiles and in exports. Registered accounts
/// only (not guests), within `IMPORT_ACTIONS_PER_HOUR` imported actions an hour per account
/// and `IMPORT_ACTIONS_PER_ADDRESS_PER_HOUR` per client address (an IPv6 /64 block), all its
/// accounts together.
/// Answers the game as it stands after the last action.
#[utoipa::path(
    tag = "games",
    operation_id = "importGame",
    request_body(content(
        (String = "text/plain"),
        (GameExport = "application/json"),
    )),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 201, description = "The new game, after its last action", body = GameView,
            headers(("Location" = String))),
        (status = 400, description = "Not an export (`invalid_request`): the sentence names the line"),
        (status = 403, description = "A guest cannot import (`guest_account`)"),
        (status = 409, description = "An action after the game ended (`game_over`), an undo the rules rule out (`undo_would_hide_card`), more actions than a game may hold (`action_limit`), or as many games in progress as one player may (`too_many_games`)"),
        (status = 413, description = "The export is larger than 256 KiB (`payload_too_large`)"),
        (status = 422, description = "The rules refuse an action: `code` names the rule, the sentence its line"),
        (status = 429, description = "The account imported as many actions in the last hour as it may (`import_allowance`, `IMPORT_ACTIONS_PER_HOUR`), or this address (`too_many_attempts`, `IMPORT_ACTIONS_PER_ADDRESS_PER_HOUR`), or too many requests (`rate_limited`): retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[post("/games/import")]
pub async fn import_game(
    state: web::Data<AppState>,
    caller: Caller,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let body = crate::edge::contract::read_body(payload, IMPORT_LIMIT, t!("body-export")).await?;
    let is_json = crate::edge::contract::media_type_is(&req, "application/json");
    let (spec, actions) = if is_json {
        let export: GameExport = serde_json::from_slice(&body)
            .map_err(|e| ApiError::invalid_request(t!("export-not-json", error = e.to_string())))?;
        parse_json(export)?
    } else {
        let text = std::str::from_utf8(&body)
            .map_err(|_| ApiError::invalid_request(t!("export-not-utf8")))?;
        parse_text(text)?
    };
    if actions.len() > state.play.max_actions as usize {
        return Err(crate::play::Error::Game(GameError::ActionLimit {
            limit: state.play.max_actions,
        })
        .into());
    }
    let checked = (spec, actions);
    let (spec, actions) = blocking(move || {
        check_line(&checked.0, &checked.1).map_err(refused_line)?;
        Ok::<_, ApiError>(checked)
    })
    .await?;
    // The address's allowance as well as the account's: free accounts do not multiply it.
    // A guest, who can never import, spends none of it.
    crate::play::exports::may_import(state.play(), &caller.user_id).await?;
    if let Some(limiter) = &state.limits.imports {
        let block =
            crate::edge::ratelimit::client_block(&req, state.serving.client_ip_header.as_ref());
        let n = u32::try_from(actions.len()).unwrap_or(u32::MAX);
        limiter.count_n(&format!("addr:{block}"), n, t!("attempts-imports-address"))?;
    }
    let id = crate::play::exports::import(
        state.play(),
        &caller.user_id,
        spec,
        actions.into_iter().map(|(_, a)| a).collect(),
    )
    .await?;
    let p = state.play.clone();
    let (user, gid) = (caller.user_id.clone(), id.clone());
    let loaded =
        blocking(move || Ok::<_, ApiError>(crate::play::games::load(&p, &user, &gid)?)).await?;
    let body = crate::respond::to_json(&GameView::of_row(
        &loaded.row,
        &loaded.game,
        &state.play.clock,
        crate::edge::language::of_headers(&req),
    ))?;
    let mut response = crate::respond::json_response(StatusCode::CREATED, loaded.row.version, body);
    if let Ok(location) = HeaderValue::from_str(&format!("/v1/games/{id}")) {
        response.headers_mut().insert(header::LOCATION, location);
    }
    Ok(response)
}

/// The largest `max` of a bulk export.
const BULK_MAX: i64 = 1_000;

/// The latest moment `since` and `until` may name: the end of the year 9999.
const LATEST_MS: i64 = 253_402_300_799_999;

/// Games read from the database per page of a bulk export.
const BULK_PAGE: i64 = 50;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct BulkQuery {
    /// Games finished at or after this moment (milliseconds since the Unix epoch).
    #[param(minimum = 0, maximum = 253402300799999_i64)]
    pub since: Option<i64>,
    /// Games finished before this moment (milliseconds since the Unix epoch).
    #[param(minimum = 0, maximum = 253402300799999_i64)]
    pub until: Option<i64>,
    /// At most this many games, 1–1000 (default 100).
    #[param(minimum = 1, maximum = 1000)]
    pub max: Option<i64>,
}

/// A line of a bulk export: a game's export with its id.
#[derive(Debug, Serialize, ToSchema)]
pub struct BulkLine {
    pub id: String,
    #[serde(flatten)]
    pub game: GameExport,
}

fn moment(
    ms: Option<i64>,
    default: chrono::NaiveDateTime,
) -> Result<chrono::NaiveDateTime, ApiError> {
    match ms {
        None => Ok(default),
        Some(ms) => DateTime::from_timestamp_millis(ms)
            .filter(|_| (0..=LATEST_MS).contains(&ms))
            .map(|t| t.naive_utc())
            .ok_or_else(|| ApiError::invalid_request(t!("export-bad-window"))),
    }
}

/// A registered player's finished games in full, newest first, as NDJSON (one export a line,
/// as `GET /v1/games/{id}/export` in JSON, with its `id`), streamed as they are read. Public
/// like the profile (guests and hidden profiles answer 404); games whose cards are still
/// secret (a daily whose day is on, a race game whose round is on) are left out. Each client
/// address may start a few a minute (`BULK_EXPORTS_PER_MINUTE`).
#[utoipa::path(
    tag = "games",
    operation_id = "exportUserGames",
    params(("username" = String, Path, description = "The player's username"), BulkQuery),
    security(()),
    responses(
        (status = 200, description = "The games, one JSON object a line", content_type = "application/x-ndjson", body = BulkLine),
        (status = 400, description = "A bad `since`, `until` or `max` (`invalid_request`)"),
        (status = 404, description = "No public profile by that name"),
        (status = 429, description = "Too many bulk exports from this address (`too_many_attempts`) or requests (`rate_limited`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[get("/users/{username}/games")]
pub async fn export_user_games(
    state: web::Data<AppState>,
    username: web::Path<String>,
    query: web::Query<BulkQuery>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let max = query.max.unwrap_or(100);
    if !(1..=BULK_MAX).contains(&max) {
        return Err(ApiError::invalid_request(t!("export-bad-max")));
    }
    let far = chrono::NaiveDate::from_ymd_opt(9999, 1, 1)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .unwrap_or_default();
    let since = moment(query.since, chrono::NaiveDateTime::default())?;
    let until = moment(query.until, far)?;
    let user = state.accounts.public_user(&username).await?;
    if let Some(limiter) = &state.limits.bulk {
        let address =
            crate::edge::ratelimit::client_block(&req, state.serving.client_ip_header.as_ref());
        limiter.count(&format!("addr:{address}"), t!("attempts-bulk-exports"))?;
    }
    let player = user.username.clone().unwrap_or_default();
    let (play, user) = (state.play().clone(), user.id);
    Ok(crate::respond::ndjson(
        max,
        BULK_PAGE,
        "bulk export",
        move |after, n| {
            let (play, user, player) = (play.clone(), user.clone(), player.clone());
            async move {
                let (games, next) = crate::play::exports::bulk_page(
                    &play,
                    &user,
                    &player,
                    (since, until),
                    after,
                    n,
                )
                .await?;
                let lines: Vec<BulkLine> = games
                    .iter()
                    .map(|game| BulkLine {
                        id: game.row.id.to_string(),
                        game: GameExport::of(game),
                    })
                    .collect();
                Ok((lines, next))
            }
        },
    ))
}
