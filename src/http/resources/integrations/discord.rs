//! Discord's interactions endpoint: the `/spider` slash command, answered in the response
//! (a channel message only the member sees, unless they `share` a result). Every request is
//! checked with the application's Ed25519 public key before anything in it is read.

use crate::i18n::Lang;
use crate::t;
use actix_web::{post, web, HttpRequest, HttpResponse};
use ed25519_dalek::{Signature, VerifyingKey};
use serde::{Deserialize, Serialize};
use twilight_model::application::command::{
    Command, CommandOption, CommandOptionType, CommandType,
};
use twilight_model::channel::message::{AllowedMentions, MessageFlags};
use twilight_model::http::interaction::{
    InteractionResponse, InteractionResponseData, InteractionResponseType,
};
use twilight_model::id::Id;

use super::{converse, off, replayed, signed, unauthorized, Reply, Room, Signed};
use crate::error::ApiError;
use crate::play::arenas::Tried;
use crate::play::chat::{Identity, Platform};
use crate::AppState;

/// The longest message Discord takes.
const MAX_MESSAGE: usize = 2000;

/// Check Discord's signature: Ed25519 over the timestamp header then the raw body.
pub fn verify(
    key: &VerifyingKey,
    signature: Option<&str>,
    timestamp: Option<&str>,
    body: &[u8],
) -> Result<(), ApiError> {
    let bad = || unauthorized("invalid_signature", t!("invalid-signature"));
    let (Some(signature), Some(timestamp)) = (signature, timestamp) else {
        return Err(bad());
    };
    let bytes = hex::decode(signature.trim()).map_err(|_| bad())?;
    let signature = Signature::from_slice(&bytes).map_err(|_| bad())?;
    let mut message = Vec::with_capacity(timestamp.len() + body.len());
    message.extend_from_slice(timestamp.as_bytes());
    message.extend_from_slice(body);
    key.verify_strict(&message, &signature).map_err(|_| bad())
}

/// What the endpoint reads of an interaction, and nothing more: Discord adds fields (2025's
/// `attachment_size_limit`) and retires others (a user's `discriminator`), so a full model of
/// the object would refuse interactions over fields this endpoint never uses. Every field but
/// `type` may be missing; anything else in the object is ignored.
#[derive(Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: u8,
    #[serde(default)]
    guild_id: Option<String>,
    /// The channel the command was typed in.
    #[serde(default)]
    channel_id: Option<String>,
    /// In a server: the member, with their user.
    #[serde(default)]
    member: Option<IncomingMember>,
    /// In a direct message: the user.
    #[serde(default)]
    user: Option<IncomingUser>,
    #[serde(default)]
    data: Option<IncomingData>,
    /// The invoking member's language (Discord's client setting, such as `de` or `pt-BR`).
    #[serde(default)]
    locale: Option<String>,
    /// The server's preferred language, when the command was typed in one.
    #[serde(default)]
    guild_locale: Option<String>,
}

#[derive(Deserialize)]
struct IncomingMember {
    #[serde(default)]
    user: Option<IncomingUser>,
}

#[derive(Deserialize)]
struct IncomingUser {
    id: String,
    #[serde(default)]
    username: String,
}

#[derive(Deserialize)]
struct IncomingData {
    #[serde(default)]
    options: Vec<IncomingOption>,
}

#[derive(Deserialize)]
struct IncomingOption {
    name: String,
    #[serde(default)]
    value: Option<serde_json::Value>,
}

/// Discord's PING and application command interaction types.
const PING: u8 = 1;
const APPLICATION_COMMAND: u8 = 2;

/// A Discord id (a snowflake): digits only.
fn snowflake(id: &str) -> bool {
    (1..=20).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_digit())
}

/// The `/spider` command's text, or empty.
fn text_of(interaction: &Incoming) -> String {
    interaction
        .data
        .as_ref()
        .and_then(|data| {
            data.options
                .iter()
                .find_map(|o| match (&o.value, o.name.as_str()) {
                    (Some(serde_json::Value::String(text)), "text") => Some(text.clone()),
                    _ => None,
                })
        })
        .unwrap_or_default()
}

