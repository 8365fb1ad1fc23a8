//! Arenas over HTTP (docs/ARENAS.md): what runs and what comes next, making one, joining and
//! leaving, the next deal (a game played through the ordinary game endpoints), the standings a
//! page at a time and live, and the player's arena history. The use cases (and the arenas'
//! scheduled work) are `crate::play::arenas`; this module parses, authorises, calls one of
//! them and renders the answer (`wire.rs`).

mod wire;

pub use wire::*;

use actix_web::http::header;
use actix_web::{delete, get, post, web, HttpResponse};
use tokio::sync::watch;

use crate::edge::language::Language;
use crate::engine::Suits;
use crate::error::ApiError;
use crate::identity::{Caller, MaybeCaller, Scope};
use crate::play::arenas::{self, NewArena, Standings};
use crate::play::feed::Shared;
use crate::play::live::Watcher;
use crate::sse;
use crate::t;
use crate::wire::{GameView, VariantName};
use crate::AppState;

/// What runs now, what comes next, and what ended lately.
#[utoipa::path(
    tag = "arenas",
    operation_id = "listArenas",
    security(()),
    responses((status = 200, description = "Arenas running, upcoming and over", body = ArenaListing))
)]
#[get("/arenas")]
pub async fn list_arenas(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let listing = arenas::list(state.play()).await?;
    let views = |all: &[arenas::Arena]| all.iter().map(|a| ArenaView::of(a, None)).collect();
    Ok(HttpResponse::Ok().json(ArenaListing {
        running: views(&listing.running),
        upcoming: views(&listing.upcoming),
        over: views(&listing.over),
    }))
}

/// Make an arena for your community (a registered account): 5–180 minutes, starting within a
/// week; at most `ARENAS_PER_ACCOUNT` of yours not over at once. Its deals are drawn (proven
/// winnable) before it starts.
#[utoipa::path(
    tag = "arenas",
    operation_id = "createArena",
    request_body = CreateArena,
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 201, description = "The arena", body = ArenaView,
            headers(("Location" = String, description = "The arena's address"))),
        (status = 400, description = "A length, start or title out of bounds (`arena_length`, `arena_start`, `arena_title`)"),
        (status = 403, description = "A guest account (`account_required`), or this server lets no account make arenas (`arenas_off`)"),
        (status = 429, description = "As many arenas not over as an account may make (`too_many_arenas`), or too many new arenas from this address this hour (`too_many_attempts`, `ARENAS_PER_ADDRESS_PER_HOUR`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[post("/arenas")]
pub async fn create_arena(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<CreateArena>,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let body = body.into_inner();
    let new = NewArena {
        title: body.title,
        variant: body.variant.unwrap_or(VariantName::Spider),
        suits: Suits::try_from(body.suits)?,
        starts_in: body.starts_in_minutes.unwrap_or(0),
        minutes: body.minutes,
        undo: body.undo.unwrap_or_default().mode(),
        hints: body.hints.unwrap_or(false),
        rated: body.rated.unwrap_or(false),
        place: None,
        results_to: None,
    };
    if let Some(limiter) = &state.limits.arenas {
        let block =
            crate::edge::ratelimit::client_block(&req, state.serving.client_ip_header.as_ref());
        limiter.count(&format!("addr:{block}"), t!("attempts-arenas-address"))?;
    }
    let arena = arenas::create(state.play(), &caller.user_id, new).await?;
    let view = ArenaView::of(&arena, None);
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, format!("/v1/arenas/{}", view.id)))
        .json(view))
}

/// An arena, and your part in it when you play in it.
#[utoipa::path(
    tag = "arenas",
    operation_id = "getArena",
    params(("id" = String, Path, description = "Arena id")),
    security((), ("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "The arena", body = ArenaView),
        (status = 404, description = "No such arena (`arena_not_found`)"),
    )
)]
#[get("/arenas/{id}")]
pub async fn get_arena(
    state: web::Data<AppState>,
    caller: MaybeCaller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    if let Some(caller) = &caller.0 {
        caller.require(Scope::GamesRead)?;
    }
    let user = caller.0.map(|c| c.user_id);
    let (arena, mine) = arenas::get(state.play(), id.into_inner(), user).await?;
    Ok(HttpResponse::Ok().json(ArenaView::of(&arena, mine.as_ref())))
}

