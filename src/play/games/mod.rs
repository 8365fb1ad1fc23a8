//! Games: read one and act on one; creating one (random, chosen, winnable, daily) and
//! restarting one are [`create`]'s.

mod create;

pub(crate) use create::{answered, insert, room_for_a_game, Planned};
pub use create::{
    create, give_back, random_deal_number, restart, take_for_race, Created, Deal, NewGame,
    Rationing,
};

use crate::domain::{GameId, UserId};
use crate::GameError;
use chrono::NaiveDateTime;

use crate::engine::{Action, Game, Intent, Outcome};
use crate::positions::Position;
use crate::snapshot::{Replayed, Snapshot};
use crate::store::games::{self as game_store, ForAppend, GameRow, Summary};
pub use crate::store::idempotency::IdempotencyKey;
use crate::store::writes::{self, Append, Commit, Stamp};
use crate::store::{records, Backend, Db};
use crate::{blocking, Error, Play};

/// How often an append that lost the race to another writer of the same game is tried again.
pub const ATTEMPTS: usize = 50;

/// The position of a stored game, every action checked again.
pub fn replay(row: &GameRow, log: Vec<Action>) -> Result<Game, Error> {
    row.deal_spec()
        .replay(log)
        .map_err(|e| Error::Internal(format!("stored log of {} no longer replays: {e}", row.id)))
}

/// A game with its log and position.
pub struct Loaded {
    pub row: GameRow,
    pub log: Vec<Action>,
    pub game: Game,
}

/// A race seat's game is dated at the end of its round's countdown: before that nobody sees
/// or plays it.
fn opened(row: &GameRow, at: NaiveDateTime) -> Result<(), Error> {
    if row.race_id.is_some() && at < row.created_at {
        return Err(Error::Game(GameError::RoundNotStarted));
    }
    Ok(())
}

/// The caller's game, replayed.
pub fn load(play: &Play, user_id: &UserId, id: &GameId) -> Result<Loaded, Error> {
    let mut conn = play.db.conn()?;
    let (row, log) =
        game_store::load(&mut conn, user_id, id)?.ok_or(Error::Game(GameError::GameNotFound))?;
    drop(conn);
    opened(&row, play.clock.now())?;
    let game = replay(&row, log.clone())?;
    Ok(Loaded { row, log, game })
}

/// Any game by id, replayed: for the service's own bookkeeping (race standings), never for a
/// caller's request.
pub fn load_any(db: &Db, id: &GameId) -> Result<Option<Loaded>, Error> {
    let mut conn = db.conn()?;
    let Some(row) = game_store::by_id(&mut conn, id)? else {
        return Ok(None);
    };
    drop(conn);
    let log = game_store::decode(&row.log)?;
    let game = replay(&row, log.clone())?;
    Ok(Some(Loaded { row, log, game }))
}

/// An accepted action: the position it was played on, what it did, and the game as its
/// player now sees it (what an idempotency key remembers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub before: Game,
    pub action: Action,
    pub outcome: Outcome,
    pub snapshot: Snapshot,
}

/// What [`decide`] made of an action: the write, the position once it lands, and the turn
/// but for the position it was played on (moved in by the caller, which owns it).
struct Decided {
    append: Append,
    after: Position,
    action: Action,
    outcome: Outcome,
    snapshot: Snapshot,
}

/// One action on the caller's game.
#[derive(Clone, Debug)]
pub struct Act {
    pub user_id: UserId,
    pub game_id: GameId,
    /// Act only if the game is at this version.
    pub expected: Option<i32>,
    pub key: Option<IdempotencyKey>,
    pub intent: Intent,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Acted {
    /// The action was stored.
    Applied(Box<Turn>),
    /// The idempotency key answered before: that answer, nothing applied.
    Replayed(Replayed),
}

/// A try that got as far as writing.
#[allow(
    clippy::large_enum_variant,
    reason = "made once per try and matched at once: boxing the position would only add an allocation"
)]
enum Try {
    Done(Acted),
    /// Decided on this instance's remembered position, which may be out of date: read afresh.
    ReadAgain,
    /// Not decided: the game must be read, and this try may not wait for that.
    NeedsRead,
    Writing {
        commit: Commit,
        turn: Box<Turn>,
        /// The position once the write lands.
        after: Position,
    },
}

/// Play one action: replay the game, resolve and apply the intent through the engine, store
/// the action on the version read, and try again when another writer of the same game got in
/// first. A refusal stores nothing.
pub async fn act(play: &Play, act: Act) -> Result<Acted, Error> {
    let mut fresh = false;
    for _ in 0..ATTEMPTS {
        // Decided right here, on the async thread, when nothing needs a wait: a position this
        // instance remembers (the write is queued for a writer either way), or on SQLite a
        // local page read when a connection is free. Otherwise (a Postgres read, a network
        // round trip away) the try runs on a blocking thread.
        let may_read = play.db.backend() == Backend::Sqlite && play.db.idle_connections() > 0;
        let tried = match attempt(play, &act, fresh, may_read)? {
            Try::NeedsRead => {
                let (p, a) = (play.clone(), act.clone());
                blocking(move || attempt(&p, &a, fresh, true)).await?
            }
            tried => tried,
        };
        let acted = match tried {
            Try::Done(acted) => acted,
            Try::ReadAgain | Try::NeedsRead => {
                fresh = true;
                continue;
            }
            Try::Writing {
                commit,
                turn,
                after,
            } => {
                if !commit.landed().await? {
                    // Decided on a position someone moved past: read it afresh.
                    fresh = true;
                    continue;
                }
                let arena_end = after.row.origin == crate::domain::origin::OriginKind::Arena
                    && after.game.status().is_over();
                play.positions.put(after);
                if arena_end {
                    super::arenas::deal_ended(play, &act.game_id).await;
                }
                Acted::Applied(turn)
            }
        };
        if let Acted::Applied { .. } = acted {
            play.live.changed(&act.game_id);
        }
        return Ok(acted);
    }
    Err(Error::Game(GameError::Contended))
}

