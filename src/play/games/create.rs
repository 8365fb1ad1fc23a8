//! Creating a game: on the deal a player chose, a random one, a proven winnable one, today's
//! daily (`super::super::daily`), a race seat's; and restarting one on the same deal.

use crate::domain::{GameId, UserId};
use crate::{AccountError, GameError};

use chrono::NaiveDateTime;

use super::{act, Act};
use crate::domain::origin::OriginKind;
use crate::engine::{DealSpec, Difficulty, Intent, Rules, Suits, Variant};
use crate::snapshot::{Replayed, Snapshot};
use crate::store::games::{self as game_store, GameRow, Origin};
use crate::store::idempotency::{self as keys, IdempotencyKey, KeyLookup, Remembered};
use crate::store::winnable::{Class, ProvenDeal};
use crate::store::writes;
use crate::{blocking, Error, Play};

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
    pub user_id: UserId,
    pub variant: Variant,
    pub suits: Suits,
    pub rules: Rules,
    pub deal: Deal,
    pub key: Option<IdempotencyKey>,
}

/// A game about to be written: its deal and its origin decided.
#[derive(Clone, Debug)]
pub(crate) struct Planned {
    pub user_id: UserId,
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
pub(crate) fn answered(
    play: &Play,
    user_id: &UserId,
    key: Option<&IdempotencyKey>,
) -> Result<Option<Created>, Error> {
    let Some(key) = key else { return Ok(None) };
    let mut conn = play.db.conn()?;
    match keys::remembered(&mut conn, user_id, key, play.clock.now())? {
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
        uuid::Uuid::new_v4().to_string().into(),
        new.user_id.clone(),
        new.spec,
        &new.origin,
        play.clock.now(),
    );
    let snapshot = Snapshot::of_row(&row, &new.spec.deal(), &play.clock);
    let answer = match new.key {
        Some(_) => Some(snapshot.remembered(201)?),
        None => None,
    };
    Ok((row, Box::new(snapshot), answer))
}

/// Store a new game (counted as played where it counts). With an idempotency key, a retry
/// gets the first answer and creates nothing. Blocking.
pub(crate) fn insert(play: &Play, new: &Planned) -> Result<Created, Error> {
    if let Some(replayed) = answered(play, &new.user_id, new.key.as_ref())? {
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
            match answered(play, &new.user_id, new.key.as_ref())? {
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
    if let Some(replayed) = answered(play, &new.user_id, new.key.as_ref())? {
        return Ok(replayed);
    }
    let class = class_of(&new.spec);
    let rationing = play.rationing;
    let spec_first = new.spec;
    let (user, key) = (new.user_id.clone(), new.key.clone());
    let mine = play.clone();
    let now = play.clock.now();
    let written = play
        .db
        .write(move |conn| -> Result<Option<Box<Snapshot>>, Error> {
            room_for_a_game(conn, &new.user_id, rationing.in_progress_per_player)?;
            let keep = ration(conn, &new.user_id, rationing, now)?;
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
            answered(play, &user, key.as_ref())?.ok_or(Error::Store(e))
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
        suits: spec.suits,
        empty_column_deal: spec.rules.empty_column_deal,
    }
}

/// Refuse a new game to a player who already has `most` games in progress that they started
/// (0: no limit), counted under their row lock so concurrent requests count one at a time.
pub(crate) fn room_for_a_game(
    conn: &mut crate::store::DbConn,
    user: &UserId,
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
fn ration(
    conn: &mut crate::store::DbConn,
    user: &UserId,
    rationing: Rationing,
    now: NaiveDateTime,
) -> Result<i64, Error> {
    let limit = rationing.per_player_per_hour;
    if limit > 0 {
        crate::store::users::lock(conn, user)?;
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
    user_id: &UserId,
    game_id: &GameId,
    key: Option<IdempotencyKey>,
) -> Result<Created, Error> {
    let (db, user, id) = (play.db.clone(), user_id.clone(), game_id.clone());
    let old = blocking(move || {
        let mut conn = db.conn()?;
        game_store::owned(&mut conn, &user, &id)?.ok_or(Error::Game(GameError::GameNotFound))
    })
    .await?;
    if old.race_id.is_some() {
        return Err(Error::Game(GameError::RaceGame));
    }
    if old.origin == crate::domain::origin::OriginKind::Arena {
        return Err(Error::Game(GameError::ArenaGame));
    }
    // One deal is never open twice: playing a copy would show the original's hidden cards.
    if !old.status.is_over() {
        let resign = Act {
            user_id: user_id.clone(),
            game_id: game_id.clone(),
            expected: None,
            key: None,
            intent: Intent::Resign,
        };
        act(play, resign).await?;
    }
    // A replay of a deal the player has seen: it counts only for personal records (marked),
    // and a daily's number stays secret until its day is over.
    let new = Planned {
        user_id: user_id.clone(),
        spec: old.deal_spec(),
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
