//! Games: create, read, act, legal moves, event log, restart, the caller's list.

use crate::domain::GameId;
use crate::t;
use actix_web::http::header;
use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::{DateTime, NaiveDateTime};

use crate::edge::contract;
use crate::engine;
use crate::engine::Difficulty;
use crate::error::ApiError;
use crate::identity::{Caller, Scope};
use crate::play;
use crate::play::games::IdempotencyKey;
use crate::play::games::{Act, Acted, Deal, Loaded, NewGame};
use crate::play::history::GameRow;
use crate::play::StoreError;
use crate::respond::{
    created, etag, idempotency_key, json_response, remembered, replayed_header, to_json,
};
use crate::wire::*;
use crate::AppState;

// ---------------------------------------------------------------- Handlers

/// The version an `If-Match` header asks for: `"3"`, `W/"3"` or `3`; `*` asks for none.
fn if_match(req: &HttpRequest) -> Result<Option<i32>, ApiError> {
    let Some(text) = contract::header(req, "if-match", contract::IF_MATCH, t!("if-match-shape"))?
    else {
        return Ok(None);
    };
    if text == "*" {
        return Ok(None);
    }
    let bare = text.trim_start_matches("W/").trim_matches('"');
    bare.parse()
        .map(Some)
        .map_err(|_| ApiError::invalid_request(t!("if-match-version")))
}

/// Start a new game.
#[utoipa::path(
    tag = "games",
    operation_id = "createGame",
    request_body = CreateGame,
    params(("Idempotency-Key" = Option<String>, Header, nullable = false, description = "A retry with the same key within 24 hours returns the first answer and creates nothing")),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 201, description = "The new game", body = GameView,
            headers(("ETag" = String, description = "The game's version"), ("Location" = String))),
        (status = 400, description = "Invalid request"),
        (status = 409, description = "You have as many games in progress as one player may (`too_many_games`, `GAMES_IN_PROGRESS_PER_USER`): finish or resign one"),
        (status = 422, description = "This Idempotency-Key was already used for a different request (`idempotency_key_reused`)"),
        (status = 429, description = "Too many games on proven winnable deals this hour, by this player (`winnable_quota`, `WINNABLE_PER_USER_PER_HOUR`) or from this address (`too_many_attempts`, `WINNABLE_PER_ADDRESS_PER_HOUR`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
        (status = 503, description = "No proven winnable deal of that kind is ready yet (`winnable_deal_unavailable`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[post("/games")]
pub async fn create_game(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<CreateGame>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let body = body.into_inner();
    let key = idempotency_key(&req, &to_json(&body)?)?;
    let suits = engine::Suits::try_from(body.suits)?;
    let rules = body.rules.unwrap_or_default();
    let winnable: Option<Difficulty> = match (body.winnable, body.difficulty) {
        (Some(false), Some(_)) => {
            return Err(ApiError::invalid_request(t!("difficulty-without-winnable")))
        }
        (Some(true), d) | (None, d @ Some(_)) => Some(d.unwrap_or(DifficultyName::Normal)),
        (_, None) => None,
    };
    if winnable.is_some() && body.deal_number.is_some() {
        return Err(ApiError::invalid_request(t!("deal-number-and-winnable")));
    }
    let deal = match (&body.deal_number, winnable) {
        (Some(n), _) => Deal::Chosen(n.value()?),
        (None, Some(difficulty)) => Deal::Winnable(difficulty),
        (None, None) => Deal::Random,
    };
    // Proven deals are shared per address as well as per player: free accounts do not
    // multiply a player's ration.
    if let (Deal::Winnable(_), Some(limiter)) = (&deal, &state.limits.winnable) {
        let block =
            crate::edge::ratelimit::client_block(&req, state.serving.client_ip_header.as_ref());
        limiter.count(&format!("addr:{block}"), t!("attempts-winnable-address"))?;
    }
    let new = NewGame {
        user_id: caller.user_id.clone(),
        variant: body.variant.unwrap_or(VariantName::Spider),
        suits,
        rules: engine::Rules {
            undo: rules.undo.mode(),
            empty_column_deal: rules.empty_column_deal,
        },
        deal,
        key,
    };
    let outcome = play::games::create(state.play(), new).await?;
    created(&state, outcome, crate::edge::language::of_headers(&req))
}

/// Read a game.
#[utoipa::path(
    tag = "games",
    operation_id = "getGame",
    params(
        ("id" = String, Path, description = "Game id"),
        ("If-None-Match" = Option<String>, Header, nullable = false, description = "The ETag you have: 304 if the game has not changed"),
    ),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "The game", body = GameView,
            headers(("ETag" = String, description = "The game's version"))),
        (status = 304, description = "Not modified (If-None-Match matched)"),
        (status = 404, description = "No such game among yours"),
    )
)]
#[get("/games/{id}")]
pub async fn get_game(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<GameId>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let p = state.play.clone();
    let Loaded { row, game, .. } =
        play::blocking(move || play::games::load(&p, &caller.user_id, &id)).await?;
    let tag = etag(row.version).1;
    let not_modified = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|t| t.trim().trim_start_matches("W/") == tag)
        });
    if not_modified {
        return Ok(HttpResponse::NotModified()
            .insert_header(etag(row.version))
            .finish());
    }
    let lang = crate::edge::language::of_headers(&req);
    let body = to_json(&GameView::of_row(&row, &game, &state.play.clock, lang))?;
    Ok(json_response(StatusCode::OK, row.version, body))
}

