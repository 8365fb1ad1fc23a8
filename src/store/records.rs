//! Personal records per user, variant and suits, and the all-time leaderboards built on them.
//!
//! A record changes in the same transaction as the action that changes it (a game created,
//! won or resigned), through [`Record::start`] and [`Record::finish`]; `rebuild` folds the
//! same two functions over every game's replayed event log, so the two can never disagree.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::games::{events, GameRow, OriginKind};
use super::schema::{games, records, users};
use super::{Db, DbConn, StoreError};
use crate::engine::{Game, Status, Variant};

#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = records, treat_none_as_null = true)]
pub struct Record {
    pub user_id: String,
    pub variant: Variant,
    pub suits: i32,
    pub played: i32,
    pub won: i32,
    pub current_streak: i32,
    pub longest_streak: i32,
    pub best_score: Option<i32>,
    pub best_score_game: Option<String>,
    pub best_score_known_deal: bool,
    pub fastest_ms: Option<i64>,
    pub fastest_game: Option<String>,
    pub fastest_known_deal: bool,
    pub fewest_actions: Option<i32>,
    pub fewest_game: Option<String>,
    pub fewest_known_deal: bool,
    pub ranked_best_score: Option<i32>,
    pub ranked_best_score_at: Option<NaiveDateTime>,
    pub ranked_fastest_ms: Option<i64>,
    pub ranked_fastest_at: Option<NaiveDateTime>,
    pub ranked_fewest_actions: Option<i32>,
    pub ranked_fewest_at: Option<NaiveDateTime>,
    pub last_finished_at: Option<NaiveDateTime>,
}

/// What a game counts for, from how it came to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Practice dailies.
    Nothing,
    /// Personal records only, marked: the player could know the cards (a chosen or replayed deal).
    KnownDeal,
    /// Personal records and the all-time leaderboards: random deals and ranked dailies.
    Ranked,
}

pub fn counting(origin: OriginKind, ranked: bool) -> Counting {
    match origin {
        OriginKind::Random => Counting::Ranked,
        OriginKind::Daily if ranked => Counting::Ranked,
        // Practice dailies.
        OriginKind::Daily => Counting::Nothing,
        // A winnable deal was picked by its difficulty: a personal record, not a ranked one.
        OriginKind::Chosen | OriginKind::Restart | OriginKind::Winnable => Counting::KnownDeal,
        // Races have their own measure: ratings.
        OriginKind::Race => Counting::Nothing,
    }
}

/// The end of a game, as records see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finish {
    pub game_id: String,
    pub won: bool,
    pub score: i32,
    pub duration_ms: i64,
    pub actions: i32,
    pub at: NaiveDateTime,
    pub counting: Counting,
}

impl Finish {
    /// The end of `row`'s game, `game` being its final position, reached at `at`.
    pub fn of(row: &GameRow, game: &Game, at: NaiveDateTime) -> Finish {
        Finish {
            game_id: row.id.clone(),
            won: game.status() == Status::Won,
            score: game.score() as i32,
            duration_ms: (at - row.created_at).num_milliseconds(),
            actions: game.actions() as i32,
            at,
            counting: counting(row.origin, row.ranked),
        }
    }
}

/// Which record a change belongs to.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RecordKey {
    pub user_id: String,
    pub variant: Variant,
    pub suits: i32,
}

impl RecordKey {
    pub fn of(row: &GameRow) -> RecordKey {
        RecordKey {
            user_id: row.user_id.clone(),
            variant: row.variant,
            suits: row.suits,
        }
    }
}

fn better<T: PartialOrd>(new: T, old: Option<T>, lower_is_better: bool) -> bool {
    match old {
        None => true,
        Some(old) if lower_is_better => new < old,
        Some(old) => new > old,
    }
}

