//! Accounts: register, log in, guest accounts, the caller's profile.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::error::{ApiError, Problem};
use super::identity::{Caller, Scope};
use super::{blocking, AppState};
use crate::auth;
use crate::store::{self, users};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// 3–32 characters: letters, digits, `_`, `-` and `.`.
    #[schema(example = "ada")]
    pub username: String,
    /// 8–128 characters.
    #[schema(example = "correct horse battery")]
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserView {
    pub id: String,
    /// `null` for a guest account.
    pub username: Option<String>,
    pub is_guest: bool,
    pub created_at: DateTime<Utc>,
}

impl From<&users::User> for UserView {
    fn from(user: &users::User) -> Self {
        UserView {
            id: user.id.clone(),
            username: user.username.clone(),
            is_guest: user.is_guest,
            created_at: user.created_at.and_utc(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Session {
    pub user: UserView,
    /// Send as `Authorization: Bearer <token>`.
    pub token: String,
    #[schema(example = "Bearer")]
    pub token_type: &'static str,
    pub expires_at: DateTime<Utc>,
}

fn session(state: &AppState, user: &users::User) -> Result<Session, ApiError> {
    let now = auth::unix_now();
    let token = state
        .tokens
        .issue(&user.id, now)
        .map_err(|e| ApiError::internal("issuing a token", e))?;
    let expires = now + state.tokens.ttl_seconds();
    Ok(Session {
        user: user.into(),
        token,
        token_type: "Bearer",
        expires_at: DateTime::from_timestamp(expires as i64, 0).unwrap_or_default(),
    })
}

fn validate(credentials: &Credentials) -> Result<(), ApiError> {
    let name = &credentials.username;
    let name_ok = (3..=32).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if !name_ok {
        return Err(ApiError::invalid_request(
            "A username has 3 to 32 characters: letters, digits, '_', '-' and '.'.",
        ));
    }
    let password = &credentials.password;
    if !(10..=128).contains(&password.chars().count()) {
        return Err(ApiError::invalid_request(
            "A password has 10 to 128 characters.",
        ));
    }
    if password.chars().any(char::is_control) {
        return Err(ApiError::invalid_request(
            "A password cannot contain control characters (such as tabs or line breaks).",
        ));
    }
    let plain: String = password.to_lowercase();
    if COMMON_PASSWORDS.contains(&plain.as_str()) || plain.contains(&name.to_lowercase()) {
        return Err(ApiError::invalid_request_code(
            "weak_password",
            "That password is too easy to guess (a common password, or one containing the \
             username): choose another.",
        ));
    }
    Ok(())
}

/// Passwords of ten characters or more that lists of leaked passwords start with.
const COMMON_PASSWORDS: &[&str] = &[
    "1234567890",
    "12345678910",
    "123456789a",
    "0123456789",
    "0987654321",
    "1111111111",
    "1q2w3e4r5t",
    "1qaz2wsx3edc",
    "abcdefghij",
    "abcd123456",
    "iloveyou12",
    "password12",
    "password123",
    "password1234",
    "passw0rd123",
    "qwertyuiop",
    "qwerty1234",
    "qwerty12345",
    "qwerty123456",
    "asdfghjkl1",
    "zxcvbnm123",
    "letmein123",
    "welcome123",
    "football123",
    "monkey1234",
    "sunshine12",
    "princess12",
    "dragon1234",
    "baseball123",
    "spidersolitaire",
    "solitaire1",
    "solitaire123",
];

/// Create an account and sign in.
#[utoipa::path(
    tag = "auth",
    operation_id = "register",
    request_body = Credentials,
    security(()),
    responses(
        (status = 201, description = "The account and a token", body = Session),
        (status = 400, description = "Username or password not acceptable: a username has 3 to 32 letters, digits, '_', '-' or '.'; a password 10 to 128 characters without control characters (`invalid_request`), and not a common one or one containing the username (`weak_password`)", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "The username is taken, whatever its case (`username_taken`)", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Too many passwords being checked at once (`auth_busy`); retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[post("/auth/register")]
pub async fn register(
    state: web::Data<AppState>,
    body: web::Json<Credentials>,
) -> Result<HttpResponse, ApiError> {
    let credentials = body.into_inner();
    validate(&credentials)?;
    let password = credentials.password.clone();
    let hash = state
        .hashing
        .run(move || auth::hash_password(&password))
        .await
        .map_err(|_| hashing_busy())?
        .map_err(|e| ApiError::internal("hashing a password", e))?;
    let db = state.db.clone();
    let user = blocking(move || {
        let user = users::User {
            id: uuid::Uuid::new_v4().to_string(),
            username: Some(credentials.username),
            password_hash: Some(hash),
            is_guest: false,
            created_at: store::now(),
        };
        match db.write(move |conn| users::insert(conn, &user).map(|_| user)) {
            Err(e) if e.is_unique_violation() => Err(ApiError::conflict(
                "username_taken",
                "That username is taken: choose another.",
            )),
            other => other.map_err(ApiError::from),
        }
    })
    .await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(session(&state, &user)?))
}

/// Sign in with a username and password.
#[utoipa::path(
    tag = "auth",
    operation_id = "login",
    request_body = Credentials,
    security(()),
    responses(
        (status = 200, description = "A token", body = Session),
        (status = 401, description = "Wrong username or password (`invalid_credentials`)", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "Too many sign-in attempts for this username (`too_many_attempts`, `LOGIN_ATTEMPTS_PER_MINUTE`), or for this client (`rate_limited`); retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
        (status = 503, description = "Too many passwords being checked at once (`auth_busy`); retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[post("/auth/login")]
pub async fn login(
    state: web::Data<AppState>,
    body: web::Json<Credentials>,
) -> Result<HttpResponse, ApiError> {
    let credentials = body.into_inner();
    if let Some(limiter) = &state.login_limiter {
        limiter.attempt(&credentials.username)?;
    }
    let db = state.db.clone();
    let username = credentials.username.clone();
    let found = blocking(move || {
        let mut conn = db.conn()?;
        Ok(users::by_username(&mut conn, &username)?)
    })
    .await?;
    // An unknown username costs one verification too: the time tells nothing.
    let user = state
        .hashing
        .run(move || match found {
            Some(u) => {
                let matches = u
                    .password_hash
                    .as_deref()
                    .is_some_and(|hash| auth::verify_password(&credentials.password, hash));
                matches.then_some(u)
            }
            None => {
                auth::verify_against_nothing(&credentials.password);
                None
            }
        })
        .await
        .map_err(|_| hashing_busy())?;
    let user = user.ok_or_else(|| {
        ApiError::unauthorized(
            "invalid_credentials",
            "That username and password do not match an account.",
        )
    })?;
    Ok(HttpResponse::Ok().json(session(&state, &user)?))
}

/// Create a guest account: a token to play right away, no password.
#[utoipa::path(
    tag = "auth",
    operation_id = "createGuest",
    security(()),
    responses(
        (status = 201, description = "A guest account and its token", body = Session),
    )
)]
#[post("/auth/guest")]
pub async fn guest(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let db = state.db.clone();
    let user = blocking(move || {
        let user = users::User {
            id: uuid::Uuid::new_v4().to_string(),
            username: None,
            password_hash: None,
            is_guest: true,
            created_at: store::now(),
        };
        Ok(db.write(move |conn| users::insert(conn, &user).map(|_| user))?)
    })
    .await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(session(&state, &user)?))
}

/// The signed-in caller's profile.
#[utoipa::path(
    tag = "auth",
    operation_id = "getMe",
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "The caller", body = UserView),
        (status = 401, description = "No valid token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "The access token lacks the `games:read` scope (`insufficient_scope`)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/me")]
pub async fn me(state: web::Data<AppState>, caller: Caller) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let db = state.db.clone();
    let user = blocking(move || {
        let mut conn = db.conn()?;
        Ok(users::by_id(&mut conn, &caller.user_id)?)
    })
    .await?;
    let user = user.ok_or_else(unknown_user)?;
    Ok(HttpResponse::Ok().json(UserView::from(&user)))
}

/// A valid token whose account no longer exists.
/// Every turn to hash a password is taken for longer than a sign-in should wait.
fn hashing_busy() -> ApiError {
    ApiError::unavailable(
        "auth_busy",
        "The server is busy checking other passwords: try again in a moment.",
    )
    .with_header(actix_web::http::header::RETRY_AFTER, "1")
}

pub fn unknown_user() -> ApiError {
    ApiError::unauthorized(
        "unknown_user",
        "The account this token was issued for does not exist: sign in again.",
    )
}
