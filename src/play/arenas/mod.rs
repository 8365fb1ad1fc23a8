//! Arenas (docs/ARENAS.md): a tournament on shared deals. Join any time while it runs, play
//! the arena's deals one after another (each a game of its own, played as any other), points
//! per deal with a bonus for streaks (`domain::arenas`), live standings, places at the end.
//!
//! A player's standing is kept as each of their deals ends: at once after the action that
//! ended it ([`deal_ended`]), and by the scheduled work for any end a stopped instance did not
//! get to score (`work`). Each change to the standings counts up the arena's version, so two
//! looks at one version see the same standings, whichever instance answers.
//!
//! The arena's secret, its deal numbers and the deal a player will meet next never leave
//! here; a deal's cards show only in its game, once the player has started it.

mod create;
mod deals;
mod results;
mod standings;
pub mod work;

pub use create::{create, NewArena};
pub use deals::{deal_ended, next_deal, spec_of, Dealt};
pub use results::{
    results_due, results_tried, wait_after, ResultsDue, ResultsTo, Tried, MOST_TRIES, POST_TIMEOUT,
};
pub use standings::{standings, Snapshots, StandingsFeed, SNAPSHOTS_KEPT, SNAPSHOT_PLAYERS};
pub use work::{draw_deals, tick, DRAW_AHEAD, TICK};

use create::new_row;
use deals::{end_deal, end_of, score_end, score_of};

use std::future::Future;
use std::sync::Arc;

use chrono::{NaiveDateTime, TimeDelta};

use crate::domain::arenas::{self as rules, DealEnd, Schedule, Score};
use crate::domain::origin::OriginKind;
use crate::domain::{GameId, UserId};
use crate::engine::{self, DealSpec, Game, Status, Suits, UndoMode, Variant};
use crate::store::arenas::{self as store, ArenaRow, PlayRow, PlayerRow};
use crate::store::games::{self as game_store, GameRow, Origin};
use crate::store::{self as stores, DbConn, StoreError};
use crate::{blocking, AccountError, Error, Play};

/// An account's arena lasts this many minutes at least, and at most [`LONGEST`].
pub const SHORTEST: u32 = 5;
pub const LONGEST: u32 = 180;
/// An account's arena starts at most this many minutes ahead (a week).
pub const FURTHEST_START: u32 = 7 * 24 * 60;
/// The longest title, in characters.
pub const TITLE_MOST: usize = 60;
/// The most players one page of standings holds.
pub const PAGE_MOST: i64 = 100;
/// How many arenas each list (running, upcoming, over) of the listing holds at most.
pub const LISTED: i64 = 20;
/// Players a stream's event carries from the top of the standings (and the viewer's line).
pub const TOP: usize = 10;
/// The most players a followed arena's look reads (every stream of it finds its viewer's line
/// there).
pub const FOLLOWED_MOST: i64 = 100_000;

/// Refusals of the arenas' use cases.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    #[error("no such arena")]
    NotFound,
    /// Rated arenas, and making an arena, are for registered accounts.
    #[error("a registered account is required")]
    AccountRequired,
    /// The arena has not started yet.
    #[error("the arena has not started")]
    NotStarted,
    /// The arena is over.
    #[error("the arena is over")]
    Over,
    /// The caller is not playing in the arena (never joined, or left).
    #[error("not in the arena")]
    NotJoined,
    /// The caller's current deal is still being played: finish it or resign it first.
    #[error("a deal of the arena is in play")]
    DealInPlay { game_id: GameId },
    /// The caller has played every deal the arena holds.
    #[error("no more deals")]
    NoMoreDeals,
    /// The caller's next deal is still being drawn (proven winnable).
    #[error("the next deal is not ready")]
    DealNotReady,
    /// The account has as many arenas not yet over as it may make.
    #[error("{most} arenas not over")]
    TooMany { most: u32, retry_after_s: u64 },
    /// A length outside [`SHORTEST`]..=[`LONGEST`] minutes.
    #[error("an arena lasts {SHORTEST} to {LONGEST} minutes")]
    BadLength,
    /// A start more than [`FURTHEST_START`] minutes ahead.
    #[error("an arena starts within a week")]
    BadStart,
    /// A title empty or longer than [`TITLE_MOST`] characters.
    #[error("a title of 1 to {TITLE_MOST} characters")]
    BadTitle,
}

