//! A player's own place on an all-time board, without counting every row above it on each
//! request.
//!
//! Each instance keeps, per board it is asked about, a snapshot of every place on it (value
//! and when it was reached, by player), taken in the background now and then. A player's rank
//! is then the places ahead of theirs in the snapshot, corrected by what changed since it was
//! taken (records whose ranked bests changed, records that left the board: a few rows of an
//! index range), plus the players who reached the same place at the same moment with a lower
//! id (read as it is now). The answer is the same as counting; when no snapshot is fit to
//! use (none yet, too old, or too much changed since), it counts, as before, and a new
//! snapshot is taken.

use crate::domain::UserId;
use crate::engine::Suits;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use chrono::{NaiveDateTime, TimeDelta};

use super::clock::Clock;
use crate::domain::records::{Measure, Record, RecordKey};
use crate::engine::Variant;
use crate::store::records;
use crate::store::{Db, DbConn, StoreError};

/// A write's time may come this long before its commit (and instances' clocks may differ by
/// a little of it): what changed since a snapshot is read from this far before it was taken.
const MARGIN: TimeDelta = TimeDelta::minutes(5);
/// A snapshot this old is taken anew (in the background, the old one used meanwhile).
const REFRESH: TimeDelta = TimeDelta::seconds(30);
/// A snapshot this old is not used (removals are kept a day, so this is well within).
const STALE: TimeDelta = TimeDelta::minutes(10);
/// More changes than this since a snapshot: count instead, and take a new one.
const MOST_CHANGES: i64 = 2_000;
/// A board with more places than this is not kept in memory (about 60 bytes a place): its
/// ranks are counted.
const MOST_PLACES: usize = 2_000_000;

#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
struct Board {
    variant: Variant,
    suits: Suits,
    by: Measure,
}

/// Every place on one board when it was taken.
struct Snapshot {
    /// The time just before it was read.
    taken: NaiveDateTime,
    /// Each place (value, when), in board order.
    order: Vec<(i64, NaiveDateTime)>,
    /// Each player's place, by player.
    players: Vec<(Box<str>, (i64, NaiveDateTime))>,
}

impl Snapshot {
    fn of(taken: NaiveDateTime, rows: Vec<(String, i64, NaiveDateTime)>) -> Snapshot {
        let mut order: Vec<(i64, NaiveDateTime)> = rows.iter().map(|r| (r.1, r.2)).collect();
        order.sort_unstable();
        let mut players: Vec<(Box<str>, (i64, NaiveDateTime))> = rows
            .into_iter()
            .map(|(u, v, at)| (u.into_boxed_str(), (v, at)))
            .collect();
        players.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        Snapshot {
            taken,
            order,
            players,
        }
    }

    /// How many places were strictly ahead of `key` (a better value, or the same reached
    /// earlier).
    fn ahead_of(&self, key: (i64, NaiveDateTime)) -> i64 {
        self.order.partition_point(|p| *p < key) as i64
    }

    fn place_of(&self, user: &str) -> Option<(i64, NaiveDateTime)> {
        self.players
            .binary_search_by(|p| (*p.0).cmp(user))
            .ok()
            .map(|i| self.players[i].1)
    }
}

#[derive(Default)]
struct Slot {
    snapshot: Option<Arc<Snapshot>>,
    /// A snapshot is being taken.
    taking: bool,
}

/// A player's place: their rank (1 for the first), their record, and whether it was counted
/// (no snapshot was fit to use) rather than read from a snapshot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    pub rank: i64,
    pub record: Record,
    pub counted: bool,
}

/// The snapshots of the boards this instance is asked about (at most one per variant, suit
/// count and measure).
#[derive(Clone, Default)]
pub struct Ranks {
    boards: Arc<Mutex<HashMap<Board, Slot>>>,
    /// The server's clock: snapshots are dated by it, as the records' changes are.
    clock: Clock,
}

impl Ranks {
    /// No snapshot yet; snapshots dated by `clock`.
    pub fn new(clock: Clock) -> Ranks {
        Ranks {
            boards: Arc::default(),
            clock,
        }
    }

    /// `user_id`'s place on the all-time board of `variant` and `suits` by `by`, if they are
    /// on it. Reads only; a snapshot missing or old is taken on another thread.
    pub fn place(
        &self,
        db: &Db,
        conn: &mut DbConn,
        user_id: &UserId,
        variant: Variant,
        suits: Suits,
        by: Measure,
    ) -> Result<Option<Placed>, StoreError> {
        let board = Board { variant, suits, by };
        let key = RecordKey {
            user_id: user_id.clone(),
            variant,
            suits,
        };
        let Some(record) = records::find(conn, &key)? else {
            return Ok(None);
        };
        let Some(mine) = records::board_key(&record, by) else {
            return Ok(None);
        };
        if let Some(snapshot) = self.snapshot(db, board) {
            if let Some(ahead) = corrected(conn, &snapshot, board, user_id, mine)? {
                let ties = records::same_moment_before(conn, &record, by)?;
                return Ok(Some(Placed {
                    rank: ahead + ties + 1,
                    record,
                    counted: false,
                }));
            }
            // Too much changed since: a new one.
            self.take_in_background(db, board);
        }
        Ok(
            records::rank_of(conn, user_id, variant, suits, by)?.map(|(rank, record)| Placed {
                rank,
                record,
                counted: true,
            }),
        )
    }

