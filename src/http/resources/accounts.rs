//! Accounts: register, log in, guest accounts, the caller's profile.

use crate::domain::UserId;
use crate::t;
use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::identity::{Caller, Scope};
use crate::play::accounts::User;
use crate::play::identity::Claims;
use crate::AppState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    #[schema(schema_with = crate::edge::contract::username)]
    pub username: String,
    #[schema(schema_with = crate::edge::contract::password)]
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserView {
    pub id: String,
    /// `null` for a guest account.
    pub username: Option<String>,
    pub is_guest: bool,
    pub created_at: DateTime<Utc>,
    /// The public profile (`GET /v1/users/{username}`) is hidden.
    pub profile_hidden: bool,
    /// The language chosen for the web page (`PUT /v1/users/me/profile`); `null`: the
    /// browser's.
    #[schema(value_type = Option<super::profiles::LanguageTag>)]
    pub language: Option<String>,
}

impl From<&User> for UserView {
    fn from(user: &User) -> Self {
        UserView {
            id: user.id.to_string(),
            username: user.username.clone(),
            is_guest: user.is_guest,
            created_at: user.created_at.and_utc(),
            profile_hidden: user.profile_hidden,
            language: user.language.clone(),
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

impl From<crate::play::accounts::Session> for Session {
    fn from(session: crate::play::accounts::Session) -> Self {
        Session {
            user: (&session.user).into(),
            token: session.token,
            token_type: "Bearer",
            expires_at: DateTime::from_timestamp(session.expires.min(i64::MAX as u64) as i64, 0)
                .unwrap_or_default(),
        }
    }
}

/// Create an account and sign in.
#[utoipa::path(
    tag = "auth",
    operation_id = "register",
    request_body = Credentials,
    security(()),
    responses(
        (status = 201, description = "The account and a token", body = Session),
        (status = 400, description = "Username or password not acceptable: a username has 3 to 32 letters, digits, '_', '-' or '.'; a password 10 to 128 characters without control characters (`invalid_request`), and not a common one or one containing the username (`weak_password`)"),
        (status = 409, description = "The username is taken, whatever its case (`username_taken`)"),
        (status = 429, description = "Too many new accounts from this address (an IPv6 /64 block) this hour (`too_many_attempts`, `REGISTRATIONS_PER_HOUR`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
        (status = 503, description = "Too many passwords being checked at once (`auth_busy`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[post("/auth/register")]
pub async fn register(
    state: web::Data<AppState>,
    body: web::Json<Credentials>,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let Credentials { username, password } = body.into_inner();
    if let Some(limiter) = &state.limits.registrations {
        let block =
            crate::edge::ratelimit::client_block(&req, state.serving.client_ip_header.as_ref());
        limiter.count(&format!("addr:{block}"), t!("attempts-new-accounts"))?;
    }
    let session = state.accounts.register(username, password).await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(Session::from(session)))
}

/// Sign in with a username and password.
#[utoipa::path(
    tag = "auth",
    operation_id = "login",
    request_body = Credentials,
    security(()),
    responses(
        (status = 200, description = "A token", body = Session),
        (status = 401, description = "Wrong username or password (`invalid_credentials`)"),
        (status = 429, description = "Too many password guesses at this account from this address, or from all addresses (`too_many_attempts`, `LOGIN_ATTEMPTS_PER_MINUTE`), or for this client (`rate_limited`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
        (status = 503, description = "Too many passwords being checked at once (`auth_busy`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[post("/auth/login")]
pub async fn login(
    state: web::Data<AppState>,
    body: web::Json<Credentials>,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let credentials = body.into_inner();
    if let Some(limiter) = &state.limits.passwords {
        let address =
            crate::edge::ratelimit::client_block(&req, state.serving.client_ip_header.as_ref());
        limiter.guess(&credentials.username, &address)?;
    }
    let session = state
        .accounts
        .login(credentials.username, credentials.password)
        .await?;
    Ok(HttpResponse::Ok().json(Session::from(session)))
}

/// Create a guest account: a token to play right away, no password.
#[utoipa::path(
    tag = "auth",
    operation_id = "createGuest",
    security(()),
    responses(
        (status = 201, description = "A guest account and its token", body = Session),
        (status = 429, description = "Too many new guest accounts from this address (an IPv6 /64 block; `too_many_attempts`, `GUESTS_PER_MINUTE`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[post("/auth/guest")]
pub async fn guest(
    state: web::Data<AppState>,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, ApiError> {
    if let Some(limiter) = &state.limits.guests {
        let block =
            crate::edge::ratelimit::client_block(&req, state.serving.client_ip_header.as_ref());
        limiter.count(&format!("addr:{block}"), t!("attempts-new-guests"))?;
    }
    let session = state.accounts.guest().await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(Session::from(session)))
}

/// The signed-in caller's profile.
#[utoipa::path(
    tag = "auth",
    operation_id = "getMe",
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "The caller", body = UserView),
    )
)]
#[get("/me")]
pub async fn me(state: web::Data<AppState>, caller: Caller) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let user = state.accounts.user(&caller.user_id).await?;
    Ok(HttpResponse::Ok().json(UserView::from(&user)))
}

/// The claims of the caller's session token, or 403 `session_required`.
pub(super) fn session_claims(caller: &Caller) -> Result<&Claims, ApiError> {
    caller.require_session()?;
    caller
        .session
        .as_ref()
        .ok_or_else(|| ApiError::internal("a session caller", "without the claims of its token"))
}

/// Sign out: end this session (the token in the request stops working at once).
#[utoipa::path(
    tag = "auth",
    operation_id = "logout",
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Signed out: this token no longer works"),
        (status = 403, description = "An access token is not a session (`session_required`): revoke it instead"),
    )
)]
#[post("/auth/logout")]
pub async fn logout(state: web::Data<AppState>, caller: Caller) -> Result<HttpResponse, ApiError> {
    let claims = session_claims(&caller)?;
    state.accounts.sign_out(claims).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Sign out everywhere: end every session of the account, this one included, every app's
/// token (those the account let in through `/v1/oauth/approve`) and every linked chat
/// identity: what a stolen session could have let in ends with it. Personal access tokens
/// made by hand (which needed the password) keep working until revoked or expired.
#[utoipa::path(
    tag = "auth",
    operation_id = "logoutAll",
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Every session, app token and chat link ended: no session token issued before works"),
        (status = 403, description = "An access token cannot sign the account out (`session_required`)"),
    )
)]
#[post("/auth/logout-all")]
pub async fn logout_all(
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    session_claims(&caller)?;
    state.accounts.sign_out_everywhere(&caller.user_id).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    /// The account's password now.
    pub current_password: String,
    #[schema(schema_with = crate::edge::contract::password)]
    pub new_password: String,
    /// Keep the apps let in and the chat identities linked (default: they end with the
    /// sessions, in case a stolen session let them in).
    #[serde(default)]
    pub keep_apps: bool,
}

