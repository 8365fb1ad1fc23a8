//! Live updates: a Server-Sent Events stream of a game's accepted actions and views, so a
//! second screen or a bot can follow a game without polling.
//!
//! Any instance can serve any stream: the stream reads the game from the database when it is
//! woken. An append on this instance wakes the game's streams at once. On Postgres, appends
//! made through other instances wake them too (`LISTEN/NOTIFY`, within milliseconds); on
//! SQLite the versions of every watched game are looked at once a second, in one statement
//! for all streams (`crate::jobs::streams`).

use crate::domain::GameId;
use crate::t;
use actix_web::{get, web, HttpRequest, HttpResponse};
use serde::Serialize;
use utoipa::openapi::schema::{OneOfBuilder, Schema};
use utoipa::openapi::RefOr;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::identity::{Caller, Scope};
use crate::play::{self, games::Loaded};
use crate::respond;
use crate::sse::{self, endings, event, event_schema, reference, Found, Source};
use crate::wire::{ActionView, GameView};
use crate::AppState;

pub use crate::play::live::Live;

/// The data of an `action` event.
#[derive(Debug, Serialize, ToSchema)]
pub struct ActionEvent {
    /// The action's place in the log, from 1; the game's version right after it.
    pub seq: i32,
    pub action: ActionView,
}

struct Follow {
    state: web::Data<AppState>,
    caller: Caller,
    id: GameId,
    /// The last version sent.
    sent: i32,
    /// The language of the view's sentences (the request's).
    lang: crate::i18n::Lang,
    /// Woken when the game changes; counted among the user's open streams while it lives.
    watcher: crate::play::live::Watcher,
}

impl Follow {
    /// Read the game: `action` events for what is new since `sent`, then a `view` (and
    /// `end` once the game is over).
    async fn catch_up(&mut self, always_view: bool) -> Result<Found, ApiError> {
        let (p, user, id) = (
            self.state.play.clone(),
            self.caller.user_id.clone(),
            self.id.clone(),
        );
        let Loaded { row, log, game } =
            play::blocking(move || play::games::load(&p, &user, &id)).await?;
        let mut found = Found::default();
        if row.version == self.sent && !always_view {
            return Ok(found);
        }
        let from = usize::try_from(self.sent.clamp(0, row.version)).unwrap_or(0);
        for (i, &action) in log.iter().enumerate().skip(from) {
            let seq = i as i32 + 1;
            let data = respond::to_json(&ActionEvent {
                seq,
                action: action.into(),
            })?;
            found.events.push(event("action", Some(seq), &data));
        }
        let view = GameView::of_row(&row, &game, &self.state.play.clock, self.lang);
        found
            .events
            .push(event("view", Some(row.version), &respond::to_json(&view)?));
        if game.status().is_over() {
            let data = respond::to_json(&GameEnd {
                status: game.status(),
            })?;
            found.events.push(event("end", Some(row.version), &data));
            found.done = true;
        }
        self.sent = row.version;
        Ok(found)
    }
}

impl Source for Follow {
    fn watcher(&self) -> &crate::play::live::Watcher {
        &self.watcher
    }

    /// Until this game may have changed.
    async fn wait(&mut self) {
        self.watcher.woken().await;
    }

    async fn look(&mut self) -> Result<Found, ApiError> {
        self.catch_up(false).await
    }

    fn last_id(&self) -> Option<i32> {
        Some(self.sent)
    }
}