/// Append one action to the caller's game (see [`play::games::act`]), answering with the
/// game's view after it.
pub async fn append_action(
    state: &AppState,
    caller: &Caller,
    id: &GameId,
    expected: Option<i32>,
    key: Option<IdempotencyKey>,
    request: &ActionRequest,
) -> Result<Acted, ApiError> {
    let act = Act {
        user_id: caller.user_id.clone(),
        game_id: id.clone(),
        expected,
        key,
        intent: request.intent()?,
    };
    let acted = play::games::act(state.play(), act).await?;
    if let Acted::Applied { .. } = acted {
        state.metrics.actions_applied.inc();
    }
    Ok(acted)
}

/// Play one action: move, auto-move, deal, undo or resign.
///
/// The server replays the game's log, applies the action through the rules engine and
/// appends it. A refused action changes nothing and costs nothing. Send `If-Match` (or
/// `expected_version`) to act only on the version you saw, and `Idempotency-Key` to make
/// retries safe.
#[utoipa::path(
    tag = "games",
    operation_id = "playAction",
    request_body(content = ActionBody, description = "The action. `expected_version` (optional): act only if the game is still at that version, like `If-Match`."),
    params(
        ("id" = String, Path, description = "Game id"),
        ("If-Match" = Option<String>, Header, nullable = false, description = "Act only if the game's ETag is still this"),
        ("Idempotency-Key" = Option<String>, Header, nullable = false, description = "A retry with the same key within 24 hours returns the first answer and applies nothing twice"),
    ),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 200, description = "The game after the action", body = GameView,
            headers(("ETag" = String, description = "The game's new version"))),
        (status = 400, description = "Malformed request, or `If-Match` and `expected_version` name different versions (`invalid_request`)"),
        (status = 404, description = "No such game among yours"),
        (status = 409, description = "The game is over (`game_over`), it is a ranked daily whose day has ended (`daily_closed`), its log is full (`action_limit`: only `resign` is taken), it is a race game whose countdown is still on (`round_not_started`), or an undo under the `no_reveal` mode would take back a deal or a move that turned a card over (`undo_would_hide_card`)"),
        (status = 412, description = "The game changed since the given version (`version_conflict`)"),
        (status = 422, description = "The rules refuse the action: `code` names the rule (e.g. `group_not_same_suit`, `landing_rank_mismatch`, `deal_with_empty_column`, `nothing_to_undo`); or the Idempotency-Key was already used for a different request (`idempotency_key_reused`)"),
        (status = 503, description = "Nothing was changed: too many actions are waiting to be written (`writes_busy`), or the database is not reachable (`database_unavailable`); retry after `Retry-After` seconds (with an `Idempotency-Key`, a retry is always safe)",
            headers(("Retry-After" = String, description = "Seconds to wait before retrying"))),
    )
)]
#[post("/games/{id}/actions")]
pub async fn post_action(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<GameId>,
    body: web::Json<ActionBody>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let (action, body_version) = body.into_inner().split();
    let header_version = if_match(&req)?;
    let expected = match (header_version, body_version) {
        (Some(h), Some(b)) if h != b => {
            return Err(ApiError::invalid_request(t!("if-match-disagrees")))
        }
        (h, b) => h.or(b),
    };
    let key = idempotency_key(&req, &to_json(&action)?)?;
    let result = append_action(&state, &caller, &id, expected, key, &action).await?;
    Ok(match result {
        Acted::Applied(turn) => {
            let body = to_json(&GameView::of(
                &turn.snapshot,
                crate::edge::language::of_headers(&req),
            ))?;
            json_response(StatusCode::OK, turn.snapshot.version, body)
        }
        Acted::Replayed(replayed) => {
            let status = StatusCode::from_u16(replayed.status).unwrap_or(StatusCode::OK);
            let mut r = json_response(
                status,
                replayed.version,
                remembered(&replayed, crate::edge::language::of_headers(&req))?.0,
            );
            replayed_header(&mut r);
            r
        }
    })
}