impl Record {
    pub fn empty(key: &RecordKey) -> Record {
        Record {
            user_id: key.user_id.clone(),
            variant: key.variant,
            suits: key.suits,
            played: 0,
            won: 0,
            current_streak: 0,
            longest_streak: 0,
            best_score: None,
            best_score_game: None,
            best_score_known_deal: false,
            fastest_ms: None,
            fastest_game: None,
            fastest_known_deal: false,
            fewest_actions: None,
            fewest_game: None,
            fewest_known_deal: false,
            ranked_best_score: None,
            ranked_best_score_at: None,
            ranked_fastest_ms: None,
            ranked_fastest_at: None,
            ranked_fewest_actions: None,
            ranked_fewest_at: None,
            last_finished_at: None,
        }
    }

    /// A counting game was started.
    pub fn start(&mut self) {
        self.played += 1;
    }

    /// A counting game ended. A resignation ends the streak; a win extends it and may set
    /// new bests (a tie keeps the earlier one).
    pub fn finish(&mut self, f: &Finish) {
        if f.counting == Counting::Nothing {
            return;
        }
        self.last_finished_at = Some(f.at);
        if !f.won {
            self.current_streak = 0;
            return;
        }
        self.won += 1;
        self.current_streak += 1;
        self.longest_streak = self.longest_streak.max(self.current_streak);
        let known = f.counting == Counting::KnownDeal;
        if better(f.score, self.best_score, false) {
            self.best_score = Some(f.score);
            self.best_score_game = Some(f.game_id.clone());
            self.best_score_known_deal = known;
        }
        if better(f.duration_ms, self.fastest_ms, true) {
            self.fastest_ms = Some(f.duration_ms);
            self.fastest_game = Some(f.game_id.clone());
            self.fastest_known_deal = known;
        }
        if better(f.actions, self.fewest_actions, true) {
            self.fewest_actions = Some(f.actions);
            self.fewest_game = Some(f.game_id.clone());
            self.fewest_known_deal = known;
        }
        if f.counting == Counting::Ranked {
            if better(f.score, self.ranked_best_score, false) {
                self.ranked_best_score = Some(f.score);
                self.ranked_best_score_at = Some(f.at);
            }
            if better(f.duration_ms, self.ranked_fastest_ms, true) {
                self.ranked_fastest_ms = Some(f.duration_ms);
                self.ranked_fastest_at = Some(f.at);
            }
            if better(f.actions, self.ranked_fewest_actions, true) {
                self.ranked_fewest_actions = Some(f.actions);
                self.ranked_fewest_at = Some(f.at);
            }
        }
    }
}

/// A change to one record.
#[derive(Clone, Debug)]
pub enum Change {
    Start,
    Finish(Finish),
}

/// The record at `key`, made empty if it is missing, its row locked (on Postgres) until the
/// caller's transaction ends.
fn locked(conn: &mut DbConn, key: &RecordKey) -> Result<Record, StoreError> {
    let empty = Record::empty(key);
    let find = records::table.find((&key.user_id, &key.variant, key.suits));
    Ok(match conn {
        DbConn::Pg(c) => {
            diesel::insert_into(records::table)
                .values(&empty)
                .on_conflict_do_nothing()
                .execute(c)?;
            find.select(Record::as_select()).for_update().first(c)?
        }
        DbConn::Sqlite(c) => {
            diesel::insert_into(records::table)
                .values(&empty)
                .on_conflict_do_nothing()
                .execute(c)?;
            find.select(Record::as_select()).first(c)?
        }
    })
}

/// Apply `change` to the record at `key`, inside the caller's transaction. On Postgres the
/// row is locked first, so two games of one player ending at once both count.
pub fn apply(conn: &mut DbConn, key: &RecordKey, change: &Change) -> Result<(), StoreError> {
    let current = locked(conn, key)?;
    let find = records::table.find((&key.user_id, &key.variant, key.suits));
    let mut next = current.clone();
    match change {
        Change::Start => next.start(),
        Change::Finish(f) => next.finish(f),
    }
    if next != current {
        diesel::update(find).set(&next).execute(conn)?;
    }
    Ok(())
}

