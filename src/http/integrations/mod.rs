//! The service as a chat bot: Discord, Slack and Telegram call these endpoints with a signed
//! request and take the reply from the response body, so an operator sets one secret and
//! every member of their server, workspace or chat can play. Each platform's file checks its
//! signature and speaks its payload types; [`converse`] runs the member's line, the same for
//! all three, through the use cases every other endpoint calls.

pub mod discord;
pub mod grammar;
pub mod slack;
pub mod telegram;

use std::sync::Arc;
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::web;
use serde::{Deserialize, Serialize};

use super::chat::{self, Command};
use super::error::ApiError;
use super::ratelimit::LoginLimiter;
use super::AppState;
use crate::engine::{self, DealSpec, Game, Rules};
use crate::play::chat::{self as chat_play, Identity, Member};
use crate::play::games::{Act, Acted, Created, Loaded, Render, RenderNew, Turn};
use crate::play::searches::Searcher;
use crate::store::games::{GameRow, Origin, OriginKind};
use crate::store::idempotency::Remembered;
use grammar::Line;

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
            discord_key: config.discord_public_key,
            slack_secret: config.slack_signing_secret.clone(),
            telegram_secret: config.telegram_webhook_secret.clone(),
            member: LoginLimiter::new(config.chat_commands_per_minute),
            workspace: LoginLimiter::new(config.chat_workspace_commands_per_minute),
            links: LoginLimiter::per_period(LINK_ATTEMPTS, LINK_PERIOD),
            workspace_links: LoginLimiter::per_period(WORKSPACE_LINK_ATTEMPTS, LINK_PERIOD),
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
    ApiError::not_found(format!(
        "The {platform} integration is off on this server: its operator turns it on by setting \
         {variable}."
    ))
}

/// A request whose signature or secret does not check out.
pub fn unauthorized(code: &'static str, detail: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, code, "Unauthorized", detail)
}

/// The raw body, at most [`BODY_LIMIT`] bytes (the signature covers these exact bytes).
pub async fn read_body(mut payload: web::Payload) -> Result<Vec<u8>, ApiError> {
    use futures_util::StreamExt as _;
    let mut body = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| {
            ApiError::invalid_request("The request body could not be read.".to_string())
        })?;
        if body.len() + chunk.len() > BODY_LIMIT {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "payload_too_large",
                "Payload too large",
                format!("A chat platform's request is at most {BODY_LIMIT} bytes."),
            ));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// Check a signed request's timestamp (whole seconds since 1970) against the server's clock.
pub fn fresh_timestamp(value: Option<&str>) -> Result<(), ApiError> {
    let stamp: i64 = value
        .and_then(|v| v.trim().parse().ok())
        .ok_or_else(|| unauthorized("invalid_signature", "The request has no valid timestamp."))?;
    let now = chrono::Utc::now().timestamp();
    if (now - stamp).abs() > TIMESTAMP_WINDOW_S {
        return Err(unauthorized(
            "stale_request",
            format!(
                "The request's timestamp is more than {} minutes from the server's clock: it \
                 is refused as a possible replay.",
                TIMESTAMP_WINDOW_S / 60
            ),
        ));
    }
    Ok(())
}

/// Whether the platform request `key` names (its signature and timestamp, or an update's
/// id) was answered before; it counts as answered from now on.
pub async fn seen_before(
    state: &AppState,
    platform: chat_play::Platform,
    key: &str,
) -> Result<bool, ApiError> {
    let digest = crate::auth::secret_hash(key);
    Ok(!chat_play::first_delivery(&state.db, platform, digest).await?)
}

