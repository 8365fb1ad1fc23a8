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
