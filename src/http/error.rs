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
                DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand,
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

impl From<crate::play::Error> for ApiError {
    /// The one place a domain refusal becomes a status code and a sentence.
    fn from(e: crate::play::Error) -> Self {
        use crate::play::Error;
        match e {
            Error::GameNotFound => Self::game_not_found(),
            Error::UnknownUser => Self::unauthorized(
                "unknown_user",
                "The account this token was issued for does not exist: sign in again.",
            ),
            Error::Stale { current } => Self::version_conflict(current),
            Error::KeyReused => Self::key_reused(),
            Error::Contended => Self::conflict(
                "concurrent_update",
                "Other requests kept changing this game at the same moment; nothing was \
                 applied. Please retry.",
            ),
            Error::Illegal(reason) => Self::illegal(reason),
            Error::DailyClosed => Self::conflict(
                "daily_closed",
                "This daily challenge ended at midnight UTC: its ranked attempt can no longer \
                 be played.",
            ),
            Error::RankedAttemptInProgress => Self::conflict(
                "ranked_attempt_in_progress",
                "Your ranked attempt at today's challenge is still in progress: finish or \
                 resign it before starting a practice attempt.",
            ),
            Error::ActionLimit { limit } => Self::conflict(
                "action_limit",
                format!(
                    "This game has reached the limit of {limit} actions: it can only be \
                     resigned now. Start a new game (or restart this deal) to play on."
                ),
            ),
            Error::RoundNotStarted => Self::conflict(
                "round_not_started",
                "This race round has not started yet: its game opens when the countdown ends.",
            ),
            Error::RaceGame => Self::conflict(
                "race_game",
                "A race game cannot be restarted: everyone in the race plays one game of the \
                 deal.",
            ),
            Error::WinnableUnavailable {
                difficulty,
                proving,
            } => {
                let detail = if proving {
                    format!(
                        "No proven {} deal of this kind is ready yet; the server is proving \
                         some now. Try again in a few seconds.",
                        difficulty.name()
                    )
                } else {
                    format!(
                        "No proven {} deal of this kind is ready, and none is being proven now \
                         (this server proves deals of a few kinds at a time, or none). Try the \
                         standard rules, or again later.",
                        difficulty.name()
                    )
                };
                Self::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "winnable_deal_unavailable",
                    "No winnable deal ready",
                    detail,
                )
                .with_header(header::RETRY_AFTER, "5")
            }
            Error::WinnableQuota {
                limit,
                retry_after_s,
            } => Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "winnable_quota",
                "Too many winnable games",
                format!(
                    "You have started {limit} games on proven winnable deals in the last hour, \
                     as many as one player may: try again in {retry_after_s} second(s), or start \
                     an ordinary game meanwhile."
                ),
            )
            .with_header(header::RETRY_AFTER, retry_after_s.to_string()),
            Error::Credentials(problem) => {
                use crate::play::accounts::CredentialProblem as P;
                match problem {
                    P::Username => Self::invalid_request(
                        "A username has 3 to 32 characters: letters, digits, '_', '-' and '.'.",
                    ),
                    P::PasswordLength => {
                        Self::invalid_request("A password has 10 to 128 characters.")
                    }
                    P::PasswordControl => Self::invalid_request(
                        "A password cannot contain control characters (such as tabs or line \
                         breaks).",
                    ),
                    P::PasswordWeak => Self::invalid_request_code(
                        "weak_password",
                        "That password is too easy to guess (a common password, or one \
                         containing the username): choose another.",
                    ),
                }
            }
            Error::UsernameTaken => {
                Self::conflict("username_taken", "That username is taken: choose another.")
            }
            Error::InvalidCredentials => Self::unauthorized(
                "invalid_credentials",
                "That username and password do not match an account.",
            ),
            Error::WrongPassword => Self::new(
                StatusCode::FORBIDDEN,
                "wrong_password",
                "Forbidden",
                "The password given is not this account's password.",
            ),
            Error::GuestAccount => Self::new(
                StatusCode::FORBIDDEN,
                "guest_account",
                "Forbidden",
                "A guest account has no password: give it a username and password first \
                 (POST /v1/users/me/upgrade).",
            ),
            Error::PasswordRequired => Self::invalid_request_code(
                "password_required",
                "This needs your account's password (`password`): a signed-in session alone \
                 cannot let an app in or link a chat identity.",
            ),
            Error::GuestCannotApprove => Self::new(
                StatusCode::FORBIDDEN,
                "guest_account",
                "Forbidden",
                "A guest account cannot let apps in: give it a username and password first \
                 (POST /v1/users/me/upgrade).",
            ),
            Error::NotAGuest => Self::conflict(
                "not_a_guest",
                "This account already has a username and password: only a guest account can \
                 be upgraded.",
            ),
            Error::AuthBusy => Self::unavailable(
                "auth_busy",
                "The server is busy checking other passwords: try again in a moment.",
            )
            .with_header(header::RETRY_AFTER, "1"),
            Error::SessionEnded => Self::unauthorized(
                "session_ended",
                "This session has ended (signed out, signed out everywhere, or the password \
                 changed): sign in again.",
            ),
            Error::RaceNotFound => Self::not_found("There is no race with that code."),
            Error::RaceFull => Self::conflict(
                "race_full",
                format!(
                    "This race already seats {} players.",
                    crate::domain::race::MAX_SEATS
                ),
            ),
            Error::NotHost => Self::new(
                StatusCode::FORBIDDEN,
                "not_host",
                "Forbidden",
                "Only the race's host can start a round or remove a seat.",
            ),
            Error::RoundInProgress {
                another_start: false,
            } => Self::conflict(
                "round_in_progress",
                "The current round is still on: a new one starts once every player has \
                 finished or quit, or 60 minutes after its start.",
            ),
            Error::RoundInProgress {
                another_start: true,
            } => Self::conflict(
                "round_in_progress",
                "Another start of this race got in first.",
            ),
            Error::NotRacing => Self::conflict(
                "not_racing",
                "You have no part in a running round of this race (a player who joined during a \
                 round plays from the next one).",
            ),
            Error::OAuthRequest(sentence) => Self::invalid_request(sentence),
            Error::GuestHasNoProfile => Self::new(
                StatusCode::FORBIDDEN,
                "guest_account",
                "Forbidden",
                "A guest account has no public profile: sign up (POST /v1/users/me/upgrade \
                 keeps everything) to have one.",
            ),
            Error::ProfileNotFound => Self::not_found(
                "There is no public profile by that name (guests have none, and a player may \
                 hide theirs).",
            ),
            Error::TooManyGames { most } => Self::conflict(
                "too_many_games",
                format!(
                    "You already have {most} games in progress, as many as one player may: \
                     finish or resign one (GET /v1/users/me/games lists them), then start \
                     another."
                ),
            ),
            Error::SeatNameTaken => Self::conflict(
                "name_taken",
                "Another seat in this room already shows that name (case and spaces aside): \
                 join under another name.",
            ),
            Error::SeatNameReserved => Self::conflict(
                "name_reserved",
                "Names such as \"CPU 1\" are the room's CPU players': join under another name.",
            ),
            Error::SeatNotFound => Self::not_found("There is no such seat in this race."),
            Error::HostSeat => Self::conflict(
                "host_seat",
                "The host's seat stays with the room: the host can neither leave nor be removed.",
            ),
            Error::SeatInRound => Self::conflict(
                "seat_in_round",
                "This seat plays the round in progress: it can be freed once the round is over \
                 (a player can quit it first).",
            ),
            Error::NotSeated => Self::conflict(
                "not_seated",
                "You have no seat in this race: there is nothing to leave.",
            ),
            Error::AlreadyDone => Self::conflict(
                "already_done",
                "Your part in this round is over (you finished or quit): there is nothing to \
                 quit.",
            ),
            Error::AccountRequired => Self::new(
                StatusCode::FORBIDDEN,
                "account_required",
                "Forbidden",
                "Ranked races are for registered players: sign up (a guest can keep \
                 everything with POST /v1/users/me/upgrade), then join.",
            ),
            Error::GuestCannotImport => Self::new(
                StatusCode::FORBIDDEN,
                "guest_account",
                "Forbidden",
                "A guest account cannot import games: give it a username and password first \
                 (POST /v1/users/me/upgrade).",
            ),
            Error::ImportAllowance {
                allowance,
                asked,
                retry_after_s,
            } => Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "import_allowance",
                "Too many imported actions",
                if asked as u64 > u64::from(allowance) {
                    format!(
                        "This export holds {asked} actions, more than the {allowance} one account \
                         may import in an hour: it cannot be imported here."
                    )
                } else {
                    format!(
                        "An account may import {allowance} actions an hour, all its imports \
                         together, and this one's {asked} would go past that: try again in \
                         {retry_after_s} second(s)."
                    )
                },
            )
            .with_header(header::RETRY_AFTER, retry_after_s.to_string()),
            Error::TooManyTokens { max } => Self::conflict(
                "too_many_tokens",
                format!("You already have {max} active tokens: revoke one first."),
            ),
            Error::TokenNotFound => {
                Self::not_found("There is no access token with that id among yours.")
            }
            Error::GuestCannotLink => Self::new(
                StatusCode::FORBIDDEN,
                "guest_account",
                "Forbidden",
                "A guest account cannot link chat identities: give it a username and password \
                 first (POST /v1/users/me/upgrade).",
            ),
            Error::ChatReplayed => Self::new(
                StatusCode::UNAUTHORIZED,
                "replayed_request",
                "Unauthorized",
                "This signed request was answered before: a request is accepted once.",
            ),
            Error::ChatCodeInvalid => Self::new(
                StatusCode::BAD_REQUEST,
                "invalid_link_code",
                "Invalid link code",
                "That link code is unknown, used or expired: make a new one in your account \
                 (it lasts 10 minutes and works once).",
            ),
            Error::ChatLinkNotFound => {
                Self::not_found("There is no chat link with that id among yours.")
            }
            Error::ChatAlreadyLinked { username } => Self::conflict(
                "already_linked",
                format!(
                    "This chat identity already plays as {username}: unlink it first to link \
                     another account."
                ),
            ),
            Error::ChatNotLinked => Self::conflict(
                "not_linked",
                "This chat identity plays as the account made for it: there is no link to undo.",
            ),
            Error::TooManyChatLinks { max } => Self::conflict(
                "too_many_chat_links",
                format!("Your account has {max} chat identities linked already: remove one first."),
            ),
            Error::SearchBusy => Self::unavailable(
                "search_busy",
                "Every search slot of this server is busy with hints and analyses; nothing was \
                 computed. Try again in a second.",
            )
            .with_header(header::RETRY_AFTER, "1"),
            Error::SearchRunning => Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "search_running",
                "Too many requests",
                "You already have a hint or an analysis being searched: one search at a time per \
                 account, so that everyone gets theirs. Ask again when it has answered.",
            )
            .with_header(header::RETRY_AFTER, "1"),
            Error::AddressSearchesBusy(share) => Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "address_searches_busy",
                "Too many requests",
                format!(
                    "Hints and analyses from your network address already take {share} search \
                     slot(s), as many as one address may hold at once: ask again when one has \
                     answered."
                ),
            )
            .with_header(header::RETRY_AFTER, "1"),
            Error::HintsDisabled => Self::new(
                StatusCode::FORBIDDEN,
                "hints_disabled",
                "Forbidden",
                "Hints are off in this game's race room.",
            ),
            Error::GameInProgress => Self::conflict(
                "game_in_progress",
                "The game is still being played: its analysis would show the hidden cards. \
                 Finish or resign it first.",
            ),
            Error::DailyNotOver => Self::conflict(
                "daily_not_over",
                "This game plays a daily challenge: its analysis opens once the challenge's day \
                 (UTC) is over, when nobody can play that deal for the day any more.",
            ),
            Error::RaceRoundInProgress => Self::conflict(
                "race_round_in_progress",
                "This game is part of a race round that is still being played: its analysis \
                 opens once the round is over.",
            ),
            Error::Store(e) => e.into(),
            Error::Internal(what) => Self::internal("internal error", what),
        }
    }
}
