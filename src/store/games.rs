//! Games: a deal plus an append-only log of accepted actions.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{game_events, games, idempotency_keys};
use super::{now, Db, DbConn, StoreError};
use crate::engine::{Action, Rules, Status, Suits, Variant};

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = games)]
pub struct GameRow {
    pub id: String,
    pub user_id: String,
    pub variant: String,
    pub suits: i32,
    pub undo_allowed: bool,
    pub empty_column_deal: String,
    /// The `u64` deal number, stored bit for bit in a signed column.
    pub deal_number: i64,
    /// True when the player chose the deal number (it is then never secret).
    pub deal_chosen: bool,
    pub status: String,
    /// The number of accepted actions in the log.
    pub version: i32,
    pub score: i32,
    pub actions: i32,
    pub runs_completed: i32,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub finished_at: Option<NaiveDateTime>,
}

/// What a game is dealt from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealSpec {
    pub variant: Variant,
    pub suits: Suits,
    pub rules: Rules,
    pub deal_number: u64,
}

impl GameRow {
    pub fn deal_spec(&self) -> Result<DealSpec, StoreError> {
        let corrupt = |what: &str| StoreError::Corrupt(format!("game {}: {what}", self.id));
        let variant = self.variant.parse().map_err(|_| corrupt("variant"))?;
        let suits = u8::try_from(self.suits)
            .ok()
            .and_then(|s| Suits::try_from(s).ok())
            .ok_or_else(|| corrupt("suits"))?;
        let empty_column_deal = self
            .empty_column_deal
            .parse()
            .map_err(|_| corrupt("empty_column_deal"))?;
        Ok(DealSpec {
            variant,
            suits,
            rules: Rules {
                undo: self.undo_allowed,
                empty_column_deal,
            },
            deal_number: self.deal_number as u64,
        })
    }
}

impl GameRow {
    pub fn status(&self) -> Result<Status, StoreError> {
        self.status
            .parse()
            .map_err(|_| StoreError::Corrupt(format!("game {}: status", self.id)))
    }
}

/// A new game row for `spec`, in progress with an empty log.
pub fn new_row(id: String, user_id: String, spec: DealSpec, deal_chosen: bool) -> GameRow {
    let at = now();
    GameRow {
        id,
        user_id,
        variant: spec.variant.name().to_string(),
        suits: i32::from(spec.suits.count()),
        undo_allowed: spec.rules.undo,
        empty_column_deal: spec.rules.empty_column_deal.name().to_string(),
        deal_number: spec.deal_number as i64,
        deal_chosen,
        status: "in_progress".to_string(),
        version: 0,
        score: 500,
        actions: 0,
        runs_completed: 0,
        created_at: at,
        updated_at: at,
        finished_at: None,
    }
}

