//! Arenas (docs/ARENAS.md): the arenas, their deals, each player's standing and each deal a
//! player started. The secret and the deal numbers never leave the server. A player's
//! standing is kept as their deals end (the use cases score them, `domain::arenas`), so a
//! page of standings is one range of an index, however many players there are.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{arena_deals, arena_players, arena_plays, arenas, games};
use super::{DbConn, StoreError};
use crate::domain::UserId;
use crate::engine::{Status, Suits, UndoMode, Variant};

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = arenas)]
pub struct ArenaRow {
    pub id: String,
    pub title: String,
    pub variant: Variant,
    pub suits: Suits,
    pub undo_mode: UndoMode,
    pub hints_allowed: bool,
    pub rated: bool,
    pub starts_at: NaiveDateTime,
    pub ends_at: NaiveDateTime,
    pub deal_count: i32,
    /// The arena's own secret (hex): the server's alone.
    pub secret: String,
    pub creator_id: Option<UserId>,
    pub schedule: Option<String>,
    pub schedule_n: Option<i64>,
    pub place: Option<String>,
    pub version: i32,
    pub finished_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
}

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = arena_deals)]
pub struct DealRow {
    pub arena_id: String,
    pub k: i32,
    /// The `u64` deal number, stored bit for bit: the server's alone.
    pub deal_number: i64,
    pub candidate: i32,
}

#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = arena_players)]
pub struct PlayerRow {
    pub arena_id: String,
    pub user_id: UserId,
    pub name: String,
    pub joined_at: NaiveDateTime,
    pub active: bool,
    pub points: i32,
    pub played: i32,
    pub won: i32,
    pub won_ms: i64,
    pub streak: i32,
    pub dealt: i32,
    pub place: Option<i32>,
    /// The arena's version when this standing last changed (its deals' ends, joining,
    /// leaving, the final places; not `dealt`, which no standing shows).
    pub changed: i32,
}

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = arena_plays)]
pub struct PlayRow {
    pub arena_id: String,
    pub user_id: UserId,
    pub k: i32,
    pub game_id: String,
    pub berserk: bool,
    pub started_at: NaiveDateTime,
    /// `won` or `not_won`, once the deal ended.
    pub result: Option<String>,
    pub ms: Option<i64>,
    pub points: Option<i32>,
}

pub const WON: &str = "won";
pub const NOT_WON: &str = "not_won";

/// Adds the arena; false when an arena of the same schedule and number is already held
/// (another instance made it first).
pub fn insert(conn: &mut DbConn, row: &ArenaRow) -> Result<bool, StoreError> {
    let added = match conn {
        DbConn::Pg(c) => diesel::insert_into(arenas::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c)?,
        DbConn::Sqlite(c) => diesel::insert_into(arenas::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c)?,
    };
    Ok(added == 1)
}

pub fn by_id(conn: &mut DbConn, id: &str) -> Result<Option<ArenaRow>, StoreError> {
    Ok(arenas::table
        .find(id)
        .select(ArenaRow::as_select())
        .first(conn)
        .optional()?)
}

/// The arenas whose id starts with `start` (letters, digits and `-` only), at most two.
pub fn by_id_start(conn: &mut DbConn, start: &str) -> Result<Vec<ArenaRow>, StoreError> {
    if start.is_empty() || !start.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return Ok(Vec::new());
    }
    Ok(arenas::table
        .filter(arenas::id.like(format!("{start}%")))
        .select(ArenaRow::as_select())
        .limit(2)
        .load(conn)?)
}

/// An operator's schedule's arena number `n`, if made.
pub fn by_schedule(
    conn: &mut DbConn,
    schedule: &str,
    n: i64,
) -> Result<Option<ArenaRow>, StoreError> {
    Ok(arenas::table
        .filter(arenas::schedule.eq(schedule))
        .filter(arenas::schedule_n.eq(n))
        .select(ArenaRow::as_select())
        .first(conn)
        .optional()?)
}

