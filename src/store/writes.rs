//! The writes that make a game count: creating it and appending an action to its log. Each
//! runs in one transaction with what it changes elsewhere (the player's record, the daily
//! board's entry, an idempotency key's remembered answer), so none lands without the others.

use crate::domain::{GameId, UserId};
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::games::{EventRow, GameRow, Summary};
use super::idempotency::{remember, IdempotencyKey, Remembered};
use super::records;
use super::schema::{game_events, games};
use super::{Db, DbConn, StoreError};
use crate::domain::records::{counting, Change, Counting, Finish, RecordKey};
use crate::engine::notation::encode;
use crate::engine::Action;

/// Store a new game and count it as played where it counts; with an idempotency key, also
/// remember `response` as the answer. A second ranked attempt at one daily, or a key that
/// another request just used, is a unique violation.
pub fn create(
    conn: &mut DbConn,
    row: &GameRow,
    key: Option<(&IdempotencyKey, &Remembered)>,
) -> Result<(), StoreError> {
    diesel::insert_into(games::table)
        .values(row)
        .execute(conn)?;
    if row.ranked {
        super::daily::enter(conn, row)?;
    }
    if counting(row.origin, row.ranked) != Counting::Nothing {
        records::apply(conn, &records::key_of(row), &Change::Start, row.created_at)?;
    }
    if let Some((key, answer)) = key {
        remember(conn, &row.user_id, key, answer, row.created_at)?;
    }
    Ok(())
}

/// The stamp a new event gets: its sequence number (the game's new version) and time.
#[derive(Clone, Copy, Debug)]
pub struct Stamp {
    pub version: i32,
    pub at: NaiveDateTime,
}

/// Everything one append writes: the game moves from `read_version` to `stamp.version`.
#[derive(Clone)]
pub struct Append {
    pub game_id: GameId,
    pub user_id: UserId,
    pub read_version: i32,
    /// A ranked daily attempt: its leaderboard entry moves with it.
    pub ranked: bool,
    pub stamp: Stamp,
    pub action: Action,
    pub summary: Summary,
    /// With its answer `response`, remembered for retries.
    pub key: Option<IdempotencyKey>,
    pub response: String,
    /// When the action ends the game: the record change.
    pub finish: Option<(RecordKey, Finish)>,
}

/// What an append does to its game's row, beside adding its action to the log: the one
/// definition every writer applies. SQLite's update sets these columns as they are; the
/// Postgres functions (`spider_append`, `spider_append_batch`) take them as parameters for the
/// appends they write, which never end a game (an ending carries its record's change and
/// goes through [`Append::run`]), so there the last two stay null as they were; the position
/// cache keeps the row as [`Append::apply_to`] leaves it.
#[derive(Clone, Debug, AsChangeset)]
#[diesel(table_name = games, treat_none_as_null = true)]
pub struct RowChange {
    pub version: i32,
    pub status: crate::engine::Status,
    pub score: i32,
    pub actions: i32,
    pub runs_completed: i32,
    pub updated_at: NaiveDateTime,
    pub finished_at: Option<NaiveDateTime>,
    pub duration_ms: Option<i64>,
}

impl Append {
    /// What this append does to its game's row (beside the log).
    pub fn change(&self) -> RowChange {
        RowChange {
            version: self.stamp.version,
            status: self.summary.status,
            score: self.summary.score,
            actions: self.summary.actions,
            runs_completed: self.summary.runs_completed,
            updated_at: self.stamp.at,
            finished_at: self.summary.finished.then_some(self.stamp.at),
            duration_ms: self.finish.as_ref().map(|(_, f)| f.duration_ms),
        }
    }

    /// `row` (the game as this append read it) as the append leaves it.
    pub fn apply_to(&self, row: &mut GameRow) {
        let change = self.change();
        row.version = change.version;
        row.log.push_str(&encode(self.action));
        row.status = change.status;
        row.score = change.score;
        row.actions = change.actions;
        row.runs_completed = change.runs_completed;
        row.updated_at = change.updated_at;
        row.finished_at = change.finished_at;
        row.duration_ms = change.duration_ms;
    }
}

/// A write under way: refused at once, or queued for a writer (the SQLite writer thread, or
/// Postgres's group-commit writer).
pub enum Commit {
    Settled(Result<bool, StoreError>),
    Queued(tokio::sync::oneshot::Receiver<Result<bool, StoreError>>),
}

impl Commit {
    /// Whether the append landed. `false`: another writer moved the game (or used the same
    /// idempotency key) first, and nothing was written.
    pub async fn landed(self) -> Result<bool, StoreError> {
        let written = match self {
            Commit::Settled(written) => written,
            Commit::Queued(pending) => pending.await.unwrap_or_else(|_| {
                Err(StoreError::Writer("the writer thread has stopped".into()))
            }),
        };
        match written {
            Err(e) if e.is_unique_violation() => Ok(false),
            other => other,
        }
    }
}

/// Write an append in one short transaction, optimistically: the version moves from the one
/// read to the next only if no other writer moved it (`UPDATE … WHERE version = read`), and
/// the event's sequence number is unique per game. The append is queued for a writer that
/// commits it with whatever else is ready (group commit: the SQLite writer thread, or the
/// Postgres writer of `store::batches`).
pub fn commit_append(db: &Db, append: Append) -> Commit {
    let queued = match db.backend() {
        super::Backend::Postgres => db.append(append),
        super::Backend::Sqlite => db.submit(move |c| append.run(c)),
    };
    match queued {
        Ok(pending) => Commit::Queued(pending),
        Err(e) => Commit::Settled(Err(e)),
    }
}

#[derive(QueryableByName)]
struct Moved {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    moved: i64,
}

