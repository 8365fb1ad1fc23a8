//! The service as a chat bot: Discord, Slack and Telegram call these endpoints with a signed
//! request and take the reply from the response body, so an operator sets one secret and
//! every member of their server, workspace or chat can play. Each platform's file checks its
//! signature and speaks its payload types; [`converse`] (`conversation.rs`) runs the member's
//! line, the same for all three, through the use cases every other endpoint calls.

mod arenas;
mod conversation;
pub mod discord;
pub mod grammar;
mod outbound;
pub mod posts;
pub mod slack;
pub mod telegram;

use crate::i18n::Text;
use crate::play::ChatError;
use crate::t;
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::web;

use crate::edge::ratelimit::LoginLimiter;
use crate::error::ApiError;

pub use conversation::converse;

/// How far a signed request's timestamp may be from the server's clock.
pub const TIMESTAMP_WINDOW_S: i64 = 300;

/// The largest request body a platform sends us (Discord's interactions are the largest).
pub const BODY_LIMIT: usize = 32 * 1024;

/// Link code attempts per chat identity, and per workspace, in [`LINK_PERIOD`].
pub const LINK_ATTEMPTS: u32 = 5;
pub const WORKSPACE_LINK_ATTEMPTS: u32 = 50;
pub const LINK_PERIOD: Duration = Duration::from_secs(600);

/// The integrations' settings and limits.
#[derive(Clone)]
pub struct Chat {
    /// Discord's application public key (`DISCORD_PUBLIC_KEY`): the endpoint is off without it.
    pub discord_key: Option<ed25519_dalek::VerifyingKey>,
    /// Slack's signing secret (`SLACK_SIGNING_SECRET`).
    pub slack_secret: Option<crate::config::Secret>,
    /// The secret Telegram sends with each update (`TELEGRAM_WEBHOOK_SECRET`).
    pub telegram_secret: Option<crate::config::Secret>,
    /// The bots' tokens and the platforms' API addresses: what posts an arena's results.
    pub bots: crate::config::Bots,
    /// Commands per chat identity a minute.
    member: Option<LoginLimiter>,
    /// Commands per workspace (guild, Slack workspace, Telegram chat) a minute.
    workspace: Option<LoginLimiter>,
    /// Link code attempts per identity, and per workspace.
    links: Option<LoginLimiter>,
    workspace_links: Option<LoginLimiter>,
}

impl Chat {
    pub fn new(config: &crate::config::Config) -> Chat {
        Chat {
            discord_key: config.chat.discord_public_key,
            slack_secret: config.chat.slack_signing_secret.clone(),
            telegram_secret: config.chat.telegram_webhook_secret.clone(),
            bots: config.chat.bots.clone(),
            member: LoginLimiter::new(config.limits.chat_commands_per_minute),
            workspace: LoginLimiter::new(config.limits.chat_workspace_commands_per_minute),
            links: LoginLimiter::per_period(LINK_ATTEMPTS, LINK_PERIOD),
            workspace_links: LoginLimiter::per_period(WORKSPACE_LINK_ATTEMPTS, LINK_PERIOD),
        }
    }

    /// Whether the service can post a message of its own on `platform` (its bot token is set).
    pub fn can_post(&self, platform: crate::play::chat::Platform) -> bool {
        use crate::play::chat::Platform;
        match platform {
            Platform::Discord => self.bots.discord_token.is_some(),
            Platform::Slack => self.bots.slack_token.is_some(),
            Platform::Telegram => self.bots.telegram_token.is_some(),
        }
    }

    /// Forget idle keys so memory stays bounded.
    pub fn prune(&self) {
        for limiter in [
            &self.member,
            &self.workspace,
            &self.links,
            &self.workspace_links,
        ]
        .into_iter()
        .flatten()
        {
            limiter.prune();
        }
    }
}

/// The refusal of an endpoint whose platform is not configured: as if it did not exist.
pub fn off(platform: &str, variable: &str) -> ApiError {
    ApiError::not_found(t!(
        "integration-off",
        platform = platform,
        variable = variable
    ))
}

/// A request whose signature or secret does not check out.
pub fn unauthorized(code: &'static str, detail: Text) -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, code, "title-unauthorized", detail)
}

/// The raw body, at most [`BODY_LIMIT`] bytes (the signature covers these exact bytes).
pub async fn read_body(payload: web::Payload) -> Result<Vec<u8>, ApiError> {
    crate::edge::contract::read_body(payload, BODY_LIMIT, t!("body-chat-request")).await
}

/// Check a signed request's timestamp (whole seconds since 1970) against the server's clock.
pub fn fresh_timestamp(value: Option<&str>) -> Result<(), ApiError> {
    let stamp: i64 = value
        .and_then(|v| v.trim().parse().ok())
        .ok_or_else(|| unauthorized("invalid_signature", t!("no-valid-timestamp")))?;
    let now = chrono::Utc::now().timestamp();
    if (now - stamp).abs() > TIMESTAMP_WINDOW_S {
        return Err(unauthorized(
            "stale_request",
            t!("stale-request", minutes = TIMESTAMP_WINDOW_S / 60),
        ));
    }
    Ok(())
}

