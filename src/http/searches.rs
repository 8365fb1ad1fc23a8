//! The bounded search pool (`crate::play::searches`) as HTTP answers it when full.

use actix_web::http::header;
use actix_web::{HttpResponse, ResponseError};

use super::error::ApiError;

pub use crate::play::searches::{SearchPool, Slot};

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
