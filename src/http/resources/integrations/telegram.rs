//! A Telegram bot's webhook: each update carries the secret the bot was registered with
//! (`X-Telegram-Bot-Api-Secret-Token`), and a message is answered with a `sendMessage` call
//! in the response body, so the service needs no outgoing connection.

use crate::i18n::Lang;
use crate::t;
use actix_web::{post, web, HttpRequest, HttpResponse};
use frankenstein::methods::SendMessageParams;
use frankenstein::types::{ChatType, ReplyParameters};
use frankenstein::updates::{Update, UpdateContent};
use frankenstein::ParseMode;
use serde::Serialize;
use subtle::ConstantTimeEq;

use super::{converse, off, read_body, unauthorized, Reply, Room};
use crate::error::ApiError;
use crate::play::arenas::Tried;
use crate::play::chat::{Identity, Platform};
use crate::AppState;

/// The longest message Telegram sends.
const MAX_MESSAGE: usize = 4096;

/// A Bot API method called in the webhook's response.
#[derive(Serialize)]
struct MethodCall {
    method: &'static str,
    #[serde(flatten)]
    params: SendMessageParams,
}

/// Compare the update's secret with ours in constant time (a missing one never matches).
pub fn verify(secret: &[u8], given: Option<&str>) -> Result<(), ApiError> {
    let matches = given.is_some_and(|given| bool::from(given.as_bytes().ct_eq(secret)));
    if matches {
        Ok(())
    } else {
        Err(unauthorized("invalid_secret", t!("telegram-bad-secret")))
    }
}

/// Telegram's HTML special characters.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Text as Telegram HTML: special characters escaped, each `code` span as `<code>` (a last
/// backtick without its pair stays as it is).
fn html_text(text: &str) -> String {
    let escaped = escape(text);
    let parts: Vec<&str> = escaped.split('`').collect();
    let last = parts.len() - 1;
    let mut out = String::with_capacity(escaped.len() + 16);
    for (i, part) in parts.iter().enumerate() {
        match (i % 2, i == last && last % 2 == 1) {
            (1, false) => {
                out.push_str("<code>");
                out.push_str(part);
                out.push_str("</code>");
            }
            (1, true) => {
                out.push('`');
                out.push_str(part);
            }
            _ => out.push_str(part),
        }
    }
    out
}

/// The reply as Telegram HTML: the sentence, then the board as preformatted text. The
/// sentence is cut before it is marked up, so no tag is ever cut in two.
fn html(reply: &Reply) -> String {
    let board = reply
        .board
        .as_ref()
        .map(|b| format!("\n<pre>{}</pre>", escape(b.trim_end())))
        .unwrap_or_default();
    let mut keep = reply.sentence.chars().count();
    loop {
        let text = html_text(&super::fit(&reply.sentence, "", keep)) + &board;
        if text.chars().count() <= MAX_MESSAGE || keep == 0 {
            return text;
        }
        keep = keep * 9 / 10;
    }
}

