//! Live updates: a Server-Sent Events stream of a game's accepted actions and views, so a
//! second screen or a bot can follow a game without polling.
//!
//! Any instance can serve any stream: the stream reads the game from the database. An append
//! on this instance wakes its streams at once. On Postgres, appends made through other
//! instances wake them too (`LISTEN/NOTIFY`, within milliseconds); on SQLite a stream checks
//! the game's version every second.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{get, web, HttpRequest, HttpResponse};
use serde::Serialize;
use tokio::sync::broadcast;
use utoipa::ToSchema;

use super::error::{ApiError, Problem};
use super::games;
use super::identity::{Caller, Scope};
use super::wire::{ActionView, GameView};
use super::{blocking, AppState};
use crate::store::games as game_store;

/// A stream quiet this long sends a keep-alive comment.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

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
    id: String,
    /// The last version sent.
    sent: i32,
    rx: broadcast::Receiver<String>,
    queue: VecDeque<Bytes>,
    /// When the stream last sent anything.
    quiet_since: Instant,
    done: bool,
}

fn event(name: &str, id: i32, data: &str) -> Bytes {
    Bytes::from(format!("event: {name}\nid: {id}\ndata: {data}\n\n"))
}

impl Follow {
    /// Read the game; queue `action` events for what is new since `sent`, then a `view`
    /// (and `end` once the game is over).
    async fn catch_up(&mut self, always_view: bool) -> Result<(), ApiError> {
        let (db, user, id) = (
            self.state.db.clone(),
            self.caller.user_id.clone(),
            self.id.clone(),
        );
        let (row, log) = blocking(move || {
            let mut conn = db.conn()?;
            game_store::load(&mut conn, &user, &id)?.ok_or_else(ApiError::game_not_found)
        })
        .await?;
        if row.version == self.sent && !always_view {
            return Ok(());
        }
        let from = usize::try_from(self.sent.clamp(0, row.version)).unwrap_or(0);
        for (i, &action) in log.iter().enumerate().skip(from) {
            let seq = i as i32 + 1;
            let data = games::to_json(&ActionEvent {
                seq,
                action: action.into(),
            })?;
            self.queue.push_back(event("action", seq, &data));
        }
        let game = crate::play::games::replay(&row, log)?;
        let view = GameView::of_row(&row, &game, &self.state.calendar);
        self.queue
            .push_back(event("view", row.version, &games::to_json(&view)?));
        if game.status().is_over() {
            let data = format!("{{\"status\":\"{}\"}}", game.status().name());
            self.queue.push_back(event("end", row.version, &data));
            self.done = true;
        }
        self.sent = row.version;
        Ok(())
    }

    /// Wait until this game may have changed: woken by this instance, or a poll interval.
    async fn wait(&mut self) {
        let id = self.id.clone();
        let rx = &mut self.rx;
        let poll = self.state.live.poll_every().min(KEEP_ALIVE);
        let woken = tokio::time::timeout(poll, async {
            loop {
                match rx.recv().await {
                    Ok(changed) if changed == id => return,
                    Ok(_) => continue,
                    // Missed some: look anyway. Closed: the poll will do.
                    Err(broadcast::error::RecvError::Lagged(_)) => return,
                    Err(broadcast::error::RecvError::Closed) => std::future::pending::<()>().await,
                }
            }
        })
        .await;
        if woken.is_ok() {
            self.quiet_since = Instant::now();
        }
    }
}

/// Follow a game live (Server-Sent Events).
///
/// Events: `view` (the game's view, as from `GET /v1/games/{id}`; sent first, then after
/// every change), `action` (`{seq, action}` for each accepted action, before the `view` it
/// leads to), and `end` (`{status}`, once the game is over; the stream then closes). Each
/// event's `id` is the game's version: reconnect with `Last-Event-ID` to get the actions
/// missed meanwhile. A comment line is sent every 15 s to keep connections open. Send the
/// token in the `Authorization` header (browsers: read the stream with `fetch`).
#[utoipa::path(
    tag = "games",
    operation_id = "streamGame",
    params(
        ("id" = String, Path, description = "Game id"),
        ("Last-Event-ID" = Option<String>, Header, nullable = false, description = "The last version received: actions after it are sent first"),
    ),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "An event stream", content_type = "text/event-stream", body = String,
            example = "event: view\nid: 3\ndata: {\"id\":\"…\",\"version\":3,…}\n\nevent: action\nid: 4\ndata: {\"seq\":4,\"action\":{\"type\":\"deal\"}}\n\nevent: view\nid: 4\ndata: {…}\n\n"),
        (status = 401, description = "No valid token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "The access token lacks the `games:read` scope (`insufficient_scope`)", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such game among yours", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/games/{id}/stream")]
pub async fn stream(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let last = req
        .headers()
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .map(|v| {
            v.trim()
                .parse::<i32>()
                .map_err(|_| ApiError::invalid_request("Last-Event-ID must be a version number."))
        })
        .transpose()?;
    let rx = state.live.subscribe();
    let mut follow = Follow {
        state: state.clone(),
        caller,
        id: id.into_inner(),
        // Without Last-Event-ID: nothing to catch up on, only the view.
        sent: last.unwrap_or(i32::MAX),
        rx,
        queue: VecDeque::new(),
        quiet_since: Instant::now(),
        done: false,
    };
    // The first read decides 404 before the stream starts. Without Last-Event-ID only the
    // view is sent; with it, the actions after it too.
    follow.catch_up(true).await?;
    let body = futures_util::stream::unfold(follow, |mut follow| async move {
        loop {
            if let Some(bytes) = follow.queue.pop_front() {
                return Some((Ok::<_, actix_web::Error>(bytes), follow));
            }
            if follow.done {
                return None;
            }
            follow.wait().await;
            if let Err(e) = follow.catch_up(false).await {
                // The game vanished or the database is unreachable: say so and stop.
                let problem = serde_json::to_string(&e.problem()).unwrap_or_default();
                follow
                    .queue
                    .push_back(event("error", follow.sent, &problem));
                follow.done = true;
                continue;
            }
            if follow.quiet_since.elapsed() >= KEEP_ALIVE {
                follow.quiet_since = Instant::now();
                follow
                    .queue
                    .push_back(Bytes::from_static(b": keep-alive\n\n"));
            }
        }
    });
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/event-stream"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body))
}
