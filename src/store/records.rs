//! Personal records per user, variant and suits, and the all-time leaderboards built on them.
//!
//! A record changes in the same transaction as the action that changes it (a game created,
//! won or resigned), by the rules of [`crate::domain::records`]; `rebuild` folds the same
//! rules over every game's replayed event log, so the two can never disagree.

use crate::engine::Suits;
use std::collections::BTreeMap;

use crate::domain::{GameId, UserId};
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::games::{events, GameRow};
use super::pages::{next_start, time_of, time_value, Mark, Page, PageStart};
use super::schema::{games, record_removals, records, users};
use super::{Db, DbConn, StoreError};
use crate::domain::records::{counting, Change, Counting, Finish, Measure, Record, RecordKey};
use crate::engine::{Game, Status, Variant};

/// A record as a row of the `records` table: the columns [`Record`] has, one for one.
macro_rules! record_row {
    ($($field:ident: $ty:ty,)*) => {
        #[derive(Clone, Debug, Queryable, Selectable, Insertable, AsChangeset)]
        #[diesel(table_name = records, treat_none_as_null = true)]
        pub struct RecordRow {
            $(pub $field: $ty,)*
        }

        impl From<RecordRow> for Record {
            fn from(row: RecordRow) -> Record {
                Record { $($field: row.$field,)* }
            }
        }

        impl From<&Record> for RecordRow {
            fn from(record: &Record) -> RecordRow {
                RecordRow { $($field: record.$field.clone(),)* }
            }
        }
    };
}

record_row! {
    user_id: UserId,
    variant: Variant,
    suits: Suits,
    played: i32,
    won: i32,
    current_streak: i32,
    longest_streak: i32,
    best_score: Option<i32>,
    best_score_game: Option<GameId>,
    best_score_known_deal: bool,
    fastest_ms: Option<i64>,
    fastest_game: Option<GameId>,
    fastest_known_deal: bool,
    fewest_actions: Option<i32>,
    fewest_game: Option<GameId>,
    fewest_known_deal: bool,
    ranked_best_score: Option<i32>,
    ranked_best_score_at: Option<NaiveDateTime>,
    ranked_fastest_ms: Option<i64>,
    ranked_fastest_at: Option<NaiveDateTime>,
    ranked_fewest_actions: Option<i32>,
    ranked_fewest_at: Option<NaiveDateTime>,
    last_finished_at: Option<NaiveDateTime>,
}

/// Which record `row`'s game counts in.
pub fn key_of(row: &GameRow) -> RecordKey {
    RecordKey {
        user_id: row.user_id.clone(),
        variant: row.variant,
        suits: row.suits,
    }
}

/// The end of `row`'s game, `game` being its final position, reached at `at`.
pub fn finish_of(row: &GameRow, game: &Game, at: NaiveDateTime) -> Finish {
    let counts = counting(row.origin, row.ranked);
    Finish::of(&row.id, row.created_at, counts, game, at)
}

/// The record at `key`, made empty if it is missing, its row locked (on Postgres) until the
/// caller's transaction ends.
fn locked(conn: &mut DbConn, key: &RecordKey) -> Result<Record, StoreError> {
    let empty = Record::empty(key);
    let find = records::table.find((&key.user_id, &key.variant, key.suits));
    Ok(match conn {
        DbConn::Pg(c) => {
            diesel::insert_into(records::table)
                .values(RecordRow::from(&empty))
                .on_conflict_do_nothing()
                .execute(c)?;
            find.select(RecordRow::as_select())
                .for_update()
                .first::<RecordRow>(c)?
                .into()
        }
        DbConn::Sqlite(c) => {
            diesel::insert_into(records::table)
                .values(RecordRow::from(&empty))
                .on_conflict_do_nothing()
                .execute(c)?;
            find.select(RecordRow::as_select())
                .first::<RecordRow>(c)?
                .into()
        }
    })
}

