//! An arena made in a chat channel posts its final results there, once, when it ends: the
//! posts due ([`results_due`], under the `arena_posts` lease, so one instance posts at a time)
//! and how each try went ([`results_tried`]). The message and its sending are the chat
//! layer's (each platform speaks its own API); this keeps what was sent and what is left.

use super::*;
use crate::store::arena_posts::{self as posts, PostRow};
use crate::store::leases;

/// Where a chat-made arena posts its results, and in which language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultsTo {
    /// `discord:<channel id>`, `slack:<channel id>` or `telegram:<chat id>`.
    pub channel: String,
    /// A language tag (`en`, `pt-BR`…).
    pub lang: String,
}

/// An arena's final results, due to be posted into `to`.
#[derive(Clone, Debug)]
pub struct ResultsDue {
    pub to: ResultsTo,
    /// Tries made before this one.
    pub attempts: i32,
    /// The final standings' top ([`TOP`]).
    pub page: Standings,
}

/// How a try went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tried {
    /// The platform took the message.
    Sent,
    /// Not now (no answer, a server error, a rate limit): again after at least this long.
    Later {
        after: std::time::Duration,
        why: String,
    },
    /// Refused for good (the bot is not in the channel, the token is wrong…).
    Refused(String),
}

/// Posts one turn takes at most (each try waits at most [`POST_TIMEOUT`]).
pub const POSTS_PER_TURN: i64 = 4;
/// How long one try may take.
pub const POST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);
/// The `arena_posts` lease: longer than a turn's tries, so two instances never post at once.
pub const POST_LEASE: TimeDelta = TimeDelta::seconds(60);
/// Tries before a post is given up; the waits between them double from [`FIRST_WAIT`].
pub const MOST_TRIES: i32 = 8;
pub const FIRST_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// The wait before try `attempts + 1`, after `attempts` tries failed for a while.
pub fn wait_after(attempts: i32) -> std::time::Duration {
    FIRST_WAIT * 2u32.pow((attempts - 1).clamp(0, 10) as u32)
}

/// Keep where `arena_id` posts its results (in the transaction that makes it).
pub(super) fn keep_where(
    conn: &mut DbConn,
    arena_id: &str,
    to: &ResultsTo,
    at: NaiveDateTime,
) -> Result<(), Error> {
    posts::insert(
        conn,
        &PostRow {
            arena_id: arena_id.to_string(),
            channel: to.channel.clone(),
            lang: to.lang.clone(),
            attempts: 0,
            next_at: at,
            done_at: None,
            outcome: None,
        },
    )?;
    Ok(())
}

/// The results due to be posted now, when this instance holds the `arena_posts` lease (else
/// none): arenas whose places are final, oldest first, at most [`POSTS_PER_TURN`].
pub async fn results_due(play: &Play, holder: &str) -> Result<Vec<ResultsDue>, Error> {
    let (p, holder) = (play.clone(), holder.to_string());
    let due: Vec<PostRow> = blocking(move || {
        let at = p.clock.now();
        let held = p
            .db
            .write(move |conn| leases::take(conn, "arena_posts", &holder, at, at + POST_LEASE))?;
        if !held {
            return Ok(Vec::new());
        }
        Ok::<_, Error>(p.db.read(|conn| posts::due(conn, at, POSTS_PER_TURN))?)
    })
    .await?;
    let mut out = Vec::with_capacity(due.len());
    for post in due {
        let page = standings(play, post.arena_id.clone(), 0, TOP as i64, None).await?;
        out.push(ResultsDue {
            to: ResultsTo {
                channel: post.channel,
                lang: post.lang,
            },
            attempts: post.attempts,
            page,
        });
    }
    Ok(out)
}

/// Keep how the try of `arena_id`'s post went: done when sent or refused, or when this was
/// the last of [`MOST_TRIES`]; else tried again later.
pub async fn results_tried(play: &Play, arena_id: String, tried: Tried) -> Result<(), Error> {
    let p = play.clone();
    blocking(move || {
        let at = p.clock.now();
        p.db.write(move |conn| -> Result<(), Error> {
            let Some(post) = posts::of(conn, &arena_id)? else {
                return Ok(());
            };
            let outcome = match &tried {
                Tried::Sent => Some("sent".to_string()),
                Tried::Refused(why) => Some(format!("failed: {why}")),
                Tried::Later { why, .. } if post.attempts + 1 >= MOST_TRIES => {
                    Some(format!("failed: {MOST_TRIES} tries, the last: {why}"))
                }
                Tried::Later { .. } => None,
            };
            let wait = match &tried {
                Tried::Later { after, .. } => (*after).max(wait_after(post.attempts + 1)),
                _ => std::time::Duration::ZERO,
            };
            let next_at = at + TimeDelta::from_std(wait).unwrap_or(TimeDelta::hours(1));
            posts::tried(
                conn,
                &arena_id,
                outcome.as_deref().map(|o| (at, o)),
                next_at,
            )?;
            Ok(())
        })
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_waits_double() {
        assert_eq!(wait_after(0), FIRST_WAIT);
        assert_eq!(wait_after(1), FIRST_WAIT);
        assert_eq!(wait_after(2), FIRST_WAIT * 2);
        assert_eq!(wait_after(4), FIRST_WAIT * 8);
    }
}