/// Refuse a signed request answered before (401 `replayed_request`).
pub async fn first_time(
    state: &AppState,
    platform: chat_play::Platform,
    key: &str,
) -> Result<(), ApiError> {
    if seen_before(state, platform, key).await? {
        return Err(unauthorized(
            "replayed_request",
            "This signed request was answered before: a request is accepted once.",
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
    fn say(sentence: impl Into<String>) -> Reply {
        Reply {
            sentence: sentence.into(),
            board: None,
            public: false,
        }
    }

    fn with_board(sentence: impl Into<String>, board: String) -> Reply {
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

/// Run what a chat member typed and say what happened. `room` is where they typed it (the
/// workspace's bucket of the rate limits); every refusal is a sentence for the member.
pub async fn converse(state: &AppState, identity: &Identity, room: &str, text: &str) -> Reply {
    match run(state, identity, room, text).await {
        Ok(reply) => reply,
        Err(refused) => Reply {
            sentence: refused.detail,
            board: refused.board,
            public: false,
        },
    }
}

fn key_of(identity: &Identity) -> String {
    format!(
        "{}|{}|{}",
        identity.platform.name(),
        identity.workspace,
        identity.member
    )
}

async fn run(
    state: &AppState,
    identity: &Identity,
    room: &str,
    text: &str,
) -> Result<Reply, ApiError> {
    let limits = &state.chat;
    if let Some(l) = &limits.member {
        l.count(&key_of(identity), "commands from you")?;
    }
    if let Some(l) = &limits.workspace {
        l.count(
            &format!("{}|{room}", identity.platform.name()),
            "commands from this server",
        )?;
    }
    let line = grammar::parse(text);
    match &line {
        Line::Help => return Ok(Reply::say(grammar::HELP)),
        Line::Unknown(shown) => {
            return Ok(Reply::say(format!(
                "I did not understand \"{shown}\".\n{}",
                grammar::HELP
            )))
        }
        _ => {}
    }
    let member = chat_play::member(&state.db, identity).await?;
    match line {
        Line::Help | Line::Unknown(_) => Ok(Reply::say(grammar::HELP)),
        Line::New { suits, variant } => new_game(state, &member, suits, variant).await,
        Line::Daily { suits } => daily(state, &member, suits).await,
        Line::Games => games(state, &member).await,
        Line::Resume(n) => resume(state, &member, n).await,
        Line::Records => records(state, &member).await,
        Line::Link(code) => {
            if let Some(l) = &limits.links {
                l.count(&key_of(identity), "link code attempts from you")?;
            }
            if let Some(l) = &limits.workspace_links {
                l.count(
                    &format!("{}|{room}", identity.platform.name()),
                    "link code attempts from this server",
                )?;
            }
            let linked = chat_play::link(&state.db, &member, &code).await?;
            let mut sentence = format!(
                "Linked: your {} account now plays as {}.",
                identity.platform.title(),
                linked.username
            );
            match linked.folded.games {
                0 => {}
                1 => sentence.push_str(" Your 1 game here moved to it."),
                n => sentence.push_str(&format!(" Your {n} games here moved to it.")),
            }
            if linked.folded.practice > 0 {
                sentence.push_str(&format!(
                    " {} ranked daily attempt(s) became practice: that account had played \
                     those dailies already.",
                    linked.folded.practice
                ));
            }
            Ok(Reply::say(sentence))
        }
        Line::Unlink => {
            chat_play::unlink(&state.db, &member).await?;
            Ok(Reply::say(format!(
                "Unlinked: your {} account no longer plays as {}. The games stay with that \
                 account; your next command starts a fresh one here.",
                identity.platform.title(),
                member.username
            )))
        }
        Line::Share => share(state, &member).await,
        Line::Play(command) => play_command(state, identity, &member, command).await,
    }
}

/// What the chat's renders of a game hand back.
#[derive(Serialize, Deserialize)]
struct Said {
    id: String,
    message: String,
    board: String,
    ranked: bool,
}

fn said(body: &str) -> Result<Said, ApiError> {
    serde_json::from_str(body).map_err(|e| ApiError::internal("chat answer", e))
}

fn render_started() -> RenderNew {
    Arc::new(|row: &GameRow, game: &Game| {
        serde_json::to_string(&Said {
            id: row.id.clone(),
            message: String::new(),
            board: chat::board_of(game),
            ranked: row.ranked,
        })
        .map_err(|e| crate::play::Error::Internal(e.to_string()))
    })
}

fn kind_of(variant: engine::Variant, suits: i32) -> String {
    format!(
        "{} {suits} suit{}",
        variant.name(),
        if suits == 1 { "" } else { "s" }
    )
}

async fn new_game(
    state: &AppState,
    member: &Member,
    suits: engine::Suits,
    variant: engine::Variant,
) -> Result<Reply, ApiError> {
    let new = crate::play::games::NewGame {
        user_id: member.user_id.clone(),
        spec: DealSpec {
            variant,
            suits,
            rules: Rules::default(),
            deal_number: super::games::random_deal_number()?,
        },
        origin: Origin {
            kind: OriginKind::Random,
            deal_known: false,
            daily_date: None,
            ranked: false,
            difficulty: None,
        },
        key: None,
    };
    let created = crate::play::games::create(&state.play(), new, None, render_started()).await?;
    let started = started(created)?;
    chat_play::set_current(&state.db, member, &started.id).await?;
    Ok(Reply::with_board(
        format!(
            "New game: {}. Type `3 7` to move from column 3 to 7, `d` to deal, `h` for a hint.",
            kind_of(variant, i32::from(suits.count()))
        ),
        started.board,
    ))
}

fn started(created: Created) -> Result<Said, ApiError> {
    match created {
        Created::New { body } => said(&body),
        Created::Replayed(Remembered { response, .. }) => said(&response),
    }
}

async fn daily(state: &AppState, member: &Member, suits: engine::Suits) -> Result<Reply, ApiError> {
    let play = state.play();
    let variant = engine::Variant::Spider;
    let outcome = crate::play::daily::start(
        &play,
        &member.user_id,
        variant,
        suits,
        None,
        render_started(),
    )
    .await;
    let kind = kind_of(variant, i32::from(suits.count()));
    match outcome {
        Ok(created) => {
            let started = started(created)?;
            chat_play::set_current(&state.db, member, &started.id).await?;
            let sentence = if started.ranked {
                format!(
                    "Today's daily challenge, {kind}: this is your ranked attempt. Undo never \
                     takes back a move that turned a card over."
                )
            } else {
                format!(
                    "Today's daily challenge, {kind}: this attempt is practice (your ranked \
                     attempt is made), so it does not reach the board."
                )
            };
            Ok(Reply::with_board(sentence, started.board))
        }
        Err(crate::play::Error::RankedAttemptInProgress) => {
            // Back to the ranked attempt the member has in progress.
            let (db, user, date) = (
                state.db.clone(),
                member.user_id.clone(),
                state.calendar.today().to_string(),
            );
            let ranked = super::blocking(move || {
                let mut conn = db.conn()?;
                Ok(crate::store::daily::ranked_attempt(
                    &mut conn,
                    &user,
                    &date,
                    variant,
                    i32::from(suits.count()),
                )?)
            })
            .await?;
            let Some(row) = ranked else {
                return Err(crate::play::Error::RankedAttemptInProgress.into());
            };
            chat_play::set_current(&state.db, member, &row.id).await?;
            let board = load(state, member, &row.id).await?;
            Ok(Reply::with_board(
                format!(
                    "Your ranked attempt at today's {kind} daily is in progress: it is your \
                     current game again."
                ),
                chat::board_of(&board.game),
            ))
        }
        Err(e) => Err(e.into()),
    }
}

async fn load(state: &AppState, member: &Member, id: &str) -> Result<Loaded, ApiError> {
    let (db, user, id) = (state.db.clone(), member.user_id.clone(), id.to_string());
    Ok(crate::play::blocking(move || crate::play::games::load(&db, &user, &id)).await?)
}

/// The member's games in progress, newest first, as `games` numbers them.
async fn in_progress(state: &AppState, member: &Member) -> Result<Vec<GameRow>, ApiError> {
    let (db, user) = (state.db.clone(), member.user_id.clone());
    super::blocking(move || {
        let mut conn = db.conn()?;
        Ok(crate::store::chat::in_progress(&mut conn, &user, 10)?)
    })
    .await
}

async fn games(state: &AppState, member: &Member) -> Result<Reply, ApiError> {
    let rows = in_progress(state, member).await?;
    if rows.is_empty() {
        return Ok(Reply::say(
            "You have no game in progress: type `new` to start one, or `daily`.",
        ));
    }
    let mut lines = vec!["Your games in progress:".to_string()];
    for (n, row) in rows.iter().enumerate() {
        let current = if member.current_game.as_deref() == Some(row.id.as_str()) {
            " (current)"
        } else {
            ""
        };
        let daily = match (&row.daily_date, row.ranked) {
            (Some(date), true) => format!(", ranked daily {date}"),
            (Some(date), false) => format!(", practice daily {date}"),
            _ => String::new(),
        };
        lines.push(format!(
            "{}. {}{daily} · score {} · {} moves · runs {}{current}",
            n + 1,
            kind_of(row.variant, row.suits),
            row.score,
            row.actions,
            row.runs_completed,
        ));
    }
    lines.push("Type `resume N` to play one.".to_string());
    Ok(Reply::say(lines.join("\n")))
}

async fn resume(state: &AppState, member: &Member, n: usize) -> Result<Reply, ApiError> {
    let rows = in_progress(state, member).await?;
    let Some(row) = rows.get(n - 1) else {
        return Ok(Reply::say(format!(
            "You have {} game(s) in progress: type `games` to see them numbered.",
            rows.len()
        )));
    };
    chat_play::set_current(&state.db, member, &row.id).await?;
    let loaded = load(state, member, &row.id).await?;
    Ok(Reply::with_board(
        format!("Back to game {n}: {}.", kind_of(row.variant, row.suits)),
        chat::board_of(&loaded.game),
    ))
}

fn minutes(ms: i64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

async fn records(state: &AppState, member: &Member) -> Result<Reply, ApiError> {
    let (db, user) = (state.db.clone(), member.user_id.clone());
    let rows = super::blocking(move || {
        let mut conn = db.conn()?;
        Ok(crate::store::records::for_user(&mut conn, &user)?)
    })
    .await?;
    let rows: Vec<_> = rows.into_iter().filter(|r| r.played > 0).collect();
    if rows.is_empty() {
        return Ok(Reply::say(format!(
            "No records yet for {}: finish a game (`new`) and it counts.",
            member.username
        )));
    }
    let mut lines = vec![format!("Records of {}:", member.username)];
    for r in rows {
        let mut line = format!(
            "{}: {} played, {} won",
            kind_of(r.variant, r.suits),
            r.played,
            r.won
        );
        if let Some(best) = r.best_score {
            line.push_str(&format!(", best score {best}"));
        }
        if let Some(ms) = r.fastest_ms {
            line.push_str(&format!(", fastest win {}", minutes(ms)));
        }
        line.push_str(&format!(
            ", streak {} (longest {})",
            r.current_streak, r.longest_streak
        ));
        lines.push(line);
    }
    Ok(Reply::say(lines.join("\n")))
}

const NO_GAME: &str = "You have no game here yet: type `new` to start one, or `daily` for \
    today's challenge.";

async fn share(state: &AppState, member: &Member) -> Result<Reply, ApiError> {
    let Some(id) = &member.current_game else {
        return Ok(Reply::say(NO_GAME));
    };
    let Loaded { row, game, .. } = load(state, member, id).await?;
    let kind = kind_of(row.variant, row.suits);
    let daily = match (&row.daily_date, row.ranked) {
        (Some(date), true) => format!(" (the ranked daily of {date})"),
        (Some(date), false) => format!(" (a practice daily of {date})"),
        _ => String::new(),
    };
    let sentence =
        match game.status() {
            engine::Status::InProgress => return Ok(Reply::say(
                "Your game is still being played: finish it (or `resign`) and `share` shows its \
                 result here.",
            )),
            engine::Status::Won => format!(
                "{} won {kind}{daily} with a score of {} in {} moves{}.",
                member.username,
                game.score(),
                game.actions(),
                row.duration_ms
                    .map(|ms| format!(", {}", minutes(ms)))
                    .unwrap_or_default(),
            ),
            engine::Status::Resigned => format!(
                "{} resigned {kind}{daily} after {} moves, with {} of {} runs and a score of {}.",
                member.username,
                game.actions(),
                game.runs_completed(),
                game.variant().runs(),
                game.score(),
            ),
        };
    Ok(Reply {
        sentence,
        board: None,
        public: true,
    })
}

async fn play_command(
    state: &AppState,
    identity: &Identity,
    member: &Member,
    command: Command,
) -> Result<Reply, ApiError> {
    let Some(id) = member.current_game.clone() else {
        return Ok(Reply::say(NO_GAME));
    };
    let refused = |e: ApiError, board: Option<String>| Reply {
        sentence: e.detail,
        board,
        public: false,
    };
    match command {
        Command::Act(request) => {
            let intent = request.intent()?;
            let act = Act {
                user_id: member.user_id.clone(),
                game_id: id.clone(),
                expected: None,
                key: None,
                intent,
            };
            let render: Render = Arc::new(move |turn: &Turn| {
                serde_json::to_string(&Said {
                    id: String::new(),
                    message: chat::describe(turn.before, turn.action, turn.outcome, turn.after),
                    board: chat::board_of(turn.after),
                    ranked: false,
                })
                .map_err(|e| crate::play::Error::Internal(e.to_string()))
            });
            match crate::play::games::act(&state.play(), act, render).await {
                Ok(Acted::Applied { response, .. })
                | Ok(Acted::Replayed(Remembered { response, .. })) => {
                    state.metrics.actions_applied.inc();
                    let said = said(&response)?;
                    Ok(Reply::with_board(said.message, said.board))
                }
                Err(e) => {
                    let board = load(state, member, &id)
                        .await
                        .ok()
                        .map(|l| chat::board_of(&l.game));
                    Ok(refused(e.into(), board))
                }
            }
        }
        Command::Board => {
            let loaded = load(state, member, &id).await?;
            Ok(Reply::with_board(
                String::new(),
                chat::board_of(&loaded.game),
            ))
        }
        Command::Help => Ok(Reply::say(grammar::HELP)),
        Command::Hint => {
            let Loaded { row, log, game } = load(state, member, &id).await?;
            let board = chat::board_of(&game);
            if !row.hints_allowed {
                return Ok(refused(
                    crate::play::Error::HintsDisabled.into(),
                    Some(board),
                ));
            }
            let who = Searcher {
                account: member.user_id.clone(),
                address: format!("chat:{}:{}", identity.platform.name(), identity.workspace),
            };
            match crate::play::hints::advise(&state.play(), &who, game, log, engine::Level::Normal)
                .await
            {
                Ok(hint) => Ok(Reply::with_board(hint.reason, board)),
                Err(e) => Ok(refused(e.into(), Some(board))),
            }
        }
    }
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
