//! The one error type of the HTTP layer: RFC 9457 problem details with a stable `code`.

use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

use crate::engine::Illegal;
use crate::store::StoreError;

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
    pub title: &'static str,
    pub detail: String,
    pub current_version: Option<i32>,
    pub board: Option<String>,
    pub headers: Vec<(HeaderName, String)>,
}

impl ApiError {
    pub fn new(
        status: StatusCode,
        code: &'static str,
        title: &'static str,
        detail: impl Into<String>,
    ) -> Self {
        ApiError {
            status,
            code,
            title,
            detail: detail.into(),
            current_version: None,
            board: None,
            headers: Vec::new(),
        }
    }

    pub fn with_header(mut self, name: HeaderName, value: impl Into<String>) -> Self {
        self.headers.push((name, value.into()));
        self
    }

    pub fn invalid_request(detail: impl Into<String>) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "invalid_request",
            "Invalid request",
            detail,
        )
    }

    /// A 400 with its own `code`.
    pub fn invalid_request_code(code: &'static str, detail: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, "Invalid request", detail)
    }

    pub fn not_found(detail: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", "Not found", detail)
    }

    pub fn game_not_found() -> Self {
        Self::not_found("There is no game with that id among your games.")
    }

    pub fn unauthorized(code: &'static str, detail: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, code, "Unauthorized", detail)
            .with_header(header::WWW_AUTHENTICATE, "Bearer")
    }

    pub fn conflict(code: &'static str, detail: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, code, "Conflict", detail)
    }

    pub fn version_conflict(current: i32) -> Self {
        let mut e = Self::new(
            StatusCode::PRECONDITION_FAILED,
            "version_conflict",
            "Version conflict",
            format!("The game has changed: it is at version {current}. Reload it and try again."),
        );
        e.current_version = Some(current);
        e
    }

    pub fn internal(context: &str, error: impl std::fmt::Display) -> Self {
        tracing::error!(%error, "{context}");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal_error",
            "Internal server error",
            "Something went wrong on our side; nothing was changed. Please try again.",
        )
    }

    pub fn key_reused() -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "idempotency_key_reused",
            "Idempotency key reused",
            "This Idempotency-Key was already used for a different request.",
        )
    }

    pub fn unavailable(code: &'static str, detail: impl Into<String>) -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            code,
            "Service unavailable",
            detail,
        )
    }

    /// An action the rules refuse: the engine's reason as `code`, its sentence as `detail`.
    pub fn illegal(reason: Illegal) -> Self {
        let (status, title) = match reason {
            Illegal::GameOver => (StatusCode::CONFLICT, "Game over"),
            // Not a misplayed card: the game's state (a card shown) rules the undo out.
            Illegal::UndoWouldHideCard => (StatusCode::CONFLICT, "Undo would hide a card"),
            _ => (StatusCode::UNPROCESSABLE_ENTITY, "Illegal action"),
        };
        Self::new(status, reason.code(), title, reason.to_string())
    }

    pub fn problem(&self) -> Problem {
        Problem {
            type_: format!("urn:spider:problem:{}", self.code),
            title: self.title.to_string(),
            status: self.status.as_u16(),
            detail: self.detail.clone(),
            code: self.code.to_string(),
            current_version: self.current_version,
            board: self.board.clone(),
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.status.as_u16(), self.code, self.detail)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
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
        response.body(serde_json::to_string(&self.problem()).unwrap_or_default())
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        use diesel::result::{DatabaseErrorKind, Error as DieselError};
        match e {
            StoreError::Busy => Self::unavailable(
                "writes_busy",
                "Too many actions are waiting to be written; nothing was changed. Please retry.",
            )
            .with_header(header::RETRY_AFTER, "1"),
            StoreError::Unreachable(_) => {
                tracing::error!(error = %e, "database lost during a write");
                Self::unavailable(
                    "database_unavailable",
                    "The connection to the database was lost while this was being written, so \
                     it may or may not have been saved: retry with the same Idempotency-Key, or \
                     read the game first.",
                )
                .with_header(header::RETRY_AFTER, "1")
            }
            StoreError::Pool(_)
            | StoreError::Connection(_)
            | StoreError::Db(DieselError::DatabaseError(
                DatabaseErrorKind::ClosedConnection
                | DatabaseErrorKind::UnableToSendCommand
                | DatabaseErrorKind::ReadOnlyTransaction,
                _,
            )) => {
                tracing::error!(error = %e, "database unavailable");
                Self::unavailable(
                    "database_unavailable",
                    "The database is not reachable right now; nothing was changed. Please retry.",
                )
                .with_header(header::RETRY_AFTER, "1")
            }
            StoreError::KeyReused => Self::key_reused(),
            other => Self::internal("database error", other),
        }
    }
}

impl From<diesel::result::Error> for ApiError {
    fn from(e: diesel::result::Error) -> Self {
        StoreError::from(e).into()
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        Self::internal("blocking task failed", e)
    }
}

impl From<crate::engine::BadSuitCount> for ApiError {
    fn from(_: crate::engine::BadSuitCount) -> Self {
        Self::invalid_request("suits must be 1, 2 or 4.")
    }
}
