//! Games: a deal plus an append-only log of accepted actions.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::idempotency::{remember, remembered, IdempotencyKey, KeyLookup, Remembered};
use super::records;
use super::schema::{game_events, games};
use super::{now, Db, DbConn, PooledConn, StoreError};
use crate::engine::notation::{self, encode};
use crate::engine::Difficulty;
use crate::engine::{Action, DealSpec, EmptyColumnDeal, Rules, Status, Suits, UndoMode, Variant};

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = games)]
pub struct GameRow {
    pub id: String,
    pub user_id: String,
    pub variant: Variant,
    pub suits: i32,
    /// Whether any undo is allowed (`undo_mode` is not `off`): kept for instances still on
    /// the previous version, and for a rollback of the migration that added `undo_mode`.
    pub undo_allowed: bool,
    /// `full`, `no_reveal` or `off` (docs/RULES.md, Undo).
    pub undo_mode: UndoMode,
    pub empty_column_deal: EmptyColumnDeal,
    /// The `u64` deal number, stored bit for bit in a signed column.
    pub deal_number: i64,
    /// True when the player knows the deal number (chose it, or replays such a deal).
    pub deal_chosen: bool,
    /// How the game came to be: what it counts for.
    pub origin: OriginKind,
    /// For a daily challenge and its restarts: the day (YYYY-MM-DD).
    pub daily_date: Option<String>,
    /// The first attempt of a daily per user, day, variant and suits.
    pub ranked: bool,
    pub status: Status,
    /// The number of accepted actions in the log.
    pub version: i32,
    /// The log in compact form (see [`encode`]).
    pub log: String,
    pub score: i32,
    pub actions: i32,
    pub runs_completed: i32,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub finished_at: Option<NaiveDateTime>,
    pub duration_ms: Option<i64>,
    /// For a game dealt from a proven winnable deal (or a race's): its difficulty.
    pub difficulty: Option<Difficulty>,
    /// False in a race room that turned hints off.
    pub hints_allowed: bool,
    /// The race this game is a seat's part of.
    pub race_id: Option<String>,
}

impl GameRow {
    pub fn deal_spec(&self) -> Result<DealSpec, StoreError> {
        let suits = Suits::try_from(self.suits)
            .map_err(|_| StoreError::Corrupt(format!("game {}: suits", self.id)))?;
        Ok(DealSpec {
            variant: self.variant,
            suits,
            rules: Rules {
                undo: self.undo_mode,
                empty_column_deal: self.empty_column_deal,
            },
            deal_number: self.deal_number as u64,
        })
    }

    pub fn daily_date(&self) -> Result<Option<chrono::NaiveDate>, StoreError> {
        self.daily_date
            .as_deref()
            .map(|d| {
                d.parse()
                    .map_err(|_| StoreError::Corrupt(format!("game {}: daily_date", self.id)))
            })
            .transpose()
    }
}

/// How a game came to be, which decides what it counts for (`records::counting`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OriginKind {
    /// A deal the server drew at random.
    Random,
    /// A deal number the player chose.
    Chosen,
    /// A day's daily challenge (ranked or practice).
    Daily,
    /// A proven winnable deal.
    Winnable,
    /// A restart of another game's deal.
    Restart,
    /// A race seat's game.
    Race,
}

impl OriginKind {
    pub const ALL: [OriginKind; 6] = [
        OriginKind::Random,
        OriginKind::Chosen,
        OriginKind::Daily,
        OriginKind::Winnable,
        OriginKind::Race,
        OriginKind::Restart,
    ];

    pub fn name(self) -> &'static str {
        match self {
            OriginKind::Random => "random",
            OriginKind::Chosen => "chosen",
            OriginKind::Daily => "daily",
            OriginKind::Winnable => "winnable",
            OriginKind::Restart => "restart",
            OriginKind::Race => "race",
        }
    }
}

crate::engine::parse_by_name!(OriginKind);

/// How a new game came to be.
#[derive(Clone, Debug)]
pub struct Origin {
    pub kind: OriginKind,
    pub deal_known: bool,
    pub daily_date: Option<chrono::NaiveDate>,
    pub ranked: bool,
    /// For a proven winnable deal: its difficulty.
    pub difficulty: Option<Difficulty>,
}

