//! Games: a deal plus an append-only log of accepted actions.

use crate::domain::{GameId, UserId};
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::idempotency::{remembered, IdempotencyKey, KeyLookup, Remembered};
use super::schema::{game_events, games};
use super::{DbConn, StoreError};
use crate::domain::origin::OriginKind;
use crate::engine::notation;
use crate::engine::Difficulty;
use crate::engine::{Action, DealSpec, EmptyColumnDeal, Rules, Status, Suits, UndoMode, Variant};

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = games)]
pub struct GameRow {
    pub id: GameId,
    pub user_id: UserId,
    pub variant: Variant,
    pub suits: Suits,
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
    pub fn deal_spec(&self) -> DealSpec {
        DealSpec {
            variant: self.variant,
            suits: self.suits,
            rules: Rules {
                undo: self.undo_mode,
                empty_column_deal: self.empty_column_deal,
            },
            deal_number: self.deal_number as u64,
        }
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
/// Made at `at`.
pub fn new_row(
    id: GameId,
    user_id: UserId,
    spec: DealSpec,
    origin: &Origin,
    at: NaiveDateTime,
) -> GameRow {
    GameRow {
        id,
        user_id,
        variant: spec.variant,
        suits: spec.suits,
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

/// How many games `user_id` has in progress that they started themselves (race rounds and
/// arenas deal theirs and are not counted).
pub fn in_progress(conn: &mut DbConn, user_id: &UserId) -> Result<i64, StoreError> {
    Ok(games::table
        .filter(games::user_id.eq(user_id))
        .filter(games::status.eq(Status::InProgress))
        .filter(games::origin.ne_all([OriginKind::Race, OriginKind::Arena]))
        .count()
        .get_result(conn)?)
}

/// `user_id`'s most recently finished games (won or resigned), newest first, at most `limit`.
pub fn recent_finished(
    conn: &mut DbConn,
    user_id: &UserId,
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
    user_id: &UserId,
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

/// The keyset cursor of a page of games ordered by `column` then id, newest first: what comes
/// after `cursor`, the page before's last game (`(moment, id)`), or everything without one.
macro_rules! after_cursor {
    ($query:expr, $column:expr, $cursor:expr) => {
        match $cursor {
            Some((at, id)) => {
                $query.filter($column.lt(at).or($column.eq(at).and(games::id.lt(id))))
            }
            None => $query,
        }
    };
}

/// `user_id`'s finished games with their logs, finished in `[since, until)`, newest first,
/// after `after` (the last of the previous page), at most `limit`.
pub fn finished_page(
    conn: &mut DbConn,
    user_id: &UserId,
    since: NaiveDateTime,
    until: NaiveDateTime,
    after: Option<(NaiveDateTime, GameId)>,
    limit: i64,
) -> Result<Vec<(GameRow, Vec<Action>)>, StoreError> {
    let query = games::table
        .filter(games::user_id.eq(user_id))
        .filter(games::status.ne(Status::InProgress))
        .filter(games::finished_at.ge(since))
        .filter(games::finished_at.lt(until))
        .order((games::finished_at.desc(), games::id.desc()))
        .limit(limit)
        .select(GameRow::as_select())
        .into_boxed();
    let rows = after_cursor!(query, games::finished_at, after).load(conn)?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        if let Some((row, log)) = load(conn, user_id, &row.id.clone())? {
            out.push((row, log));
        }
    }
    Ok(out)
}

/// Any game by id (for the service's own bookkeeping, never for a caller's request).
pub fn by_id(conn: &mut DbConn, id: &GameId) -> Result<Option<GameRow>, StoreError> {
    Ok(games::table
        .find(id)
        .select(GameRow::as_select())
        .first(conn)
        .optional()?)
}

/// The versions of the games among `ids` that exist (for the live streams' look at every
/// watched game at once; the caller keeps `ids` to a few hundred).
pub fn versions(conn: &mut DbConn, ids: &[String]) -> Result<Vec<(String, i32)>, StoreError> {
    Ok(games::table
        .filter(games::id.eq_any(ids))
        .select((games::id, games::version))
        .load(conn)?)
}

/// The caller's game, or `None` when it does not exist or belongs to someone else.
pub fn owned(
    conn: &mut DbConn,
    user_id: &UserId,
    id: &GameId,
) -> Result<Option<GameRow>, StoreError> {
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
    pub game_id: GameId,
    pub seq: i32,
    pub kind: String,
    pub from_col: Option<i32>,
    pub to_col: Option<i32>,
    pub count: Option<i32>,
    pub created_at: NaiveDateTime,
    /// The game's player (the key the events would be distributed by).
    pub user_id: UserId,
}

impl EventRow {
    pub(super) fn new(
        user_id: &UserId,
        game_id: &GameId,
        seq: i32,
        action: Action,
        created_at: NaiveDateTime,
    ) -> EventRow {
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
            game_id: game_id.clone(),
            seq,
            kind: kind.to_string(),
            from_col,
            to_col,
            count,
            created_at,
            user_id: user_id.clone(),
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
pub fn events(conn: &mut DbConn, game_id: &GameId) -> Result<Vec<EventRow>, StoreError> {
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
    user_id: &UserId,
    limit: i64,
    cursor: Option<(NaiveDateTime, GameId)>,
    at: NaiveDateTime,
) -> Result<Vec<GameRow>, StoreError> {
    let query = games::table
        .filter(games::user_id.eq(user_id))
        .filter(games::created_at.le(at))
        .order((games::created_at.desc(), games::id.desc()))
        .limit(limit)
        .select(GameRow::as_select())
        .into_boxed();
    Ok(after_cursor!(query, games::created_at, cursor).load(conn)?)
}

/// The actions of a stored compact log.
pub fn decode(log: &str) -> Result<Vec<Action>, StoreError> {
    notation::decode(log).map_err(|e| StoreError::Corrupt(e.to_string()))
}

/// The caller's game and its actions, from one row.
pub fn load(
    conn: &mut DbConn,
    user_id: &UserId,
    id: &GameId,
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

/// A game as an append finds it.
#[allow(
    clippy::large_enum_variant,
    reason = "made once per try and matched at once: boxing the row would only add an allocation"
)]
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
    user_id: &UserId,
    game_id: &GameId,
    key: Option<&IdempotencyKey>,
    at: NaiveDateTime,
) -> Result<ForAppend, StoreError> {
    if let Some(key) = key {
        match remembered(conn, user_id, key, at)? {
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

/// When `user_id` created its games of origin `origin` since `since`, oldest first.
pub fn created_since(
    conn: &mut DbConn,
    user_id: &UserId,
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