impl Append {
    /// Neither ends the game nor carries an idempotency key: the common case, which
    /// Postgres writes in one statement.
    pub(super) fn is_plain(&self) -> bool {
        self.finish.is_none() && self.key.is_none()
    }

    /// Postgres, this append alone: the write on `conn`, in one statement when it can be.
    pub(super) fn run_on(self, conn: &mut DbConn) -> Result<bool, StoreError> {
        match conn {
            // The common case in one statement: one round trip, no BEGIN/COMMIT.
            DbConn::Pg(pg) if self.is_plain() => self.run_in_one_statement(pg),
            _ => conn.transaction(|c| self.run(c)),
        }
    }

    /// Postgres only, for an action that neither ends the game nor carries an idempotency
    /// key: the version check, the summary and the event in one statement (data-modifying
    /// CTEs are atomic), so one round trip instead of four.
    fn run_in_one_statement(self, conn: &mut diesel::PgConnection) -> Result<bool, StoreError> {
        use diesel::sql_types::{Integer, Nullable, Text, Timestamp};
        let event = EventRow::new(
            &self.user_id,
            &self.game_id,
            self.stamp.version,
            self.action,
            self.stamp.at,
        );
        let change = self.change();
        let rows: Vec<Moved> = diesel::sql_query(
            "SELECT spider_append($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) \
             AS moved",
        )
        .bind::<Text, _>(&self.user_id)
        .bind::<Text, _>(&self.game_id)
        .bind::<Integer, _>(self.read_version)
        .bind::<Integer, _>(change.version)
        .bind::<Text, _>(encode(self.action))
        .bind::<Text, _>(change.status)
        .bind::<Integer, _>(change.score)
        .bind::<Integer, _>(change.actions)
        .bind::<Integer, _>(change.runs_completed)
        .bind::<Timestamp, _>(change.updated_at)
        .bind::<Text, _>(&event.kind)
        .bind::<Nullable<Integer>, _>(event.from_col)
        .bind::<Nullable<Integer>, _>(event.to_col)
        .bind::<Nullable<Integer>, _>(event.count)
        .load(conn)?;
        Ok(rows.first().is_some_and(|r| r.moved > 0))
    }

    /// Move the game from the version read to the next one and record the event; `false`
    /// when another writer moved it first (nothing is written then).
    pub(super) fn run(self, conn: &mut DbConn) -> Result<bool, StoreError> {
        let change = self.change();
        let Append {
            game_id,
            user_id,
            read_version,
            ranked,
            stamp,
            action,
            summary,
            key,
            response,
            finish,
        } = self;
        let moved = diesel::update(
            games::table
                .filter(games::user_id.eq(&user_id))
                .filter(games::id.eq(&game_id))
                .filter(games::version.eq(read_version)),
        )
        .set((change, games::log.eq(games::log.concat(encode(action)))))
        .execute(conn)?;
        if moved == 0 {
            return Ok(false);
        }
        if ranked {
            super::daily::follow(
                conn,
                &user_id,
                &game_id,
                &summary,
                stamp.at,
                finish.as_ref().map(|(_, f)| f.duration_ms),
            )?;
        }
        if let Some((key, finish)) = finish {
            records::apply(conn, &key, &Change::Finish(finish), stamp.at)?;
        }
        diesel::insert_into(game_events::table)
            .values(EventRow::new(
                &user_id,
                &game_id,
                stamp.version,
                action,
                stamp.at,
            ))
            .execute(conn)?;
        if let Some(key) = key {
            let answer = Remembered {
                status: 200,
                version: stamp.version,
                response,
            };
            remember(conn, &user_id, &key, &answer, stamp.at)?;
        }
        Ok(true)
    }
}

/// Store an imported game whole, in the caller's transaction: its row as its last action left
/// it, and one event per action (numbered from 1, stamped with the row's creation), in a few
/// multi-row statements rather than an append per action (an import of thousands of actions
/// is one short write, all or nothing). An imported game counts for no record, so nothing
/// else changes.
pub fn import(conn: &mut DbConn, row: &GameRow, actions: &[Action]) -> Result<(), StoreError> {
    diesel::insert_into(games::table)
        .values(row)
        .execute(conn)?;
    diesel::update(
        games::table
            .filter(games::user_id.eq(&row.user_id))
            .filter(games::id.eq(&row.id)),
    )
    .set(games::imported_actions.eq(Some(actions.len() as i32)))
    .execute(conn)?;
    let events: Vec<EventRow> = actions
        .iter()
        .enumerate()
        .map(|(i, &action)| {
            EventRow::new(&row.user_id, &row.id, i as i32 + 1, action, row.created_at)
        })
        .collect();
    // 8 values a row: 1,000 rows stay far below either backend's limit of bound values.
    for chunk in events.chunks(1000) {
        match conn {
            DbConn::Pg(c) => diesel::insert_into(game_events::table)
                .values(chunk)
                .execute(c)?,
            DbConn::Sqlite(c) => diesel::insert_into(game_events::table)
                .values(chunk)
                .execute(c)?,
        };
    }
    Ok(())
}

/// The imports of `user_id` since `since`: when each was made and how many actions it was
/// written with (not what was played on it since), oldest first (for the hourly allowance of
/// imported actions).
pub fn imports_since(
    conn: &mut DbConn,
    user_id: &UserId,
    since: NaiveDateTime,
) -> Result<Vec<(NaiveDateTime, i32)>, StoreError> {
    let rows: Vec<(NaiveDateTime, Option<i32>)> = games::table
        .filter(games::user_id.eq(user_id))
        .filter(games::origin.eq(crate::domain::origin::OriginKind::Imported))
        .filter(games::created_at.ge(since))
        .order(games::created_at.asc())
        .select((games::created_at, games::imported_actions))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(at, n)| (at, n.unwrap_or(0)))
        .collect())
}