/// A new game row for `spec`, in progress with an empty log.
pub fn new_row(id: String, user_id: String, spec: DealSpec, origin: &Origin) -> GameRow {
    let at = now();
    GameRow {
        id,
        user_id,
        variant: spec.variant,
        suits: i32::from(spec.suits.count()),
        undo_allowed: spec.rules.undo.allows_any(),
        undo_mode: spec.rules.undo,
        empty_column_deal: spec.rules.empty_column_deal,
        deal_number: spec.deal_number as i64,
        deal_chosen: origin.deal_known,
        origin: origin.kind,
        daily_date: origin.daily_date.map(|d| d.to_string()),
        ranked: origin.ranked,
        status: Status::InProgress,
        version: 0,
        log: String::new(),
        score: 500,
        actions: 0,
        runs_completed: 0,
        created_at: at,
        updated_at: at,
        finished_at: None,
        duration_ms: None,
        difficulty: origin.difficulty,
        hints_allowed: true,
        race_id: None,
    }
}

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
    if records::counting(row.origin, row.ranked) != records::Counting::Nothing {
        records::apply(conn, &records::RecordKey::of(row), &records::Change::Start)?;
    }
    if let Some((key, answer)) = key {
        remember(conn, &row.user_id, key, answer, row.created_at)?;
    }
    Ok(())
}

/// How many games `user_id` has in progress that they started themselves (race rounds deal
/// theirs and are not counted).
pub fn in_progress(conn: &mut DbConn, user_id: &str) -> Result<i64, StoreError> {
    Ok(games::table
        .filter(games::user_id.eq(user_id))
        .filter(games::status.eq(Status::InProgress))
        .filter(games::origin.ne(OriginKind::Race))
        .count()
        .get_result(conn)?)
}

/// `user_id`'s most recently finished games (won or resigned), newest first, at most `limit`.
pub fn recent_finished(
    conn: &mut DbConn,
    user_id: &str,
    limit: i64,
) -> Result<Vec<GameRow>, StoreError> {
    Ok(games::table
        .filter(games::user_id.eq(user_id))
        .filter(games::status.ne(Status::InProgress))
        .filter(games::finished_at.is_not_null())
        .order((games::finished_at.desc(), games::id.desc()))
        .limit(limit)
        .select(GameRow::as_select())
        .load(conn)?)
}

/// The games `user_id` has in progress, newest first (at most `limit`).
pub fn in_progress_list(
    conn: &mut DbConn,
    user_id: &str,
    limit: i64,
) -> Result<Vec<GameRow>, StoreError> {
    Ok(games::table
        .filter(games::user_id.eq(user_id))
        .filter(games::status.eq(Status::InProgress))
        .order((games::created_at.desc(), games::id.desc()))
        .limit(limit)
        .select(GameRow::as_select())
        .load(conn)?)
}

/// `user_id`'s finished games with their logs, finished in `[since, until)`, newest first,
/// after `after` (the last of the previous page), at most `limit`.
pub fn finished_page(
    conn: &mut DbConn,
    user_id: &str,
    since: NaiveDateTime,
    until: NaiveDateTime,
    after: Option<(NaiveDateTime, String)>,
    limit: i64,
) -> Result<Vec<(GameRow, Vec<Action>)>, StoreError> {
    let mut query = games::table
        .filter(games::user_id.eq(user_id))
        .filter(games::status.ne(Status::InProgress))
        .filter(games::finished_at.ge(since))
        .filter(games::finished_at.lt(until))
        .order((games::finished_at.desc(), games::id.desc()))
        .limit(limit)
        .select(GameRow::as_select())
        .into_boxed();
    if let Some((at, id)) = after {
        query = query.filter(
            games::finished_at
                .lt(at)
                .or(games::finished_at.eq(at).and(games::id.lt(id))),
        );
    }
    let rows = query.load(conn)?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        if let Some((row, log)) = load(conn, user_id, &row.id.clone())? {
            out.push((row, log));
        }
    }
    Ok(out)
}

/// Any game by id (for the service's own bookkeeping, never for a caller's request).
pub fn by_id(conn: &mut DbConn, id: &str) -> Result<Option<GameRow>, StoreError> {
    Ok(games::table
        .find(id)
        .select(GameRow::as_select())
        .first(conn)
        .optional()?)
}

/// The caller's game, or `None` when it does not exist or belongs to someone else.
pub fn owned(conn: &mut DbConn, user_id: &str, id: &str) -> Result<Option<GameRow>, StoreError> {
    Ok(games::table
        .filter(games::id.eq(id))
        .filter(games::user_id.eq(user_id))
        .select(GameRow::as_select())
        .first(conn)
        .optional()?)
}

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = game_events)]
pub struct EventRow {
    pub game_id: String,
    pub seq: i32,
    pub kind: String,
    pub from_col: Option<i32>,
    pub to_col: Option<i32>,
    pub count: Option<i32>,
    pub created_at: NaiveDateTime,
}

impl EventRow {
    fn new(game_id: &str, seq: i32, action: Action, created_at: NaiveDateTime) -> EventRow {
        let (kind, from_col, to_col, count) = match action {
            Action::Move { from, to, count } => (
                "move",
                Some(from as i32),
                Some(to as i32),
                Some(count as i32),
            ),
            Action::Deal => ("deal", None, None, None),
            Action::Undo => ("undo", None, None, None),
            Action::Resign => ("resign", None, None, None),
        };
        EventRow {
            game_id: game_id.to_string(),
            seq,
            kind: kind.to_string(),
            from_col,
            to_col,
            count,
            created_at,
        }
    }

