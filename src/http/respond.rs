//! What handlers answer with, shared by every resource: JSON bodies with their `ETag`, the
//! idempotency key a request carries, a created game and an answer remembered for a key.

use crate::i18n::Lang;
use crate::t;
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::edge::contract;
use super::error::ApiError;
use super::wire::GameView;
use super::AppState;
use crate::play::games::Created;
use crate::play::games::IdempotencyKey;
use crate::play::snapshot::{Answer, Replayed};

/// The `ETag` header of a game at `version`.
pub(crate) fn etag(version: i32) -> (header::HeaderName, String) {
    (header::ETAG, format!("\"{version}\""))
}

/// The `Idempotency-Key` of a request, with a digest of the request `what` it keys.
pub fn idempotency_key(req: &HttpRequest, what: &str) -> Result<Option<IdempotencyKey>, ApiError> {
    let Some(key) = contract::header(
        req,
        "idempotency-key",
        contract::IDEMPOTENCY_KEY,
        t!("idempotency-key-shape"),
    )?
    else {
        return Ok(None);
    };
    let fingerprint = Sha256::digest(format!("{} {what}", req.path()).as_bytes());
    Ok(Some(IdempotencyKey {
        key: key.to_string(),
        fingerprint: hex::encode(fingerprint),
    }))
}

pub(crate) fn json_response(status: StatusCode, version: i32, body: String) -> HttpResponse {
    let mut response = HttpResponse::build(status);
    response.insert_header(etag(version));
    response.insert_header((
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    ));
    response.body(body)
}

pub(crate) fn to_json<T: Serialize>(value: &T) -> Result<String, ApiError> {
    serde_json::to_string(value).map_err(|e| ApiError::internal("serializing a response", e))
}

/// The body of a remembered answer, and the id of the game it shows.
pub(crate) fn remembered(
    replayed: &Replayed,
    lang: Lang,
) -> Result<(String, Option<String>), ApiError> {
    Ok(match &replayed.answer {
        Answer::Game(seen) => (
            to_json(&GameView::of(seen, lang))?,
            Some(seen.id.to_string()),
        ),
        // An earlier release's body: the game's view itself.
        Answer::Earlier(body) => {
            let id = serde_json::from_str::<serde_json::Value>(body)
                .ok()
                .and_then(|v| v["id"].as_str().map(str::to_string));
            (body.clone(), id)
        }
    })
}

pub(crate) fn replayed_header(response: &mut HttpResponse) {
    response.headers_mut().insert(
        header::HeaderName::from_static("idempotent-replayed"),
        HeaderValue::from_static("true"),
    );
}

/// The 201 answer for a created game (or the first answer to a repeated key).
pub fn created(state: &AppState, created: Created, lang: Lang) -> Result<HttpResponse, ApiError> {
    let (status, version, body, id, replayed) = match created {
        Created::New(seen) => {
            state.metrics.games_created.inc();
            let body = to_json(&GameView::of(&seen, lang))?;
            (201, seen.version, body, Some(seen.id.to_string()), false)
        }
        Created::Replayed(r) => {
            let (body, id) = remembered(&r, lang)?;
            (r.status, r.version, body, id, true)
        }
    };
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::CREATED);
    let mut response = json_response(status, version, body);
    if let Some(location) = id.and_then(|id| HeaderValue::from_str(&format!("/v1/games/{id}")).ok())
    {
        response.headers_mut().insert(header::LOCATION, location);
    }
    if replayed {
        replayed_header(&mut response);
    }
    Ok(response)
}

/// An NDJSON answer streamed a page at a time, at most `max` lines in all: `page(after, n)`
/// reads up to `n` lines after the cursor `after` and says where the next page starts (`None`:
/// that was the last). A page that fails ends the stream with an error (the client sees a cut
/// body, never a line that is not one); `what` names it in the log.
pub fn ndjson<C, L, F, Fut>(max: i64, page_size: i64, what: &'static str, page: F) -> HttpResponse
where
    C: 'static,
    L: Serialize + 'static,
    F: FnMut(Option<C>, i64) -> Fut + 'static,
    Fut: std::future::Future<Output = Result<(Vec<L>, Option<C>), crate::play::Error>> + 'static,
{
    struct Feed<C, F> {
        page: F,
        after: Option<C>,
        left: i64,
        done: bool,
    }
    let feed = Feed {
        page,
        after: None,
        left: max,
        done: false,
    };
    let body = futures_util::stream::unfold(feed, move |mut feed| async move {
        if feed.done || feed.left <= 0 {
            return None;
        }
        let (lines, next) = match (feed.page)(feed.after.take(), page_size.min(feed.left)).await {
            Ok(page) => page,
            Err(e) => {
                tracing::warn!(error = %e, "{what}");
                feed.done = true;
                return Some((Err(actix_web::error::ErrorInternalServerError(what)), feed));
            }
        };
        let mut chunk = String::new();
        let taken = usize::try_from(feed.left).unwrap_or(0);
        for line in lines.iter().take(taken) {
            if let Ok(json) = serde_json::to_string(line) {
                chunk.push_str(&json);
                chunk.push('\n');
            }
        }
        feed.left -= i64::try_from(lines.len().min(taken)).unwrap_or(feed.left);
        feed.done = next.is_none();
        feed.after = next;
        Some((Ok(actix_web::web::Bytes::from(chunk)), feed))
    });
    HttpResponse::Ok()
        .insert_header((
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/x-ndjson"),
        ))
        .streaming(body)
}

#[cfg(test)]
mod tests {
    use super::ndjson;
    use crate::play::Error;

    /// Numbers 0..10 read `n` at a time after a cursor, failing at `fail_at` if set.
    async fn body(max: i64, page_size: i64, fail_at: Option<u32>) -> (Vec<u32>, bool) {
        let answer = ndjson(
            max,
            page_size,
            "test",
            move |after: Option<u32>, n| async move {
                let from = after.map_or(0, |a| a + 1);
                if fail_at.is_some_and(|f| from >= f) {
                    return Err(Error::Internal("the page failed".into()));
                }
                let to = (from + u32::try_from(n).unwrap_or(0)).min(10);
                let lines: Vec<u32> = (from..to).collect();
                let next = (to < 10).then(|| to - 1);
                Ok((lines, next))
            },
        );
        match actix_web::body::to_bytes(answer.into_body()).await {
            Ok(bytes) => (
                String::from_utf8_lossy(&bytes)
                    .lines()
                    .map(|l| l.parse().unwrap())
                    .collect(),
                true,
            ),
            Err(_) => (Vec::new(), false),
        }
    }

    #[actix_rt::test]
    async fn pages_follow_the_cursor_and_stop_at_max_or_the_last() {
        assert_eq!(body(100, 3, None).await, ((0..10).collect(), true));
        assert_eq!(body(7, 3, None).await, ((0..7).collect(), true));
        assert_eq!(body(1, 3, None).await, (vec![0], true));
        assert_eq!(body(10, 10, None).await, ((0..10).collect(), true));
    }

    #[actix_rt::test]
    async fn a_page_that_fails_cuts_the_body() {
        assert_eq!(body(100, 3, Some(6)).await, (Vec::new(), false));
    }
}
