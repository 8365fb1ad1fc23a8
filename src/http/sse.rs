//! Server-Sent Events, written once for every stream: a source says when to look again and
//! what to send; this module sends it, keeps quiet connections open with a comment every
//! 5 s, and ends the stream with an `error` event when the token no longer holds or a look
//! fails, or with an `idle` event once nothing has happened for `STREAM_IDLE_SECONDS`
//! (30 minutes). Nothing here reads the database on a timer: a stream looks when its source
//! is woken, and its token is checked in full only when an ending of its session or token
//! was heard (at once on this instance, within 5 s from any other: `crate::jobs::streams`);
//! before each look otherwise only the token's signature and expiry are checked, in memory.
//! The events each stream sends are documented here too, as the OpenAPI schemas of its
//! `text/event-stream`.

use crate::t;
use std::collections::VecDeque;
use std::future::Future;
use std::time::{Duration, Instant};

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};

use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};

use super::error::ApiError;
use super::AppState;
use crate::play::live::{Opener, Refused, Watcher};

/// A stream for `user`, who sent `req`: counted among the user's streams
/// (`STREAMS_PER_USER`) and the client address's (`STREAMS_PER_ADDRESS`, when set), or 429
/// `too_many_streams`.
pub fn open(state: &AppState, req: &HttpRequest, user: &str) -> Result<Watcher, ApiError> {
    let token = super::identity::bearer_token(req)
        .ok_or_else(|| ApiError::internal("a stream's caller", "without a bearer token"))?;
    let credential = super::identity::credential(state, token)?;
    let address =
        super::edge::ratelimit::client_block(req, state.serving.client_ip_header.as_ref());
    let opened = state.play.live.open(Opener {
        user,
        address: Some(&address),
        credential,
        per_user: state.serving.streams_per_user,
        per_address: state.serving.streams_per_address,
    });
    opened.map_err(|refused| {
        let detail = match refused {
            Refused::User(n) => t!("too-many-streams-user", count = n),
            Refused::Address(n) => t!("too-many-streams-address", count = n),
        };
        ApiError::new(
            actix_web::http::StatusCode::TOO_MANY_REQUESTS,
            "too_many_streams",
            "title-too-many-streams",
            detail,
        )
        .with_header(header::RETRY_AFTER, "5")
    })
}

/// A stream quiet this long sends a keep-alive comment (which also finds a client gone, so
/// its place among the user's streams frees soon).
const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// One event: `event: name`, an optional `id`, and its data.
pub fn event(name: &str, id: Option<i32>, data: &str) -> Bytes {
    match id {
        Some(id) => Bytes::from(format!("event: {name}\nid: {id}\ndata: {data}\n\n")),
        None => Bytes::from(format!("event: {name}\ndata: {data}\n\n")),
    }
}

/// What a look found: events to send, and whether the stream ends after them.
#[derive(Default)]
pub struct Found {
    pub events: Vec<Bytes>,
    pub done: bool,
}

/// Where a stream's events come from.
pub trait Source: Sized + 'static {
    /// The stream's place among the open ones (from [`open`]).
    fn watcher(&self) -> &Watcher;
    /// Wait until there may be something new (the watcher woken, or the source's own reason).
    fn wait(&mut self) -> impl Future<Output = ()>;
    /// Look: what to send now. An error is sent as an `error` event and ends the stream.
    fn look(&mut self) -> impl Future<Output = Result<Found, ApiError>>;
    /// The `id` of an `error` event.
    fn last_id(&self) -> Option<i32> {
        None
    }
}

/// Waits until a shared look (`crate::play::feed`) has something new or the stream's watcher
/// is woken; true when the look's reader has stopped (its followers look once more alone).
pub async fn feed_or_woken<T>(
    feed: &mut tokio::sync::watch::Receiver<T>,
    watcher: &Watcher,
) -> bool {
    let changed = async { feed.changed().await.is_err() };
    futures_util::pin_mut!(changed);
    let woken = watcher.woken();
    futures_util::pin_mut!(woken);
    matches!(
        futures_util::future::select(changed, woken).await,
        futures_util::future::Either::Left((true, _))
    )
}

/// The bearer token a stream was opened with: checked again before every look, so a token
/// revoked, signed out or expired ends the stream (with an `error` event) instead of
/// receiving another event. In full (against the database) only when told to
/// ([`Watcher::take_recheck`]); otherwise its signature and expiry, in memory.
pub struct Bearer {
    state: web::Data<AppState>,
    token: String,
}

impl Bearer {
    /// The token of `req` (already verified by the handler's `Caller`).
    pub fn of(state: &web::Data<AppState>, req: &HttpRequest) -> Result<Bearer, ApiError> {
        let token = super::identity::bearer_token(req)
            .ok_or_else(|| ApiError::internal("a stream's caller", "without a bearer token"))?;
        Ok(Bearer {
            state: state.clone(),
            token: token.to_string(),
        })
    }

    async fn check(&self, in_full: bool) -> Result<(), ApiError> {
        if in_full {
            super::identity::verify_now(&self.state, &self.token)
                .await
                .map(|_| ())
        } else {
            super::identity::verify_in_memory(&self.state, &self.token)
        }
    }
}