/// Arenas not over at `now` (running or upcoming), soonest first, at most `limit`.
pub fn not_over(
    conn: &mut DbConn,
    now: NaiveDateTime,
    limit: i64,
) -> Result<Vec<ArenaRow>, StoreError> {
    Ok(arenas::table
        .filter(arenas::ends_at.gt(now))
        .order((arenas::starts_at.asc(), arenas::id.asc()))
        .select(ArenaRow::as_select())
        .limit(limit)
        .load(conn)?)
}

/// Arenas over at `now`, the latest first, at most `limit`.
pub fn over(
    conn: &mut DbConn,
    now: NaiveDateTime,
    limit: i64,
) -> Result<Vec<ArenaRow>, StoreError> {
    Ok(arenas::table
        .filter(arenas::ends_at.le(now))
        .order((arenas::ends_at.desc(), arenas::id.asc()))
        .select(ArenaRow::as_select())
        .limit(limit)
        .load(conn)?)
}

/// Arenas not over at `now` that a chat place plays: its own (made there) and the operators'
/// scheduled ones, soonest first, at most `limit`.
pub fn for_place(
    conn: &mut DbConn,
    place: &str,
    now: NaiveDateTime,
    limit: i64,
) -> Result<Vec<ArenaRow>, StoreError> {
    Ok(arenas::table
        .filter(arenas::ends_at.gt(now))
        .filter(arenas::place.eq(place).or(arenas::schedule.is_not_null()))
        .order((arenas::starts_at.asc(), arenas::id.asc()))
        .select(ArenaRow::as_select())
        .limit(limit)
        .load(conn)?)
}

/// The latest arena made in chat place `place` that is over at `now`.
pub fn last_over_in(
    conn: &mut DbConn,
    place: &str,
    now: NaiveDateTime,
) -> Result<Option<ArenaRow>, StoreError> {
    Ok(arenas::table
        .filter(arenas::ends_at.le(now))
        .filter(arenas::place.eq(place))
        .order(arenas::ends_at.desc())
        .select(ArenaRow::as_select())
        .first(conn)
        .optional()?)
}

/// The arenas `user` made that are not over at `now`.
pub fn made_by(
    conn: &mut DbConn,
    user: &UserId,
    now: NaiveDateTime,
) -> Result<Vec<ArenaRow>, StoreError> {
    Ok(arenas::table
        .filter(arenas::creator_id.eq(user))
        .filter(arenas::ends_at.gt(now))
        .order(arenas::ends_at.asc())
        .select(ArenaRow::as_select())
        .load(conn)?)
}

/// Arenas that need work at `now`: not finished, and either over (their results to fix) or
/// starting before `soon` (their deals to draw).
pub fn unfinished(conn: &mut DbConn, soon: NaiveDateTime) -> Result<Vec<ArenaRow>, StoreError> {
    Ok(arenas::table
        .filter(arenas::finished_at.is_null())
        .filter(arenas::starts_at.le(soon))
        .order(arenas::starts_at.asc())
        .select(ArenaRow::as_select())
        .load(conn)?)
}

/// The arena's deals drawn so far, in order.
pub fn deals(conn: &mut DbConn, arena_id: &str) -> Result<Vec<DealRow>, StoreError> {
    Ok(arena_deals::table
        .filter(arena_deals::arena_id.eq(arena_id))
        .order(arena_deals::k.asc())
        .select(DealRow::as_select())
        .load(conn)?)
}

/// Deal `k` of the arena, if drawn.
pub fn deal(conn: &mut DbConn, arena_id: &str, k: i32) -> Result<Option<DealRow>, StoreError> {
    Ok(arena_deals::table
        .find((arena_id, k))
        .select(DealRow::as_select())
        .first(conn)
        .optional()?)
}

/// Adds drawn deals; one already held (another instance drew the same: the draw is the
/// secret's, so it is the same deal) is left as it is.
pub fn add_deals(conn: &mut DbConn, rows: &[DealRow]) -> Result<(), StoreError> {
    for row in rows {
        match conn {
            DbConn::Pg(c) => diesel::insert_into(arena_deals::table)
                .values(row)
                .on_conflict_do_nothing()
                .execute(c)?,
            DbConn::Sqlite(c) => diesel::insert_into(arena_deals::table)
                .values(row)
                .on_conflict_do_nothing()
                .execute(c)?,
        };
    }
    Ok(())
}

