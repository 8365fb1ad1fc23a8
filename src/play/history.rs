//! A player's games as lists and logs: their games newest first, a page at a time, and one
//! game's accepted actions with the server's times (a replay).

use crate::domain::{GameId, UserId};
use crate::GameError;
use chrono::NaiveDateTime;

use super::{blocking, Error, Play};
use crate::engine::Action;
use crate::store::games as game_store;

pub use crate::store::games::GameRow;

/// An accepted action, numbered from 1 in its game, and when the server took it.
#[derive(Clone, Debug)]
pub struct Event {
    pub seq: i32,
    pub action: Action,
    pub at: NaiveDateTime,
}

/// Where a page of a player's games starts: after the game created at this moment with this
/// id (games are listed by creation, newest first, then by id).
pub type After = (NaiveDateTime, GameId);

impl Play {
    /// `user_id`'s game `id` and its event log, oldest first.
    pub async fn events(
        &self,
        user_id: &UserId,
        id: &GameId,
    ) -> Result<(GameRow, Vec<Event>), Error> {
        let (db, user_id, id) = (self.db.clone(), user_id.clone(), id.clone());
        blocking(move || {
            db.read(|conn| {
                let row = game_store::owned(conn, &user_id, &id)?
                    .ok_or(Error::Game(GameError::GameNotFound))?;
                let events = game_store::events(conn, &id)?
                    .into_iter()
                    .map(|e| {
                        Ok(Event {
                            seq: e.seq,
                            action: e.action()?,
                            at: e.created_at,
                        })
                    })
                    .collect::<Result<Vec<_>, Error>>()?;
                Ok((row, events))
            })
        })
        .await
    }

    /// Up to `limit` of `user_id`'s games created by now, newest first, after `after`.
    pub async fn games_of(
        &self,
        user_id: &UserId,
        limit: i64,
        after: Option<After>,
    ) -> Result<Vec<GameRow>, Error> {
        let (db, user_id, now) = (self.db.clone(), user_id.clone(), self.clock.now());
        blocking(move || {
            let mut conn = db.conn()?;
            Ok(game_store::list(&mut conn, &user_id, limit, after, now)?)
        })
        .await
    }
}