pub fn insert(conn: &mut DbConn, row: &GameRow) -> Result<(), StoreError> {
    diesel::insert_into(games::table)
        .values(row)
        .execute(conn)?;
    Ok(())
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

pub fn actions(conn: &mut DbConn, game_id: &str) -> Result<Vec<Action>, StoreError> {
    events(conn, game_id)?
        .iter()
        .map(EventRow::action)
        .collect()
}

/// The caller's games, newest first, after `cursor` (the last game of the previous page).
pub fn list(
    conn: &mut DbConn,
    user_id: &str,
    limit: i64,
    cursor: Option<(NaiveDateTime, String)>,
) -> Result<Vec<GameRow>, StoreError> {
    let mut query = games::table
        .filter(games::user_id.eq(user_id))
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

/// The game's summary after an action, kept on the game row for lists and leaderboards.
#[derive(Clone, Debug)]
pub struct Summary {
    pub status: &'static str,
    pub score: i32,
    pub actions: i32,
    pub runs_completed: i32,
    pub finished: bool,
}

/// What the caller decided, given the game and its log: the action to append, the summary
/// after it, and the response body to remember for idempotent retries.
pub struct Decision {
    pub action: Action,
    pub summary: Summary,
    pub response: String,
}

/// The stamp the new event gets.
#[derive(Clone, Copy, Debug)]
pub struct Stamp {
    pub version: i32,
    pub at: NaiveDateTime,
}

pub struct IdempotencyKey {
    pub key: String,
    /// A digest of the request: a key reused for a different request is refused.
    pub fingerprint: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Appended {
    /// The action was appended; `response` is the caller's own body.
    Applied { version: i32, response: String },
    /// The idempotency key was seen before: the first answer, nothing applied.
    Replayed {
        status: u16,
        version: i32,
        response: String,
    },
}

#[derive(Debug)]
pub enum AppendError<R> {
    NotFound,
    /// `If-Match`/`expected_version` named an older version.
    Stale {
        current: i32,
    },
    KeyReused,
    /// The caller refused the action (an illegal move): nothing was written.
    Refused(R),
    Store(StoreError),
}

impl<R> From<StoreError> for AppendError<R> {
    fn from(e: StoreError) -> Self {
        AppendError::Store(e)
    }
}

impl<R> From<diesel::result::Error> for AppendError<R> {
    fn from(e: diesel::result::Error) -> Self {
        AppendError::Store(StoreError::Db(e))
    }
}

fn stored_response(
    conn: &mut DbConn,
    user_id: &str,
    key: &IdempotencyKey,
) -> Result<Option<Appended>, StoreError> {
    let found: Option<(String, i32, String, i32)> = idempotency_keys::table
        .filter(idempotency_keys::user_id.eq(user_id))
        .filter(idempotency_keys::key.eq(&key.key))
        .select((
            idempotency_keys::fingerprint,
            idempotency_keys::status,
            idempotency_keys::body,
            idempotency_keys::version,
        ))
        .first(conn)
        .optional()?;
    Ok(found.map(|(fingerprint, status, response, version)| {
        if fingerprint == key.fingerprint {
            Appended::Replayed {
                status: u16::try_from(status).unwrap_or(200),
                version,
                response,
            }
        } else {
            Appended::Replayed {
                status: 0,
                version,
                response: String::new(),
            }
        }
    }))
}

/// Append one action to the caller's game, in one transaction: lock the game row by bumping
/// its version (so concurrent writers of one game queue, on both backends), check the
/// expected version, read the log, let `decide` replay and validate, insert the event at the
/// new sequence number (unique per game) and update the summary. Any refusal rolls it all back.
pub fn append<R>(
    db: &Db,
    user_id: &str,
    game_id: &str,
    expected_version: Option<i32>,
    idempotency: Option<&IdempotencyKey>,
    decide: impl FnOnce(&GameRow, Vec<Action>, Stamp) -> Result<Decision, R>,
) -> Result<Appended, AppendError<R>> {
    let replay = |conn: &mut DbConn| -> Result<Option<Appended>, AppendError<R>> {
        match idempotency {
            Some(key) => match stored_response(conn, user_id, key)? {
                Some(Appended::Replayed { status: 0, .. }) => Err(AppendError::KeyReused),
                found => Ok(found),
            },
            None => Ok(None),
        }
    };
    let result = db.write(|conn| {
        if let Some(found) = replay(conn)? {
            return Ok(found);
        }
        let at = now();
        let bumped = diesel::update(
            games::table
                .filter(games::id.eq(game_id))
                .filter(games::user_id.eq(user_id)),
        )
        .set((
            games::version.eq(games::version + 1),
            games::updated_at.eq(at),
        ))
        .execute(conn)?;
        if bumped == 0 {
            return Err(AppendError::NotFound);
        }
        let row = owned(conn, user_id, game_id)?.ok_or(AppendError::NotFound)?;
        let previous = row.version - 1;
        if let Some(expected) = expected_version {
            if expected != previous {
                return Err(AppendError::Stale { current: previous });
            }
        }
        let log = actions(conn, game_id)?;
        if log.len() != previous as usize {
            return Err(AppendError::Store(StoreError::Corrupt(format!(
                "game {game_id} has {} events at version {previous}",
                log.len()
            ))));
        }
        let stamp = Stamp {
            version: row.version,
            at,
        };
        let decision = decide(&row, log, stamp).map_err(AppendError::Refused)?;
        diesel::insert_into(game_events::table)
            .values(EventRow::new(game_id, row.version, decision.action, at))
            .execute(conn)?;
        let summary = &decision.summary;
        diesel::update(games::table.filter(games::id.eq(game_id)))
            .set((
                games::status.eq(summary.status),
                games::score.eq(summary.score),
                games::actions.eq(summary.actions),
                games::runs_completed.eq(summary.runs_completed),
                games::finished_at.eq(summary.finished.then_some(at)),
            ))
            .execute(conn)?;
        if let Some(key) = idempotency {
            diesel::insert_into(idempotency_keys::table)
                .values((
                    idempotency_keys::user_id.eq(user_id),
                    idempotency_keys::key.eq(&key.key),
                    idempotency_keys::fingerprint.eq(&key.fingerprint),
                    idempotency_keys::status.eq(200),
                    idempotency_keys::body.eq(&decision.response),
                    idempotency_keys::version.eq(row.version),
                    idempotency_keys::created_at.eq(at),
                ))
                .execute(conn)?;
        }
        Ok(Appended::Applied {
            version: row.version,
            response: decision.response,
        })
    });
    match result {
        // Two retries with one key raced and the other committed first: answer as it did.
        Err(AppendError::Store(e)) if idempotency.is_some() && e.is_unique_violation() => {
            let mut conn = db.conn()?;
            match replay(&mut conn)? {
                Some(found) => Ok(found),
                None => Err(AppendError::Store(e)),
            }
        }
        other => other,
    }
}
