//! The one message the service sends of its own accord: an arena made in a chat channel
//! posts its final results there when it ends (docs/ARENAS.md). The application keeps which
//! posts are due and how each try went (`play::arenas::results_due`, `results_tried`, under
//! one lease among instances); this renders the results as [`arenas::standings`] would in
//! that channel's language, and each platform's file sends them with its bot's token
//! (`DISCORD_BOT_TOKEN`, `SLACK_BOT_TOKEN`, `TELEGRAM_BOT_TOKEN`) through its API.
//!
//! A try that gets no answer, a server error or a rate limit is made again later (the waits
//! double, from 5 s, eight tries in all); a refusal (the bot is not in the channel, a bad
//! token) ends it. A try whose answer was lost after the platform took the message may post
//! it twice on Slack and Telegram, which take no idempotency key; Discord's is the arena's id
//! (`nonce` with `enforce_nonce`).

use std::rc::Rc;
use std::time::Duration;

use actix_web::web;

use super::{arenas, discord, slack, telegram};
use crate::config::Bots;
use crate::i18n::Lang;
use crate::play::arenas::{self as play_arenas, ResultsDue, Tried, POST_TIMEOUT};
use crate::AppState;

/// How often the due posts are looked for.
pub const EVERY: Duration = Duration::from_secs(2);

/// Start posting results, on this instance's scheduled work (`SCHEDULED_WORK`), when at
/// least one platform's bot token is set.
pub fn start(state: &web::Data<AppState>, scheduled_work: bool) {
    let bots = &state.chat.bots;
    let any =
        bots.discord_token.is_some() || bots.slack_token.is_some() || bots.telegram_token.is_some();
    if !scheduled_work || !any {
        return;
    }
    // rustls takes its cryptography from the process's default: ring, said once here so
    // that another provider coming into the build later cannot leave it ambiguous.
    #[allow(
        deprecated,
        reason = "ring (already built for the tokens) over aws-lc-rs, a second C build"
    )]
    let provider = rustls::crypto::ring::default_provider();
    let _ = provider.install_default();
    let holder: Rc<str> = uuid::Uuid::new_v4().to_string().into();
    let client = Rc::new(
        awc::Client::builder()
            .disable_redirects()
            .timeout(POST_TIMEOUT)
            .finish(),
    );
    // The play and the tokens only, not the server's state: the state holds the jobs, which
    // stop once it is dropped.
    let (play, bots) = (state.play().clone(), Rc::new(state.chat.bots.clone()));
    state.jobs.every(EVERY, move || {
        let (play, bots, holder, client) =
            (play.clone(), bots.clone(), holder.clone(), client.clone());
        async move {
            let due = match play_arenas::results_due(&play, &holder).await {
                Ok(due) => due,
                Err(e) => {
                    tracing::warn!(error = %e, "arena results to post");
                    return;
                }
            };
            for results in due {
                let id = results.page.arena.row.id.clone();
                let tried = post(&client, &bots, &results).await;
                match &tried {
                    Tried::Sent => tracing::info!(arena = %id, "arena results posted"),
                    Tried::Later { why, .. } => {
                        tracing::warn!(arena = %id, why = %why, "arena results not posted yet");
                    }
                    Tried::Refused(why) => {
                        tracing::warn!(arena = %id, why = %why, "arena results refused");
                    }
                }
                if let Err(e) = play_arenas::results_tried(&play, id, tried).await {
                    tracing::warn!(error = %e, "keeping how an arena's results post went");
                }
            }
        }
    });
}

/// Post `results` into their channel, through its platform's API.
async fn post(client: &awc::Client, bots: &Bots, results: &ResultsDue) -> Tried {
    let lang = Lang::from_tag(&results.to.lang).unwrap_or_default();
    let mut reply = arenas::standings(&results.page, lang);
    reply.public = true;
    let id = &results.page.arena.row.id;
    match results.to.channel.split_once(':') {
        Some(("discord", channel)) => discord::post(client, bots, channel, &reply, id).await,
        Some(("slack", channel)) => slack::post(client, bots, channel, &reply).await,
        Some(("telegram", chat)) => telegram::post(client, bots, chat, &reply).await,
        _ => Tried::Refused(format!("not a channel: {}", results.to.channel)),
    }
}