pub fn for_user(conn: &mut DbConn, user_id: &str) -> Result<Vec<Record>, StoreError> {
    Ok(records::table
        .filter(records::user_id.eq(user_id))
        .order((records::variant.asc(), records::suits.asc()))
        .select(Record::as_select())
        .load(conn)?)
}

/// What an all-time leaderboard ranks by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    Score,
    Time,
    Moves,
}

/// One page of an all-time leaderboard: each player's ranked best, with their name.
pub fn board(
    conn: &mut DbConn,
    variant: Variant,
    suits: i32,
    by: Measure,
    offset: i64,
    limit: i64,
) -> Result<Vec<(Record, Option<String>)>, StoreError> {
    let base = records::table
        .inner_join(users::table)
        .filter(records::variant.eq(variant))
        .filter(records::suits.eq(suits))
        .select((Record::as_select(), users::username))
        .offset(offset)
        .limit(limit)
        .into_boxed();
    let query = match by {
        Measure::Score => base
            .filter(records::ranked_best_score.is_not_null())
            .order((
                records::ranked_best_score.desc(),
                records::ranked_best_score_at.asc(),
                records::user_id.asc(),
            )),
        Measure::Time => base
            .filter(records::ranked_fastest_ms.is_not_null())
            .order((
                records::ranked_fastest_ms.asc(),
                records::ranked_fastest_at.asc(),
                records::user_id.asc(),
            )),
        Measure::Moves => base
            .filter(records::ranked_fewest_actions.is_not_null())
            .order((
                records::ranked_fewest_actions.asc(),
                records::ranked_fewest_at.asc(),
                records::user_id.asc(),
            )),
    };
    Ok(query.load(conn)?)
}

/// A player's place on an all-time leaderboard (1 for the first), if they are on it.
pub fn rank_of(
    conn: &mut DbConn,
    user_id: &str,
    variant: Variant,
    suits: i32,
    by: Measure,
) -> Result<Option<(i64, Record)>, StoreError> {
    let mine: Option<Record> = records::table
        .find((user_id, variant, suits))
        .select(Record::as_select())
        .first(conn)
        .optional()?;
    let Some(mine) = mine else { return Ok(None) };
    // Ahead of me: a better value, or the same value reached earlier, or at the same moment
    // by a lower id. Three counts, each a range of one index (an OR would scan the board).
    macro_rules! ahead {
        ($value:expr, $at:expr, $col:expr, $at_col:expr, $better:ident) => {{
            let (Some(v), Some(at)) = ($value, $at) else {
                return Ok(None);
            };
            let on_board = || {
                records::table
                    .filter(records::variant.eq(variant))
                    .filter(records::suits.eq(suits))
                    .into_boxed()
            };
            let better: i64 = on_board()
                .filter($col.$better(v))
                .count()
                .get_result(conn)?;
            let earlier: i64 = on_board()
                .filter($col.eq(v))
                .filter($at_col.lt(at))
                .count()
                .get_result(conn)?;
            let same_moment: i64 = on_board()
                .filter($col.eq(v))
                .filter($at_col.eq(at))
                .filter(records::user_id.lt(user_id))
                .count()
                .get_result(conn)?;
            better + earlier + same_moment
        }};
    }
    let ahead = match by {
        Measure::Score => ahead!(
            mine.ranked_best_score,
            mine.ranked_best_score_at,
            records::ranked_best_score,
            records::ranked_best_score_at,
            gt
        ),
        Measure::Time => ahead!(
            mine.ranked_fastest_ms,
            mine.ranked_fastest_at,
            records::ranked_fastest_ms,
            records::ranked_fastest_at,
            lt
        ),
        Measure::Moves => ahead!(
            mine.ranked_fewest_actions,
            mine.ranked_fewest_at,
            records::ranked_fewest_actions,
            records::ranked_fewest_at,
            lt
        ),
    };
    Ok(Some((ahead + 1, mine)))
}

