//! Races over HTTP: a host opens a room, others join by its code, the host starts a round,
//! and every player gets an identical game of one deal, played through the ordinary game
//! endpoints. The use cases (and the rooms' scheduled work) are `crate::play::races`; this
//! module parses, authorises, calls one of them and renders the room (`wire.rs`).

mod wire;

pub use wire::*;

use crate::edge::language::Language;
use crate::i18n::Lang;
use crate::t;
use actix_web::http::header;
use actix_web::{delete, get, post, web, HttpResponse};
use chrono::{DateTime, Utc};
use tokio::sync::watch;

use crate::domain::races::{Phase, Standing, MAX_SEATS, ROUND_CUTOFF_MS};
use crate::domain::RaceCode;
use crate::engine::Difficulty;
use crate::engine::{Level, Suits};
use crate::error::ApiError;
use crate::identity::{Caller, Scope};
use crate::play::feed::Shared;
use crate::play::live::Watcher;
use crate::play::races::RaceRow;
use crate::play::races::{self, NewRace, Room, RoundNow};
use crate::sse;
use crate::wire::{DifficultyName, UndoModeName, UndoSetting, VariantName};
use crate::AppState;

/// The room as `caller` sees it now.
async fn look(
    state: &AppState,
    caller: &Caller,
    code: &str,
    lang: Lang,
) -> Result<RaceView, ApiError> {
    let room = races::look(state.play(), &races::normalise(code)).await?;
    RaceView::of(&room, Some(&caller.user_id), lang)
}

// ---------------------------------------------------------------- Handlers

/// Open a race room. You take seat 1 and are its host; CPU players take the next seats.
#[utoipa::path(
    tag = "races",
    operation_id = "createRace",
    request_body = CreateRace,
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 201, description = "The room", body = RaceView),
        (status = 400, description = "Invalid settings"),
        (status = 403, description = "A ranked room needs a registered account (`account_required`)"),
        (status = 429, description = "Too many new rooms from this address this hour (`too_many_attempts`, `RACES_PER_ADDRESS_PER_HOUR`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[post("/races")]
pub async fn create_race(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<CreateRace>,
    Language(lang): Language,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let body = body.into_inner();
    let suits = Suits::try_from(body.suits)?;
    let time_limit = body.time_limit_seconds.unwrap_or_else(|| {
        let variant = body.variant.unwrap_or(VariantName::Spider);
        crate::domain::pace::default_time_limit_s(variant, suits)
    });
    if !(60..=3600).contains(&time_limit) {
        return Err(ApiError::invalid_request(t!("race-time-limit")));
    }
    let cpus = body.cpu_players.unwrap_or(0);
    if cpus as usize >= MAX_SEATS {
        return Err(ApiError::invalid_request(t!(
            "race-cpu-players",
            most = MAX_SEATS - 1,
            seats = MAX_SEATS
        )));
    }
    let idle = body.idle_takeover_seconds.unwrap_or(120);
    if !(30..=3600).contains(&idle) {
        return Err(ApiError::invalid_request(t!("race-idle-takeover")));
    }
    let new = NewRace {
        variant: body.variant.unwrap_or(VariantName::Spider),
        suits,
        difficulty: body.difficulty.unwrap_or(DifficultyName::Normal),
        time_limit_s: time_limit,
        undo: body.undo.unwrap_or_default().mode(),
        hints: body.hints.unwrap_or(false),
        handicap: body.handicap.unwrap_or(false),
        cpu_players: cpus,
        cpu_level: body.cpu_level.unwrap_or(Level::Normal),
        ranked: body.ranked.unwrap_or(false),
        idle_takeover_s: idle,
    };
    if let Some(limiter) = &state.limits.races {
        let block =
            crate::edge::ratelimit::client_block(&req, state.serving.client_ip_header.as_ref());
        limiter.count(&format!("addr:{block}"), t!("attempts-races-address"))?;
    }
    let room = races::create(state.play(), &caller.user_id, new).await?;
    let view = RaceView::of(&room, Some(&caller.user_id), lang)?;
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, format!("/v1/races/{}", view.code)))
        .json(view))
}