    pub fn action(&self) -> Result<Action, StoreError> {
        let column = |v: Option<i32>| {
            v.and_then(|v| usize::try_from(v).ok()).ok_or_else(|| {
                StoreError::Corrupt(format!("event {} of game {}", self.seq, self.game_id))
            })
        };
        Ok(match self.kind.as_str() {
            "move" => Action::Move {
                from: column(self.from_col)?,
                to: column(self.to_col)?,
                count: column(self.count)?,
            },
            "deal" => Action::Deal,
            "undo" => Action::Undo,
            "resign" => Action::Resign,
            other => {
                return Err(StoreError::Corrupt(format!(
                    "event {} of game {} has kind {other}",
                    self.seq, self.game_id
                )))
            }
        })
    }
}

/// The log of a game, oldest first.
pub fn events(conn: &mut DbConn, game_id: &str) -> Result<Vec<EventRow>, StoreError> {
    Ok(game_events::table
        .filter(game_events::game_id.eq(game_id))
        .order(game_events::seq.asc())
        .select(EventRow::as_select())
        .load(conn)?)
}

/// The caller's games opened by `at` (a race seat's game opens when its round's countdown
/// ends), newest first, after `cursor` (the last game of the previous page).
pub fn list(
    conn: &mut DbConn,
    user_id: &str,
    limit: i64,
    cursor: Option<(NaiveDateTime, String)>,
    at: NaiveDateTime,
) -> Result<Vec<GameRow>, StoreError> {
    let mut query = games::table
        .filter(games::user_id.eq(user_id))
        .filter(games::created_at.le(at))
        .order((games::created_at.desc(), games::id.desc()))
        .limit(limit)
        .select(GameRow::as_select())
        .into_boxed();
    if let Some((at, id)) = cursor {
        query = query.filter(
            games::created_at
                .lt(at)
                .or(games::created_at.eq(at).and(games::id.lt(id))),
        );
    }
    Ok(query.load(conn)?)
}

/// The actions of a stored compact log.
pub fn decode(log: &str) -> Result<Vec<Action>, StoreError> {
    notation::decode(log).map_err(|e| StoreError::Corrupt(e.to_string()))
}

/// The caller's game and its actions, from one row.
pub fn load(
    conn: &mut DbConn,
    user_id: &str,
    id: &str,
) -> Result<Option<(GameRow, Vec<Action>)>, StoreError> {
    let Some(row) = owned(conn, user_id, id)? else {
        return Ok(None);
    };
    let actions = decode(&row.log)?;
    if actions.len() != row.version as usize {
        return Err(StoreError::Corrupt(format!(
            "game {id} has {} actions at version {}",
            actions.len(),
            row.version
        )));
    }
    Ok(Some((row, actions)))
}

/// The game's summary after an action, kept on the game row for lists and leaderboards.
#[derive(Clone, Debug)]
pub struct Summary {
    pub status: Status,
    pub score: i32,
    pub actions: i32,
    pub runs_completed: i32,
    pub finished: bool,
}

/// The stamp a new event gets: its sequence number (the game's new version) and time.
#[derive(Clone, Copy, Debug)]
pub struct Stamp {
    pub version: i32,
    pub at: NaiveDateTime,
}

/// A game as an append finds it.
// Made once per try and matched at once: boxing the row would only add an allocation.
#[allow(clippy::large_enum_variant)]
pub enum ForAppend {
    /// The game and its log, at `row.version`.
    Current(GameRow, Vec<Action>),
    /// The idempotency key answered before: its first answer.
    Answered(Remembered),
    /// The idempotency key was used for a different request.
    KeyReused,
    /// No such game among the caller's.
    NotFound,
}

/// Read what an append needs: the first answer to a repeated idempotency key, or the
/// caller's game with its log (one row, the compact log included).
pub fn read_for_append(
    conn: &mut DbConn,
    user_id: &str,
    game_id: &str,
    key: Option<&IdempotencyKey>,
) -> Result<ForAppend, StoreError> {
    if let Some(key) = key {
        match remembered(conn, user_id, key)? {
            KeyLookup::Unused => {}
            KeyLookup::Reused => return Ok(ForAppend::KeyReused),
            KeyLookup::Answered(r) => return Ok(ForAppend::Answered(r)),
        }
    }
    Ok(match load(conn, user_id, game_id)? {
        Some((row, log)) => ForAppend::Current(row, log),
        None => ForAppend::NotFound,
    })
}

