//! The boards: a day's ranked attempts and the all-time bests, a page at a time, each player
//! named as they may be in public ([`super::public_names`]), and a player's own records.
//!
//! A board may be a second stale: it is read from the standby when one is set; whether a
//! player hid their profile is read from the primary.

use crate::domain::UserId;
use std::collections::HashSet;

use chrono::NaiveDate;

use super::{blocking, public_names, Error, Play};
use crate::domain::records::{Measure, Record};
use crate::engine::{Suits, Variant};
use crate::store::{daily as daily_store, records, users};

use super::history::GameRow;
pub use crate::store::pages::{Mark, Page, PageStart};
pub use crate::store::races::RatingRow;

/// Which board, and which page of it.
#[derive(Clone, Copy, Debug)]
pub struct BoardPage {
    pub variant: Variant,
    pub suits: Suits,
    pub by: Measure,
    pub start: PageStart,
    pub limit: i64,
}

/// A page of a day's board: each ranked attempt with its player's username, the day's
/// players, and which players on the page hid their profile.
pub struct DailyBoard {
    pub page: Page<(GameRow, Option<String>)>,
    pub players: i64,
    pub hidden: HashSet<UserId>,
}

/// A page of an all-time board: each player's record with their username; the asker's own
/// place (rank, record, username) when they are on it; which players on the page hid their
/// profile.
pub struct RecordsBoard {
    pub page: Page<(Record, Option<String>)>,
    pub you: Option<(i64, Record, Option<String>)>,
    pub hidden: HashSet<UserId>,
}

impl Play {
    /// A page of `day`'s board of ranked attempts.
    pub async fn daily_board(&self, day: NaiveDate, board: BoardPage) -> Result<DailyBoard, Error> {
        let db = self.db.clone();
        let day = day.to_string();
        blocking(move || {
            let (page, players) = db.read_stale(move |conn| {
                let (v, s) = (board.variant, board.suits);
                let page =
                    daily_store::leaderboard(conn, &day, v, s, board.by, board.start, board.limit)?;
                let players = daily_store::players(conn, &day, v, s)?;
                Ok::<_, Error>((page, players))
            })?;
            let ids = page
                .rows
                .iter()
                .map(|(row, _)| row.user_id.clone())
                .collect();
            let hidden = public_names::hidden_among(&db, ids)?;
            Ok(DailyBoard {
                page,
                players,
                hidden,
            })
        })
        .await
    }

    /// A page of an all-time board of ranked bests, with `asker`'s own place on it.
    pub async fn records_board(
        &self,
        asker: Option<UserId>,
        board: BoardPage,
    ) -> Result<RecordsBoard, Error> {
        let (db, ranks) = (self.db.clone(), self.ranks.clone());
        blocking(move || {
            let primary = db.clone();
            let (page, you) = db.read_stale(move |conn| {
                let (v, s) = (board.variant, board.suits);
                let page = records::board(conn, v, s, board.by, board.start, board.limit)?;
                let you = match &asker {
                    Some(user) => ranks
                        .place(&primary, conn, user, v, s, board.by)?
                        .map(|placed| {
                            let name = users::by_id(conn, user)?.and_then(|u| u.username);
                            Ok::<_, Error>((placed.rank, placed.record, name))
                        })
                        .transpose()?,
                    None => None,
                };
                Ok::<_, Error>((page, you))
            })?;
            let ids = page.rows.iter().map(|(r, _)| r.user_id.clone()).collect();
            let hidden = public_names::hidden_among(&db, ids)?;
            Ok(RecordsBoard { page, you, hidden })
        })
        .await
    }

    /// `user_id`'s personal records and race ratings, per variant and suits.
    pub async fn records_of(
        &self,
        user_id: &UserId,
    ) -> Result<(Vec<Record>, Vec<RatingRow>), Error> {
        let (db, user_id) = (self.db.clone(), user_id.clone());
        blocking(move || {
            let mut conn = db.conn()?;
            let rows = records::for_user(&mut conn, &user_id)?;
            let ratings = crate::store::races::ratings_of(&mut conn, &user_id)?;
            Ok((rows, ratings))
        })
        .await
    }
}