/// A race room: its settings, seats, the latest round and its standings, and your seat and
/// game. A read: it never changes a game (stand-ins and ratings are scheduled work).
#[utoipa::path(
    tag = "races",
    operation_id = "getRace",
    params(("code" = String, Path, description = "Room code")),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "The room", body = RaceView),
        (status = 404, description = "No such race"),
    )
)]
#[get("/races/{code}")]
pub async fn get_race(
    state: web::Data<AppState>,
    caller: Caller,
    code: web::Path<String>,
    Language(lang): Language,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let view = look(&state, &caller, &code, lang).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// The latest round's standings (as in the room view): finishers by time, those within
/// the time limit first, then the rest by progress, then players who quit.
#[utoipa::path(
    tag = "races",
    operation_id = "getRaceStandings",
    params(("code" = String, Path, description = "Room code")),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "The round and its standings", body = RoundView),
        (status = 404, description = "No such race"),
        (status = 409, description = "The race has not started a round yet (`no_round`)"),
    )
)]
#[get("/races/{code}/standings")]
pub async fn get_standings(
    state: web::Data<AppState>,
    caller: Caller,
    code: web::Path<String>,
    Language(lang): Language,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let view = look(&state, &caller, &code, lang).await?;
    // The room exists; it is its state that has no standings yet.
    let round = view
        .round
        .ok_or_else(|| ApiError::conflict("no_round", t!("race-no-round")))?;
    Ok(HttpResponse::Ok().json(round))
}

/// Take a seat (or get yours back: joining again is harmless). Up to 20 seats, CPUs
/// included. A player who joins during a round plays from the next one. A seat's name is
/// unique in the room (case and spaces aside) and never `CPU n`.
#[utoipa::path(
    tag = "races",
    operation_id = "joinRace",
    params(("code" = String, Path, description = "Room code")),
    request_body(content = Option<JoinRace>, description = "Optional: no body (or `null`) takes the default name"),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 200, description = "The room, with your seat", body = RaceView),
        (status = 403, description = "A ranked room needs a registered account (`account_required`)"),
        (status = 404, description = "No such race"),
        (status = 409, description = "The room is full (`race_full`); another seat shows that name (`name_taken`); `CPU n` names are the CPUs' (`name_reserved`)"),
    )
)]
#[post("/races/{code}/join")]
pub async fn join_race(
    state: web::Data<AppState>,
    caller: Caller,
    code: web::Path<String>,
    req: actix_web::HttpRequest,
    body: web::Payload,
    Language(lang): Language,
) -> actix_web::Result<HttpResponse> {
    caller.require(Scope::GamesWrite)?;
    let body: Option<JoinRace> = crate::edge::contract::optional_json(&req, body).await?;
    let name = match body.and_then(|b| b.name) {
        Some(name) => Some(
            crate::edge::contract::check(
                &crate::edge::contract::RACE_NAME,
                &name,
                t!("race-name-shape"),
            )?
            .trim()
            .to_string(),
        ),
        None => None,
    };
    let room = races::join(
        state.play(),
        &caller.user_id,
        &races::normalise(&code),
        name,
    )
    .await
    .map_err(ApiError::from)?;
    Ok(HttpResponse::Ok().json(RaceView::of(&room, Some(&caller.user_id), lang)?))
}