/// Join an arena before it starts or while it runs (again after leaving: your points stay).
/// A rated arena takes registered accounts only.
#[utoipa::path(
    tag = "arenas",
    operation_id = "joinArena",
    params(("id" = String, Path, description = "Arena id")),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 200, description = "The arena, with your part in it", body = ArenaView),
        (status = 403, description = "A rated arena and a guest account (`account_required`)"),
        (status = 404, description = "No such arena (`arena_not_found`)"),
        (status = 409, description = "The arena is over (`arena_over`)"),
    )
)]
#[post("/arenas/{id}/players")]
pub async fn join_arena(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let (arena, mine) = arenas::join(state.play(), &caller.user_id, id.into_inner()).await?;
    Ok(HttpResponse::Ok().json(ArenaView::of(&arena, Some(&mine))))
}

/// Leave an arena: no more deals until you join again. Your points stay in the standings, and
/// a deal in play still counts when it ends.
#[utoipa::path(
    tag = "arenas",
    operation_id = "leaveArena",
    params(("id" = String, Path, description = "Arena id")),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 200, description = "The arena, with your part in it", body = ArenaView),
        (status = 404, description = "No such arena (`arena_not_found`)"),
        (status = 409, description = "You do not play in it (`not_in_arena`)"),
    )
)]
#[delete("/arenas/{id}/players/me")]
pub async fn leave_arena(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let (arena, mine) = arenas::leave(state.play(), &caller.user_id, id.into_inner()).await?;
    Ok(HttpResponse::Ok().json(ArenaView::of(&arena, Some(&mine))))
}

/// Start your next deal of a running arena: a game of its own, played through
/// `/v1/games/{id}` like any other. The deal before it must have ended (won, lost, or
/// resigned: a deal not won counts 0 and ends your streak). `berserk`: no undo, a point more
/// if won.
#[utoipa::path(
    tag = "arenas",
    operation_id = "nextArenaDeal",
    params(("id" = String, Path, description = "Arena id")),
    request_body = NextDeal,
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 201, description = "The deal's game", body = ArenaDealView,
            headers(("Location" = String, description = "The game's address"))),
        (status = 404, description = "No such arena (`arena_not_found`)"),
        (status = 409, description = "Not started (`arena_not_started`), over (`arena_over`), you do not play in it (`not_in_arena`), your deal is still in play (`arena_deal_in_play`), or you played every deal (`arena_no_more_deals`)"),
        (status = 503, description = "Your next deal is still being drawn (`arena_deal_not_ready`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[post("/arenas/{id}/deals")]
pub async fn next_deal(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<NextDeal>,
    Language(lang): Language,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let berserk = body.into_inner().berserk.unwrap_or(false);
    let dealt = arenas::next_deal(state.play(), &caller.user_id, id.into_inner(), berserk).await?;
    let game = GameView::of_row(&dealt.row, &dealt.game, &state.play.clock, lang);
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, format!("/v1/games/{}", dealt.row.id)))
        .json(ArenaDealView {
            arena_id: dealt.arena.row.id.clone(),
            deal: dealt.number,
            berserk: dealt.berserk,
            game,
        }))
}

/// A page of an arena's standings, read at one moment (its `version`): best first, by
/// points, then the least time over won deals; equal ones share a place.
#[utoipa::path(
    tag = "arenas",
    operation_id = "getArenaStandings",
    params(("id" = String, Path, description = "Arena id"), StandingsQuery),
    security((), ("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "The page", body = StandingsView),
        (status = 400, description = "A bad offset or limit"),
        (status = 404, description = "No such arena (`arena_not_found`)"),
    )
)]
#[get("/arenas/{id}/standings")]
pub async fn get_standings(
    state: web::Data<AppState>,
    caller: MaybeCaller,
    id: web::Path<String>,
    query: web::Query<StandingsQuery>,
) -> Result<HttpResponse, ApiError> {
    if let Some(caller) = &caller.0 {
        caller.require(Scope::GamesRead)?;
    }
    let offset = query.offset.unwrap_or(0);
    let limit = query.limit.unwrap_or(20);
    if offset < 0 || !(1..=arenas::PAGE_MOST).contains(&limit) {
        return Err(ApiError::invalid_request(t!("arena-standings-bad-page")));
    }
    let user = caller.0.map(|c| c.user_id);
    let page = arenas::standings(state.play(), id.into_inner(), offset, limit, user).await?;
    Ok(HttpResponse::Ok().json(StandingsView::of(&page)))
}

