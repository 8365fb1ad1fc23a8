//! A finished game in full, for anyone (once every card of it may be shown), and a game made
//! from such an export: its deal replayed through the engine, action by action, into a new
//! game of the importer's, marked as a known deal (records only, never the boards).

use super::games::{act, insert, Act, NewGame, Render, RenderNew};
use super::{blocking, Error, Play};
use crate::engine::{self, Action, DealSpec, Illegal, Intent};
use crate::store::games::{self as game_store, GameRow, Origin, OriginKind};
use crate::store::users;
use chrono::NaiveDateTime;

/// A finished game as its export shows it.
pub struct Exported {
    pub row: GameRow,
    pub spec: DealSpec,
    pub log: Vec<Action>,
    /// The player's public name: their username, or `guest-…`.
    pub player: String,
}

/// The finished game `id`, whoever played it, once every card of it may be shown: refused
/// while it is in progress, while its daily's day lasts and while its race round is on (the
/// analysis's rules and codes). An unknown id is [`Error::GameNotFound`].
pub async fn export(play: &Play, id: &str) -> Result<Exported, Error> {
    let (p, id) = (play.clone(), id.to_string());
    blocking(move || {
        let (row, log, user) = p.db.read(|conn| -> Result<_, Error> {
            let row = game_store::by_id(conn, &id)?.ok_or(Error::GameNotFound)?;
            let (row, log) =
                game_store::load(conn, &row.user_id, &id)?.ok_or(Error::GameNotFound)?;
            let user = users::by_id(conn, &row.user_id)?;
            Ok((row, log, user))
        })?;
        super::analysis::shown_in_full(&p, &row)?;
        let spec = row.deal_spec()?;
        let player = user.and_then(|u| u.username).unwrap_or_else(|| {
            format!("guest-{}", row.user_id.chars().take(8).collect::<String>())
        });
        Ok(Exported {
            row,
            spec,
            log,
            player,
        })
    })
    .await
}

/// One page of `user_id`'s finished games (named `player` publicly) finished in `[since,
/// until)`, newest first, after `after`: those whose cards may be shown (a daily whose day is
/// on, or a race game whose round is on, is left out), and the cursor of the page's last game
/// (`None` when there are no more).
pub async fn bulk_page(
    play: &Play,
    user_id: &str,
    player: &str,
    (since, until): (NaiveDateTime, NaiveDateTime),
    after: Option<(NaiveDateTime, String)>,
    limit: i64,
) -> Result<(Vec<Exported>, Option<(NaiveDateTime, String)>), Error> {
    let (p, user, player) = (play.clone(), user_id.to_string(), player.to_string());
    blocking(move || {
        let rows =
            p.db.read(|conn| game_store::finished_page(conn, &user, since, until, after, limit))?;
        let next = (rows.len() as i64 == limit)
            .then(|| {
                rows.last()
                    .and_then(|(r, _)| Some((r.finished_at?, r.id.clone())))
            })
            .flatten();
        let mut out = Vec::new();
        for (row, log) in rows {
            if super::analysis::shown_in_full(&p, &row).is_err() {
                continue;
            }
            out.push(Exported {
                spec: row.deal_spec()?,
                row,
                log,
                player: player.clone(),
            });
        }
        Ok((out, next))
    })
    .await
}

/// An action of an import that the rules refuse: its line in the export, and why.
#[derive(Clone, Debug)]
pub struct IllegalLine {
    pub line: usize,
    pub text: String,
    pub reason: Illegal,
}

/// Replay `actions` (each with its line in the export) on `spec`'s deal: the first one the
/// rules refuse, if any.
pub fn check_line(spec: &DealSpec, actions: &[(usize, Action)]) -> Result<(), IllegalLine> {
    let mut game = spec.deal();
    for &(line, action) in actions {
        game.apply(action).map_err(|reason| IllegalLine {
            line,
            text: engine::notation::line(action),
            reason,
        })?;
    }
    Ok(())
}

/// A new game of `user_id`'s on `spec`'s deal with `actions` played (already checked with
/// [`check_line`]), through the same use case as every action. Its answer: the game's id.
pub async fn import(
    play: &Play,
    user_id: &str,
    spec: DealSpec,
    actions: Vec<Action>,
    render: RenderNew,
) -> Result<String, Error> {
    if actions.len() > play.max_actions as usize {
        return Err(Error::ActionLimit {
            limit: play.max_actions,
        });
    }
    let new = NewGame {
        user_id: user_id.to_string(),
        spec,
        origin: Origin {
            kind: OriginKind::Chosen,
            deal_known: true,
            daily_date: None,
            ranked: false,
            difficulty: None,
        },
        key: None,
    };
    let p = play.clone();
    let created = blocking(move || insert(&p, &new, &render)).await?;
    let body = match created {
        super::games::Created::New { body } => body,
        super::games::Created::Replayed(r) => r.response,
    };
    let id = serde_json::from_str::<serde_json::Value>(&body)
        .ok()
        .and_then(|v| v["id"].as_str().map(str::to_string))
        .ok_or_else(|| Error::Internal("an imported game's answer names no id".into()))?;
    for (version, action) in actions.into_iter().enumerate() {
        let step = Act {
            user_id: user_id.to_string(),
            game_id: id.clone(),
            expected: Some(version as i32),
            key: None,
            intent: Intent::from(action),
        };
        act(play, step, unrendered()).await?;
    }
    Ok(id)
}

/// Actions of an import answer nothing but the last: no rendering.
fn unrendered() -> Render {
    std::sync::Arc::new(|_| Ok(String::new()))
}