pub fn player(
    conn: &mut DbConn,
    arena_id: &str,
    user: &UserId,
) -> Result<Option<PlayerRow>, StoreError> {
    Ok(arena_players::table
        .find((arena_id, user))
        .select(PlayerRow::as_select())
        .first(conn)
        .optional()?)
}

/// The player's row, locked until the transaction ends (Postgres; SQLite's one writer
/// already keeps writes apart): two of their writes never score from the same standing.
pub fn player_for_update(
    conn: &mut DbConn,
    arena_id: &str,
    user: &UserId,
) -> Result<Option<PlayerRow>, StoreError> {
    match conn {
        DbConn::Pg(c) => Ok(arena_players::table
            .find((arena_id, user))
            .select(PlayerRow::as_select())
            .for_update()
            .first(c)
            .optional()?),
        DbConn::Sqlite(_) => player(conn, arena_id, user),
    }
}

/// Takes `row`'s place in the arena, or makes a player who left active again. True when
/// the player is new.
pub fn join(conn: &mut DbConn, row: &PlayerRow) -> Result<bool, StoreError> {
    let added = match conn {
        DbConn::Pg(c) => diesel::insert_into(arena_players::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c)?,
        DbConn::Sqlite(c) => diesel::insert_into(arena_players::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c)?,
    };
    if added == 0 {
        diesel::update(arena_players::table.find((&row.arena_id, &row.user_id)))
            .set(arena_players::active.eq(true))
            .execute(conn)?;
    }
    Ok(added == 1)
}

/// Marks the player as away (`false`) or back; false when they are not in the arena.
pub fn set_active(
    conn: &mut DbConn,
    arena_id: &str,
    user: &UserId,
    active: bool,
) -> Result<bool, StoreError> {
    Ok(diesel::update(arena_players::table.find((arena_id, user)))
        .set(arena_players::active.eq(active))
        .execute(conn)?
        == 1)
}

/// Writes the player's standing (points, counts, streak, deals started).
pub fn set_standing(conn: &mut DbConn, row: &PlayerRow) -> Result<(), StoreError> {
    diesel::update(arena_players::table.find((&row.arena_id, &row.user_id)))
        .set((
            arena_players::points.eq(row.points),
            arena_players::played.eq(row.played),
            arena_players::won.eq(row.won),
            arena_players::won_ms.eq(row.won_ms),
            arena_players::streak.eq(row.streak),
            arena_players::dealt.eq(row.dealt),
        ))
        .execute(conn)?;
    Ok(())
}

/// Writes the final places.
pub fn set_places(
    conn: &mut DbConn,
    arena_id: &str,
    places: &[(UserId, i32)],
) -> Result<(), StoreError> {
    for (user, place) in places {
        diesel::update(arena_players::table.find((arena_id, user)))
            .set(arena_players::place.eq(Some(*place)))
            .execute(conn)?;
    }
    Ok(())
}

/// Every player of the arena, in no order.
pub fn players(conn: &mut DbConn, arena_id: &str) -> Result<Vec<PlayerRow>, StoreError> {
    Ok(arena_players::table
        .filter(arena_players::arena_id.eq(arena_id))
        .select(PlayerRow::as_select())
        .load(conn)?)
}

/// Makes the rest of this read transaction see one moment of the database (Postgres reads
/// committed data afresh at each statement; SQLite's read transaction already sees one).
/// The first statement of a read.
pub fn one_moment(conn: &mut DbConn) -> Result<(), StoreError> {
    if let DbConn::Pg(c) = conn {
        diesel::sql_query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ").execute(c)?;
    }
    Ok(())
}