/// Every legal action now.
#[utoipa::path(
    tag = "games",
    operation_id = "listLegalActions",
    params(("id" = String, Path, description = "Game id")),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "Legal moves and deal", body = LegalActions,
            headers(("ETag" = String, description = "The game's version"))),
        (status = 404, description = "No such game among yours"),
    )
)]
#[get("/games/{id}/moves")]
pub async fn legal_actions(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let p = state.play.clone();
    let Loaded { row, game, .. } =
        play::blocking(move || play::games::load(&p, &caller.user_id, &id)).await?;
    let body = LegalActions {
        version: row.version,
        actions: game
            .legal_actions()
            .into_iter()
            .map(ActionView::from)
            .collect(),
        can_undo: game.can_undo(),
        has_legal_action: game.has_legal_action(),
    };
    Ok(json_response(StatusCode::OK, row.version, to_json(&body)?))
}

/// The game's accepted actions with server timestamps: a replay.
#[utoipa::path(
    tag = "games",
    operation_id = "listGameEvents",
    params(("id" = String, Path, description = "Game id")),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "The event log, oldest first", body = EventLog),
        (status = 404, description = "No such game among yours"),
    )
)]
#[get("/games/{id}/events")]
pub async fn game_events(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let (row, events) = state.play.events(&caller.user_id, &id).await?;
    let events = events
        .into_iter()
        .map(|e| EventView {
            seq: e.seq,
            action: e.action.into(),
            at: e.at.and_utc(),
        })
        .collect();
    let body = EventLog {
        game_id: row.id.to_string(),
        version: row.version,
        events,
    };
    Ok(json_response(StatusCode::OK, row.version, to_json(&body)?))
}

/// Start a new game on the same deal and rules, from the opening. A game still in progress
/// is resigned first: one deal is never open twice.
#[utoipa::path(
    tag = "games",
    operation_id = "restartGame",
    params(
        ("id" = String, Path, description = "Game id"),
        ("Idempotency-Key" = Option<String>, Header, nullable = false, description = "A retry with the same key within 24 hours returns the first answer and creates nothing"),
    ),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 201, description = "The new game", body = GameView,
            headers(("ETag" = String), ("Location" = String))),
        (status = 404, description = "No such game among yours"),
        (status = 409, description = "A race game cannot be restarted (`race_game`); you have as many games in progress as one player may (`too_many_games`)"),
        (status = 422, description = "This Idempotency-Key was already used for a different request (`idempotency_key_reused`)"),
    )
)]
#[post("/games/{id}/restart")]
pub async fn restart_game(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<GameId>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let key = idempotency_key(&req, "restart")?;
    let outcome = play::games::restart(state.play(), &caller.user_id, &id, key).await?;
    created(&state, outcome, crate::edge::language::of_headers(&req))
}

/// The cursor after `row`: its creation time (microseconds) and id, as
/// [`contract::GAMES_CURSOR`] describes.
fn encode_cursor(row: &GameRow) -> String {
    format!("{}_{}", row.created_at.and_utc().timestamp_micros(), row.id)
}

fn decode_cursor(cursor: &str) -> Result<(NaiveDateTime, GameId), ApiError> {
    let bad = || ApiError::invalid_request(t!("bad-cursor"));
    let cursor = contract::check(contract::GAMES_CURSOR, cursor, t!("bad-cursor"))?;
    let (micros, id) = cursor.split_once('_').ok_or_else(bad)?;
    let micros: i64 = micros.parse().map_err(|_| bad())?;
    let at = DateTime::from_timestamp_micros(micros).ok_or_else(bad)?;
    Ok((at.naive_utc(), GameId::from(id)))
}

/// The caller's games, newest first.
#[utoipa::path(
    tag = "games",
    operation_id = "listMyGames",
    params(PageQuery),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "A page of games", body = GamePage),
        (status = 400, description = "Bad limit or cursor"),
    )
)]
#[get("/users/me/games")]
pub async fn list_my_games(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let limit = query.limit.unwrap_or(20);
    if !(1..=100).contains(&limit) {
        return Err(ApiError::invalid_request(t!("bad-limit")));
    }
    let cursor = query.cursor.as_deref().map(decode_cursor).transpose()?;
    let rows = state
        .play
        .games_of(&caller.user_id, limit + 1, cursor)
        .await?;
    let more = rows.len() as i64 > limit;
    let rows = &rows[..rows.len().min(limit as usize)];
    let games = rows
        .iter()
        .map(|row| {
            let spec = row.deal_spec();
            let status = row.status;
            Ok(GameSummary {
                id: row.id.to_string(),
                variant: spec.variant,
                suits: spec.suits.count(),
                status,
                score: row.score,
                actions: row.actions,
                runs_completed: row.runs_completed,
                version: row.version,
                deal_number: crate::play::snapshot::deal_visible(
                    row,
                    row.status,
                    &state.play.clock,
                )
                .then(|| spec.deal_number.to_string()),
                deal_chosen: row.deal_chosen,
                created_at: row.created_at.and_utc(),
                finished_at: row.finished_at.map(|t| t.and_utc()),
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    let page = GamePage {
        next_cursor: if more {
            rows.last().map(encode_cursor)
        } else {
            None
        },
        games,
    };
    Ok(HttpResponse::Ok().json(page))
}