/// Every record as the event logs say it should be: each counting game replayed from its
/// events, started in creation order, finished in the order its last action was accepted.
pub fn compute_all(conn: &mut DbConn) -> Result<Vec<Record>, StoreError> {
    let all: Vec<GameRow> = games::table
        .order((games::created_at.asc(), games::id.asc()))
        .select(GameRow::as_select())
        .load(conn)?;
    compute(conn, &all)
}

/// The records `all` (games in creation order) make, each replayed from its events.
fn compute(conn: &mut DbConn, all: &[GameRow]) -> Result<Vec<Record>, StoreError> {
    let mut records: BTreeMap<RecordKey, Record> = BTreeMap::new();
    let mut finishes: Vec<(RecordKey, Finish)> = Vec::new();
    for row in all {
        let counts = counting(row.origin, row.ranked);
        if counts == Counting::Nothing {
            continue;
        }
        let key = RecordKey::of(row);
        records
            .entry(key.clone())
            .or_insert_with(|| Record::empty(&key))
            .start();
        let log = events(conn, &row.id)?;
        let actions = log
            .iter()
            .map(|e| e.action())
            .collect::<Result<Vec<_>, _>>()?;
        let spec = row.deal_spec()?;
        let game = Game::replay(
            spec.variant,
            spec.suits,
            spec.rules,
            spec.deal_number,
            actions,
        )
        .map_err(|e| StoreError::Corrupt(format!("game {}: {e}", row.id)))?;
        if let (true, Some(last)) = (game.status().is_over(), log.last()) {
            finishes.push((key, Finish::of(row, &game, last.created_at)));
        }
    }
    finishes.sort_by(|(_, a), (_, b)| (a.at, &a.game_id).cmp(&(b.at, &b.game_id)));
    for (key, finish) in &finishes {
        if let Some(record) = records.get_mut(key) {
            record.finish(finish);
        }
    }
    Ok(records.into_values().collect())
}

/// Replace `user_id`'s records of the kinds `keys` name with what their games' event logs say,
/// inside the caller's transaction (when games moved to the account). The rows are locked
/// first (on Postgres), so a game of theirs that ends meanwhile is counted after, on the new
/// row.
pub fn recompute(conn: &mut DbConn, user_id: &str, keys: &[RecordKey]) -> Result<(), StoreError> {
    for key in keys {
        let key = RecordKey {
            user_id: user_id.to_string(),
            ..key.clone()
        };
        locked(conn, &key)?;
        let find = records::table.find((user_id, &key.variant, key.suits));
        let empty = Record::empty(&key);
        // From the games' summary columns (kept in step by every append), not a replay of
        // each log: this runs inside a write, which must stay short however many games the
        // account has.
        let theirs: Vec<GameRow> = games::table
            .filter(games::user_id.eq(user_id))
            .filter(games::variant.eq(key.variant))
            .filter(games::suits.eq(key.suits))
            .order((games::created_at.asc(), games::id.asc()))
            .select(GameRow::as_select())
            .load(conn)?;
        let mut record = empty;
        let mut finishes = Vec::new();
        for row in &theirs {
            let counts = counting(row.origin, row.ranked);
            if counts == Counting::Nothing {
                continue;
            }
            record.start();
            if row.status.is_over() {
                let at = row.finished_at.unwrap_or(row.updated_at);
                finishes.push(Finish {
                    game_id: row.id.clone(),
                    won: row.status == Status::Won,
                    score: row.score,
                    duration_ms: row
                        .duration_ms
                        .unwrap_or_else(|| (at - row.created_at).num_milliseconds()),
                    actions: row.actions,
                    at,
                    counting: counts,
                });
            }
        }
        finishes.sort_by(|a, b| (a.at, &a.game_id).cmp(&(b.at, &b.game_id)));
        for finish in &finishes {
            record.finish(finish);
        }
        diesel::update(find).set(&record).execute(conn)?;
    }
    Ok(())
}