/// A page of the standings: best first (points, then the least time over won deals, then
/// the user id, which only orders equal places on the page), from `offset`, at most `limit`;
/// with how many players rank strictly above the page's first (its place is that plus one).
pub fn standings_page(
    conn: &mut DbConn,
    arena_id: &str,
    offset: i64,
    limit: i64,
) -> Result<(Vec<PlayerRow>, i64), StoreError> {
    let rows: Vec<PlayerRow> = arena_players::table
        .filter(arena_players::arena_id.eq(arena_id))
        .order((
            arena_players::points.desc(),
            arena_players::won_ms.asc(),
            arena_players::user_id.asc(),
        ))
        .select(PlayerRow::as_select())
        .offset(offset)
        .limit(limit)
        .load(conn)?;
    let above = match rows.first() {
        None => 0,
        Some(first) => ranked_above(conn, arena_id, first.points, first.won_ms)?,
    };
    Ok((rows, above))
}

/// How many players of the arena rank strictly above `points` and `won_ms`.
pub fn ranked_above(
    conn: &mut DbConn,
    arena_id: &str,
    points: i32,
    won_ms: i64,
) -> Result<i64, StoreError> {
    Ok(arena_players::table
        .filter(arena_players::arena_id.eq(arena_id))
        .filter(
            arena_players::points.gt(points).or(arena_players::points
                .eq(points)
                .and(arena_players::won_ms.lt(won_ms))),
        )
        .count()
        .get_result(conn)?)
}

pub fn player_count(conn: &mut DbConn, arena_id: &str) -> Result<i64, StoreError> {
    Ok(arena_players::table
        .filter(arena_players::arena_id.eq(arena_id))
        .count()
        .get_result(conn)?)
}

/// Counts a change to the arena's standings, `who`'s (or every player's, with `None`), and
/// marks the changed standings with the new version, which it returns.
pub fn bump(conn: &mut DbConn, arena_id: &str, who: Option<&UserId>) -> Result<i32, StoreError> {
    let version: i32 = diesel::update(arenas::table.find(arena_id))
        .set(arenas::version.eq(arenas::version + 1))
        .returning(arenas::version)
        .get_result(conn)?;
    let players = arena_players::table.filter(arena_players::arena_id.eq(arena_id));
    match who {
        Some(user) => diesel::update(players.filter(arena_players::user_id.eq(user)))
            .set(arena_players::changed.eq(version))
            .execute(conn)?,
        None => diesel::update(players)
            .set(arena_players::changed.eq(version))
            .execute(conn)?,
    };
    Ok(version)
}

/// The arena and, read in the same statement (one moment), its players whose standing
/// changed after its version `since`; `None` when there is no such arena.
pub fn with_changed_since(
    conn: &mut DbConn,
    arena_id: &str,
    since: i32,
) -> Result<Option<(ArenaRow, Vec<PlayerRow>)>, StoreError> {
    let rows: Vec<(ArenaRow, Option<PlayerRow>)> = arenas::table
        .left_join(
            arena_players::table.on(arena_players::arena_id
                .eq(arenas::id)
                .and(arena_players::changed.gt(since))),
        )
        .filter(arenas::id.eq(arena_id))
        .select((ArenaRow::as_select(), Option::<PlayerRow>::as_select()))
        .load(conn)?;
    let mut rows = rows.into_iter();
    let Some((arena, first)) = rows.next() else {
        return Ok(None);
    };
    let players = first
        .into_iter()
        .chain(rows.filter_map(|(_, p)| p))
        .collect();
    Ok(Some((arena, players)))
}

/// Marks the arena's results final.
pub fn set_finished(
    conn: &mut DbConn,
    arena_id: &str,
    at: NaiveDateTime,
) -> Result<bool, StoreError> {
    Ok(diesel::update(
        arenas::table
            .find(arena_id)
            .filter(arenas::finished_at.is_null()),
    )
    .set(arenas::finished_at.eq(Some(at)))
    .execute(conn)?
        == 1)
}

pub fn insert_play(conn: &mut DbConn, row: &PlayRow) -> Result<(), StoreError> {
    diesel::insert_into(arena_plays::table)
        .values(row)
        .execute(conn)?;
    Ok(())
}