/// A recurring arena an operator set (`ARENA_SCHEDULES`).
#[derive(Clone, Debug)]
pub struct Scheduled {
    /// The schedule's name, its arenas' title.
    pub name: String,
    pub variant: Variant,
    pub suits: Suits,
    pub schedule: Schedule,
}

impl Scheduled {
    /// An arena of `lasts` minutes every `every` minutes, the first `at` minutes after
    /// midnight UTC on 1 January 2026; `None` when that cannot be kept.
    pub fn every(
        name: &str,
        variant: Variant,
        suits: Suits,
        at: u32,
        every: u32,
        lasts: u32,
    ) -> Option<Scheduled> {
        let epoch = chrono::NaiveDate::from_ymd_opt(2026, 1, 1)?.and_hms_opt(0, 0, 0)?;
        let schedule = Schedule::new(
            epoch + TimeDelta::minutes(i64::from(at)),
            TimeDelta::minutes(i64::from(every)),
            TimeDelta::minutes(i64::from(lasts)),
        )
        .ok()?;
        Some(Scheduled {
            name: name.to_string(),
            variant,
            suits,
            schedule,
        })
    }
}

/// The arenas' settings on this instance, and the standings its streams follow.
#[derive(Clone, Default)]
pub struct Arenas {
    pub schedules: Arc<Vec<Scheduled>>,
    /// Arenas not over one account may have made; 0: none.
    pub per_account: u32,
    pub feeds: crate::feed::Feeds<StandingsFeed>,
    /// Arenas' standings as of their latest version read (a page is then one primary-key read).
    pub snapshots: Arc<standings::Snapshots>,
}

/// Where an arena stands in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Upcoming,
    Running,
    /// Over: its places are final once `finished_at` is set.
    Over,
}

pub fn phase(row: &ArenaRow, at: NaiveDateTime) -> Phase {
    if at < row.starts_at {
        Phase::Upcoming
    } else if at < row.ends_at {
        Phase::Running
    } else {
        Phase::Over
    }
}

/// An arena as it stands at one moment.
#[derive(Clone, Debug)]
pub struct Arena {
    pub row: ArenaRow,
    pub phase: Phase,
    pub players: i64,
    /// The moment of the look.
    pub at: NaiveDateTime,
}

/// The caller's part in an arena.
#[derive(Clone, Debug)]
pub struct Mine {
    pub player: PlayerRow,
    /// Their place now (shared with anyone of equal standing).
    pub place: i64,
    /// The deal they are playing, if one is in play.
    pub playing: Option<PlayRow>,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub place: i64,
    pub player: PlayerRow,
}

/// A page of an arena's standings, as of its version.
#[derive(Clone, Debug)]
pub struct Standings {
    pub arena: Arena,
    /// Counts the changes to the standings: two looks at one version see the same.
    pub version: i32,
    pub offset: i64,
    pub lines: Vec<Standing>,
    /// The viewer's own line, when they play in the arena.
    pub mine: Option<Standing>,
}

/// The live key a change to arena `id`'s players or standings is heard as.
pub fn arena_key(id: &str) -> String {
    format!("arena:{id}")
}

fn found(conn: &mut DbConn, id: &str) -> Result<ArenaRow, Error> {
    store::by_id(conn, id)?.ok_or(Error::Arena(ArenaError::NotFound))
}

fn arena_at(conn: &mut DbConn, row: ArenaRow, at: NaiveDateTime) -> Result<Arena, Error> {
    let players = store::player_count(conn, &row.id)?;
    Ok(Arena {
        phase: phase(&row, at),
        row,
        players,
        at,
    })
}

/// Arenas now: those running, those to come (soonest first) and those over (latest first).
pub struct Listing {
    pub running: Vec<Arena>,
    pub upcoming: Vec<Arena>,
    pub over: Vec<Arena>,
}

