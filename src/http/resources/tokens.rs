//! Personal access tokens: a signed-in user makes named, scoped, expiring tokens for bots and
//! scripts, lists them and revokes them.

use crate::t;
use actix_web::http::StatusCode;
use actix_web::{delete, get, post, web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::identity::{Caller, Scope};
use crate::AppState;

use crate::play::clock::Clock;
use crate::play::tokens::{self as play_tokens, AccessToken, NewToken, MAX_DAYS};

/// What a personal access token may do.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
pub enum ScopeName {
    #[serde(rename = "games:read")]
    GamesRead,
    #[serde(rename = "games:write")]
    GamesWrite,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"name": "chat bot", "scopes": ["games:read", "games:write"], "expires_in_days": 30, "password": "correct horse battery"}))]
pub struct CreateToken {
    /// The account's password: a session alone (which may have been stolen) cannot make a
    /// long-lived token. Guest accounts have none, so they cannot make tokens.
    pub password: String,
    #[schema(schema_with = crate::edge::contract::token_name)]
    pub name: String,
    /// `games:read` (read games, boards, hints, events, records) and/or `games:write`
    /// (create and play games; includes `games:read`).
    #[schema(value_type = Vec<ScopeName>, min_items = 1)]
    pub scopes: Vec<String>,
    /// Lifetime in days, 1–90 (default 30).
    #[schema(minimum = 1, maximum = 90)]
    #[serde(default, deserialize_with = "crate::edge::contract::whole::optional")]
    pub expires_in_days: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TokenView {
    pub id: String,
    pub name: String,
    #[schema(value_type = Vec<ScopeName>, example = json!(["games:read", "games:write"]))]
    pub scopes: Vec<String>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
    /// Neither revoked nor expired.
    pub active: bool,
    /// For an app you let in (OAuth): the name the app gave itself (not checked by this
    /// service); null for a token you made by hand.
    pub client_id: Option<String>,
    /// When it was last used, to the hour; null if never.
    pub last_used_at: Option<DateTime<Utc>>,
}

impl TokenView {
    fn of(row: &AccessToken, clock: &Clock) -> TokenView {
        TokenView {
            id: row.id.clone(),
            name: row.name.clone(),
            scopes: row.scopes.split_whitespace().map(str::to_string).collect(),
            created_at: row.created_at.and_utc(),
            expires_at: row.expires_at.and_utc(),
            revoked_at: row.revoked_at.map(|t| t.and_utc()),
            active: play_tokens::active(row, clock),
            client_id: row.client_id.clone(),
            last_used_at: row.last_used_at.map(|t| t.and_utc()),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedToken {
    #[serde(flatten)]
    pub info: TokenView,
    /// The token itself, shown only this once: send it as `Authorization: Bearer <token>`.
    #[schema(example = "spider_pat_3f9c2a7d1e0b4c68_2Qk…")]
    pub token: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TokenList {
    pub tokens: Vec<TokenView>,
}

/// Create a personal access token.
///
/// Needs a session token (not another access token). The answer holds the token once; only
/// a hash of it is kept.
#[utoipa::path(
    tag = "auth",
    operation_id = "createAccessToken",
    request_body = CreateToken,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The new token (shown once)", body = CreatedToken),
        (status = 400, description = "Bad name, scope or lifetime"),
        (status = 403, description = "An access token cannot create tokens (`session_required`); the password is wrong (`wrong_password`); a guest account has no password (`guest_account`)"),
        (status = 409, description = "Too many active tokens (`too_many_tokens`)"),
        (status = 429, description = "Too many password attempts for this account (`too_many_attempts`)",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
        (status = 503, description = "Too many passwords being checked at once (`auth_busy`)",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[post("/users/me/tokens")]
pub async fn create_token(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<CreateToken>,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, ApiError> {
    caller.require_session()?;
    let body = body.into_inner();
    let name = crate::edge::contract::check(
        &crate::edge::contract::TOKEN_NAME,
        &body.name,
        t!("token-name-shape"),
    )?
    .trim()
    .to_string();
    if body.scopes.is_empty() {
        return Err(ApiError::invalid_request(t!("token-no-scopes")));
    }
    let mut scopes = Vec::new();
    for s in &body.scopes {
        let scope: Scope = s.parse().map_err(|_| {
            ApiError::invalid_request(t!(
                "oauth-unknown-scope",
                scope = s.chars().take(64).collect::<String>()
            ))
        })?;
        if !scopes.contains(&scope) {
            scopes.push(scope);
        }
    }
    scopes.sort();
    let days = body.expires_in_days.unwrap_or(30);
    if !(1..=MAX_DAYS).contains(&days) {
        return Err(ApiError::invalid_request(t!(
            "token-expiry",
            max = MAX_DAYS
        )));
    }
    super::accounts::password_attempt(&state, &caller.user_id, &req).await?;
    let new = NewToken {
        name,
        scopes: scopes.iter().map(|s| s.name()).collect(),
        days,
    };
    let made = state
        .accounts
        .create_token(&caller.user_id, body.password, new)
        .await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(CreatedToken {
        info: TokenView::of(&made.row, &state.play.clock),
        token: made.token,
    }))
}

/// Your personal access tokens, newest first (never the tokens themselves): those you made and
/// those of apps you let in ("apps with access", with their `client_id`).
#[utoipa::path(
    tag = "auth",
    operation_id = "listAccessTokens",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Your tokens", body = TokenList),
        (status = 403, description = "Needs a session token (`session_required`)"),
    )
)]
#[get("/users/me/tokens")]
pub async fn list_tokens(
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    caller.require_session()?;
    let rows = state.accounts.tokens(&caller.user_id).await?;
    Ok(HttpResponse::Ok().json(TokenList {
        tokens: rows
            .iter()
            .map(|row| TokenView::of(row, &state.play.clock))
            .collect(),
    }))
}

/// Revoke one of your personal access tokens: it stops working at once. Revoking a revoked
/// token again is harmless.
#[utoipa::path(
    tag = "auth",
    operation_id = "revokeAccessToken",
    params(("id" = String, Path, description = "Token id")),
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Revoked"),
        (status = 403, description = "Needs a session token (`session_required`)"),
        (status = 404, description = "No such token among yours"),
    )
)]
#[delete("/users/me/tokens/{id}")]
pub async fn revoke_token(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    caller.require_session()?;
    state.accounts.revoke_token(&caller.user_id, &id).await?;
    Ok(HttpResponse::NoContent().finish())
}
