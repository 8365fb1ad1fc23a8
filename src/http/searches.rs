//! The bounded search pool (`crate::play::searches`) as HTTP answers it when full.

use crate::play::SearchError;
use actix_web::{HttpRequest, HttpResponse};

use super::error::ApiError;
use super::identity::Caller;
use super::AppState;

pub use crate::play::searches::{SearchPool, Searcher, Slot};

/// Who asks for a search: the caller's account and the request's client address.
pub fn searcher(state: &AppState, caller: &Caller, req: &HttpRequest) -> Searcher {
    Searcher {
        account: caller.user_id.clone(),
        address: super::edge::ratelimit::client_block(req, state.serving.client_ip_header.as_ref()),
    }
}

/// The refusal when every search slot is taken, as a finished response: expected
/// back-pressure, so unlike an error it is not logged once per refused request (a flood would
/// fill the log). Metrics still count it. In the request's language.
pub fn busy_response(req: &HttpRequest) -> HttpResponse {
    ApiError::from(crate::play::Error::Search(SearchError::SearchBusy))
        .response_in(super::edge::language::of_headers(req))
}