/// Follow a game live (Server-Sent Events).
///
/// Events: `view` (the game's view, as from `GET /v1/games/{id}`; sent first, then after
/// every change), `action` (`{seq, action}` for each accepted action, before the `view` it
/// leads to), and `end` (`{status}`, once the game is over; the stream then closes). Each
/// event's `id` is the game's version: reconnect with `Last-Event-ID` to get the actions
/// missed meanwhile. After `STREAM_IDLE_SECONDS` (30 minutes) without an event the stream sends
/// `idle` (`{idle_seconds}`) and closes: reconnect to go on. A comment line is sent after 5 s
/// without events to keep connections
/// open. Once the token is revoked, signed out or expired, the stream sends an `error` event
/// (the problem, e.g. `session_ended`) and closes: at once, before any further event, when
/// that happened through the same server; within 5 s when through another.
/// A user may have `STREAMS_PER_USER` (8) streams open at once on one server, a client
/// address `STREAMS_PER_ADDRESS` (when set); more get 429 `too_many_streams`. Send the token in the `Authorization` header (browsers: read the
/// stream with `fetch`).
#[utoipa::path(
    tag = "games",
    operation_id = "streamGame",
    params(
        ("id" = String, Path, description = "Game id"),
        ("Last-Event-ID" = Option<String>, Header, nullable = false, description = "The last version received: actions after it are sent first"),
    ),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "An event stream: each event as the schema says, its `data` a JSON text", content_type = "text/event-stream", body = GameStreamEvent),
        (status = 404, description = "No such game among yours"),
    )
)]
#[get("/games/{id}/stream")]
pub async fn stream(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<GameId>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let lang = crate::edge::language::of_headers(&req);
    let last = crate::edge::contract::header(
        &req,
        "last-event-id",
        crate::edge::contract::LAST_EVENT_ID,
        t!("last-event-id-shape"),
    )?
    .map(|v| {
        v.parse::<i32>()
            .map_err(|_| ApiError::invalid_request(t!("last-event-id-version")))
    })
    .transpose()?;
    let mut watcher = sse::open(&state, &req, &caller.user_id)?;
    let id = id.into_inner();
    // Followed before the first read, so a change right after it is not missed.
    watcher.watch(vec![id.to_string()]);
    let mut follow = Follow {
        state: state.clone(),
        caller,
        id,
        // Without Last-Event-ID: nothing to catch up on, only the view.
        sent: last.unwrap_or(i32::MAX),
        lang,
        watcher,
    };
    // The first read decides 404 before the stream starts. Without Last-Event-ID only the
    // view is sent; with it, the actions after it too.
    let bearer = sse::Bearer::of(&state, &req)?;
    let first = follow.catch_up(true).await?;
    Ok(sse::response(follow, first, bearer, lang))
}

/// One event of `GET /v1/games/{id}/stream`.
pub struct GameStreamEvent;

impl utoipa::PartialSchema for GameStreamEvent {
    fn schema() -> RefOr<Schema> {
        let mut one_of = OneOfBuilder::new()
            .description(Some(
                "One Server-Sent Event: `view`, `action`, `end`, then `idle` or `error` \
                 (comment lines keep the connection open)",
            ))
            .item(event_schema(
                "Game",
                "view",
                "The game's view, as from GET /v1/games/{id}: first, then after every change",
                reference("GameView"),
                true,
            ))
            .item(event_schema(
                "Game",
                "action",
                "An accepted action, before the view it leads to",
                reference("ActionEvent"),
                true,
            ))
            .item(event_schema(
                "Game",
                "end",
                "The game is over; the stream closes",
                reference("GameEnd"),
                true,
            ));
        for ending in endings("Game", true) {
            one_of = one_of.item(ending);
        }
        RefOr::T(one_of.into())
    }
}

impl utoipa::ToSchema for GameStreamEvent {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((
            "GameView".into(),
            <crate::wire::GameView as utoipa::PartialSchema>::schema(),
        ));
        <crate::wire::GameView as utoipa::ToSchema>::schemas(schemas);
        schemas.push((
            "ActionEvent".into(),
            <ActionEvent as utoipa::PartialSchema>::schema(),
        ));
        <ActionEvent as utoipa::ToSchema>::schemas(schemas);
        schemas.push((
            "GameEnd".into(),
            <GameEnd as utoipa::PartialSchema>::schema(),
        ));
        schemas.push((
            "Problem".into(),
            <crate::error::Problem as utoipa::PartialSchema>::schema(),
        ));
    }
}

/// The data of a game stream's `end` event.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct GameEnd {
    #[schema(value_type = crate::document::names::GameStatus)]
    pub status: crate::wire::GameStatus,
}
