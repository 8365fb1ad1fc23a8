//! Races: rooms, seats, rounds, each seat's entry in a round, and ratings.

use crate::domain::{GameId, RaceCode, UserId};
use crate::engine::Suits;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{race_entries, race_rounds, race_seats, races, ratings};
use super::{DbConn, StoreError};
use crate::engine::Difficulty;
use crate::engine::{Level, UndoMode, Variant};

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = races)]
pub struct RaceRow {
    pub id: String,
    pub code: RaceCode,
    pub host_id: UserId,
    pub variant: Variant,
    pub suits: Suits,
    pub difficulty: Difficulty,
    pub time_limit_s: i32,
    /// Whether any undo is allowed: kept as in `GameRow`.
    pub undo_allowed: bool,
    /// `full`, `no_reveal` or `off` as the host asked (a ranked room's games play
    /// `no_reveal` where `full` was asked for).
    pub undo_mode: UndoMode,
    pub hints_allowed: bool,
    pub handicap: bool,
    pub cpu_level: Level,
    pub ranked: bool,
    pub idle_takeover_s: i32,
    pub round: i32,
    pub created_at: NaiveDateTime,
}

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = race_seats)]
pub struct SeatRow {
    pub race_id: String,
    pub seat: i32,
    /// `None` for a CPU.
    pub user_id: Option<UserId>,
    pub name: String,
    pub joined_at: NaiveDateTime,
}

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = race_rounds)]
pub struct RoundRow {
    pub race_id: String,
    pub round: i32,
    pub started_at: NaiveDateTime,
    pub rated: bool,
}

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = race_entries)]
pub struct EntryRow {
    pub race_id: String,
    pub round: i32,
    pub seat: i32,
    pub deal_number: i64,
    pub difficulty: Difficulty,
    pub streak: i32,
    pub game_id: Option<GameId>,
    pub cpu_line: Option<String>,
    pub pace_ms: i32,
    pub cpu_version: Option<i32>,
    pub quit_at: Option<NaiveDateTime>,
    /// Actions a stand-in made for the player this round (the rest are the player's own).
    pub stand_in_moves: i32,
}

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = ratings)]
pub struct RatingRow {
    pub user_id: UserId,
    pub variant: Variant,
    pub suits: Suits,
    pub rating: f64,
    pub rounds: i32,
}

pub fn insert(conn: &mut DbConn, race: &RaceRow, host: &SeatRow) -> Result<(), StoreError> {
    diesel::insert_into(races::table)
        .values(race)
        .execute(conn)?;
    diesel::insert_into(race_seats::table)
        .values(host)
        .execute(conn)?;
    Ok(())
}

pub fn by_code(conn: &mut DbConn, code: &RaceCode) -> Result<Option<RaceRow>, StoreError> {
    Ok(races::table
        .filter(races::code.eq(code))
        .select(RaceRow::as_select())
        .first(conn)
        .optional()?)
}

pub fn by_id(conn: &mut DbConn, id: &str) -> Result<Option<RaceRow>, StoreError> {
    Ok(races::table
        .find(id)
        .select(RaceRow::as_select())
        .first(conn)
        .optional()?)
}

pub fn seats(conn: &mut DbConn, race_id: &str) -> Result<Vec<SeatRow>, StoreError> {
    Ok(race_seats::table
        .filter(race_seats::race_id.eq(race_id))
        .order(race_seats::seat)
        .select(SeatRow::as_select())
        .load(conn)?)
}

/// What seating a player came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seating {
    /// The seat number: a new one, or the one the player already has.
    Seated(i32),
    /// The room seats `max` already.
    Full,
    /// Another seat shows the same name (see [`same_name`]).
    NameTaken,
}