/// Everything one append writes: the game moves from `read_version` to `stamp.version`.
pub struct Append {
    pub game_id: String,
    pub user_id: String,
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
    pub finish: Option<(records::RecordKey, records::Finish)>,
}

/// A write under way: settled at once (Postgres) or queued on the SQLite writer thread.
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
/// the event's sequence number is unique per game. On Postgres the write runs on `conn` (the
/// connection that read, or a pooled one when nothing was read); on SQLite it is queued for
/// the writer thread.
pub fn commit_append(db: &Db, conn: Option<PooledConn>, append: Append) -> Commit {
    match db.backend() {
        super::Backend::Postgres => Commit::Settled(match conn {
            Some(conn) => append.run_on(conn),
            None => db.conn().and_then(|conn| append.run_on(conn)),
        }),
        super::Backend::Sqlite => {
            drop(conn);
            match db.submit(move |c| append.run(c)) {
                Ok(pending) => Commit::Queued(pending),
                Err(e) => Commit::Settled(Err(e)),
            }
        }
    }
}

#[derive(QueryableByName)]
struct Moved {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    moved: i64,
}

impl Append {
    /// Postgres: the write on `conn`, in one statement when it can be.
    fn run_on(self, mut conn: PooledConn) -> Result<bool, StoreError> {
        match &mut *conn {
            // The common case in one statement: one round trip, no BEGIN/COMMIT.
            DbConn::Pg(pg) if self.finish.is_none() && self.key.is_none() => {
                self.run_in_one_statement(pg)
            }
            _ => conn.transaction(|c| self.run(c)),
        }
    }

    /// Postgres only, for an action that neither ends the game nor carries an idempotency
    /// key: the version check, the summary and the event in one statement (data-modifying
    /// CTEs are atomic), so one round trip instead of four.
    fn run_in_one_statement(self, conn: &mut diesel::PgConnection) -> Result<bool, StoreError> {
        use diesel::sql_types::{Integer, Nullable, Text, Timestamp};
        let event = EventRow::new(
            &self.game_id,
            self.stamp.version,
            self.action,
            self.stamp.at,
        );
        let rows: Vec<Moved> = diesel::sql_query(
            "SELECT spider_append($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) AS moved",
        )
        .bind::<Text, _>(&self.game_id)
        .bind::<Integer, _>(self.read_version)
        .bind::<Integer, _>(self.stamp.version)
        .bind::<Text, _>(encode(self.action))
        .bind::<Text, _>(self.summary.status)
        .bind::<Integer, _>(self.summary.score)
        .bind::<Integer, _>(self.summary.actions)
        .bind::<Integer, _>(self.summary.runs_completed)
        .bind::<Timestamp, _>(self.stamp.at)
        .bind::<Text, _>(&event.kind)
        .bind::<Nullable<Integer>, _>(event.from_col)
        .bind::<Nullable<Integer>, _>(event.to_col)
        .bind::<Nullable<Integer>, _>(event.count)
        .load(conn)?;
        Ok(rows.first().is_some_and(|r| r.moved > 0))
    }

    /// Move the game from the version read to the next one and record the event; `None`
    /// when another writer moved it first (nothing is written then).
    fn run(self, conn: &mut DbConn) -> Result<bool, StoreError> {
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
                .filter(games::id.eq(&game_id))
                .filter(games::version.eq(read_version)),
        )
        .set((
            games::version.eq(stamp.version),
            games::log.eq(games::log.concat(encode(action))),
            games::status.eq(summary.status),
            games::score.eq(summary.score),
            games::actions.eq(summary.actions),
            games::runs_completed.eq(summary.runs_completed),
            games::updated_at.eq(stamp.at),
            games::finished_at.eq(summary.finished.then_some(stamp.at)),
            games::duration_ms.eq(finish.as_ref().map(|(_, f)| f.duration_ms)),
        ))
        .execute(conn)?;
        if moved == 0 {
            return Ok(false);
        }
        if ranked {
            super::daily::follow(
                conn,
                &game_id,
                &summary,
                stamp.at,
                finish.as_ref().map(|(_, f)| f.duration_ms),
            )?;
        }
        if let Some((key, finish)) = finish {
            records::apply(conn, &key, &records::Change::Finish(finish))?;
        }
        diesel::insert_into(game_events::table)
            .values(EventRow::new(&game_id, stamp.version, action, stamp.at))
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

/// When `user_id` created its games of origin `origin` since `since`, oldest first.
pub fn created_since(
    conn: &mut DbConn,
    user_id: &str,
    origin: OriginKind,
    since: NaiveDateTime,
) -> Result<Vec<NaiveDateTime>, StoreError> {
    Ok(games::table
        .filter(games::user_id.eq(user_id))
        .filter(games::origin.eq(origin))
        .filter(games::created_at.ge(since))
        .order(games::created_at.asc())
        .select(games::created_at)
        .load(conn)?)
}