/// Apply `change` to the record at `key`, inside the caller's transaction. On Postgres the
/// row is locked first, so two games of one player ending at once both count.
/// `at`: when the change is made (a ranked best's `ranked_changed_at`).
pub fn apply(
    conn: &mut DbConn,
    key: &RecordKey,
    change: &Change,
    at: NaiveDateTime,
) -> Result<(), StoreError> {
    let current = locked(conn, key)?;
    let find = records::table.find((&key.user_id, &key.variant, key.suits));
    let mut next = current.clone();
    match change {
        Change::Start => next.start(),
        Change::Finish(f) => next.finish(f),
    }
    if next != current {
        let changed_at = ranked_moved(&current, &next).then_some(at);
        diesel::update(find)
            .set((
                RecordRow::from(&next),
                changed_at.map(|at| records::ranked_changed_at.eq(at)),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Whether a record's place on any all-time board may have moved.
fn ranked_moved(before: &Record, after: &Record) -> bool {
    (
        before.ranked_best_score,
        before.ranked_best_score_at,
        before.ranked_fastest_ms,
        before.ranked_fastest_at,
        before.ranked_fewest_actions,
        before.ranked_fewest_at,
    ) != (
        after.ranked_best_score,
        after.ranked_best_score_at,
        after.ranked_fastest_ms,
        after.ranked_fastest_at,
        after.ranked_fewest_actions,
        after.ranked_fewest_at,
    )
}

/// Where a record stands on the board by `by`, lower first: its value (a score negated, so
/// that a higher one comes first) and when it was reached; `None` when it is not on it.
pub fn board_key(record: &Record, by: Measure) -> Option<(i64, NaiveDateTime)> {
    match by {
        Measure::Score => record
            .ranked_best_score
            .map(|v| -i64::from(v))
            .zip(record.ranked_best_score_at),
        Measure::Time => record.ranked_fastest_ms.zip(record.ranked_fastest_at),
        Measure::Moves => record
            .ranked_fewest_actions
            .map(i64::from)
            .zip(record.ranked_fewest_at),
    }
}

/// Every place on the board by `by` (user, value, when, as [`board_key`]), in no particular
/// order, for a snapshot of the board.
pub fn board_keys(
    conn: &mut DbConn,
    variant: Variant,
    suits: Suits,
    by: Measure,
) -> Result<Vec<(String, i64, NaiveDateTime)>, StoreError> {
    Ok(places(conn, variant, suits, by, None)?
        .into_iter()
        .filter_map(|(user, place)| place.map(|(v, at)| (user, v, at)))
        .collect())
}

/// What changed on the board by `by` since `since`: the players whose ranked bests changed,
/// with their place now (`None`: off the board), and the players whose records left it
/// (`"*"`: every record was replaced). At most `limit` of each; more means "too much to
/// correct a snapshot by".
#[allow(
    clippy::type_complexity,
    reason = "two lists of plain tuples, each named in the comment above"
)]
pub fn changed_since(
    conn: &mut DbConn,
    variant: Variant,
    suits: Suits,
    by: Measure,
    since: NaiveDateTime,
    limit: i64,
) -> Result<(Vec<(String, Option<(i64, NaiveDateTime)>)>, Vec<String>), StoreError> {
    let changed = places(conn, variant, suits, by, Some((since, limit)))?;
    let removed: Vec<String> = record_removals::table
        .filter(record_removals::variant.eq(variant))
        .filter(record_removals::suits.eq(suits))
        .filter(record_removals::removed_at.ge(since))
        .select(record_removals::user_id)
        .limit(limit)
        .load(conn)?;
    Ok((changed, removed))
}

/// Each player's place on the board by `by` (as [`board_key`]): every place on it, or, with
/// `changed`, at most `limit` records whose ranked bests changed since `since` (on the board
/// or not).
#[allow(
    clippy::type_complexity,
    reason = "two lists of plain tuples, each named in the comment above"
)]
fn places(
    conn: &mut DbConn,
    variant: Variant,
    suits: Suits,
    by: Measure,
    changed: Option<(NaiveDateTime, i64)>,
) -> Result<Vec<(String, Option<(i64, NaiveDateTime)>)>, StoreError> {
    let mut query = records::table
        .filter(records::variant.eq(variant))
        .filter(records::suits.eq(suits))
        .into_boxed();
    query = match changed {
        Some((since, limit)) => query
            .filter(records::ranked_changed_at.ge(since))
            .limit(limit),
        None => match by {
            Measure::Score => query.filter(records::ranked_best_score.is_not_null()),
            Measure::Time => query.filter(records::ranked_fastest_ms.is_not_null()),
            Measure::Moves => query.filter(records::ranked_fewest_actions.is_not_null()),
        },
    };
    let place = |v: Option<i64>, at: Option<NaiveDateTime>| v.zip(at);
    Ok(match by {
        Measure::Score => query
            .select((
                records::user_id,
                records::ranked_best_score,
                records::ranked_best_score_at,
            ))
            .load::<(String, Option<i32>, Option<NaiveDateTime>)>(conn)?
            .into_iter()
            .map(|(u, v, at)| (u, place(v.map(|v| -i64::from(v)), at)))
            .collect(),
        Measure::Time => query
            .select((
                records::user_id,
                records::ranked_fastest_ms,
                records::ranked_fastest_at,
            ))
            .load::<(String, Option<i64>, Option<NaiveDateTime>)>(conn)?
            .into_iter()
            .map(|(u, v, at)| (u, place(v, at)))
            .collect(),
        Measure::Moves => query
            .select((
                records::user_id,
                records::ranked_fewest_actions,
                records::ranked_fewest_at,
            ))
            .load::<(String, Option<i32>, Option<NaiveDateTime>)>(conn)?
            .into_iter()
            .map(|(u, v, at)| (u, place(v.map(i64::from), at)))
            .collect(),
    })
}