/// What runs now, what comes next and what ended lately.
pub async fn list(play: &Play) -> Result<Listing, Error> {
    let p = play.clone();
    blocking(move || {
        let at = p.clock.now();
        p.db.read(|conn| {
            let mut running = Vec::new();
            let mut upcoming = Vec::new();
            for row in store::not_over(conn, at, 2 * LISTED)? {
                let arena = arena_at(conn, row, at)?;
                match arena.phase {
                    Phase::Running if (running.len() as i64) < LISTED => running.push(arena),
                    Phase::Upcoming if (upcoming.len() as i64) < LISTED => upcoming.push(arena),
                    _ => {}
                }
            }
            let over = store::over(conn, at, LISTED)?
                .into_iter()
                .map(|row| arena_at(conn, row, at))
                .collect::<Result<_, Error>>()?;
            Ok(Listing {
                running,
                upcoming,
                over,
            })
        })
    })
    .await
}

/// The arenas a chat place plays (its own and the scheduled ones) that are not over, soonest
/// first, with the caller's part in each; and, when none runs there, the place's own arena
/// that ended last.
pub async fn in_place(
    play: &Play,
    place: &str,
    user: &UserId,
) -> Result<(Vec<(Arena, Option<Mine>)>, Option<Arena>), Error> {
    let (p, place, user) = (play.clone(), place.to_string(), user.clone());
    blocking(move || {
        let at = p.clock.now();
        p.db.read(|conn| {
            let mut now = Vec::new();
            for row in store::for_place(conn, &place, at, LISTED)? {
                let id = row.id.clone();
                let arena = arena_at(conn, row, at)?;
                now.push((arena, mine(conn, &id, &user)?));
            }
            let last = match store::last_over_in(conn, &place, at)? {
                Some(row) => Some(arena_at(conn, row, at)?),
                None => None,
            };
            Ok((now, last))
        })
    })
    .await
}

/// The arena whose id starts with `code` (chat's eight characters), when one does.
pub async fn by_code(play: &Play, code: &str) -> Result<Arena, Error> {
    let (p, code) = (play.clone(), code.to_ascii_lowercase());
    blocking(move || {
        let at = p.clock.now();
        p.db.read(|conn| {
            let mut found = store::by_id_start(conn, &code)?;
            match (found.pop(), found.is_empty()) {
                (Some(row), true) => arena_at(conn, row, at),
                _ => Err(ArenaError::NotFound.into()),
            }
        })
    })
    .await
}

/// The arena game `game_id` is a deal of, if it is one.
pub async fn of_game(play: &Play, game_id: &GameId) -> Result<Option<String>, Error> {
    let (p, id) = (play.clone(), game_id.to_string());
    blocking(move || {
        Ok(p.db
            .read(|conn| store::play_of_game(conn, &id))?
            .map(|deal| deal.arena_id))
    })
    .await
}

/// Arena `id` now, with the caller's part in it when they play in it.
pub async fn get(
    play: &Play,
    id: String,
    caller: Option<UserId>,
) -> Result<(Arena, Option<Mine>), Error> {
    let p = play.clone();
    blocking(move || {
        let at = p.clock.now();
        p.db.read(|conn| {
            let row = found(conn, &id)?;
            let arena = arena_at(conn, row, at)?;
            let mine = match &caller {
                Some(user) => mine(conn, &id, user)?,
                None => None,
            };
            Ok((arena, mine))
        })
    })
    .await
}

fn mine(conn: &mut DbConn, id: &str, user: &UserId) -> Result<Option<Mine>, Error> {
    let Some(player) = store::player(conn, id, user)? else {
        return Ok(None);
    };
    let place = store::ranked_above(conn, id, player.points, player.won_ms)? + 1;
    let playing = store::open_play(conn, id, user)?;
    Ok(Some(Mine {
        player,
        place,
        playing,
    }))
}

/// The name a player shows: the account's, or `guest-` and the start of the account's id.
fn display_name(conn: &mut DbConn, user: &UserId) -> Result<(String, bool), Error> {
    let account =
        stores::users::by_id(conn, user)?.ok_or(Error::Account(AccountError::UnknownUser))?;
    let name = account
        .username
        .unwrap_or_else(|| format!("guest-{}", &user[..8.min(user.len())]));
    Ok((name, account.is_guest))
}