/// A channel message (type 4): ephemeral unless it is a shared result; it mentions nobody.
fn message(reply: &Reply) -> InteractionResponse {
    InteractionResponse {
        kind: InteractionResponseType::ChannelMessageWithSource,
        data: Some(InteractionResponseData {
            content: Some(reply.markdown(std::string::ToString::to_string, MAX_MESSAGE)),
            flags: (!reply.public).then_some(MessageFlags::EPHEMERAL),
            allowed_mentions: Some(AllowedMentions::default()),
            ..Default::default()
        }),
    }
}

/// Discord's interactions endpoint (`DISCORD_PUBLIC_KEY`; 404 while unset). Discord signs each
/// request with Ed25519 over `X-Signature-Timestamp` and the raw body: a bad signature is
/// 401, a timestamp more than five minutes off or a signature seen before is 401. A PING gets
/// a PONG; the `/spider` command (one string option, `text`) gets a channel message (type 4)
/// with the sentence and the board in a code block, seen only by the member unless they
/// `share` a finished game's result.
#[utoipa::path(
    tag = "integrations",
    // Not a bearer token: the platform signs each request (or sends its secret), as the
    // header parameters say.
    security(()),
    operation_id = "discordInteraction",
    params(
        ("X-Signature-Ed25519" = String, Header, description = "Ed25519 signature (hex) of the timestamp followed by the body"),
        ("X-Signature-Timestamp" = String, Header, description = "Seconds since 1970, as Discord sent them"),
    ),
    request_body(content = Object, content_type = "application/json", description = "A Discord interaction object"),
    responses(
        (status = 200, description = "An interaction response: PONG (type 1) or a channel message (type 4)", body = Object),
        (status = 400, description = "The body is not an interaction"),
        (status = 401, description = "Bad signature (`invalid_signature`), a timestamp over five minutes off (`stale_request`) or a request seen before (`replayed_request`)"),
        (status = 404, description = "The Discord integration is off on this server"),
        (status = 413, description = "The body is larger than 32 KiB (`payload_too_large`)"),
    )
)]
#[post("/integrations/discord")]
pub async fn interactions(
    state: web::Data<AppState>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let Some(key) = state.chat.discord_key else {
        return Err(off("Discord", "DISCORD_PUBLIC_KEY"));
    };
    let headers = ("x-signature-ed25519", "x-signature-timestamp");
    let Signed { body, delivery } = signed(&req, payload, headers, |signature, timestamp, body| {
        verify(&key, signature, timestamp, body)
    })
    .await?;
    let not_interaction = |e: serde_json::Error| {
        ApiError::invalid_request(t!("discord-not-interaction", error = e.to_string()))
    };
    let interaction: Incoming = serde_json::from_slice(&body).map_err(not_interaction)?;
    if interaction.kind == PING {
        return Ok(HttpResponse::Ok().json(InteractionResponse {
            kind: InteractionResponseType::Pong,
            data: None,
        }));
    }
    let author = interaction
        .member
        .as_ref()
        .and_then(|m| m.user.as_ref())
        .or(interaction.user.as_ref());
    let ids_ok = author.is_none_or(|u| snowflake(&u.id))
        && interaction.guild_id.as_deref().is_none_or(snowflake)
        && interaction.channel_id.as_deref().is_none_or(snowflake);
    if !ids_ok {
        return Err(ApiError::invalid_request(t!("discord-bad-ids")));
    }
    let reply = match (interaction.kind, author) {
        (APPLICATION_COMMAND, Some(user)) => {
            // Direct messages: one identity per member whatever the channel, and each member's
            // own bucket of the limits.
            let (workspace, room) = match &interaction.guild_id {
                Some(guild) => (guild.clone(), guild.clone()),
                None => ("dm".to_string(), format!("dm:{}", user.id)),
            };
            let identity = Identity {
                platform: Platform::Discord,
                workspace,
                member: user.id.clone(),
                display: user.username.clone(),
            };
            let room = Room {
                id: room,
                shared: false,
                channel: interaction.channel_id.clone(),
            };
            // The member's language, else the server's (Discord sends both on a command).
            let locale = [&interaction.locale, &interaction.guild_locale]
                .into_iter()
                .flatten()
                .find_map(|l| Lang::of_locale(l));
            converse(
                &state,
                &identity,
                &room,
                &text_of(&interaction),
                &delivery,
                locale,
            )
            .await
            .ok_or_else(replayed)?
        }
        _ => Reply {
            sentence: "Only the /spider command is answered here.".into(),
            board: None,
            public: false,
        },
    };
    Ok(HttpResponse::Ok().json(message(&reply)))
}

