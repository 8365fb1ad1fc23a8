//! A finished game in full, for anyone (once every card of it may be shown), and a game made
//! from such an export: its deal replayed through the engine, action by action, into a new
//! game of the importer's, written whole at once and marked imported (it counts for no
//! record, win or streak: it was not played here).

use super::{blocking, Error, Play};
use crate::domain::origin::OriginKind;
use crate::domain::{GameId, UserId};
use crate::engine::{self, Action, DealSpec, Illegal};
use crate::store::games::{self as game_store, GameRow, Origin};
use crate::store::{users, writes};
use crate::{AccountError, GameError};
use chrono::NaiveDateTime;

/// A finished game as its export shows it.
pub struct Exported {
    pub row: GameRow,
    pub spec: DealSpec,
    pub log: Vec<Action>,
    /// The player's public name: their username, or `guest-…`; none when they hid their
    /// profile (a hidden player is named nowhere in public).
    pub player: Option<String>,
}

/// The finished game `id`, whoever played it, once every card of it may be shown: refused
/// while it is in progress, while its daily's day lasts and while its race round is on (the
/// analysis's rules and codes). An unknown id is [`Error::Game(GameError::GameNotFound)`].
pub async fn export(play: &Play, id: &GameId) -> Result<Exported, Error> {
    let (p, id) = (play.clone(), id.clone());
    blocking(move || {
        // A finished game's export may be a second stale: from the standby when one is set.
        let (row, log) = p.db.read_stale(move |conn| -> Result<_, Error> {
            let row = game_store::by_id(conn, &id)?.ok_or(Error::Game(GameError::GameNotFound))?;
            game_store::load(conn, &row.user_id, &id)?.ok_or(Error::Game(GameError::GameNotFound))
        })?;
        // Whether the player may be named decides what the public sees: from the primary,
        // never a standby that may not yet have the player's "hide my profile".
        let owner = row.user_id.clone();
        let user = p.db.read(move |conn| users::by_id(conn, &owner))?;
        super::analysis::shown_in_full(&p, &row)?;
        let spec = row.deal_spec();
        let player = match user {
            Some(u) if u.profile_hidden => None,
            user => Some(super::public_names::public_name(
                &row.user_id,
                user.and_then(|u| u.username),
                false,
            )),
        };
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
    user_id: &UserId,
    player: &str,
    (since, until): (NaiveDateTime, NaiveDateTime),
    after: Option<(NaiveDateTime, GameId)>,
    limit: i64,
) -> Result<(Vec<Exported>, Option<(NaiveDateTime, GameId)>), Error> {
    let (p, user, player) = (play.clone(), user_id.clone(), player.to_string());
    blocking(move || {
        let rows = p.db.read_stale(move |conn| {
            game_store::finished_page(conn, &user, since, until, after.clone(), limit)
        })?;
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
                spec: row.deal_spec(),
                row,
                log,
                player: Some(player.clone()),
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

/// Refused as [`import`] would refuse `user_id` whatever it imports (a guest account, or
/// none): asked first, so a request that can never import costs no one's allowance.
pub async fn may_import(play: &Play, user_id: &UserId) -> Result<(), Error> {
    let (db, user) = (play.db.clone(), user_id.clone());
    let owner = blocking(move || Ok::<_, Error>(db.read(|conn| users::by_id(conn, &user))?))
        .await?
        .ok_or(Error::Account(AccountError::UnknownUser))?;
    if owner.is_guest {
        return Err(Error::Game(GameError::GuestCannotImport));
    }
    Ok(())
}

/// A new game of `user_id`'s on `spec`'s deal with `actions` played (already checked with
/// [`check_line`]), written whole in one transaction (all or nothing: no one can act on it
/// half made): a registered account's (not a guest's), within its hourly allowance of
/// imported actions ([`Play::import_actions_per_hour`]) and, while it is in progress, its
/// games in progress. It counts for nothing (origin `imported`). Its id.
pub async fn import(
    play: &Play,
    user_id: &UserId,
    spec: DealSpec,
    actions: Vec<Action>,
) -> Result<GameId, Error> {
    if actions.len() > play.max_actions as usize {
        return Err(Error::Game(GameError::ActionLimit {
            limit: play.max_actions,
        }));
    }
    let (p, user) = (play.clone(), user_id.clone());
    blocking(move || {
        let mut game = spec.deal();
        for &action in &actions {
            game.apply(action)?;
        }
        let origin = Origin {
            kind: OriginKind::Imported,
            deal_known: true,
            daily_date: None,
            ranked: false,
            difficulty: None,
        };
        let now = p.clock.now();
        let mut row = game_store::new_row(
            uuid::Uuid::new_v4().to_string().into(),
            user,
            spec,
            &origin,
            now,
        );
        row.version = actions.len() as i32;
        row.log = actions
            .iter()
            .map(|&a| engine::notation::encode(a))
            .collect();
        row.status = game.status();
        row.score = game.score() as i32;
        row.actions = game.actions() as i32;
        row.runs_completed = game.runs_completed() as i32;
        if game.status().is_over() {
            row.finished_at = Some(row.created_at);
            row.duration_ms = Some(0);
        }
        let (allowance, most) = (
            p.import_actions_per_hour,
            p.rationing.in_progress_per_player,
        );
        let id = row.id.clone();
        p.db.write(move |conn| -> Result<(), Error> {
            // Under the account's row lock: two imports at once are counted one after the other.
            if !users::lock(conn, &row.user_id)? {
                return Err(Error::Account(AccountError::UnknownUser));
            }
            let owner = users::by_id(conn, &row.user_id)?
                .ok_or(Error::Account(AccountError::UnknownUser))?;
            if owner.is_guest {
                return Err(Error::Game(GameError::GuestCannotImport));
            }
            within_allowance(conn, &row.user_id, allowance, actions.len(), now)?;
            if !row.status.is_over() {
                super::games::room_for_a_game(conn, &row.user_id, most)?;
            }
            Ok(writes::import(conn, &row, &actions)?)
        })?;
        Ok(id)
    })
    .await
}

/// Refused when `asked` more imported actions would take `user_id` past `allowance` in the
/// last hour (0: no limit), with when enough of them will have aged out.
fn within_allowance(
    conn: &mut crate::store::DbConn,
    user_id: &UserId,
    allowance: u32,
    asked: usize,
    now: chrono::NaiveDateTime,
) -> Result<(), Error> {
    if allowance == 0 {
        return Ok(());
    }
    let hour = chrono::TimeDelta::hours(1);
    let recent = writes::imports_since(conn, user_id, now - hour)?;
    let mut used: i64 = recent.iter().map(|(_, n)| i64::from(*n)).sum();
    let (allowance_n, asked_n) = (i64::from(allowance), asked as i64);
    if used + asked_n <= allowance_n {
        return Ok(());
    }
    // The oldest imports age out first: the wait is until enough of them have.
    let mut frees = now + hour;
    if asked_n <= allowance_n {
        for (at, n) in &recent {
            used -= i64::from(*n);
            if used + asked_n <= allowance_n {
                frees = *at + hour;
                break;
            }
        }
    }
    Err(Error::Game(GameError::ImportAllowance {
        allowance,
        asked,
        // Rounded up, and one more: an import made at `at` still counts at exactly `at + 1h`.
        retry_after_s: ((frees - now).num_milliseconds() + 999) as u64 / 1000 + 1,
    }))
}
