//! Games: read one, act on one, create one (random, chosen, winnable, daily), restart one.

use crate::{AccountError, GameError};
use chrono::NaiveDateTime;

use super::positions::Position;
use super::snapshot::{Replayed, Snapshot};
use super::{blocking, Error, Play};
use crate::domain::origin::OriginKind;
use crate::engine::Difficulty;
use crate::engine::{notation, Action, DealSpec, Game, Intent, Outcome, Rules, Suits, Variant};
use crate::store::games::{self as game_store, ForAppend, GameRow, Origin, Summary};
use crate::store::idempotency::{self as keys, IdempotencyKey, KeyLookup, Remembered};
use crate::store::winnable::Class;
use crate::store::winnable::ProvenDeal;
use crate::store::writes::{self, Append, Commit, Stamp};
use crate::store::{self, records, Backend, Db};

/// How often an append that lost the race to another writer of the same game is tried again.
pub const ATTEMPTS: usize = 50;

/// The position of a stored game, every action checked again.
pub fn replay(row: &GameRow, log: Vec<Action>) -> Result<Game, Error> {
    row.deal_spec()?
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
pub fn load(db: &Db, user_id: &str, id: &str) -> Result<Loaded, Error> {
    let mut conn = db.conn()?;
    let (row, log) =
        game_store::load(&mut conn, user_id, id)?.ok_or(Error::Game(GameError::GameNotFound))?;
    drop(conn);
    opened(&row, store::now())?;
    let game = replay(&row, log.clone())?;
    Ok(Loaded { row, log, game })
}

/// Any game by id, replayed: for the service's own bookkeeping (race standings), never for a
/// caller's request.
pub fn load_any(db: &Db, id: &str) -> Result<Option<Loaded>, Error> {
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
    pub user_id: String,
    pub game_id: String,
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
// Made once per try and matched at once: boxing the position would only add an allocation.
#[allow(clippy::large_enum_variant)]
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
                play.positions.put(after);
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
// Made once per try and matched at once, like `Try`: boxing the position would only add an
// allocation.
#[allow(clippy::large_enum_variant)]
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
    let (row, log) =
        match game_store::read_for_append(&mut conn, &act.user_id, &act.game_id, act.key.as_ref())?
        {
            ForAppend::Current(row, log) => (row, log),
            ForAppend::Answered(first) => {
                return Ok(Found::Answered(Acted::Replayed(first.into())))
            }
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
    if row.ranked
        && row
            .daily_date()?
            .is_some_and(|day| play.calendar.is_over(day))
    {
        return Err(Error::Game(GameError::DailyClosed));
    }
    let stamp = Stamp {
        version: row.version + 1,
        at: store::now(),
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
        &play.calendar,
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
    // The row as the write leaves it (see `store::writes::Append`).
    let mut next = row.clone();
    next.version = stamp.version;
    next.log.push_str(&notation::encode(action));
    next.status = after.status();
    next.score = summary.score;
    next.actions = summary.actions;
    next.runs_completed = summary.runs_completed;
    next.updated_at = stamp.at;
    next.finished_at = finished_at;
    next.duration_ms = finish.as_ref().map(|(_, f)| f.duration_ms);
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

/// A new game's outcome: created, or the first answer to a repeated idempotency key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Created {
    New(Box<Snapshot>),
    Replayed(Replayed),
}

/// Which deal a new game that a player asks for is dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deal {
    /// The deal of this number: the player knows it, so the game counts for personal records
    /// only.
    Chosen(u64),
    /// A deal the server draws at random.
    Random,
    /// A proven winnable deal of this difficulty, from the prover's cache.
    Winnable(Difficulty),
}

/// A new game a player asks for: its kind and rules, and which deal.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub user_id: String,
    pub variant: Variant,
    pub suits: Suits,
    pub rules: Rules,
    pub deal: Deal,
    pub key: Option<IdempotencyKey>,
}

/// A game about to be written: its deal and its origin decided.
#[derive(Clone, Debug)]
pub(super) struct Planned {
    pub user_id: String,
    pub spec: DealSpec,
    pub origin: Origin,
    pub key: Option<IdempotencyKey>,
}

/// A deal number from the operating system's random source.
pub fn random_deal_number() -> Result<u64, Error> {
    use rand_core::{OsRng, TryRngCore};
    OsRng
        .try_next_u64()
        .map_err(|e| Error::Internal(format!("the operating system's random source: {e}")))
}

/// The remembered answer to a request with idempotency key `key`, if one was given.
pub(super) fn answered(
    db: &Db,
    user_id: &str,
    key: Option<&IdempotencyKey>,
) -> Result<Option<Created>, Error> {
    let Some(key) = key else { return Ok(None) };
    let mut conn = db.conn()?;
    match keys::remembered(&mut conn, user_id, key)? {
        KeyLookup::Unused => Ok(None),
        KeyLookup::Reused => Err(Error::Game(GameError::KeyReused)),
        KeyLookup::Answered(r) => Ok(Some(Created::Replayed(r.into()))),
    }
}

/// A new game's row, as its player sees it, and the answer remembered for its idempotency key.
fn fresh(
    play: &Play,
    new: &Planned,
) -> Result<(GameRow, Box<Snapshot>, Option<Remembered>), Error> {
    let row = game_store::new_row(
        uuid::Uuid::new_v4().to_string(),
        new.user_id.clone(),
        new.spec,
        &new.origin,
    );
    let snapshot = Snapshot::of_row(&row, &new.spec.deal(), &play.calendar);
    let answer = match new.key {
        Some(_) => Some(snapshot.remembered(201)?),
        None => None,
    };
    Ok((row, Box::new(snapshot), answer))
}

/// Store a new game (counted as played where it counts). With an idempotency key, a retry
/// gets the first answer and creates nothing. Blocking.
pub(super) fn insert(play: &Play, new: &Planned) -> Result<Created, Error> {
    if let Some(replayed) = answered(&play.db, &new.user_id, new.key.as_ref())? {
        return Ok(replayed);
    }
    let (row, snapshot, answer) = fresh(play, new)?;
    let key = new.key.clone().zip(answer);
    let most = play.rationing.in_progress_per_player;
    let written = play.db.write(move |conn| -> Result<(), Error> {
        room_for_a_game(conn, &row.user_id, most)?;
        writes::create(conn, &row, key.as_ref().map(|(k, a)| (k, a)))?;
        Ok(())
    });
    match written {
        Ok(()) => Ok(Created::New(snapshot)),
        // Another request with this key committed first: answer as it did.
        Err(Error::Store(e)) if new.key.is_some() && e.is_unique_violation() => {
            match answered(&play.db, &new.user_id, new.key.as_ref())? {
                Some(replayed) => Ok(replayed),
                None => Err(e.into()),
            }
        }
        Err(Error::Store(e)) if e.is_foreign_key_violation() => {
            Err(Error::Account(AccountError::UnknownUser))
        }
        Err(e) => Err(e),
    }
}

/// Start the game a player asks for: on the deal they chose (it counts for personal records
/// only), a random one, or a proven winnable one of its kind and that difficulty.
pub async fn create(play: &Play, new: NewGame) -> Result<Created, Error> {
    let (kind, deal_number, winnable) = match new.deal {
        Deal::Chosen(n) => (OriginKind::Chosen, n, None),
        Deal::Random => (OriginKind::Random, random_deal_number()?, None),
        // The number is the cache's, taken in the write.
        Deal::Winnable(d) => (OriginKind::Winnable, 0, Some(d)),
    };
    let new = Planned {
        user_id: new.user_id,
        spec: DealSpec {
            variant: new.variant,
            suits: new.suits,
            rules: new.rules,
            deal_number,
        },
        origin: Origin {
            kind,
            deal_known: kind == OriginKind::Chosen,
            daily_date: None,
            ranked: false,
            difficulty: winnable,
        },
        key: new.key,
    };
    let play = play.clone();
    blocking(move || match winnable {
        Some(difficulty) => insert_winnable(&play, new, difficulty),
        None => insert(&play, &new),
    })
    .await
}

/// A new game on a proven winnable deal: the player's ration is counted, the deal taken and
/// the game written in one transaction, so concurrent requests never pass the ration and a
/// request that loses (a retry with the same idempotency key) puts its deal back.
fn insert_winnable(
    play: &Play,
    mut new: Planned,
    difficulty: Difficulty,
) -> Result<Created, Error> {
    // A retry of an answered request takes no second deal from the cache.
    if let Some(replayed) = answered(&play.db, &new.user_id, new.key.as_ref())? {
        return Ok(replayed);
    }
    let class = class_of(&new.spec);
    let rationing = play.rationing;
    let spec_first = new.spec;
    let (user, key) = (new.user_id.clone(), new.key.clone());
    let mine = play.clone();
    let written = play
        .db
        .write(move |conn| -> Result<Option<Box<Snapshot>>, Error> {
            room_for_a_game(conn, &new.user_id, rationing.in_progress_per_player)?;
            let keep = ration(conn, &new.user_id, rationing)?;
            let Some(deal) = crate::store::winnable::take(conn, &class, difficulty, keep)? else {
                return Ok(None);
            };
            new.spec.deal_number = deal.deal_number as u64;
            let (row, snapshot, answer) = fresh(&mine, &new)?;
            let key = new.key.as_ref().zip(answer.as_ref());
            writes::create(conn, &row, key)?;
            Ok(Some(snapshot))
        });
    match written {
        Ok(Some(snapshot)) => {
            play.winnable.taken();
            Ok(Created::New(snapshot))
        }
        Ok(None) => Err(Error::Game(GameError::WinnableUnavailable {
            difficulty,
            proving: play.winnable.want(class_of(&spec_first)),
        })),
        // Another request with this key committed first: answer as it did.
        Err(Error::Store(e)) if key.is_some() && e.is_unique_violation() => {
            answered(&play.db, &user, key.as_ref())?.ok_or(Error::Store(e))
        }
        Err(Error::Store(e)) if e.is_foreign_key_violation() => {
            Err(Error::Account(AccountError::UnknownUser))
        }
        Err(e) => Err(e),
    }
}

fn class_of(spec: &DealSpec) -> Class {
    Class {
        variant: spec.variant,
        suits: i32::from(spec.suits.count()),
        empty_column_deal: spec.rules.empty_column_deal,
    }
}

/// Refuse a new game to a player who already has `most` games in progress that they started
/// (0: no limit), counted under their row lock so concurrent requests count one at a time.
pub(super) fn room_for_a_game(
    conn: &mut crate::store::DbConn,
    user: &str,
    most: u32,
) -> Result<(), Error> {
    if most == 0 {
        return Ok(());
    }
    crate::store::users::lock(conn, user)?;
    if game_store::in_progress(conn, user)? >= i64::from(most) {
        return Err(Error::Game(GameError::TooManyGames { most }));
    }
    Ok(())
}

/// Count a player's winnable games of the last hour under its row lock (so concurrent
/// requests count one at a time): refused past the ration, else how many deals of the kind
/// to leave for race rounds.
fn ration(conn: &mut crate::store::DbConn, user: &str, rationing: Rationing) -> Result<i64, Error> {
    let limit = rationing.per_player_per_hour;
    if limit > 0 {
        crate::store::users::lock(conn, user)?;
        let now = crate::store::now();
        let hour = chrono::TimeDelta::hours(1);
        let recent = game_store::created_since(conn, user, OriginKind::Winnable, now - hour)?;
        if recent.len() >= limit as usize {
            let frees = recent[recent.len() - limit as usize] + hour;
            return Err(Error::Game(GameError::WinnableQuota {
                limit,
                retry_after_s: (frees - now).num_seconds().max(1) as u64,
            }));
        }
    }
    Ok(rationing.reserve)
}

/// How proven deals are shared out.
#[derive(Clone, Copy, Debug)]
pub struct Rationing {
    /// Winnable games one player may start per hour; 0: no limit.
    pub per_player_per_hour: u32,
    /// Games one player may have in progress (those they started; race rounds deal theirs);
    /// 0: no limit.
    pub in_progress_per_player: u32,
    /// Deals of each kind and difficulty left for race rounds: a player's request never
    /// takes the last ones.
    pub reserve: i64,
}

/// A proven winnable deal for a race round of `spec`'s kind, taken from the cache (the
/// reserve included). None waiting asks the prover for more. Blocking. A round that does
/// not start after all gives its deals back with [`give_back`].
pub fn take_for_race(
    play: &Play,
    spec: &DealSpec,
    difficulty: Difficulty,
) -> Result<ProvenDeal, Error> {
    let class = class_of(spec);
    let wanted = class.clone();
    let taken = play
        .db
        .write(move |conn| crate::store::winnable::take(conn, &wanted, difficulty, 0))?;
    match taken {
        Some(deal) => {
            play.winnable.taken();
            Ok(deal)
        }
        None => Err(Error::Game(GameError::WinnableUnavailable {
            difficulty,
            proving: play.winnable.want(class),
        })),
    }
}

/// Put proven deals taken for something that did not happen back in the cache.
pub fn give_back(play: &Play, deals: Vec<ProvenDeal>) -> Result<(), Error> {
    if deals.is_empty() {
        return Ok(());
    }
    Ok(play.db.write(move |conn| {
        deals
            .iter()
            .try_for_each(|deal| crate::store::winnable::insert(conn, deal))
    })?)
}

/// Start a new game on the same deal and rules, from the opening. A game still in progress
/// is resigned first: one deal is never open twice.
pub async fn restart(
    play: &Play,
    user_id: &str,
    game_id: &str,
    key: Option<IdempotencyKey>,
) -> Result<Created, Error> {
    let (db, user, id) = (play.db.clone(), user_id.to_string(), game_id.to_string());
    let old = blocking(move || {
        let mut conn = db.conn()?;
        game_store::owned(&mut conn, &user, &id)?.ok_or(Error::Game(GameError::GameNotFound))
    })
    .await?;
    if old.race_id.is_some() {
        return Err(Error::Game(GameError::RaceGame));
    }
    // One deal is never open twice: playing a copy would show the original's hidden cards.
    if !old.status.is_over() {
        let resign = Act {
            user_id: user_id.to_string(),
            game_id: game_id.to_string(),
            expected: None,
            key: None,
            intent: Intent::Resign,
        };
        self::act(play, resign).await?;
    }
    // A replay of a deal the player has seen: it counts only for personal records (marked),
    // and a daily's number stays secret until its day is over.
    let new = Planned {
        user_id: user_id.to_string(),
        spec: old.deal_spec()?,
        origin: Origin {
            kind: OriginKind::Restart,
            deal_known: old.deal_chosen,
            daily_date: old.daily_date()?,
            ranked: false,
            difficulty: old.difficulty,
        },
        key,
    };
    let play = play.clone();
    blocking(move || insert(&play, &new)).await
}