/// The player's deal that has not ended yet, if any (there is at most one).
pub fn open_play(
    conn: &mut DbConn,
    arena_id: &str,
    user: &UserId,
) -> Result<Option<PlayRow>, StoreError> {
    Ok(arena_plays::table
        .filter(arena_plays::arena_id.eq(arena_id))
        .filter(arena_plays::user_id.eq(user))
        .filter(arena_plays::result.is_null())
        .select(PlayRow::as_select())
        .first(conn)
        .optional()?)
}

/// The player's deals in the arena, in order.
pub fn plays_of(
    conn: &mut DbConn,
    arena_id: &str,
    user: &UserId,
) -> Result<Vec<PlayRow>, StoreError> {
    Ok(arena_plays::table
        .filter(arena_plays::arena_id.eq(arena_id))
        .filter(arena_plays::user_id.eq(user))
        .order(arena_plays::k.asc())
        .select(PlayRow::as_select())
        .load(conn)?)
}

/// The arena deal `game_id` plays, if it is one.
pub fn play_of_game(conn: &mut DbConn, game_id: &str) -> Result<Option<PlayRow>, StoreError> {
    Ok(arena_plays::table
        .filter(arena_plays::game_id.eq(game_id))
        .select(PlayRow::as_select())
        .first(conn)
        .optional()?)
}

/// Deals not marked ended whose game is over: their ends still to score (a write that
/// stopped between the game's last action and its score), at most `limit`.
pub fn ended_unscored(conn: &mut DbConn, limit: i64) -> Result<Vec<String>, StoreError> {
    Ok(arena_plays::table
        .inner_join(games::table)
        .filter(arena_plays::result.is_null())
        .filter(games::status.ne(Status::InProgress))
        .select(arena_plays::game_id)
        .limit(limit)
        .load(conn)?)
}

/// The arena's deals not ended yet (for its end).
pub fn open_plays(conn: &mut DbConn, arena_id: &str) -> Result<Vec<PlayRow>, StoreError> {
    Ok(arena_plays::table
        .filter(arena_plays::arena_id.eq(arena_id))
        .filter(arena_plays::result.is_null())
        .select(PlayRow::as_select())
        .load(conn)?)
}

/// Marks the deal ended (once: false when it already was).
pub fn end_play(
    conn: &mut DbConn,
    game_id: &str,
    result: &str,
    ms: Option<i64>,
    points: i32,
) -> Result<bool, StoreError> {
    Ok(diesel::update(
        arena_plays::table
            .filter(arena_plays::game_id.eq(game_id))
            .filter(arena_plays::result.is_null()),
    )
    .set((
        arena_plays::result.eq(Some(result)),
        arena_plays::ms.eq(ms),
        arena_plays::points.eq(Some(points)),
    ))
    .execute(conn)?
        == 1)
}

/// The arenas `user` played in, the latest first: the arena and their standing, from
/// `before` (an arena's end, exclusive), at most `limit`.
pub fn history(
    conn: &mut DbConn,
    user: &UserId,
    before: Option<NaiveDateTime>,
    limit: i64,
) -> Result<Vec<(ArenaRow, PlayerRow)>, StoreError> {
    let mut query = arena_players::table
        .inner_join(arenas::table)
        .filter(arena_players::user_id.eq(user))
        .into_boxed();
    if let Some(before) = before {
        query = query.filter(arenas::ends_at.lt(before));
    }
    Ok(query
        .order((arenas::ends_at.desc(), arenas::id.asc()))
        .select((ArenaRow::as_select(), PlayerRow::as_select()))
        .limit(limit)
        .load(conn)?)
}

/// How many arenas `user` finished in (their place fixed), and how many of them they won
/// (first place, alone or shared).
pub fn results(conn: &mut DbConn, user: &UserId) -> Result<(i64, i64), StoreError> {
    let finished = arena_players::table
        .filter(arena_players::user_id.eq(user))
        .filter(arena_players::place.is_not_null())
        .count()
        .get_result(conn)?;
    let won = arena_players::table
        .filter(arena_players::user_id.eq(user))
        .filter(arena_players::place.eq(Some(1)))
        .count()
        .get_result(conn)?;
    Ok((finished, won))
}