/// Join arena `id` (or come back after leaving: points kept), before it starts or while it
/// runs. Rated arenas take registered accounts only.
pub async fn join(play: &Play, user: &UserId, id: String) -> Result<(Arena, Mine), Error> {
    let (p, user) = (play.clone(), user.clone());
    blocking(move || {
        let at = p.clock.now();
        let (row, name, guest) = p.db.read(|conn| {
            let row = found(conn, &id)?;
            let (name, guest) = display_name(conn, &user)?;
            Ok::<_, Error>((row, name, guest))
        })?;
        if phase(&row, at) == Phase::Over {
            return Err(ArenaError::Over.into());
        }
        if row.rated && guest {
            return Err(ArenaError::AccountRequired.into());
        }
        let player = PlayerRow {
            arena_id: id.clone(),
            user_id: user.clone(),
            name,
            joined_at: at,
            active: true,
            points: 0,
            played: 0,
            won: 0,
            won_ms: 0,
            streak: 0,
            dealt: 0,
            place: None,
            changed: 0,
        };
        let arena_id = id.clone();
        p.db.write(move |conn| -> Result<(), Error> {
            store::join(conn, &player)?;
            store::bump(conn, &arena_id, Some(&player.user_id))?;
            Ok(())
        })?;
        p.live.changed(&arena_key(&id));
        looked(&p, &id, &user)
    })
    .await
}

/// The arena and the caller's part in it, read afresh after a write.
fn looked(play: &Play, id: &str, user: &UserId) -> Result<(Arena, Mine), Error> {
    let at = play.clock.now();
    play.db.read(|conn| {
        let row = found(conn, id)?;
        let arena = arena_at(conn, row, at)?;
        let mine = mine(conn, id, user)?.ok_or(Error::Arena(ArenaError::NotJoined))?;
        Ok((arena, mine))
    })
}

/// Leave arena `id`: no more deals until joining again; points so far are kept, and a deal in
/// play still counts when it ends.
pub async fn leave(play: &Play, user: &UserId, id: String) -> Result<(Arena, Mine), Error> {
    let (p, user) = (play.clone(), user.clone());
    blocking(move || {
        let (arena_id, who) = (id.clone(), user.clone());
        let left = p.db.write(move |conn| -> Result<bool, Error> {
            found(conn, &arena_id)?;
            let left = store::set_active(conn, &arena_id, &who, false)?;
            if left {
                store::bump(conn, &arena_id, Some(&who))?;
            }
            Ok(left)
        })?;
        if !left {
            return Err(ArenaError::NotJoined.into());
        }
        p.live.changed(&arena_key(&id));
        looked(&p, &id, &user)
    })
    .await
}

/// The arenas `user` played in, the latest first, from before `before` (an arena's end), at
/// most `limit`: each with their part in it (their final place once it is over).
pub async fn history(
    play: &Play,
    user: &UserId,
    before: Option<NaiveDateTime>,
    limit: i64,
) -> Result<Vec<(Arena, Mine)>, Error> {
    let (p, user) = (play.clone(), user.clone());
    blocking(move || {
        let at = p.clock.now();
        p.db.read(|conn| {
            store::history(conn, &user, before, limit.clamp(1, PAGE_MOST))?
                .into_iter()
                .map(|(row, player)| {
                    let id = row.id.clone();
                    let arena = arena_at(conn, row, at)?;
                    let place = store::ranked_above(conn, &id, player.points, player.won_ms)? + 1;
                    let playing = store::open_play(conn, &id, &user)?;
                    Ok((
                        arena,
                        Mine {
                            player,
                            place,
                            playing,
                        },
                    ))
                })
                .collect()
        })
    })
    .await
}

/// Whether game `row` is a deal of an arena that is not over: its cards must not be shown
/// where other players of the arena could read them. Blocking.
pub fn secret_now(play: &Play, row: &GameRow) -> Result<bool, Error> {
    Ok(row.origin == OriginKind::Arena && !shown_in_full(play, &row.id)?)
}

/// Whether arena deal `game_id`'s cards may be shown in full (its analysis, its export): once
/// its arena is over, so that no one still playing can be told them. Blocking.
pub fn shown_in_full(play: &Play, game_id: &str) -> Result<bool, Error> {
    let at = play.clock.now();
    play.db.read(|conn| {
        let Some(deal) = store::play_of_game(conn, game_id)? else {
            return Ok(true);
        };
        let arena = found(conn, &deal.arena_id)?;
        Ok(phase(&arena, at) == Phase::Over)
    })
}