struct Feed<S> {
    source: S,
    bearer: Bearer,
    queue: VecDeque<Bytes>,
    done: bool,
    quiet_since: Instant,
    /// When the last event (not a keep-alive) was sent.
    last_event: Instant,
    /// The language of an `error` event's problem (the request's).
    lang: crate::i18n::Lang,
}

/// A `text/event-stream` response that starts with `first` and then follows `source`, for
/// as long as `bearer` stays good; a refusal on the way is an `error` event in `lang`.
pub fn response<S: Source>(
    source: S,
    first: Found,
    bearer: Bearer,
    lang: crate::i18n::Lang,
) -> HttpResponse {
    let feed = Feed {
        lang,
        source,
        bearer,
        queue: first.events.into(),
        done: first.done,
        quiet_since: Instant::now(),
        last_event: Instant::now(),
    };
    let body = futures_util::stream::unfold(feed, |mut feed| async move {
        loop {
            if let Some(bytes) = feed.queue.pop_front() {
                feed.quiet_since = Instant::now();
                if !bytes.starts_with(b":") {
                    feed.last_event = feed.quiet_since;
                }
                return Some((Ok::<_, actix_web::Error>(bytes), feed));
            }
            if feed.done {
                return None;
            }
            let idle = feed.bearer.state.serving.stream_idle;
            if feed.last_event.elapsed() >= idle {
                let data = format!("{{\"idle_seconds\":{}}}", idle.as_secs());
                feed.queue
                    .push_back(event("idle", feed.source.last_id(), &data));
                feed.done = true;
                continue;
            }
            let woken = tokio::time::timeout(KEEP_ALIVE, feed.source.wait())
                .await
                .is_ok();
            let in_full = feed.source.watcher().take_recheck();
            let looked = if !woken && !in_full {
                // Only time passed: nothing to look at, a keep-alive below.
                Ok(Found::default())
            } else {
                // Boxed: an idle stream's future is only as large as its wait, not as its
                // rare checks and looks (each a database read), at one allocation a look.
                match Box::pin(feed.bearer.check(in_full)).await {
                    Ok(()) => Box::pin(feed.source.look()).await,
                    Err(e) => Err(e),
                }
            };
            match looked {
                Ok(found) => {
                    feed.queue.extend(found.events);
                    feed.done = found.done;
                }
                Err(e) => {
                    let problem =
                        serde_json::to_string(&e.problem_in(feed.lang)).unwrap_or_default();
                    let id = feed.source.last_id();
                    feed.queue.push_back(event("error", id, &problem));
                    feed.done = true;
                }
            }
            if feed.queue.is_empty() && feed.quiet_since.elapsed() >= KEEP_ALIVE {
                feed.queue
                    .push_back(Bytes::from_static(b": keep-alive\n\n"));
            }
        }
    });
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/event-stream"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body)
}

// ---------------------------------------------------------------- The events, documented

/// One event of a stream, as clients read it: its name, an optional id, and its data as a
/// JSON text whose schema is `data`.
pub(super) fn event_schema(
    stream: &str,
    name: &str,
    description: &str,
    data: RefOr<Schema>,
    with_id: bool,
) -> Schema {
    let content_schema = serde_json::to_value(&data).unwrap_or_default();
    let data = ObjectBuilder::new()
        .schema_type(Type::String)
        .content_media_type("application/json")
        // JSON Schema 2020-12's `contentSchema`: the schema of the decoded data.
        .extensions(Some(
            [("contentSchema", content_schema)].into_iter().collect(),
        ));
    let mut event = ObjectBuilder::new()
        .schema_type(Type::Object)
        .title(Some(format!("{stream}{}Event", title_case(name))))
        .description(Some(description))
        .property(
            "event",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .enum_values(Some([name])),
        )
        .required("event")
        .property("data", data)
        .required("data");
    if with_id {
        event = event.property(
            "id",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some(super::edge::contract::LAST_EVENT_ID))
                .description(Some("The game's version: send it back as `Last-Event-ID`")),
        );
    }
    event.into()
}

fn title_case(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

pub(super) fn reference(name: &str) -> RefOr<Schema> {
    RefOr::Ref(Ref::from_schema_name(name))
}

pub(super) fn object(properties: &[(&str, Type)]) -> RefOr<Schema> {
    let mut o = ObjectBuilder::new().schema_type(Type::Object);
    for (name, ty) in properties {
        o = o
            .property(*name, ObjectBuilder::new().schema_type(ty.clone()))
            .required(*name);
    }
    RefOr::T(o.into())
}

/// The `idle` and `error` events every stream may end with.
pub(super) fn endings(stream: &str, with_id: bool) -> [Schema; 2] {
    [
        event_schema(
            stream,
            "idle",
            "Nothing happened for `STREAM_IDLE_SECONDS`: the stream closes (reconnect to go on)",
            object(&[("idle_seconds", Type::Integer)]),
            with_id,
        ),
        event_schema(
            stream,
            "error",
            "The token stopped working or a read failed: the problem, then the stream closes",
            reference("Problem"),
            with_id,
        ),
    ]
}
