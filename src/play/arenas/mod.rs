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

pub mod work;

pub use work::{draw_deals, tick, DRAW_AHEAD, TICK};

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

/// The standings' top followed live (`crate::feed`): looked at when a change to the arena is
/// heard (from any instance on Postgres), and every second anyway (the arena starts and ends
/// with the clock).
pub struct StandingsFeed;

impl crate::feed::Followed for StandingsFeed {
    type Key = String;
    type Seen = Standings;

    fn look(play: &Play, id: &String) -> impl Future<Output = Result<Standings, Error>> + Send {
        read_standings(play, id.clone(), 0, FOLLOWED_MOST, None)
    }

    fn watch(id: &String, _: &Standings) -> Vec<String> {
        vec![arena_key(id)]
    }
}

fn score_of(p: &PlayerRow) -> Score {
    Score {
        points: u32::try_from(p.points).unwrap_or(0),
        played: u32::try_from(p.played).unwrap_or(0),
        won: u32::try_from(p.won).unwrap_or(0),
        won_ms: p.won_ms,
        streak: u32::try_from(p.streak).unwrap_or(0),
    }
}

fn set_score(p: &mut PlayerRow, s: &Score) {
    p.points = i32::try_from(s.points).unwrap_or(i32::MAX);
    p.played = i32::try_from(s.played).unwrap_or(i32::MAX);
    p.won = i32::try_from(s.won).unwrap_or(i32::MAX);
    p.won_ms = s.won_ms;
    p.streak = i32::try_from(s.streak).unwrap_or(i32::MAX);
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

/// A page of arena `id`'s standings from `offset` (at most [`PAGE_MOST`] players), read at
/// one moment with its version; with `viewer`'s own line when they play in it.
pub async fn standings(
    play: &Play,
    id: String,
    offset: i64,
    limit: i64,
    viewer: Option<UserId>,
) -> Result<Standings, Error> {
    read_standings(play, id, offset.max(0), limit.clamp(1, PAGE_MOST), viewer).await
}

async fn read_standings(
    play: &Play,
    id: String,
    offset: i64,
    limit: i64,
    viewer: Option<UserId>,
) -> Result<Standings, Error> {
    let p = play.clone();
    blocking(move || {
        let at = p.clock.now();
        p.db.read(|conn| {
            store::one_moment(conn)?;
            let row = found(conn, &id)?;
            let version = row.version;
            let arena = arena_at(conn, row, at)?;
            let (rows, above) = store::standings_page(conn, &id, offset, limit)?;
            let lines = placed(rows, above, offset);
            let mine = match &viewer {
                Some(user) => mine(conn, &id, user)?.map(|m| Standing {
                    place: m.place,
                    player: m.player,
                }),
                None => None,
            };
            Ok(Standings {
                arena,
                version,
                offset,
                lines,
                mine,
            })
        })
    })
    .await
}

/// Places for a page of players in standing order, whose first has `above` players ranked
/// strictly above it: equal points and time share a place (`domain::arenas::standings`).
fn placed(rows: Vec<PlayerRow>, above: i64, offset: i64) -> Vec<Standing> {
    let mut lines: Vec<Standing> = Vec::with_capacity(rows.len());
    for (i, player) in rows.into_iter().enumerate() {
        let place = match lines.last() {
            None => above + 1,
            Some(prev)
                if prev.player.points == player.points && prev.player.won_ms == player.won_ms =>
            {
                prev.place
            }
            Some(_) => offset + i as i64 + 1,
        };
        lines.push(Standing { place, player });
    }
    lines
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
        };
        let arena_id = id.clone();
        p.db.write(move |conn| -> Result<(), Error> {
            store::join(conn, &player)?;
            store::bump(conn, &arena_id)?;
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
                store::bump(conn, &arena_id)?;
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

/// A deal just started: the arena, which deal of the player's it is (from 1) and its game.
pub struct Dealt {
    pub arena: Arena,
    pub number: i32,
    pub berserk: bool,
    pub row: GameRow,
    pub game: Game,
}

/// The rules of an arena's deal: the arena's variant, suits and undo (none when played
/// berserk; in a rated arena, never an undo that takes back a card seen), the standard
/// empty-column rule.
pub fn spec_of(arena: &ArenaRow, deal_number: u64, berserk: bool) -> DealSpec {
    let mut undo = if berserk {
        UndoMode::Off
    } else {
        arena.undo_mode
    };
    if arena.rated {
        undo = undo.for_ranked_play();
    }
    DealSpec {
        variant: arena.variant,
        suits: arena.suits,
        rules: engine::Rules {
            undo,
            empty_column_deal: engine::EmptyColumnDeal::Standard,
        },
        deal_number,
    }
}

/// Start the caller's next deal of arena `id` (`berserk`: without undo, for a point more if
/// won). The deal before it must have ended (won, lost or resigned).
pub async fn next_deal(
    play: &Play,
    user: &UserId,
    id: String,
    berserk: bool,
) -> Result<Dealt, Error> {
    let (p, user) = (play.clone(), user.clone());
    blocking(move || {
        let at = p.clock.now();
        let (row, player, open) = p.db.read(|conn| {
            let row = found(conn, &id)?;
            let player = store::player(conn, &id, &user)?;
            let open = store::open_play(conn, &id, &user)?;
            Ok::<_, Error>((row, player, open))
        })?;
        match phase(&row, at) {
            Phase::Upcoming => return Err(ArenaError::NotStarted.into()),
            Phase::Over => return Err(ArenaError::Over.into()),
            Phase::Running => {}
        }
        let player = match player {
            Some(player) if player.active => player,
            _ => return Err(ArenaError::NotJoined.into()),
        };
        if let Some(open) = open {
            // Its end may not be scored yet (a write that stopped halfway): score it now.
            if score_end(&p, &open.game_id)?.is_none() {
                return Err(ArenaError::DealInPlay {
                    game_id: open.game_id.into(),
                }
                .into());
            }
        }
        let k = player.dealt;
        if k >= row.deal_count {
            return Err(ArenaError::NoMoreDeals.into());
        }
        let index = rules::deal_for(row.secret.as_bytes(), &user, k as usize) as i32;
        let deal =
            p.db.read(|conn| store::deal(conn, &id, index))?
                .ok_or(Error::Arena(ArenaError::DealNotReady))?;
        let spec = spec_of(&row, deal.deal_number as u64, berserk);
        let origin = Origin {
            kind: OriginKind::Arena,
            deal_known: false,
            daily_date: None,
            ranked: false,
            difficulty: None,
        };
        let mut game_row = game_store::new_row(
            uuid::Uuid::new_v4().to_string().into(),
            user.clone(),
            spec,
            &origin,
            at,
        );
        game_row.hints_allowed = row.hints_allowed;
        let play_row = PlayRow {
            arena_id: id.clone(),
            user_id: user.clone(),
            k,
            game_id: game_row.id.to_string(),
            berserk,
            started_at: at,
            result: None,
            ms: None,
            points: None,
        };
        let (stored, arena_id, who) = (game_row.clone(), id.clone(), user.clone());
        p.db.write(move |conn| -> Result<(), Error> {
            // Under the player's row lock: of two requests at once, one deals.
            let now = store::player_for_update(conn, &arena_id, &who)?
                .ok_or(Error::Arena(ArenaError::NotJoined))?;
            if now.dealt != k {
                if let Some(open) = store::open_play(conn, &arena_id, &who)? {
                    return Err(ArenaError::DealInPlay {
                        game_id: open.game_id.into(),
                    }
                    .into());
                }
                return Err(ArenaError::NotJoined.into());
            }
            crate::store::writes::create(conn, &stored, None)?;
            store::insert_play(conn, &play_row)?;
            let mut next = now;
            next.dealt = k + 1;
            store::set_standing(conn, &next)?;
            Ok(())
        })?;
        let game = spec.deal();
        let arena = p.db.read(|conn| {
            let row = found(conn, &id)?;
            arena_at(conn, row, at)
        })?;
        Ok(Dealt {
            arena,
            number: k + 1,
            berserk,
            row: game_row,
            game,
        })
    })
    .await
}

/// After the action that ended game `game_id`: when it is an arena's deal, score its end and
/// wake the arena's followers. A failure here loses nothing: the scheduled work scores any
/// end left unscored.
pub async fn deal_ended(play: &Play, game_id: &GameId) {
    let (p, id) = (play.clone(), game_id.to_string());
    let scored = blocking(move || score_end(&p, &id)).await;
    match scored {
        Ok(Some(Some(arena_id))) => play.live.changed(&arena_key(&arena_id)),
        Ok(_) => {}
        Err(e) => tracing::warn!(error = %e, game = %game_id, "scoring an arena deal's end"),
    }
}

/// Score the end of the arena deal played in game `game_id`. `None` while the game is in
/// play; `Some(Some(arena))` when this call scored it, `Some(None)` when it had been scored
/// (or is no arena's). Blocking.
fn score_end(play: &Play, game_id: &str) -> Result<Option<Option<String>>, Error> {
    let id = game_id.to_string();
    play.db
        .write(move |conn| -> Result<Option<Option<String>>, Error> {
            let Some(deal) = store::play_of_game(conn, &id)? else {
                return Ok(Some(None));
            };
            if deal.result.is_some() {
                return Ok(Some(None));
            }
            let arena = found(conn, &deal.arena_id)?;
            let Some(end) = end_of(conn, &deal, &arena)? else {
                return Ok(None);
            };
            end_deal(conn, &deal, end)?;
            Ok(Some(Some(deal.arena_id)))
        })
}

/// How `deal`'s game ended, as the arena counts it: won only when won before the arena's
/// end; `None` while the game is in play.
fn end_of(conn: &mut DbConn, deal: &PlayRow, arena: &ArenaRow) -> Result<Option<DealEnd>, Error> {
    let game = game_store::by_id(conn, &deal.game_id.clone().into())?.ok_or_else(|| {
        StoreError::Corrupt(format!("arena deal without its game {}", deal.game_id))
    })?;
    if game.status == Status::InProgress {
        return Ok(None);
    }
    let won_at = game
        .finished_at
        .filter(|at| game.status == Status::Won && *at <= arena.ends_at);
    Ok(Some(match won_at {
        Some(at) => DealEnd::Won {
            ms: (at - deal.started_at).num_milliseconds().max(0),
            berserk: deal.berserk,
        },
        None => DealEnd::NotWon,
    }))
}

/// Write the end of `deal` into its row and its player's standing, and count the change.
fn end_deal(conn: &mut DbConn, deal: &PlayRow, end: DealEnd) -> Result<bool, Error> {
    let Some(mut player) = store::player_for_update(conn, &deal.arena_id, &deal.user_id)? else {
        return Err(
            StoreError::Corrupt(format!("arena deal {} without its player", deal.game_id)).into(),
        );
    };
    let (after, points) = score_of(&player).after(end);
    let (result, ms) = match end {
        DealEnd::Won { ms, .. } => (store::WON, Some(ms)),
        DealEnd::NotWon => (store::NOT_WON, None),
    };
    if !store::end_play(conn, &deal.game_id, result, ms, points as i32)? {
        return Ok(false);
    }
    set_score(&mut player, &after);
    store::set_standing(conn, &player)?;
    store::bump(conn, &deal.arena_id)?;
    Ok(true)
}

/// A new arena an account makes for its community.
#[derive(Clone, Debug)]
pub struct NewArena {
    pub title: Option<String>,
    pub variant: Variant,
    pub suits: Suits,
    /// Minutes from now to its start (0: at once).
    pub starts_in: u32,
    pub minutes: u32,
    pub undo: UndoMode,
    pub hints: bool,
    pub rated: bool,
    /// Where in a chat it was called from (`discord:<guild>`…).
    pub place: Option<String>,
}

/// A new arena's secret: 32 random bytes, in hex.
fn new_secret() -> Result<String, Error> {
    use rand_core::{OsRng, TryRngCore};
    let mut bytes = [0u8; 32];
    OsRng
        .try_fill_bytes(&mut bytes)
        .map_err(|e| Error::Internal(format!("operating system random source: {e}")))?;
    Ok(hex::encode(bytes))
}

/// A new arena row (its deals are drawn by the scheduled work before it starts).
#[allow(
    clippy::too_many_arguments,
    reason = "the columns of a new arena, named at each of the two callers"
)]
fn new_row(
    title: String,
    variant: Variant,
    suits: Suits,
    starts_at: NaiveDateTime,
    lasts: TimeDelta,
    undo: UndoMode,
    hints: bool,
    rated: bool,
    at: NaiveDateTime,
) -> Result<ArenaRow, Error> {
    let minutes = u32::try_from(lasts.num_minutes()).unwrap_or(u32::MAX);
    Ok(ArenaRow {
        id: uuid::Uuid::new_v4().to_string(),
        title,
        variant,
        suits,
        undo_mode: undo,
        hints_allowed: hints,
        rated,
        starts_at,
        ends_at: starts_at + lasts,
        deal_count: rules::deal_count(minutes) as i32,
        secret: new_secret()?,
        creator_id: None,
        schedule: None,
        schedule_n: None,
        place: None,
        version: 0,
        finished_at: None,
        created_at: at,
    })
}

/// Make an arena (a registered account), within the limits: a length of [`SHORTEST`] to
/// [`LONGEST`] minutes, a start within a week, and at most `ARENAS_PER_ACCOUNT` of the
/// account's arenas not yet over.
pub async fn create(play: &Play, user: &UserId, new: NewArena) -> Result<Arena, Error> {
    if !(SHORTEST..=LONGEST).contains(&new.minutes) {
        return Err(ArenaError::BadLength.into());
    }
    if new.starts_in > FURTHEST_START {
        return Err(ArenaError::BadStart.into());
    }
    if let Some(title) = &new.title {
        let n = title.trim().chars().count();
        if n == 0 || n > TITLE_MOST {
            return Err(ArenaError::BadTitle.into());
        }
    }
    let (p, user) = (play.clone(), user.clone());
    blocking(move || {
        let at = p.clock.now();
        let (name, guest) = p.db.read(|conn| display_name(conn, &user))?;
        if guest {
            return Err(ArenaError::AccountRequired.into());
        }
        let title = new.title.map_or_else(
            || format!("{name} · {}", suits_title(new.suits)),
            |t| t.trim().to_string(),
        );
        let mut row = new_row(
            title,
            new.variant,
            new.suits,
            at + TimeDelta::minutes(i64::from(new.starts_in)),
            TimeDelta::minutes(i64::from(new.minutes)),
            new.undo,
            new.hints,
            new.rated,
            at,
        )?;
        row.creator_id = Some(user.clone());
        row.place = new.place;
        let most = p.arenas.per_account;
        let stored = row.clone();
        p.db.write(move |conn| -> Result<(), Error> {
            // Counted under the account's row lock: two requests at once cannot both take the
            // last place.
            stores::users::lock(conn, &user)?;
            let made = store::made_by(conn, &user, at)?;
            if made.len() >= most as usize {
                let retry = made
                    .first()
                    .map_or(60, |a| (a.ends_at - at).num_seconds().max(1) as u64);
                return Err(ArenaError::TooMany {
                    most,
                    retry_after_s: retry,
                }
                .into());
            }
            store::insert(conn, &stored)?;
            Ok(())
        })?;
        p.db.read(|conn| arena_at(conn, row, at))
    })
    .await
}

/// A schedule's or an account's default title part: the suit setting, in the notation every
/// language shares.
fn suits_title(suits: Suits) -> String {
    format!("{}♠", suits.count())
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
