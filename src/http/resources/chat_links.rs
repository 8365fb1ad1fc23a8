//! A player's chat identities: the one-time code that links a Discord, Slack or Telegram
//! identity to their account (typed in chat as `link CODE`), the list of linked identities,
//! and removing one. A session token only: a link lets a chat identity play as the account.

use crate::t;
use actix_web::http::StatusCode;
use actix_web::{delete, get, post, web, HttpResponse};
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::identity::Caller;
use crate::play::chat as chat_play;
use crate::play::chat::ChatIdentity;
use crate::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"code": "K7QM-2XWD", "expires_at": "2026-12-04T10:10:00Z", "expires_in": 600, "instructions": "Type `/spider link K7QM-2XWD` in Discord or Slack, or send `link K7QM-2XWD` to the Telegram bot, within 10 minutes."}))]
pub struct LinkCode {
    /// The code to type in chat: eight letters and digits (case, spaces and dashes do not
    /// matter). It works once.
    pub code: String,
    pub expires_at: chrono::DateTime<chrono::Utc>,
    /// Seconds until it expires.
    pub expires_in: i64,
    /// What to type, where.
    pub instructions: String,
}

/// What a link code asks for.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"password": "correct horse battery"}))]
pub struct LinkCodeRequest {
    /// The account's password: a session alone (which may have been stolen) cannot let a chat
    /// identity play as the account.
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChatLinkView {
    pub id: String,
    /// `discord`, `slack` or `telegram`.
    pub platform: String,
    /// The Discord server (`dm` for direct messages) or Slack workspace id; empty on Telegram.
    pub workspace: String,
    /// The member's id on the platform.
    pub member: String,
    /// The member's name on the platform when they first wrote to the bot.
    pub name: String,
    pub linked_at: Option<chrono::DateTime<chrono::Utc>>,
}

impl ChatLinkView {
    fn of(row: &ChatIdentity) -> ChatLinkView {
        ChatLinkView {
            id: row.id.clone(),
            platform: row.platform.clone(),
            workspace: row.workspace.clone(),
            member: row.member.clone(),
            name: row.display.clone(),
            linked_at: row.linked_at.map(|t| t.and_utc()),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChatLinkList {
    pub links: Vec<ChatLinkView>,
}

fn utc(at: NaiveDateTime) -> chrono::DateTime<chrono::Utc> {
    at.and_utc()
}

/// A one-time code that links a chat identity to your account: type `link CODE` to the bot
/// (`/spider link CODE` in Discord or Slack) within 10 minutes, and that identity plays as
/// you from then on; the games it played before move to your account. A new code replaces
/// the one before. Registered accounts only (not a guest), with the account's password. A
/// password change (unless `keep_apps`) or signing out everywhere ends every link.
#[utoipa::path(
    tag = "auth",
    operation_id = "createChatLinkCode",
    request_body = LinkCodeRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The code", body = LinkCode),
        (status = 403, description = "Needs a session token (`session_required`); the password is wrong (`wrong_password`); the account is a guest's (`guest_account`)"),
        (status = 429, description = "Too many password attempts for this account (`too_many_attempts`)",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
        (status = 503, description = "Too many passwords being checked at once (`auth_busy`)",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[post("/users/me/chat-links/code")]
pub async fn create_code(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<LinkCodeRequest>,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let version = super::accounts::session_claims(&caller)?.ver;
    super::accounts::password_attempt(&state, &caller.user_id, &req).await?;
    let (code, expires_at) = chat_play::link_code(
        &state.accounts,
        &caller.user_id,
        version,
        body.into_inner().password,
    )
    .await?;
    let expires_in = chat_play::CODE_SECONDS;
    Ok(HttpResponse::build(StatusCode::CREATED).json(LinkCode {
        instructions: t!(
            "chat-link-instructions",
            code = code.as_str(),
            minutes = chat_play::CODE_SECONDS / 60
        )
        .render(crate::edge::language::of_headers(&req)),
        code,
        expires_at: utc(expires_at),
        expires_in,
    }))
}

/// The chat identities linked to your account, oldest first.
#[utoipa::path(
    tag = "auth",
    operation_id = "listChatLinks",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Your linked chat identities", body = ChatLinkList),
        (status = 403, description = "Needs a session token (`session_required`)"),
    )
)]
#[get("/users/me/chat-links")]
pub async fn list_links(
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    caller.require_session()?;
    let rows = chat_play::links(state.play(), &caller.user_id).await?;
    Ok(HttpResponse::Ok().json(ChatLinkList {
        links: rows.iter().map(ChatLinkView::of).collect(),
    }))
}

/// Remove a linked chat identity: it stops playing as you at once (its next command makes it
/// a fresh account). The games stay yours.
#[utoipa::path(
    tag = "auth",
    operation_id = "removeChatLink",
    params(("id" = String, Path, description = "Chat link id")),
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Removed"),
        (status = 403, description = "Needs a session token (`session_required`)"),
        (status = 404, description = "No such chat link among yours"),
    )
)]
#[delete("/users/me/chat-links/{id}")]
pub async fn remove_link(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    caller.require_session()?;
    chat_play::remove_link(state.play(), &caller.user_id, &id).await?;
    Ok(HttpResponse::NoContent().finish())
}
