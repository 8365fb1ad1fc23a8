//! The one error type of the HTTP layer: RFC 9457 problem details with a stable `code`.

use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

use crate::engine::Illegal;
use crate::i18n::{Lang, Text};
use crate::play::{Failure, StoreError};
use crate::t;

/// RFC 9457 problem details. `code` is stable and machine-readable; `detail` is a sentence a
/// player or integrator understands.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({
    "type": "urn:spider:problem:landing_rank_mismatch",
    "title": "Illegal move",
    "status": 422,
    "detail": "6♥ cannot go on 8♠: only a card one rank lower can.",
    "code": "landing_rank_mismatch"
}))]
pub struct Problem {
    /// A URI naming the kind of problem: `urn:spider:problem:` followed by `code`.
    #[serde(rename = "type")]
    pub type_: String,
    pub title: String,
    pub status: u16,
    pub detail: String,
    /// Stable machine-readable reason, e.g. `illegal_move`, `version_conflict`.
    pub code: String,
    /// For `version_conflict`: the game's version now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_version: Option<i32>,
    /// For a refused chat command: the board as it stands (unchanged), as monospace text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
}

#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    /// A short summary of the kind of problem (a message id of `refusals.ftl`).
    pub title: &'static str,
    /// What happened and what to do, in a sentence (rendered in the reader's language).
    pub detail: Text,
    pub current_version: Option<i32>,
    /// Boxed so that results carrying a refusal stay small.
    pub board: Option<Box<str>>,
    pub headers: Vec<(HeaderName, String)>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, title: &'static str, detail: Text) -> Self {
        ApiError {
            status,
            code,
            title,
            detail,
            current_version: None,
            board: None,
            headers: Vec::new(),
        }
    }

    pub fn with_header(mut self, name: HeaderName, value: impl Into<String>) -> Self {
        self.headers.push((name, value.into()));
        self
    }

    pub fn invalid_request(detail: Text) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "invalid_request",
            "title-invalid-request",
            detail,
        )
    }

    /// A 400 with its own `code`.
    pub fn invalid_request_code(code: &'static str, detail: Text) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            code,
            "title-invalid-request",
            detail,
        )
    }

    pub fn not_found(detail: Text) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "not_found",
            "title-not-found",
            detail,
        )
    }

    pub fn game_not_found() -> Self {
        Self::not_found(t!("game-not-found"))
    }

    pub fn unauthorized(code: &'static str, detail: Text) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, code, "title-unauthorized", detail)
            .with_header(header::WWW_AUTHENTICATE, "Bearer")
    }

    pub fn forbidden(code: &'static str, detail: Text) -> Self {
        Self::new(StatusCode::FORBIDDEN, code, "title-forbidden", detail)
    }

    pub fn conflict(code: &'static str, detail: Text) -> Self {
        Self::new(StatusCode::CONFLICT, code, "title-conflict", detail)
    }

    pub fn version_conflict(current: i32) -> Self {
        let mut e = Self::new(
            StatusCode::PRECONDITION_FAILED,
            "version_conflict",
            "title-version-conflict",
            t!("version-conflict", version = current),
        );
        e.current_version = Some(current);
        e
    }

    pub fn internal(context: &str, error: impl std::fmt::Display) -> Self {
        tracing::error!(%error, "{context}");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal_error",
            "title-internal-error",
            t!("internal-error"),
        )
    }

    pub fn key_reused() -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "idempotency_key_reused",
            "title-key-reused",
            t!("idempotency-key-reused"),
        )
    }

    pub fn unavailable(code: &'static str, detail: Text) -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            code,
            "title-unavailable",
            detail,
        )
    }

    pub fn too_many(code: &'static str, detail: Text) -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            code,
            "title-too-many-requests",
            detail,
        )
    }

    /// An action the rules refuse: the engine's reason as `code`, its sentence as `detail`.
    pub fn illegal(reason: Illegal) -> Self {
        let (status, title) = match reason {
            Illegal::GameOver => (StatusCode::CONFLICT, "title-game-over"),
            // Not a misplayed card: the game's state (a card shown) rules the undo out.
            Illegal::UndoWouldHideCard => (StatusCode::CONFLICT, "title-undo-would-hide-card"),
            _ => (StatusCode::UNPROCESSABLE_ENTITY, "title-illegal-action"),
        };
        Self::new(status, reason.code(), title, super::board::illegal(&reason))
    }

    /// The problem in `lang`: the same `type`, `status` and `code`, the words translated.
    pub fn problem_in(&self, lang: Lang) -> Problem {
        Problem {
            type_: format!("urn:spider:problem:{}", self.code),
            title: Text::new(self.title).render(lang),
            status: self.status.as_u16(),
            detail: self.detail.render(lang),
            code: self.code.to_string(),
            current_version: self.current_version,
            board: self.board.as_deref().map(str::to_string),
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}: {}",
            self.status.as_u16(),
            self.code,
            self.detail.render(Lang::En)
        )
    }
}

impl ApiError {
    /// The answer in `lang` (`http::language` calls it with the request's language).
    pub fn response_in(&self, lang: Lang) -> HttpResponse {
        let mut response = HttpResponse::build(self.status);
        response.insert_header((
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/problem+json"),
        ));
        for (name, value) in &self.headers {
            if let Ok(value) = HeaderValue::from_str(value) {
                response.insert_header((name.clone(), value));
            }
        }
        response.body(serde_json::to_string(&self.problem_in(lang)).unwrap_or_default())
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        self.response_in(Lang::En)
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e.failure() {
            Failure::Busy => Self::unavailable("writes_busy", t!("writes-busy"))
                .with_header(header::RETRY_AFTER, "1"),
            Failure::LostMidWrite => {
                tracing::error!(error = %e, "database lost during a write");
                Self::unavailable("database_unavailable", t!("database-lost-mid-write"))
                    .with_header(header::RETRY_AFTER, "1")
            }
            Failure::Unavailable => {
                tracing::error!(error = %e, "database unavailable");
                Self::unavailable("database_unavailable", t!("database-unavailable"))
                    .with_header(header::RETRY_AFTER, "1")
            }
            Failure::KeyReused => Self::key_reused(),
            Failure::Other => Self::internal("database error", e),
        }
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        Self::internal("blocking task failed", e)
    }
}

impl From<crate::engine::BadSuitCount> for ApiError {
    fn from(_: crate::engine::BadSuitCount) -> Self {
        Self::invalid_request(t!("bad-suit-count"))
    }
}