/// A seat name as two names are compared: white space runs as one space, case ignored.
pub fn same_name(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Seat `user_id` (or a CPU) under `name` at the next number above every seat and every
/// round's result (a freed seat's number stays with its results), up to `max` seats; the seat it has if
/// already seated. Refused when full, or when another seat shows the same name.
pub fn add_seat(
    conn: &mut DbConn,
    race_id: &str,
    user_id: Option<&UserId>,
    name: &str,
    max: usize,
    at: NaiveDateTime,
) -> Result<Seating, StoreError> {
    // Counting the seats and taking the next one under the room's row lock: two joins at
    // once cannot both take one seat number or one name (on SQLite the write lock already
    // does this).
    if let DbConn::Pg(c) = conn {
        races::table
            .find(race_id)
            .select(races::id)
            .for_update()
            .first::<String>(c)
            .optional()?;
    }
    let all = seats(conn, race_id)?;
    if let Some(existing) = user_id.and_then(|u| {
        all.iter()
            .find(|s| s.user_id.as_deref() == Some(u))
            .map(|s| s.seat)
    }) {
        return Ok(Seating::Seated(existing));
    }
    if all.len() >= max {
        return Ok(Seating::Full);
    }
    let wanted = same_name(name);
    if all.iter().any(|s| same_name(&s.name) == wanted) {
        return Ok(Seating::NameTaken);
    }
    let entered: Option<i32> = race_entries::table
        .filter(race_entries::race_id.eq(race_id))
        .select(diesel::dsl::max(race_entries::seat))
        .first(conn)?;
    let seat = all.iter().map(|s| s.seat).chain(entered).max().unwrap_or(0) + 1;
    diesel::insert_into(race_seats::table)
        .values(&SeatRow {
            race_id: race_id.to_string(),
            seat,
            user_id: user_id.cloned(),
            name: name.to_string(),
            joined_at: at,
        })
        .execute(conn)?;
    Ok(Seating::Seated(seat))
}

/// Free seat `seat` of race `race_id` (its results in earlier rounds stay). False when there
/// was no such seat.
pub fn remove_seat(conn: &mut DbConn, race_id: &str, seat: i32) -> Result<bool, StoreError> {
    let removed = diesel::delete(
        race_seats::table
            .filter(race_seats::race_id.eq(race_id))
            .filter(race_seats::seat.eq(seat)),
    )
    .execute(conn)?;
    Ok(removed > 0)
}

pub fn round(
    conn: &mut DbConn,
    race_id: &str,
    number: i32,
) -> Result<Option<RoundRow>, StoreError> {
    Ok(race_rounds::table
        .find((race_id, number))
        .select(RoundRow::as_select())
        .first(conn)
        .optional()?)
}

pub fn entries(conn: &mut DbConn, race_id: &str, number: i32) -> Result<Vec<EntryRow>, StoreError> {
    Ok(race_entries::table
        .filter(race_entries::race_id.eq(race_id))
        .filter(race_entries::round.eq(number))
        .order(race_entries::seat)
        .select(EntryRow::as_select())
        .load(conn)?)
}

/// The seat's part that game `game_id` of race `race_id` plays.
pub fn entry_of_game(
    conn: &mut DbConn,
    race_id: &str,
    game_id: &GameId,
) -> Result<Option<EntryRow>, StoreError> {
    Ok(race_entries::table
        .filter(race_entries::race_id.eq(race_id))
        .filter(race_entries::game_id.eq(game_id))
        .select(EntryRow::as_select())
        .first(conn)
        .optional()?)
}

/// Start round `round.round` if the race is still at the round before it. False when
/// another start got in first.
/// Start `round` (the race moves from the round before it), with its entries and the human
/// seats' games; `false` when another start got in first (nothing is written then).
pub fn start_round(
    conn: &mut DbConn,
    round: &RoundRow,
    entries: &[EntryRow],
    seat_games: &[super::games::GameRow],
) -> Result<bool, StoreError> {
    let moved = diesel::update(
        races::table
            .filter(races::id.eq(&round.race_id))
            .filter(races::round.eq(round.round - 1)),
    )
    .set(races::round.eq(round.round))
    .execute(conn)?;
    if moved != 1 {
        return Ok(false);
    }
    for game in seat_games {
        super::writes::create(conn, game, None)?;
    }
    diesel::insert_into(race_rounds::table)
        .values(round)
        .execute(conn)?;
    for entry in entries {
        diesel::insert_into(race_entries::table)
            .values(entry)
            .execute(conn)?;
    }
    Ok(true)
}

/// One seat's entry in one round.
type EntryFilter = diesel::dsl::Filter<
    diesel::dsl::Filter<
        diesel::dsl::Filter<race_entries::table, diesel::dsl::Eq<race_entries::race_id, String>>,
        diesel::dsl::Eq<race_entries::round, i32>,
    >,
    diesel::dsl::Eq<race_entries::seat, i32>,
>;

fn entry_filter(race_id: &str, number: i32, seat: i32) -> EntryFilter {
    race_entries::table
        .filter(race_entries::race_id.eq(race_id.to_string()))
        .filter(race_entries::round.eq(number))
        .filter(race_entries::seat.eq(seat))
}

/// Record the game made for a seat, unless one was already made (then false).
pub fn set_game(
    conn: &mut DbConn,
    race_id: &str,
    number: i32,
    seat: i32,
    game_id: &GameId,
) -> Result<bool, StoreError> {
    let n =
        diesel::update(entry_filter(race_id, number, seat).filter(race_entries::game_id.is_null()))
            .set(race_entries::game_id.eq(Some(game_id)))
            .execute(conn)?;
    Ok(n == 1)
}

pub fn set_quit(
    conn: &mut DbConn,
    race_id: &str,
    number: i32,
    seat: i32,
    at: NaiveDateTime,
) -> Result<(), StoreError> {
    diesel::update(entry_filter(race_id, number, seat).filter(race_entries::quit_at.is_null()))
        .set(race_entries::quit_at.eq(Some(at)))
        .execute(conn)?;
    Ok(())
}

/// A stand-in made `moves` more actions for a seat, leaving its game at `version`.
pub fn set_cpu_version(
    conn: &mut DbConn,
    race_id: &str,
    number: i32,
    seat: i32,
    version: i32,
    moves: i32,
) -> Result<(), StoreError> {
    diesel::update(entry_filter(race_id, number, seat))
        .set((
            race_entries::cpu_version.eq(Some(version)),
            race_entries::stand_in_moves.eq(race_entries::stand_in_moves + moves),
        ))
        .execute(conn)?;
    Ok(())
}

/// Claim the rating of a finished round: true for exactly one caller.
pub fn claim_rating(conn: &mut DbConn, race_id: &str, number: i32) -> Result<bool, StoreError> {
    let n = diesel::update(
        race_rounds::table
            .filter(race_rounds::race_id.eq(race_id))
            .filter(race_rounds::round.eq(number))
            .filter(race_rounds::rated.eq(false)),
    )
    .set(race_rounds::rated.eq(true))
    .execute(conn)?;
    Ok(n == 1)
}

pub fn rating(
    conn: &mut DbConn,
    user_id: &UserId,
    variant: Variant,
    suits: Suits,
) -> Result<Option<RatingRow>, StoreError> {
    Ok(ratings::table
        .find((user_id, variant, suits))
        .select(RatingRow::as_select())
        .first(conn)
        .optional()?)
}

pub fn ratings_of(conn: &mut DbConn, user_id: &UserId) -> Result<Vec<RatingRow>, StoreError> {
    Ok(ratings::table
        .filter(ratings::user_id.eq(user_id))
        .order((ratings::variant, ratings::suits))
        .select(RatingRow::as_select())
        .load(conn)?)
}

pub fn save_rating(conn: &mut DbConn, row: &RatingRow) -> Result<(), StoreError> {
    let updated = diesel::update(ratings::table.find((&row.user_id, &row.variant, row.suits)))
        .set((
            ratings::rating.eq(row.rating),
            ratings::rounds.eq(row.rounds),
        ))
        .execute(conn)?;
    if updated == 0 {
        diesel::insert_into(ratings::table)
            .values(row)
            .execute(conn)?;
    }
    Ok(())
}

/// The codes of races whose current round has started by `at` and either still runs (started
/// after `since`) or is ranked and not rated yet: the races with scheduled work.
pub fn needing_work(
    conn: &mut DbConn,
    at: NaiveDateTime,
    since: NaiveDateTime,
) -> Result<Vec<RaceCode>, StoreError> {
    Ok(races::table
        .inner_join(
            race_rounds::table.on(race_rounds::race_id
                .eq(races::id)
                .and(race_rounds::round.eq(races::round))),
        )
        .filter(race_rounds::started_at.le(at))
        .filter(
            race_rounds::started_at
                .gt(since)
                .or(races::ranked.and(race_rounds::rated.eq(false))),
        )
        .select(races::code)
        .load(conn)?)
}