/// Note that `user_id`'s records leave their boards, inside the transaction that removes them.
pub fn note_removed(
    conn: &mut DbConn,
    user_id: &UserId,
    at: NaiveDateTime,
) -> Result<(), StoreError> {
    let theirs: Vec<(Variant, i32)> = records::table
        .filter(records::user_id.eq(user_id))
        .select((records::variant, records::suits))
        .load(conn)?;
    for (variant, suits) in theirs {
        diesel::insert_into(record_removals::table)
            .values((
                record_removals::variant.eq(variant),
                record_removals::suits.eq(suits),
                record_removals::user_id.eq(user_id),
                record_removals::removed_at.eq(at),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Forget removals noted before `before` (no snapshot that old is used).
pub fn forget_removals(conn: &mut DbConn, before: NaiveDateTime) -> Result<usize, StoreError> {
    Ok(
        diesel::delete(record_removals::table.filter(record_removals::removed_at.lt(before)))
            .execute(conn)?,
    )
}

/// The record at `key`, if there is one.
pub fn find(conn: &mut DbConn, key: &RecordKey) -> Result<Option<Record>, StoreError> {
    Ok(records::table
        .find((&key.user_id, &key.variant, key.suits))
        .select(RecordRow::as_select())
        .first::<RecordRow>(conn)
        .optional()?
        .map(Record::from))
}

/// How many players reached `user_id`'s place on the board by `by` at the very same moment
/// and come before them (the board's last tie-break: the lower id).
pub fn same_moment_before(
    conn: &mut DbConn,
    record: &Record,
    by: Measure,
) -> Result<i64, StoreError> {
    let Some((value, at)) = board_key(record, by) else {
        return Ok(0);
    };
    let on_board = records::table
        .filter(records::variant.eq(record.variant))
        .filter(records::suits.eq(record.suits))
        .filter(records::user_id.lt(&record.user_id))
        .into_boxed();
    let v32 = |v: i64| i32::try_from(v).unwrap_or(i32::MAX);
    let query = match by {
        Measure::Score => on_board
            .filter(records::ranked_best_score.eq(v32(-value)))
            .filter(records::ranked_best_score_at.eq(at)),
        Measure::Time => on_board
            .filter(records::ranked_fastest_ms.eq(value))
            .filter(records::ranked_fastest_at.eq(at)),
        Measure::Moves => on_board
            .filter(records::ranked_fewest_actions.eq(v32(value)))
            .filter(records::ranked_fewest_at.eq(at)),
    };
    Ok(query.count().get_result(conn)?)
}

pub fn for_user(conn: &mut DbConn, user_id: &UserId) -> Result<Vec<Record>, StoreError> {
    Ok(records::table
        .filter(records::user_id.eq(user_id))
        .order((records::variant.asc(), records::suits.asc()))
        .select(RecordRow::as_select())
        .load::<RecordRow>(conn)?
        .into_iter()
        .map(Record::from)
        .collect())
}

/// One page of an all-time leaderboard: each player's ranked best, with their name. `start`
/// is where the page begins: an offset, or just past the last page (`store::pages`).
pub fn board(
    conn: &mut DbConn,
    variant: Variant,
    suits: Suits,
    by: Measure,
    start: PageStart,
    limit: i64,
) -> Result<Page<(Record, Option<String>)>, StoreError> {
    let (skip, after) = match start {
        PageStart::Offset(skip) => (skip, None),
        PageStart::After(mark) => (mark.ties, Some(mark)),
    };
    let base = records::table
        .inner_join(users::table)
        .filter(records::variant.eq(variant))
        .filter(records::suits.eq(suits))
        .select((RecordRow::as_select(), users::username))
        .offset(skip)
        .limit(limit)
        .into_boxed();
    // From the mark's values on (an index range), less the ties already shown.
    let v32 = |mark: &Mark| i32::try_from(mark.values[0]).unwrap_or(i32::MAX);
    let query = match by {
        Measure::Score => {
            let mut q = base.filter(records::ranked_best_score.is_not_null());
            if let Some(mark) = &after {
                let (v, at) = (v32(mark), time_of(mark.values[1]));
                q = q.filter(records::ranked_best_score.le(v)).filter(
                    records::ranked_best_score
                        .lt(v)
                        .or(records::ranked_best_score_at.ge(at)),
                );
            }
            q.order((
                records::ranked_best_score.desc(),
                records::ranked_best_score_at.asc(),
                records::user_id.asc(),
            ))
        }
        Measure::Time => {
            let mut q = base.filter(records::ranked_fastest_ms.is_not_null());
            if let Some(mark) = &after {
                let (v, at) = (mark.values[0], time_of(mark.values[1]));
                q = q.filter(records::ranked_fastest_ms.ge(v)).filter(
                    records::ranked_fastest_ms
                        .gt(v)
                        .or(records::ranked_fastest_at.ge(at)),
                );
            }
            q.order((
                records::ranked_fastest_ms.asc(),
                records::ranked_fastest_at.asc(),
                records::user_id.asc(),
            ))
        }
        Measure::Moves => {
            let mut q = base.filter(records::ranked_fewest_actions.is_not_null());
            if let Some(mark) = &after {
                let (v, at) = (v32(mark), time_of(mark.values[1]));
                q = q.filter(records::ranked_fewest_actions.ge(v)).filter(
                    records::ranked_fewest_actions
                        .gt(v)
                        .or(records::ranked_fewest_at.ge(at)),
                );
            }
            q.order((
                records::ranked_fewest_actions.asc(),
                records::ranked_fewest_at.asc(),
                records::user_id.asc(),
            ))
        }
    };
    let rows: Vec<(RecordRow, Option<String>)> = query.load(conn)?;
    let rows: Vec<(Record, Option<String>)> =
        rows.into_iter().map(|(r, name)| (r.into(), name)).collect();
    let marks: Vec<(bool, Option<[i64; 3]>)> = rows
        .iter()
        .map(|(r, _)| {
            let (value, at) = match by {
                Measure::Score => (r.ranked_best_score.map(i64::from), r.ranked_best_score_at),
                Measure::Time => (r.ranked_fastest_ms, r.ranked_fastest_at),
                Measure::Moves => (r.ranked_fewest_actions.map(i64::from), r.ranked_fewest_at),
            };
            let values = value.zip(at.and_then(time_value)).map(|(v, t)| [v, t, 0]);
            (true, values)
        })
        .collect();
    Ok(Page {
        next: next_start(start, &marks, limit),
        rows,
    })
}

/// A player's place on an all-time leaderboard (1 for the first), if they are on it.
pub fn rank_of(
    conn: &mut DbConn,
    user_id: &UserId,
    variant: Variant,
    suits: Suits,
    by: Measure,
) -> Result<Option<(i64, Record)>, StoreError> {
    let key = RecordKey {
        user_id: user_id.clone(),
        variant,
        suits,
    };
    let Some(mine) = find(conn, &key)? else {
        return Ok(None);
    };
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
            better + earlier + same_moment_before(conn, &mine, by)?
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
        let key = key_of(row);
        records
            .entry(key.clone())
            .or_insert_with(|| Record::empty(&key))
            .start();
        let log = events(conn, &row.id)?;
        let actions = log
            .iter()
            .map(super::games::EventRow::action)
            .collect::<Result<Vec<_>, _>>()?;
        let spec = row.deal_spec();
        let game = Game::replay(
            spec.variant,
            spec.suits,
            spec.rules,
            spec.deal_number,
            actions,
        )
        .map_err(|e| StoreError::Corrupt(format!("game {}: {e}", row.id)))?;
        if let (true, Some(last)) = (game.status().is_over(), log.last()) {
            finishes.push((key, finish_of(row, &game, last.created_at)));
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
pub fn recompute(
    conn: &mut DbConn,
    user_id: &UserId,
    keys: &[RecordKey],
    at: NaiveDateTime,
) -> Result<(), StoreError> {
    for key in keys {
        let key = RecordKey {
            user_id: user_id.clone(),
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
        diesel::update(find)
            .set((RecordRow::from(&record), records::ranked_changed_at.eq(at)))
            .execute(conn)?;
    }
    Ok(())
}

/// Replace every record with what the event logs say (the `rebuild-records` command).
/// Returns how many records there are.
pub fn rebuild(db: &Db, at: NaiveDateTime) -> Result<usize, StoreError> {
    db.write(move |conn| {
        // On Postgres, hold off writers of games and records until the new rows are in,
        // so no finish lands between reading the logs and replacing the rows.
        if let DbConn::Pg(c) = conn {
            diesel::sql_query("LOCK TABLE games, records IN SHARE ROW EXCLUSIVE MODE")
                .execute(c)?;
        }
        let all = compute_all(conn)?;
        // Every board's snapshot is out of date: a removal of everyone.
        let boards: Vec<(Variant, i32)> = records::table
            .select((records::variant, records::suits))
            .distinct()
            .load(conn)?;
        for (variant, suits) in boards {
            diesel::insert_into(record_removals::table)
                .values((
                    record_removals::variant.eq(variant),
                    record_removals::suits.eq(suits),
                    record_removals::user_id.eq("*"),
                    record_removals::removed_at.eq(at),
                ))
                .execute(conn)?;
        }
        diesel::delete(records::table).execute(conn)?;
        // One row at a time: batch inserts are not portable across the two backends.
        for record in &all {
            diesel::insert_into(records::table)
                .values((RecordRow::from(record), records::ranked_changed_at.eq(at)))
                .execute(conn)?;
        }
        Ok(all.len())
    })
}