/// The arenas you played in, the latest first, each with your part in it.
#[utoipa::path(
    tag = "arenas",
    operation_id = "myArenas",
    params(HistoryQuery),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "Your arenas", body = Vec<ArenaView>),
        (status = 400, description = "A bad limit"),
    )
)]
#[get("/users/me/arenas")]
pub async fn my_arenas(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<HistoryQuery>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let limit = query.limit.unwrap_or(20);
    if !(1..=arenas::PAGE_MOST).contains(&limit) {
        return Err(ApiError::invalid_request(t!("arena-history-bad-limit")));
    }
    let before = query.before.map(|b| b.naive_utc());
    let lines = arenas::history(state.play(), &caller.user_id, before, limit).await?;
    let views: Vec<ArenaView> = lines
        .iter()
        .map(|(arena, mine)| ArenaView::of(arena, Some(mine)))
        .collect();
    Ok(HttpResponse::Ok().json(views))
}

/// The event a stream sends for `seen`: its top ten and `viewer`'s own line.
fn stream_view(seen: &Standings, viewer: &str) -> StandingsView {
    let mut view = StandingsView::of(seen);
    view.you = seen
        .lines
        .iter()
        .find(|l| *l.player.user_id == *viewer)
        .map(StandingView::of);
    view.standings.truncate(arenas::TOP);
    view
}

/// Follow an arena's standings live (Server-Sent Events): a `standings` event with the top
/// ten and your line at once and whenever they change (a join, a leave, a deal's end, on any
/// instance), and `end` once the results are final.
#[utoipa::path(
    tag = "arenas",
    operation_id = "streamArena",
    params(("id" = String, Path, description = "Arena id")),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "An event stream: each event as the schema says, its `data` a JSON text", content_type = "text/event-stream", body = ArenaStreamEvent),
        (status = 404, description = "No such arena (`arena_not_found`)"),
        (status = 429, description = "Too many open streams (`too_many_streams`)"),
    )
)]
#[get("/arenas/{id}/stream")]
pub async fn stream_arena(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    req: actix_web::HttpRequest,
    Language(lang): Language,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let id = id.into_inner();
    let bearer = sse::Bearer::of(&state, &req)?;
    // The arena exists (or this says why not) before a stream is counted.
    arenas::get(state.play(), id.clone(), None).await?;
    let watcher = sse::open(&state, &req, &caller.user_id)?;
    let mut feed = state.play.arenas.feeds.follow(state.play(), &id);
    // The first look is sent at once, whether this stream's reader is new or already ran.
    feed.mark_changed();

    /// Renders the arena's shared look (`crate::play::feed`) for its viewer each time it has
    /// looked: at once after a change to the arena (from any instance on Postgres), and every
    /// second anyway.
    struct Watch {
        state: web::Data<AppState>,
        viewer: String,
        id: String,
        last: String,
        feed: watch::Receiver<Shared<Standings>>,
        stopped: bool,
        watcher: Watcher,
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
            let seen = match shared {
                Shared::Seen(seen) if !self.stopped => seen,
                Shared::Pending if !self.stopped => return Ok(sse::Found::default()),
                _ => {
                    // Say why, or go on with a new reader.
                    arenas::get(self.state.play(), self.id.clone(), None).await?;
                    self.feed = self
                        .state
                        .play
                        .arenas
                        .feeds
                        .follow(self.state.play(), &self.id);
                    self.stopped = false;
                    return Ok(sse::Found::default());
                }
            };
            let view = stream_view(&seen, &self.viewer);
            let json = serde_json::to_string(&view)
                .map_err(|e| ApiError::internal("serializing standings", e))?;
            let mut found = sse::Found::default();
            if json != self.last {
                found.events.push(sse::event("standings", None, &json));
                if view.is_final {
                    found.events.push(sse::event("end", None, "{}"));
                    found.done = true;
                }
                self.last = json;
            }
            Ok(found)
        }
    }
    let watch = Watch {
        state: state.clone(),
        viewer: caller.user_id.to_string(),
        id,
        last: String::new(),
        feed,
        stopped: false,
        watcher,
    };
    Ok(sse::response(watch, sse::Found::default(), bearer, lang))
}
