//! The bounded search pool (`crate::play::searches`) as HTTP answers it when full.

use actix_web::http::{header, StatusCode};
use actix_web::{HttpRequest, HttpResponse, ResponseError};

use super::error::ApiError;
use super::identity::Caller;
use super::AppState;

pub use crate::play::searches::{SearchPool, Searcher, Slot};

/// Who asks for a search: the caller's account and the request's client address.
pub fn searcher(state: &AppState, caller: &Caller, req: &HttpRequest) -> Searcher {
    Searcher {
        account: caller.user_id.clone(),
        address: super::ratelimit::client_address(req, state.client_ip_header.as_ref()),
    }
}

/// The refusal when the caller's account already has a search running.
pub fn running() -> ApiError {
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "search_running",
        "Too many requests",
        "You already have a hint or an analysis being searched: one search at a time per \
         account, so that everyone gets theirs. Ask again when it has answered.",
    )
    .with_header(header::RETRY_AFTER, "1")
}

/// The refusal when the caller's address holds its share of the search slots.
pub fn address_busy(share: usize) -> ApiError {
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "address_searches_busy",
        "Too many requests",
        format!(
            "Hints and analyses from your network address already take {share} search slot(s), \
             as many as one address may hold at once: ask again when one has answered."
        ),
    )
    .with_header(header::RETRY_AFTER, "1")
}

/// The refusal when every search slot is taken.
pub fn busy() -> ApiError {
    ApiError::unavailable(
        "search_busy",
        "Every search slot of this server is busy with hints and analyses; nothing was \
         computed. Try again in a second.",
    )
    .with_header(header::RETRY_AFTER, "1")
}

/// [`busy`] as a finished response: expected back-pressure, so unlike an error it is not
/// logged once per refused request (a flood would fill the log). Metrics still count it.
pub fn busy_response() -> HttpResponse {
    busy().error_response()
}