/// A message of ours, as Discord's Create Message takes it: Markdown mentioning nobody, and a
/// nonce Discord enforces (a second message with it within minutes is the first).
#[derive(Serialize)]
struct CreateMessage<'a> {
    content: String,
    allowed_mentions: AllowedMentions,
    nonce: &'a str,
    enforce_nonce: bool,
}

/// Post `reply` into channel `channel` with the bot's token (`DISCORD_BOT_TOKEN`): an arena's
/// results where it was made. `key` names the message once (its first 25 characters are the
/// nonce).
pub async fn post(
    client: &awc::Client,
    bots: &crate::config::Bots,
    channel: &str,
    reply: &Reply,
    key: &str,
) -> Tried {
    let Some(token) = &bots.discord_token else {
        return Tried::Refused("DISCORD_BOT_TOKEN is not set".into());
    };
    if !snowflake(channel) {
        return Tried::Refused(format!("not a Discord channel: {channel}"));
    }
    let nonce: String = key.chars().take(25).collect();
    let request = client
        .post(format!("{}/channels/{channel}/messages", bots.discord_api))
        .insert_header(("Authorization", format!("Bot {}", token.expose())))
        .insert_header((
            "User-Agent",
            concat!(
                "DiscordBot (https://github.com/spider-solitaire, ",
                env!("CARGO_PKG_VERSION"),
                ")"
            ),
        ));
    let body = CreateMessage {
        content: reply.markdown(std::string::ToString::to_string, MAX_MESSAGE),
        allowed_mentions: AllowedMentions::default(),
        nonce: &nonce,
        enforce_nonce: true,
    };
    let mut answer = match super::outbound::send(request, &body).await {
        Ok(answer) => answer,
        Err(tried) => return tried,
    };
    // A rate limit says how long to wait in its body too (seconds, with decimals).
    if answer.retry_after.is_none() {
        answer.retry_after = answer.body["retry_after"]
            .as_f64()
            .and_then(|s| super::outbound::seconds(&s.to_string()));
    }
    let why = answer.body["message"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    super::outbound::judged("Discord", &answer, answer.status.is_success(), false, &why)
}

/// The `/spider` command as Discord registers it (`spider register-discord-command`): one
/// optional string option, `text`.
pub fn command(application_id: u64) -> Command {
    let option = CommandOption {
        autocomplete: None,
        channel_types: None,
        choices: None,
        description: "What to do: new, daily, 3 7, d, u, h, games, records, link CODE, help".into(),
        description_localizations: None,
        file_types: None,
        kind: CommandOptionType::String,
        max_length: Some(100),
        max_value: None,
        min_length: None,
        min_value: None,
        name: "text".into(),
        name_localizations: None,
        options: None,
        required: Some(false),
    };
    #[allow(
        deprecated,
        reason = "twilight-model's Command still has the `dm_permission` field Discord retired; it is left unset"
    )]
    Command {
        application_id: Id::new_checked(application_id),
        contexts: None,
        default_member_permissions: None,
        dm_permission: None,
        description: "Play Spider Solitaire".into(),
        description_localizations: None,
        guild_id: None,
        id: None,
        integration_types: None,
        kind: CommandType::ChatInput,
        name: "spider".into(),
        name_localizations: None,
        nsfw: None,
        options: vec![option],
        version: Id::new(1),
    }
}