/// Replace every record with what the event logs say (the `rebuild-records` command).
/// Returns how many records there are.
pub fn rebuild(db: &Db) -> Result<usize, StoreError> {
    db.write(|conn| {
        // On Postgres, hold off writers of games and records until the new rows are in,
        // so no finish lands between reading the logs and replacing the rows.
        if let DbConn::Pg(c) = conn {
            diesel::sql_query("LOCK TABLE games, records IN SHARE ROW EXCLUSIVE MODE")
                .execute(c)?;
        }
        let all = compute_all(conn)?;
        diesel::delete(records::table).execute(conn)?;
        // One row at a time: batch inserts are not portable across the two backends.
        for record in &all {
            diesel::insert_into(records::table)
                .values(record)
                .execute(conn)?;
        }
        Ok(all.len())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> RecordKey {
        RecordKey {
            user_id: "u".into(),
            variant: Variant::Spider,
            suits: 2,
        }
    }

    fn at(s: i64) -> NaiveDateTime {
        chrono::DateTime::from_timestamp(1_800_000_000 + s, 0)
            .unwrap()
            .naive_utc()
    }

    fn win(id: &str, score: i32, ms: i64, actions: i32, t: i64, counting: Counting) -> Finish {
        Finish {
            game_id: id.into(),
            won: true,
            score,
            duration_ms: ms,
            actions,
            at: at(t),
            counting,
        }
    }

    #[test]
    fn wins_set_bests_and_streaks_and_a_resignation_ends_the_streak() {
        let mut r = Record::empty(&key());
        for _ in 0..4 {
            r.start();
        }
        r.finish(&win("a", 1100, 90_000, 200, 1, Counting::Ranked));
        r.finish(&win("b", 1150, 120_000, 150, 2, Counting::Ranked));
        assert_eq!((r.won, r.current_streak, r.longest_streak), (2, 2, 2));
        r.finish(&Finish {
            won: false,
            ..win("c", 480, 10, 20, 3, Counting::Ranked)
        });
        assert_eq!(
            (r.played, r.won, r.current_streak, r.longest_streak),
            (4, 2, 0, 2)
        );
        assert_eq!(r.best_score, Some(1150));
        assert_eq!(r.best_score_game.as_deref(), Some("b"));
        assert_eq!(r.fastest_ms, Some(90_000));
        assert_eq!(r.fewest_actions, Some(150));
        assert_eq!(r.ranked_best_score_at, Some(at(2)));
    }

    #[test]
    fn known_deals_are_marked_and_kept_off_the_leaderboards_and_practice_counts_for_nothing() {
        let mut r = Record::empty(&key());
        r.finish(&win("a", 1100, 90_000, 200, 1, Counting::Ranked));
        r.finish(&win("k", 1200, 60_000, 100, 2, Counting::KnownDeal));
        assert_eq!(r.best_score, Some(1200));
        assert!(r.best_score_known_deal);
        assert_eq!(r.ranked_best_score, Some(1100));
        assert_eq!(r.ranked_fastest_ms, Some(90_000));
        let before = r.clone();
        r.finish(&win("p", 1290, 1_000, 10, 3, Counting::Nothing));
        assert_eq!(r, before);
        // A tie keeps the earlier best.
        r.finish(&win("t", 1200, 60_000, 100, 4, Counting::Ranked));
        assert_eq!(r.best_score_game.as_deref(), Some("k"));
        assert_eq!(counting(OriginKind::Random, false), Counting::Ranked);
        assert_eq!(counting(OriginKind::Daily, true), Counting::Ranked);
        assert_eq!(counting(OriginKind::Daily, false), Counting::Nothing);
        assert_eq!(counting(OriginKind::Chosen, false), Counting::KnownDeal);
        assert_eq!(counting(OriginKind::Restart, false), Counting::KnownDeal);
        assert_eq!(counting(OriginKind::Winnable, false), Counting::KnownDeal);
        assert_eq!(counting(OriginKind::Race, false), Counting::Nothing);
    }
}