/// Start the next round (host only): a short countdown, then every seat gets an identical
/// game of one proven winnable deal (a handicapped winner's is one level harder per win in
/// a row). Also "play again" once a round is over.
#[utoipa::path(
    tag = "races",
    operation_id = "startRace",
    params(("code" = String, Path, description = "Room code")),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 200, description = "The room, counting down", body = RaceView),
        (status = 403, description = "Only the host starts rounds (`not_host`)"),
        (status = 404, description = "No such race"),
        (status = 409, description = "A round is still on (`round_in_progress`)"),
        (status = 429, description = "Too many proven deals taken from this address this hour: a round takes one, as a game on a proven deal does (`too_many_attempts`, `WINNABLE_PER_ADDRESS_PER_HOUR`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
        (status = 503, description = "No proven deal of that kind is ready (`winnable_deal_unavailable`)"),
    )
)]
#[post("/races/{code}/start")]
pub async fn start_race(
    state: web::Data<AppState>,
    caller: Caller,
    code: web::Path<String>,
    Language(lang): Language,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    // Each round takes a proven deal from the pool, as a game on one does: from the address's
    // same hourly share, so rooms and free accounts do not multiply it.
    if let Some(limiter) = &state.limits.winnable {
        let block =
            crate::edge::ratelimit::client_block(&req, state.serving.client_ip_header.as_ref());
        limiter.count(&format!("addr:{block}"), t!("attempts-winnable-address"))?;
    }
    let room = races::start(state.play(), &caller.user_id, &races::normalise(&code)).await?;
    Ok(HttpResponse::Ok().json(RaceView::of(&room, Some(&caller.user_id), lang)?))
}

/// Quit the current round: your game is resigned and you rank last.
#[utoipa::path(
    tag = "races",
    operation_id = "quitRace",
    params(("code" = String, Path, description = "Room code")),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 200, description = "The room", body = RaceView),
        (status = 404, description = "No such race"),
        (status = 409, description = "You have no part in a running round (`not_racing`), or your part in it is over (`already_done`)"),
    )
)]
#[post("/races/{code}/quit")]
pub async fn quit_race(
    state: web::Data<AppState>,
    caller: Caller,
    code: web::Path<String>,
    Language(lang): Language,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let room = races::quit(state.play(), &caller.user_id, &races::normalise(&code)).await?;
    Ok(HttpResponse::Ok().json(RaceView::of(&room, Some(&caller.user_id), lang)?))
}

/// Leave the room, freeing your seat for someone else. The host stays with the room; a player
/// of the round in progress leaves once it is over (quit it first).
#[utoipa::path(
    tag = "races",
    operation_id = "leaveRace",
    params(("code" = String, Path, description = "Room code")),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 200, description = "The room, without your seat", body = RaceView),
        (status = 404, description = "No such race"),
        (status = 409, description = "You have no seat (`not_seated`); the host cannot leave (`host_seat`); your seat plays the round in progress (`seat_in_round`)"),
    )
)]
#[post("/races/{code}/leave")]
pub async fn leave_race(
    state: web::Data<AppState>,
    caller: Caller,
    code: web::Path<String>,
    Language(lang): Language,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let room = races::leave(state.play(), &caller.user_id, &races::normalise(&code)).await?;
    Ok(HttpResponse::Ok().json(RaceView::of(&room, Some(&caller.user_id), lang)?))
}

/// Free a seat of the room (host only): a player's or a CPU's, never the host's own, so that
/// whoever has the code cannot fill the room for good. A seat that plays the round in progress
/// can be freed once that round is over; its results stay.
#[utoipa::path(
    tag = "races",
    operation_id = "removeRaceSeat",
    params(
        ("code" = String, Path, description = "Room code"),
        ("seat" = i32, Path, minimum = 1, description = "The seat's number (`seats[].seat`)"),
    ),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 200, description = "The room, without that seat", body = RaceView),
        (status = 400, description = "The seat is not a seat number, 1 or more (`invalid_request`)"),
        (status = 403, description = "Only the host removes seats (`not_host`)"),
        (status = 404, description = "No such race, or no such seat in it"),
        (status = 409, description = "The host's own seat (`host_seat`); the seat plays the round in progress (`seat_in_round`)"),
    )
)]
#[delete("/races/{code}/seats/{seat}")]
pub async fn remove_seat(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(String, String)>,
    Language(lang): Language,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let (code, seat) = path.into_inner();
    let seat = seat
        .parse::<i32>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| ApiError::invalid_request(t!("race-seat-number")))?;
    let room = races::remove_seat(
        state.play(),
        &caller.user_id,
        &races::normalise(&code),
        seat,
    )
    .await?;
    Ok(HttpResponse::Ok().json(RaceView::of(&room, Some(&caller.user_id), lang)?))
}

