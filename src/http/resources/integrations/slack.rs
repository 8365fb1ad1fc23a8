//! Slack's slash command `/spider`: a form body signed with the app's signing secret
//! (`v0=` HMAC-SHA256 of `v0:{timestamp}:{body}`), answered in the response: ephemeral,
//! unless the member `share`s a finished game's result.

use crate::t;
use actix_web::{post, web, HttpRequest, HttpResponse};
use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;
use slack_morphism::api::SlackApiChatPostMessageRequest;
use slack_morphism::events::{SlackCommandEvent, SlackCommandEventResponse};
use slack_morphism::{SlackChannelId, SlackMessageContent, SlackMessageResponseType};

use super::{converse, off, replayed, signed, unauthorized, Reply, Room, Signed};
use crate::error::ApiError;
use crate::play::arenas::Tried;
use crate::play::chat::{Identity, Platform};
use crate::AppState;

/// The longest text we send Slack (it takes far more; a board is a few lines).
const MAX_MESSAGE: usize = 3000;

/// Check Slack's signature over `v0:{timestamp}:{body}` with the signing secret, in constant
/// time (`Mac::verify_slice`).
pub fn verify(
    secret: &[u8],
    signature: Option<&str>,
    timestamp: Option<&str>,
    body: &[u8],
) -> Result<(), ApiError> {
    let bad = || unauthorized("invalid_signature", t!("invalid-signature"));
    let (Some(signature), Some(timestamp)) = (signature, timestamp) else {
        return Err(bad());
    };
    let hex_part = signature.trim().strip_prefix("v0=").ok_or_else(bad)?;
    let expected = hex::decode(hex_part).map_err(|_| bad())?;
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).map_err(|_| bad())?;
    mac.update(b"v0:");
    mac.update(timestamp.as_bytes());
    mac.update(b":");
    mac.update(body);
    mac.verify_slice(&expected).map_err(|_| bad())
}

/// A slash command's form, with the member's name (which Slack still sends).
#[derive(Deserialize)]
struct Form {
    #[serde(flatten)]
    event: SlackCommandEvent,
    user_name: Option<String>,
}

/// Slack's control characters in a message's text.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Slack's slash command endpoint (`SLACK_SIGNING_SECRET`; 404 while unset). A bad
/// `X-Slack-Signature`, an `X-Slack-Request-Timestamp` more than five minutes off or a
/// signature seen before is 401. The answer is `{"response_type": "ephemeral" | "in_channel",
/// "text": …}` with the board in a code block; only a shared result is `in_channel`.
#[utoipa::path(
    tag = "integrations",
    // Not a bearer token: the platform signs each request (or sends its secret), as the
    // header parameters say.
    security(()),
    operation_id = "slackCommand",
    params(
        ("X-Slack-Signature" = String, Header, description = "`v0=` and the HMAC-SHA256 (hex) of `v0:{timestamp}:{body}`"),
        ("X-Slack-Request-Timestamp" = String, Header, description = "Seconds since 1970, as Slack sent them"),
    ),
    request_body(content = Object, content_type = "application/x-www-form-urlencoded", description = "Slack's slash command form (`team_id`, `user_id`, `user_name`, `command`, `text`, …)"),
    responses(
        (status = 200, description = "The message for Slack to show", body = Object),
        (status = 400, description = "The body is not a slash command"),
        (status = 401, description = "Bad signature (`invalid_signature`), a timestamp over five minutes off (`stale_request`) or a request seen before (`replayed_request`)"),
        (status = 404, description = "The Slack integration is off on this server"),
        (status = 413, description = "The body is larger than 32 KiB (`payload_too_large`)"),
    )
)]
#[post("/integrations/slack")]
pub async fn command(
    state: web::Data<AppState>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let Some(secret) = state.chat.slack_secret.clone() else {
        return Err(off("Slack", "SLACK_SIGNING_SECRET"));
    };
    let headers = ("x-slack-signature", "x-slack-request-timestamp");
    let Signed { body, delivery } = signed(&req, payload, headers, |signature, timestamp, body| {
        verify(secret.as_bytes(), signature, timestamp, body)
    })
    .await?;
    let form: Form = serde_urlencoded::from_bytes(&body)
        .map_err(|e| ApiError::invalid_request(t!("slack-not-command", error = e.to_string())))?;
    let identity = Identity {
        platform: Platform::Slack,
        workspace: form.event.team_id.0.clone(),
        member: form.event.user_id.0.clone(),
        display: form.user_name.clone().unwrap_or_default(),
    };
    let room = Room {
        id: identity.workspace.clone(),
        shared: false,
        channel: Some(form.event.channel_id.0.clone()),
    };
    let text = form.event.text.clone().unwrap_or_default();
    // A slash command names no language: the member's `lang` choice, else English.
    let reply = converse(&state, &identity, &room, &text, &delivery, None)
        .await
        .ok_or_else(replayed)?;
    let response = SlackCommandEventResponse::new(
        SlackMessageContent::new().with_text(reply.markdown(escape, MAX_MESSAGE)),
    )
    .with_response_type(if reply.public {
        SlackMessageResponseType::InChannel
    } else {
        SlackMessageResponseType::Ephemeral
    });
    Ok(HttpResponse::Ok().json(response))
}

/// Post `reply` into channel `channel` with the bot's token (`SLACK_BOT_TOKEN`,
/// `chat.postMessage`): an arena's results where it was made. Slack answers 200 with
/// `ok: false` and an error name when it refuses.
pub async fn post(
    client: &awc::Client,
    bots: &crate::config::Bots,
    channel: &str,
    reply: &Reply,
) -> Tried {
    let Some(token) = &bots.slack_token else {
        return Tried::Refused("SLACK_BOT_TOKEN is not set".into());
    };
    let request = client
        .post(format!("{}/chat.postMessage", bots.slack_api))
        .insert_header(("Authorization", format!("Bearer {}", token.expose())));
    let body = SlackApiChatPostMessageRequest::new(
        SlackChannelId(channel.to_string()),
        SlackMessageContent::new().with_text(reply.markdown(escape, MAX_MESSAGE)),
    );
    let answer = match super::outbound::send(request, &body).await {
        Ok(answer) => answer,
        Err(tried) => return tried,
    };
    let error = answer.body["error"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    // Slack's own names for "not now".
    let transient = matches!(
        error.as_str(),
        "ratelimited"
            | "service_unavailable"
            | "fatal_error"
            | "internal_error"
            | "request_timeout"
    );
    let accepted = answer.status.is_success() && answer.body["ok"].as_bool() == Some(true);
    super::outbound::judged("Slack", &answer, accepted, transient, &error)
}