/// What an action finds to decide on.
#[allow(
    clippy::large_enum_variant,
    reason = "made once per try and matched at once, like `Try`: boxing the position would only add an allocation"
)]
enum Found {
    /// The game, and whether it is this instance's remembered copy (else it was just read).
    Position(Position, bool),
    /// The idempotency key answered before.
    Answered(Acted),
    /// The game must be read, and the caller may not wait for that.
    NeedsRead,
}

/// The game as the action should see it: this instance's last write of it when it has one
/// (and no key asks for a lookup), else read from the store when `may_read`.
fn position_for(play: &Play, act: &Act, fresh: bool, may_read: bool) -> Result<Found, Error> {
    if !fresh && act.key.is_none() {
        if let Some(cached) = play.positions.take(&act.game_id) {
            let expected = act.expected.is_none_or(|v| v == cached.row.version);
            if cached.row.user_id == act.user_id && expected {
                return Ok(Found::Position(cached, true));
            }
        }
    }
    if !may_read {
        return Ok(Found::NeedsRead);
    }
    let mut conn = play.db.conn()?;
    let (row, log) = match game_store::read_for_append(
        &mut conn,
        &act.user_id,
        &act.game_id,
        act.key.as_ref(),
        play.clock.now(),
    )? {
        ForAppend::Current(row, log) => (row, log),
        ForAppend::Answered(first) => return Ok(Found::Answered(Acted::Replayed(first.into()))),
        ForAppend::KeyReused => return Err(Error::Game(GameError::KeyReused)),
        ForAppend::NotFound => return Err(Error::Game(GameError::GameNotFound)),
    };
    drop(conn);
    let game = replay(&row, log)?;
    Ok(Found::Position(Position { row, game }, false))
}

/// One try: `NeedsRead` when the game must be read and `may_read` is false.
fn attempt(play: &Play, act: &Act, fresh: bool, may_read: bool) -> Result<Try, Error> {
    let (position, remembered) = match position_for(play, act, fresh, may_read)? {
        Found::NeedsRead => return Ok(Try::NeedsRead),
        Found::Position(position, remembered) => (position, remembered),
        Found::Answered(answered) => return Ok(Try::Done(answered)),
    };
    match decide(play, act, &position) {
        Ok(decided) => Ok(Try::Writing {
            commit: writes::commit_append(&play.db, decided.append),
            turn: Box::new(Turn {
                before: position.game,
                action: decided.action,
                outcome: decided.outcome,
                snapshot: decided.snapshot,
            }),
            after: decided.after,
        }),
        // A refusal must come from the latest position: a remembered one may be behind.
        Err(_) if remembered => Ok(Try::ReadAgain),
        Err(refused) => {
            // Nothing changed: the position is still good for the next action.
            play.positions.put(position);
            Err(refused)
        }
    }
}

/// Check, resolve and apply the action on `position`: what to write, the position after it,
/// and the turn.
fn decide(play: &Play, act: &Act, position: &Position) -> Result<Decided, Error> {
    let Position { row, game: before } = position;
    if let Some(expected) = act.expected {
        if expected != row.version {
            return Err(Error::Game(GameError::Stale {
                current: row.version,
            }));
        }
    }
    // A ranked daily closes with its day: from then on its number is public.
    if row.ranked && row.daily_date()?.is_some_and(|day| play.clock.is_over(day)) {
        return Err(Error::Game(GameError::DailyClosed));
    }
    let stamp = Stamp {
        version: row.version + 1,
        at: play.clock.now(),
    };
    opened(row, stamp.at)?;
    let action = before.resolve(act.intent)?;
    // A full log still takes the resignation that ends the game.
    if stamp.version > play.max_actions as i32 && action != Action::Resign {
        return Err(Error::Game(GameError::ActionLimit {
            limit: play.max_actions,
        }));
    }
    let mut after = before.clone();
    let outcome = after.apply(action)?;
    let finished_at = after.status().is_over().then_some(stamp.at);
    let snapshot = Snapshot::new(
        row,
        &after,
        stamp.version,
        stamp.at,
        finished_at,
        &play.clock,
        stamp.at,
    );
    // What a retry with the same key is answered (none is remembered without a key).
    let response = match &act.key {
        Some(_) => snapshot.remembered(200)?.response,
        None => String::new(),
    };
    let summary = Summary {
        status: after.status(),
        score: after.score() as i32,
        actions: after.actions() as i32,
        runs_completed: after.runs_completed() as i32,
        finished: finished_at.is_some(),
    };
    let finish = finished_at.map(|at| (records::key_of(row), records::finish_of(row, &after, at)));
    let append = Append {
        game_id: row.id.clone(),
        user_id: act.user_id.clone(),
        read_version: row.version,
        ranked: row.ranked,
        stamp,
        action,
        summary,
        key: act.key.clone(),
        response,
        finish,
    };
    // The row as the write leaves it.
    let mut next = row.clone();
    append.apply_to(&mut next);
    Ok(Decided {
        append,
        after: Position {
            row: next,
            game: after,
        },
        action,
        outcome,
        snapshot,
    })
}