/// Change the password. Every session ends (this one too): the answer holds a new session.
/// Every app's token and every linked chat identity end too, unless `keep_apps` is true.
#[utoipa::path(
    tag = "auth",
    operation_id = "changePassword",
    request_body = PasswordChange,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Changed; every earlier session has ended, and (unless `keep_apps`) every app's token and chat link. A new session", body = Session),
        (status = 400, description = "The new password is not acceptable (`invalid_request`, `weak_password`)"),
        (status = 403, description = "The current password is wrong (`wrong_password`); a guest has none (`guest_account`); an access token cannot do this (`session_required`)"),
        (status = 429, description = "Too many password attempts for this account (`too_many_attempts`)",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
        (status = 503, description = "Too many passwords being checked at once (`auth_busy`)",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[post("/users/me/password")]
pub async fn change_password(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<PasswordChange>,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, ApiError> {
    session_claims(&caller)?;
    password_attempt(&state, &caller.user_id, &req).await?;
    let PasswordChange {
        current_password,
        new_password,
        keep_apps,
    } = body.into_inner();
    let session = state
        .accounts
        .change_password(&caller.user_id, current_password, new_password, keep_apps)
        .await?;
    Ok(HttpResponse::Ok().json(Session::from(session)))
}

/// Count an attempt at `user_id`'s password (a password change, a new access token) in the
/// same budget as sign-in attempts at that account: a stolen session cannot guess the password
/// quickly either, nor add guesses to those sign-in allows.
pub async fn password_attempt(
    state: &AppState,
    user_id: &UserId,
    req: &actix_web::HttpRequest,
) -> Result<(), ApiError> {
    let Some(limiter) = state.limits.passwords.clone() else {
        return Ok(());
    };
    let address =
        crate::edge::ratelimit::client_block(req, state.serving.client_ip_header.as_ref());
    let user = match state.accounts.user(user_id).await {
        Ok(user) => Some(user),
        Err(crate::play::Error::Account(crate::play::AccountError::UnknownUser)) => None,
        Err(e) => return Err(e.into()),
    };
    // Usernames cannot hold ':', so `user:…` is no one's username.
    let account = user
        .and_then(|u| u.username)
        .unwrap_or_else(|| format!("user:{user_id}"));
    limiter.guess(&account, &address)
}

/// Turn this guest account into a full account with a username and password. It keeps its
/// id and so its games, records and ratings. The guest's tokens end: the answer holds a new
/// session.
#[utoipa::path(
    tag = "auth",
    operation_id = "upgradeGuest",
    request_body = Credentials,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The account, now with a username, and a new session", body = Session),
        (status = 400, description = "Username or password not acceptable (`invalid_request`, `weak_password`)"),
        (status = 403, description = "An access token cannot do this (`session_required`)"),
        (status = 409, description = "The username is taken (`username_taken`), or this account is not a guest (`not_a_guest`)"),
        (status = 429, description = "Too many new accounts from this address (an IPv6 /64 block) this hour: an upgrade counts as a registration (`too_many_attempts`, `REGISTRATIONS_PER_HOUR`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
        (status = 503, description = "Too many passwords being hashed at once (`auth_busy`)",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[post("/users/me/upgrade")]
pub async fn upgrade(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<Credentials>,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, ApiError> {
    session_claims(&caller)?;
    let Credentials { username, password } = body.into_inner();
    // A guest made a registered account counts as a registration: guests (many a minute)
    // upgraded do not get round the address's hourly share of new accounts.
    if let Some(limiter) = &state.limits.registrations {
        let block =
            crate::edge::ratelimit::client_block(&req, state.serving.client_ip_header.as_ref());
        limiter.count(&format!("addr:{block}"), t!("attempts-new-accounts"))?;
    }
    let session = state
        .accounts
        .upgrade(&caller.user_id, username, password)
        .await?;
    Ok(HttpResponse::Ok().json(Session::from(session)))
}