/// What the bot answers: a sentence, the board, and whether the whole channel sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub sentence: String,
    pub board: Option<String>,
    /// For everyone in the channel (a shared result), not only the member.
    pub public: bool,
}

impl Reply {
    pub(crate) fn say(sentence: impl Into<String>) -> Reply {
        Reply {
            sentence: sentence.into(),
            board: None,
            public: false,
        }
    }

    pub(crate) fn with_board(sentence: impl Into<String>, board: String) -> Reply {
        Reply {
            sentence: sentence.into(),
            board: Some(board),
            public: false,
        }
    }

    /// The reply as Markdown (Discord, Slack): the sentence (passed through `escape`), then
    /// the board in a code block; at most `max` characters, the sentence cut first.
    pub fn markdown(&self, escape: fn(&str) -> String, max: usize) -> String {
        let board = self
            .board
            .as_ref()
            .map(|b| format!("\n```\n{}\n```", b.trim_end()))
            .unwrap_or_default();
        fit(&escape(&self.sentence), &board, max)
    }
}

/// `sentence` then `tail`, in at most `max` characters: the sentence is cut (with `…`) first.
pub fn fit(sentence: &str, tail: &str, max: usize) -> String {
    let tail_len = tail.chars().count();
    let room = max.saturating_sub(tail_len);
    let mut out: String = if sentence.chars().count() > room {
        let mut cut: String = sentence.chars().take(room.saturating_sub(1)).collect();
        cut.push('…');
        cut
    } else {
        sentence.to_string()
    };
    out.push_str(tail);
    out.chars().take(max).collect()
}

/// Where a command was typed: the bucket of the workspace rate limit and of search slots (a
/// Discord server or one member's direct messages, a Slack workspace, a Telegram chat), and
/// whether others there read the replies (a Telegram group: replies cannot be private).
#[derive(Clone, Debug)]
pub struct Room {
    pub id: String,
    pub shared: bool,
    /// The channel the command was typed in, as the platform's API names it (a Discord
    /// channel, a Slack channel, a Telegram chat): where a message of ours can be posted.
    pub channel: Option<String>,
}

/// What names a signed request once: its timestamp and a digest of its body (a re-cased or
/// re-encoded signature over the same bytes is the same request).
pub fn signed_delivery(timestamp: Option<&str>, body: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    format!(
        "{}:{}",
        timestamp.unwrap_or_default().trim(),
        hex::encode(Sha256::digest(body))
    )
}

/// A platform's signed request, checked: its body, and the delivery that names it (its
/// timestamp and a digest of the body), answered once.
pub struct Signed {
    pub body: Vec<u8>,
    pub delivery: String,
}

/// What every signed endpoint does first, the same for each platform: read the body, check
/// its signature (`verify`, the platform's scheme, given the headers named `signature` and
/// `timestamp`), and that the timestamp is within the window.
pub async fn signed(
    req: &actix_web::HttpRequest,
    payload: web::Payload,
    (signature, timestamp): (&str, &str),
    verify: impl FnOnce(Option<&str>, Option<&str>, &[u8]) -> Result<(), ApiError>,
) -> Result<Signed, ApiError> {
    let body = read_body(payload).await?;
    let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok());
    let timestamp = header(timestamp);
    verify(header(signature), timestamp, &body)?;
    fresh_timestamp(timestamp)?;
    let delivery = signed_delivery(timestamp, &body);
    Ok(Signed { body, delivery })
}

/// The refusal of a signed request answered before.
pub fn replayed() -> ApiError {
    crate::play::Error::Chat(ChatError::ChatReplayed).into()
}

/// What a member typed, as a reply may repeat it: in a code span (so no platform's markup in
/// it, Discord's and Slack's Markdown or our Telegram HTML's code spans, takes effect), with
/// its backticks made look-alikes that open no span, and without control or bidirectional
/// formatting characters (which could reorder the reply around it).
pub fn member_text(typed: &str) -> String {
    let bidi = |c: char| matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    let shown: String = typed
        .chars()
        .filter(|c| !c.is_control() && !bidi(*c))
        .map(|c| if c == '`' { '\u{02cb}' } else { c })
        .collect();
    let shown = shown.trim();
    format!("`{}`", if shown.is_empty() { "…" } else { shown })
}

/// A kind of game in words ("spider 2 suits").
fn kind_of(variant: crate::engine::Variant, suits: crate::engine::Suits) -> Text {
    t!(
        "chat-kind",
        variant = variant.name(),
        suits = i32::from(suits.count())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_reply_keeps_its_board_and_cuts_the_sentence() {
        let board = "\n```\nboard\n```";
        assert_eq!(fit("short", board, 100), format!("short{board}"));
        let cut = fit(&"x".repeat(50), board, 30);
        assert_eq!(cut.chars().count(), 30);
        assert!(cut.ends_with(board));
        assert!(cut.contains('…'));
    }
}
