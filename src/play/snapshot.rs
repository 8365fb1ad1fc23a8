//! A game as its player saw it in one answer: what the HTTP view and the chat's replies are
//! made from, and what an idempotency key remembers, so that a retry, whenever it comes, is
//! answered exactly as the first request was.

use crate::domain::GameId;
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use super::clock::Clock;
use super::Error;
use crate::domain::origin::OriginKind;
use crate::engine::{Difficulty, Game, Status, View};
use crate::store::games::GameRow;
use crate::store::idempotency::Remembered;

/// A game at one version, as its player may see it: face-up cards and counts only (the deal
/// number only when [`deal_visible`] allows it), with the times of that moment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    pub id: GameId,
    pub origin: OriginKind,
    /// The player chose the deal number (or replays such a deal).
    pub deal_chosen: bool,
    /// For a daily challenge and its restarts: the day (YYYY-MM-DD).
    pub daily_date: Option<String>,
    /// A daily's ranked attempt.
    pub ranked: bool,
    pub difficulty: Option<Difficulty>,
    pub hints_allowed: bool,
    /// The deal number, when the player may see it at this moment.
    pub deal_number: Option<u64>,
    pub version: i32,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub finished_at: Option<NaiveDateTime>,
    /// Server time from creation to the end of the game, or to this moment.
    pub elapsed_ms: i64,
    pub view: View,
}

impl Snapshot {
    /// `game` at `version` of the stored game `row`, seen at `now`.
    pub fn new(
        row: &GameRow,
        game: &Game,
        version: i32,
        updated_at: NaiveDateTime,
        finished_at: Option<NaiveDateTime>,
        clock: &Clock,
        now: NaiveDateTime,
    ) -> Snapshot {
        let view = game.view();
        let end = finished_at.unwrap_or(now);
        Snapshot {
            id: row.id.clone(),
            origin: row.origin,
            deal_chosen: row.deal_chosen,
            daily_date: row.daily_date.clone(),
            ranked: row.ranked,
            difficulty: row.difficulty,
            hints_allowed: row.hints_allowed,
            deal_number: deal_visible(row, view.status, clock).then(|| game.deal_number()),
            version,
            created_at: row.created_at,
            updated_at,
            finished_at,
            elapsed_ms: (end - row.created_at).num_milliseconds().max(0),
            view,
        }
    }

    /// The stored game as it is now.
    pub fn of_row(row: &GameRow, game: &Game, clock: &Clock) -> Snapshot {
        Snapshot::new(
            row,
            game,
            row.version,
            row.updated_at,
            row.finished_at,
            clock,
            clock.now(),
        )
    }

    /// What an idempotency key remembers of this answer.
    pub(super) fn remembered(&self, status: u16) -> Result<Remembered, Error> {
        Ok(Remembered {
            status,
            version: self.version,
            response: serde_json::to_string(self).map_err(|e| Error::Internal(e.to_string()))?,
        })
    }
}

/// Whether a caller may see a game's deal number now (a known number reveals every hidden
/// card): a race's or an arena's game never (others may still be playing the same deal), a daily's once
/// its day is over, a deal the player chose always, any other once the game is over (its
/// `status` may be newer than the row's: the answer to the action that ended it).
pub fn deal_visible(row: &GameRow, status: Status, clock: &Clock) -> bool {
    if row.race_id.is_some() || row.origin == crate::domain::origin::OriginKind::Arena {
        return false;
    }
    match row.daily_date() {
        Ok(Some(day)) => clock.is_over(day),
        Ok(None) => row.deal_chosen || status.is_over(),
        Err(_) => false,
    }
}

/// The first answer to a request whose idempotency key came again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    pub status: u16,
    pub version: i32,
    pub answer: Answer,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The game as the first answer showed it.
    Game(Box<Snapshot>),
    /// An answer remembered by a release before snapshots were (keys live a day): its body
    /// as that release wrote it, the view of the game.
    Earlier(String),
}

impl From<Remembered> for Replayed {
    fn from(r: Remembered) -> Replayed {
        let answer = match serde_json::from_str::<Snapshot>(&r.response) {
            Ok(snapshot) => Answer::Game(Box::new(snapshot)),
            Err(_) => Answer::Earlier(r.response),
        };
        Replayed {
            status: r.status,
            version: r.version,
            answer,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{DealSpec, Rules, Suits, Variant};

    fn snapshot() -> Snapshot {
        let spec = DealSpec {
            variant: Variant::Spider,
            suits: Suits::Two,
            rules: Rules::default(),
            deal_number: 7,
        };
        let at = chrono::DateTime::from_timestamp_micros(1_764_000_000_123_456)
            .expect("a time")
            .naive_utc();
        Snapshot {
            id: "g1".into(),
            origin: OriginKind::Daily,
            deal_chosen: false,
            daily_date: Some("2026-12-05".into()),
            ranked: true,
            difficulty: None,
            hints_allowed: true,
            deal_number: None,
            version: 3,
            created_at: at,
            updated_at: at,
            finished_at: None,
            elapsed_ms: 1_234,
            view: spec.deal().view(),
        }
    }

    #[test]
    fn a_remembered_snapshot_comes_back_the_same() {
        let seen = snapshot();
        let remembered = seen.remembered(200).expect("serialized");
        assert_eq!((remembered.status, remembered.version), (200, 3));
        let replayed = Replayed::from(remembered);
        assert_eq!(replayed.answer, Answer::Game(Box::new(seen)));
    }

    #[test]
    fn a_body_that_is_no_snapshot_is_an_earlier_releases_answer() {
        let body = r#"{"id":"g1","status":"in_progress"}"#.to_string();
        let replayed = Replayed::from(Remembered {
            status: 201,
            version: 0,
            response: body.clone(),
        });
        assert_eq!(replayed.answer, Answer::Earlier(body));
    }
}