/// Post `reply` into chat `chat` with the bot's token (`TELEGRAM_BOT_TOKEN`, `sendMessage`):
/// an arena's results where it was made.
pub async fn post(
    client: &awc::Client,
    bots: &crate::config::Bots,
    chat: &str,
    reply: &Reply,
) -> Tried {
    let Some(token) = &bots.telegram_token else {
        return Tried::Refused("TELEGRAM_BOT_TOKEN is not set".into());
    };
    let Ok(chat_id) = chat.parse::<i64>() else {
        return Tried::Refused(format!("not a Telegram chat: {chat}"));
    };
    let request = client.post(format!(
        "{}/bot{}/sendMessage",
        bots.telegram_api,
        token.expose()
    ));
    let params = SendMessageParams::builder()
        .chat_id(chat_id)
        .text(html(reply))
        .parse_mode(ParseMode::Html)
        .build();
    let mut answer = match super::outbound::send(request, &params).await {
        Ok(answer) => answer,
        Err(tried) => return tried,
    };
    // A rate limit says how long to wait in `parameters.retry_after` (whole seconds).
    if answer.retry_after.is_none() {
        answer.retry_after = answer.body["parameters"]["retry_after"]
            .as_u64()
            .map(std::time::Duration::from_secs);
    }
    let why = answer.body["description"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let accepted = answer.status.is_success() && answer.body["ok"].as_bool() == Some(true);
    super::outbound::judged("Telegram", &answer, accepted, false, &why)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn telegram_html_escapes_and_marks_code() {
        assert_eq!(
            html_text("Type `3 7` & <b>"),
            "Type <code>3 7</code> &amp; &lt;b&gt;"
        );
        assert_eq!(html_text("one ` only"), "one ` only");
        let long = Reply {
            sentence: "`x` ".repeat(2000),
            board: Some("board".into()),
            public: false,
        };
        let text = html(&long);
        assert!(text.ends_with("<pre>board</pre>"));
        assert!(text.chars().count() <= MAX_MESSAGE);
        assert!(text.starts_with("<code>x</code> "), "{text}");
    }
}

/// A Telegram bot's webhook (`TELEGRAM_WEBHOOK_SECRET`; 404 while unset): a missing or wrong
/// `X-Telegram-Bot-Api-Secret-Token` is 401. A text message gets a `sendMessage` method call
/// in the response, replying to it with the sentence and the board (monospace). An update
/// seen before (the same `update_id`, as when Telegram delivers again) and updates other than
/// messages are answered with an empty object: nothing is done or sent.
#[utoipa::path(
    tag = "integrations",
    // Not a bearer token: the platform signs each request (or sends its secret), as the
    // header parameters say.
    security(()),
    operation_id = "telegramUpdate",
    params(
        ("X-Telegram-Bot-Api-Secret-Token" = String, Header, description = "The secret the webhook was set with"),
    ),
    request_body(content = Object, content_type = "application/json", description = "A Telegram Update"),
    responses(
        (status = 200, description = "A `sendMessage` call for Telegram to make, or `{}`", body = Object),
        (status = 400, description = "The body is not an update"),
        (status = 401, description = "The secret is missing or wrong (`invalid_secret`)"),
        (status = 404, description = "The Telegram integration is off on this server"),
        (status = 413, description = "The body is larger than 32 KiB (`payload_too_large`)"),
    )
)]
#[post("/integrations/telegram")]
pub async fn update(
    state: web::Data<AppState>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let Some(secret) = state.chat.telegram_secret.clone() else {
        return Err(off("Telegram", "TELEGRAM_WEBHOOK_SECRET"));
    };
    let given = req
        .headers()
        .get("x-telegram-bot-api-secret-token")
        .and_then(|v| v.to_str().ok());
    verify(secret.as_bytes(), given)?;
    let body = read_body(payload).await?;
    let value: serde_json::Value = serde_json::from_slice(&body)
        .map_err(|e| ApiError::invalid_request(t!("telegram-not-update", error = e.to_string())))?;
    let nothing = || HttpResponse::Ok().json(serde_json::json!({}));
    // An update of a kind (or with a value) these types do not know yet is Telegram's own: it
    // is acknowledged and left alone, or Telegram would deliver it again and again.
    let update: Update = match serde_json::from_value(value) {
        Ok(update) => update,
        Err(e) => {
            tracing::warn!(error = %e, "a Telegram update of a kind not understood, left alone");
            return Ok(nothing());
        }
    };
    let UpdateContent::Message(message) = update.content else {
        return Ok(nothing());
    };
    let (Some(from), Some(text)) = (message.from.as_ref(), message.text.as_ref()) else {
        return Ok(nothing());
    };
    if from.is_bot {
        return Ok(nothing());
    }
    let identity = Identity {
        platform: Platform::Telegram,
        workspace: String::new(),
        member: from.id.to_string(),
        display: from
            .username
            .clone()
            .unwrap_or_else(|| from.first_name.clone()),
    };
    // In a group every reply is read by all: what must stay private is refused there.
    let room = Room {
        id: message.chat.id.to_string(),
        shared: message.chat.type_field != ChatType::Private,
        channel: Some(message.chat.id.to_string()),
    };
    // Telegram delivers an update again when it saw no answer: do it once.
    let delivery = format!("update:{}", update.update_id);
    // The sender's app language (an IETF tag such as `de` or `pt-br`).
    let locale = from.language_code.as_deref().and_then(Lang::of_locale);
    let Some(reply) = converse(&state, &identity, &room, text, &delivery, locale).await else {
        return Ok(nothing());
    };
    let params = SendMessageParams::builder()
        .chat_id(message.chat.id)
        .text(html(&reply))
        .parse_mode(ParseMode::Html)
        .reply_parameters(
            ReplyParameters::builder()
                .message_id(message.message_id)
                .build(),
        )
        .build();
    Ok(HttpResponse::Ok().json(MethodCall {
        method: "sendMessage",
        params,
    }))
}