    /// Take the snapshot of a board now, on this thread (the first request for a board
    /// otherwise counts, and the snapshot is taken in the background).
    pub fn take_now(
        &self,
        db: &Db,
        variant: Variant,
        suits: Suits,
        by: Measure,
    ) -> Result<(), StoreError> {
        let board = Board { variant, suits, by };
        let snapshot = take(db, board, self.clock.now())?;
        self.slot(board, |slot| slot.snapshot = snapshot.map(Arc::new));
        Ok(())
    }

    fn slot<T>(&self, board: Board, f: impl FnOnce(&mut Slot) -> T) -> T {
        let mut boards = self
            .boards
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        f(boards.entry(board).or_default())
    }

    /// The board's snapshot if it is fit to use; one is taken in the background when there is
    /// none or it is due.
    fn snapshot(&self, db: &Db, board: Board) -> Option<Arc<Snapshot>> {
        let at = self.clock.now();
        let current = self.slot(board, |slot| slot.snapshot.clone());
        if current.as_ref().is_none_or(|s| at - s.taken >= REFRESH) {
            self.take_in_background(db, board);
        }
        current.filter(|s| at - s.taken < STALE)
    }

    fn take_in_background(&self, db: &Db, board: Board) {
        let start = self.slot(board, |slot| !std::mem::replace(&mut slot.taking, true));
        if !start {
            return;
        }
        let (ranks, db) = (self.clone(), db.clone());
        let started = std::thread::Builder::new()
            .name("board-snapshot".into())
            .spawn(move || {
                let taken = take(&db, board, ranks.clock.now());
                if let Err(e) = &taken {
                    tracing::warn!("taking a snapshot of a board: {e}");
                }
                ranks.slot(board, |slot| {
                    slot.taking = false;
                    match taken {
                        Ok(Some(s)) => slot.snapshot = Some(Arc::new(s)),
                        // Too big to keep: counted.
                        Ok(None) => slot.snapshot = None,
                        Err(_) => {}
                    }
                });
            });
        if started.is_err() {
            self.slot(board, |slot| slot.taking = false);
        }
    }
}

/// Every place on `board` now; `None` when there are too many to keep.
/// `taken`: now.
fn take(db: &Db, board: Board, taken: NaiveDateTime) -> Result<Option<Snapshot>, StoreError> {
    // A snapshot of a board may be a second stale like the board (its corrections are read
    // from five minutes before it was taken). It is heavy (up to every place of the board) and
    // taken off the request path: the standby has longer than a request's read to answer.
    let rows = db.read_stale_heavy(move |conn| {
        records::board_keys(conn, board.variant, board.suits, board.by)
    })?;
    Ok((rows.len() <= MOST_PLACES).then(|| Snapshot::of(taken, rows)))
}

/// How many places are strictly ahead of `mine` now: the snapshot's, corrected by what
/// changed since it was taken; `None` when too much did.
fn corrected(
    conn: &mut DbConn,
    snapshot: &Snapshot,
    board: Board,
    user_id: &UserId,
    mine: (i64, NaiveDateTime),
) -> Result<Option<i64>, StoreError> {
    let since = snapshot.taken - MARGIN;
    let (changed, removed) = records::changed_since(
        conn,
        board.variant,
        board.suits,
        board.by,
        since,
        MOST_CHANGES + 1,
    )?;
    if changed.len() as i64 > MOST_CHANGES
        || removed.len() as i64 > MOST_CHANGES
        || removed.iter().any(|u| u == "*")
    {
        return Ok(None);
    }
    // Each changed player once: where they were in the snapshot, where they are now (nowhere,
    // once removed). The caller's own record may be among them.
    let mut now_at: HashMap<&str, Option<(i64, NaiveDateTime)>> = HashMap::new();
    for (user, place) in &changed {
        now_at.insert(user, *place);
    }
    for user in &removed {
        now_at.insert(user, None);
    }
    let mut ahead = snapshot.ahead_of(mine);
    for (user, place) in now_at {
        if snapshot.place_of(user).is_some_and(|p| p < mine) {
            ahead -= 1;
        }
        if user != user_id.as_str() && place.is_some_and(|p| p < mine) {
            ahead += 1;
        }
    }
    Ok(Some(ahead))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: i64) -> NaiveDateTime {
        chrono::DateTime::from_timestamp(1_800_000_000 + s, 0)
            .map(|t| t.naive_utc())
            .unwrap_or_default()
    }

    #[test]
    fn a_snapshot_counts_the_places_strictly_ahead_and_finds_each_player() {
        let s = Snapshot::of(
            at(0),
            vec![
                ("c".into(), -900, at(3)),
                ("a".into(), -1000, at(5)),
                ("b".into(), -900, at(1)),
                ("d".into(), -900, at(3)),
            ],
        );
        assert_eq!(s.ahead_of((-1000, at(5))), 0);
        assert_eq!(s.ahead_of((-900, at(1))), 1);
        // Same value and moment: neither is strictly ahead of the other.
        assert_eq!(s.ahead_of((-900, at(3))), 2);
        assert_eq!(s.ahead_of((-800, at(0))), 4);
        assert_eq!(s.place_of("d"), Some((-900, at(3))));
        assert_eq!(s.place_of("e"), None);
    }
}