/// Follow a race's room live (Server-Sent Events): a `race` event with the room as from
/// `GET /v1/races/{code}` at once and whenever it changes (a join, a start, a quit or a
/// player's action is sent at once, from any instance; the standings that move with the
/// clock, such as CPU players' progress, are checked every second), and `end` once the
/// round's results are fixed. Spectators with the code may watch.
#[utoipa::path(
    tag = "races",
    operation_id = "streamRace",
    params(("code" = String, Path, description = "Room code")),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "An event stream: each event as the schema says, its `data` a JSON text", content_type = "text/event-stream", body = RaceStreamEvent),
        (status = 404, description = "No such race"),
    )
)]
#[get("/races/{code}/stream")]
pub async fn stream_race(
    state: web::Data<AppState>,
    caller: Caller,
    code: web::Path<String>,
    req: actix_web::HttpRequest,
    Language(lang): Language,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let code = races::normalise(&code);
    let bearer = sse::Bearer::of(&state, &req)?;
    let watcher = sse::open(&state, &req, &caller.user_id)?;
    let room = races::look(state.play(), &code).await?;
    // The room exists: follow its reader, whose first look comes after this one (a change
    // in between is in it).
    let feed = state.play.rooms.follow(state.play(), &code);
    let first = RaceView::of(&room, Some(&caller.user_id), lang)?;
    let first_json =
        serde_json::to_string(&first).map_err(|e| ApiError::internal("serializing a race", e))?;
    /// Renders the room for its viewer each time the room's shared reader
    /// (`crate::play::races::feed`) has looked: at once after a change to the room or one of
    /// its games (from any instance on Postgres), and every second anyway, since standings
    /// move with the clock as well as with moves. The reader looks once for every stream of
    /// the room here; a stream reads the database itself only to say why a look failed.
    struct Watch {
        state: web::Data<AppState>,
        caller: Caller,
        code: RaceCode,
        last: String,
        feed: watch::Receiver<Shared<crate::play::races::Room>>,
        /// The feed's reader stopped (its look failed): look once more alone.
        stopped: bool,
        watcher: Watcher,
        /// The language of the room's sentences (the request's).
        lang: Lang,
    }
    fn over(view: &RaceView) -> bool {
        view.round
            .as_ref()
            .is_some_and(|r| r.state == RoundState::Over)
    }
    impl sse::Source for Watch {
        fn watcher(&self) -> &Watcher {
            &self.watcher
        }

        async fn wait(&mut self) {
            if sse::feed_or_woken(&mut self.feed, &self.watcher).await {
                self.stopped = true;
            }
        }

        async fn look(&mut self) -> Result<sse::Found, ApiError> {
            let shared = self.feed.borrow_and_update().clone();
            let room = match shared {
                Shared::Seen(room) if !self.stopped => room,
                Shared::Pending if !self.stopped => return Ok(sse::Found::default()),
                _ => {
                    // Say why, or go on with a new reader.
                    let room = races::look(self.state.play(), &self.code).await?;
                    self.feed = self.state.play.rooms.follow(self.state.play(), &self.code);
                    self.stopped = false;
                    std::sync::Arc::new(room)
                }
            };
            let view = RaceView::of(&room, Some(&self.caller.user_id), self.lang)?;
            let json = serde_json::to_string(&view)
                .map_err(|e| ApiError::internal("serializing a race", e))?;
            let mut found = sse::Found::default();
            if json != self.last {
                found.events.push(sse::event("race", None, &json));
                if over(&view) {
                    found.events.push(sse::event("end", None, "{}"));
                    found.done = true;
                }
                self.last = json;
            }
            Ok(found)
        }
    }
    let first_found = sse::Found {
        events: vec![sse::event("race", None, &first_json)],
        done: over(&first),
    };
    let watch = Watch {
        state: state.clone(),
        caller,
        code,
        last: first_json,
        feed,
        stopped: false,
        watcher,
        lang,
    };
    Ok(sse::response(watch, first_found, bearer, lang))
}
