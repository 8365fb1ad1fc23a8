//! Puzzles (docs/PUZZLES.md): the mined set, each account's puzzle rating and first attempts.
//! The deal number and the log of a puzzle's position never leave the server: the use cases
//! replay them to show the position's visible cards and to judge an attempt.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{
    games, puzzle_attempts, puzzle_dailies, puzzle_mined_games, puzzle_players, puzzle_streaks,
    puzzles, users,
};
use super::{DbConn, StoreError};
use crate::domain::UserId;
use crate::engine::puzzle::Goal;
use crate::engine::{EmptyColumnDeal, Suits, UndoMode, Variant};

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = puzzles)]
pub struct PuzzleRow {
    pub id: String,
    pub variant: Variant,
    pub suits: Suits,
    pub undo_mode: UndoMode,
    pub empty_column_deal: EmptyColumnDeal,
    /// The `u64` deal number, stored bit for bit: the server's alone.
    pub deal_number: i64,
    /// The actions before the position (compact log notation): the server's alone.
    pub log: String,
    /// `hint_player` or `game`.
    pub source: String,
    pub goal: Goal,
    pub within_moves: i32,
    /// The proven answer (compact log notation).
    pub line: String,
    /// Theme names, comma-separated.
    pub themes: String,
    pub fingerprint: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub plays: i32,
    pub solves: i32,
    pub created_at: NaiveDateTime,
}

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = puzzle_players)]
pub struct PlayerRow {
    pub user_id: UserId,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub attempts: i32,
    pub solved: i32,
    pub best_streak: i32,
    pub updated_at: NaiveDateTime,
}

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = puzzle_attempts)]
pub struct AttemptRow {
    pub user_id: UserId,
    pub puzzle_id: String,
    pub solved: bool,
    pub rating_before: f64,
    pub rating_after: f64,
    pub attempted_at: NaiveDateTime,
}

/// Adds the puzzles not already held (the same fingerprint is the same puzzle); returns how
/// many were new.
pub fn insert(conn: &mut DbConn, rows: &[PuzzleRow]) -> Result<usize, StoreError> {
    let mut added = 0;
    for chunk in rows.chunks(200) {
        added += match conn {
            DbConn::Pg(c) => diesel::insert_into(puzzles::table)
                .values(chunk)
                .on_conflict_do_nothing()
                .execute(c)?,
            DbConn::Sqlite(c) => {
                // SQLite takes one row per statement from diesel with ON CONFLICT.
                let mut n = 0;
                for row in chunk {
                    n += diesel::insert_into(puzzles::table)
                        .values(row)
                        .on_conflict_do_nothing()
                        .execute(c)?;
                }
                n
            }
        };
    }
    Ok(added)
}

pub fn by_id(conn: &mut DbConn, id: &str) -> Result<Option<PuzzleRow>, StoreError> {
    Ok(puzzles::table
        .find(id)
        .select(PuzzleRow::as_select())
        .first(conn)
        .optional()?)
}

/// How many puzzles of a kind are held.
pub fn count(conn: &mut DbConn, variant: Variant, suits: Suits) -> Result<i64, StoreError> {
    Ok(puzzles::table
        .filter(puzzles::variant.eq(variant))
        .filter(puzzles::suits.eq(suits))
        .count()
        .get_result(conn)?)
}

/// The daily puzzle: of the puzzles of a kind made before `before` that ask for at least two
/// moves, the first whose id is at or after `mark` (or the first of all past the last).
pub fn daily(
    conn: &mut DbConn,
    variant: Variant,
    suits: Suits,
    mark: &str,
    before: NaiveDateTime,
) -> Result<Option<PuzzleRow>, StoreError> {
    let kind = || {
        puzzles::table
            .filter(puzzles::variant.eq(variant))
            .filter(puzzles::suits.eq(suits))
            .filter(puzzles::created_at.lt(before))
            .filter(puzzles::within_moves.ge(2))
            .order(puzzles::id.asc())
            .select(PuzzleRow::as_select())
            .into_boxed()
    };
    if let Some(row) = kind().filter(puzzles::id.ge(mark)).first(conn).optional()? {
        return Ok(Some(row));
    }
    Ok(kind().first(conn).optional()?)
}

/// The daily puzzle fixed for `date`, if one was.
pub fn fixed_daily(
    conn: &mut DbConn,
    date: &str,
    variant: Variant,
    suits: Suits,
) -> Result<Option<PuzzleRow>, StoreError> {
    Ok(puzzle_dailies::table
        .inner_join(puzzles::table)
        .filter(puzzle_dailies::daily_date.eq(date))
        .filter(puzzle_dailies::variant.eq(variant))
        .filter(puzzle_dailies::suits.eq(suits))
        .select(PuzzleRow::as_select())
        .first(conn)
        .optional()?)
}

/// Fixes `puzzle_id` as the daily puzzle of `date` unless one is fixed already.
pub fn fix_daily(
    conn: &mut DbConn,
    date: &str,
    variant: Variant,
    suits: Suits,
    puzzle_id: &str,
) -> Result<(), StoreError> {
    let row = (
        puzzle_dailies::daily_date.eq(date),
        puzzle_dailies::variant.eq(variant),
        puzzle_dailies::suits.eq(suits),
        puzzle_dailies::puzzle_id.eq(puzzle_id),
    );
    match conn {
        DbConn::Pg(c) => diesel::insert_into(puzzle_dailies::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c)?,
        DbConn::Sqlite(c) => diesel::insert_into(puzzle_dailies::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c)?,
    };
    Ok(())
}

/// Which puzzles [`near`] passes over.
#[derive(Clone, Copy, Debug, Default)]
pub struct Passing<'a> {
    /// Those this account has attempted.
    pub tried_by: Option<&'a UserId>,
    /// These ids (the one just shown; a streak's puzzles so far).
    pub ids: &'a [String],
}

/// The puzzle of a kind whose rating is nearest `rating`, other than those `passing` names: the
/// nearest above and the nearest below, the closer of the two.
pub fn near(
    conn: &mut DbConn,
    variant: Variant,
    suits: Suits,
    rating: f64,
    passing: Passing<'_>,
) -> Result<Option<PuzzleRow>, StoreError> {
    let kind = || {
        let mut q = puzzles::table
            .filter(puzzles::variant.eq(variant))
            .filter(puzzles::suits.eq(suits))
            .select(PuzzleRow::as_select())
            .into_boxed();
        if let Some(user) = passing.tried_by {
            q = q.filter(diesel::dsl::not(diesel::dsl::exists(
                puzzle_attempts::table
                    .filter(puzzle_attempts::user_id.eq(user.clone()))
                    .filter(puzzle_attempts::puzzle_id.eq(puzzles::id)),
            )));
        }
        if !passing.ids.is_empty() {
            q = q.filter(puzzles::id.ne_all(passing.ids.to_vec()));
        }
        q
    };
    let above: Option<PuzzleRow> = kind()
        .filter(puzzles::rating.ge(rating))
        .order(puzzles::rating.asc())
        .first(conn)
        .optional()?;
    let below: Option<PuzzleRow> = kind()
        .filter(puzzles::rating.lt(rating))
        .order(puzzles::rating.desc())
        .first(conn)
        .optional()?;
    Ok(match (above, below) {
        (Some(a), Some(b)) => Some(if a.rating - rating <= rating - b.rating {
            a
        } else {
            b
        }),
        (a, b) => a.or(b),
    })
}

pub fn player(conn: &mut DbConn, user: &UserId) -> Result<Option<PlayerRow>, StoreError> {
    Ok(puzzle_players::table
        .find(user)
        .select(PlayerRow::as_select())
        .first(conn)
        .optional()?)
}

pub fn attempt(
    conn: &mut DbConn,
    user: &UserId,
    puzzle_id: &str,
) -> Result<Option<AttemptRow>, StoreError> {
    Ok(puzzle_attempts::table
        .find((user, puzzle_id))
        .select(AttemptRow::as_select())
        .first(conn)
        .optional()?)
}

/// A rated first attempt: the attempt, the player's new rating and counts, the puzzle's new
/// rating and counts, in the caller's transaction. A second first attempt (two requests at
/// once) fails on the attempts' key and changes nothing.
pub fn rate(
    conn: &mut DbConn,
    attempt: &AttemptRow,
    player: &PlayerRow,
    puzzle: (f64, f64, f64),
) -> Result<(), StoreError> {
    diesel::insert_into(puzzle_attempts::table)
        .values(attempt)
        .execute(conn)?;
    let updated = diesel::update(puzzle_players::table.find(&player.user_id))
        .set((
            puzzle_players::rating.eq(player.rating),
            puzzle_players::deviation.eq(player.deviation),
            puzzle_players::volatility.eq(player.volatility),
            puzzle_players::attempts.eq(player.attempts),
            puzzle_players::solved.eq(player.solved),
            puzzle_players::updated_at.eq(player.updated_at),
        ))
        .execute(conn)?;
    if updated == 0 {
        diesel::insert_into(puzzle_players::table)
            .values(player)
            .execute(conn)?;
    }
    let (rating, deviation, volatility) = puzzle;
    diesel::update(puzzles::table.find(&attempt.puzzle_id))
        .set((
            puzzles::rating.eq(rating),
            puzzles::deviation.eq(deviation),
            puzzles::volatility.eq(volatility),
            puzzles::plays.eq(puzzles::plays + 1),
            puzzles::solves.eq(puzzles::solves + i32::from(attempt.solved)),
        ))
        .execute(conn)?;
    Ok(())
}

/// The player's rated attempts, newest first, after the mark `before` (the time and puzzle id of
/// the last one a page showed), at most `limit`.
pub fn activity(
    conn: &mut DbConn,
    user: &UserId,
    before: Option<(NaiveDateTime, String)>,
    limit: i64,
) -> Result<Vec<(AttemptRow, Goal, i32)>, StoreError> {
    let mut q = puzzle_attempts::table
        .inner_join(puzzles::table)
        .filter(puzzle_attempts::user_id.eq(user))
        .select((
            AttemptRow::as_select(),
            puzzles::goal,
            puzzles::within_moves,
        ))
        .order((
            puzzle_attempts::attempted_at.desc(),
            puzzle_attempts::puzzle_id.desc(),
        ))
        .limit(limit)
        .into_boxed();
    if let Some((at, id)) = before {
        q = q.filter(
            puzzle_attempts::attempted_at
                .lt(at)
                .or(puzzle_attempts::attempted_at
                    .eq(at)
                    .and(puzzle_attempts::puzzle_id.lt(id))),
        );
    }
    Ok(q.load(conn)?)
}

pub fn by_fingerprint(
    conn: &mut DbConn,
    fingerprint: &str,
) -> Result<Option<PuzzleRow>, StoreError> {
    Ok(puzzles::table
        .filter(puzzles::fingerprint.eq(fingerprint))
        .select(PuzzleRow::as_select())
        .first(conn)
        .optional()?)
}

/// A page of the set in id order, after `after`, of one suit setting or all.
pub fn page(
    conn: &mut DbConn,
    suits: Option<Suits>,
    after: Option<&str>,
    limit: i64,
) -> Result<Vec<PuzzleRow>, StoreError> {
    let mut q = puzzles::table
        .order(puzzles::id.asc())
        .limit(limit)
        .select(PuzzleRow::as_select())
        .into_boxed();
    if let Some(suits) = suits {
        q = q.filter(puzzles::suits.eq(suits));
    }
    if let Some(after) = after {
        q = q.filter(puzzles::id.gt(after.to_string()));
    }
    Ok(q.load(conn)?)
}

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = puzzle_streaks)]
pub struct StreakRow {
    pub id: String,
    pub user_id: UserId,
    pub variant: Variant,
    pub suits: Suits,
    pub puzzle_id: Option<String>,
    /// Every puzzle shown, comma-separated.
    pub shown: String,
    pub score: i32,
    pub over: bool,
    pub started_at: NaiveDateTime,
    pub ended_at: Option<NaiveDateTime>,
}

/// Starts `row`, ending the player's open streak if one is (one open streak per player).
pub fn start_streak(conn: &mut DbConn, row: &StreakRow) -> Result<(), StoreError> {
    diesel::update(
        puzzle_streaks::table
            .filter(puzzle_streaks::user_id.eq(&row.user_id))
            .filter(puzzle_streaks::over.eq(false)),
    )
    .set((
        puzzle_streaks::over.eq(true),
        puzzle_streaks::puzzle_id.eq(None::<String>),
        puzzle_streaks::ended_at.eq(Some(row.started_at)),
    ))
    .execute(conn)?;
    diesel::insert_into(puzzle_streaks::table)
        .values(row)
        .execute(conn)?;
    Ok(())
}

pub fn streak(conn: &mut DbConn, id: &str) -> Result<Option<StreakRow>, StoreError> {
    Ok(puzzle_streaks::table
        .find(id)
        .select(StreakRow::as_select())
        .first(conn)
        .optional()?)
}

/// Moves a streak on from `score` (its score when it was read): false when another request
/// moved it first (nothing is written then).
pub fn advance_streak(
    conn: &mut DbConn,
    row: &StreakRow,
    from_score: i32,
) -> Result<bool, StoreError> {
    let n = diesel::update(
        puzzle_streaks::table
            .filter(puzzle_streaks::id.eq(&row.id))
            .filter(puzzle_streaks::score.eq(from_score))
            .filter(puzzle_streaks::over.eq(false)),
    )
    .set((
        puzzle_streaks::puzzle_id.eq(&row.puzzle_id),
        puzzle_streaks::shown.eq(&row.shown),
        puzzle_streaks::score.eq(row.score),
        puzzle_streaks::over.eq(row.over),
        puzzle_streaks::ended_at.eq(row.ended_at),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// Keeps `score` as the player's best streak if it is (a player row is made for a new one).
pub fn keep_best_streak(
    conn: &mut DbConn,
    fresh: &PlayerRow,
    score: i32,
) -> Result<(), StoreError> {
    let updated = diesel::update(
        puzzle_players::table
            .filter(puzzle_players::user_id.eq(&fresh.user_id))
            .filter(puzzle_players::best_streak.lt(score)),
    )
    .set(puzzle_players::best_streak.eq(score))
    .execute(conn)?;
    if updated == 0 && player(conn, &fresh.user_id)?.is_none() {
        diesel::insert_into(puzzle_players::table)
            .values(&PlayerRow {
                best_streak: score,
                ..fresh.clone()
            })
            .execute(conn)?;
    }
    Ok(())
}

/// The streak board of a suit setting: each registered player's best finished streak, best
/// first (ties to whoever finished first), at most `limit`.
pub fn streak_board(
    conn: &mut DbConn,
    variant: Variant,
    suits: Suits,
    limit: i64,
) -> Result<Vec<(String, i32)>, StoreError> {
    let best = diesel::dsl::max(puzzle_streaks::score);
    let rows: Vec<(Option<String>, Option<i32>)> = puzzle_streaks::table
        .inner_join(users::table)
        .filter(puzzle_streaks::variant.eq(variant))
        .filter(puzzle_streaks::suits.eq(suits))
        .filter(puzzle_streaks::over.eq(true))
        .filter(puzzle_streaks::score.gt(0))
        .filter(users::is_guest.eq(false))
        .filter(users::profile_hidden.eq(false))
        .group_by(users::username)
        .select((users::username, best))
        .order((best.desc(), users::username.asc()))
        .limit(limit)
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(name, best)| Some((name?, best?)))
        .collect())
}

/// Players' finished games not yet mined, oldest finish first, whose cards anyone may see now:
/// no daily whose day is `today` or later, no race game (a race's deal is dealt again to its
/// party), at most `limit`.
pub fn games_to_mine(
    conn: &mut DbConn,
    today: &str,
    limit: i64,
) -> Result<Vec<crate::domain::GameId>, StoreError> {
    Ok(games::table
        .left_join(puzzle_mined_games::table)
        .filter(puzzle_mined_games::game_id.is_null())
        .filter(games::status.ne(crate::engine::Status::InProgress))
        .filter(games::race_id.is_null())
        .filter(games::origin.ne(crate::domain::origin::OriginKind::Arena))
        .filter(games::daily_date.is_null().or(games::daily_date.lt(today)))
        .order((games::finished_at.asc(), games::id.asc()))
        .select(games::id)
        .limit(limit)
        .load(conn)?)
}

/// Marks a game mined, with the new puzzles it gave.
pub fn mined_game(
    conn: &mut DbConn,
    game_id: &crate::domain::GameId,
    at: NaiveDateTime,
    added: i32,
) -> Result<(), StoreError> {
    let row = (
        puzzle_mined_games::game_id.eq(game_id),
        puzzle_mined_games::mined_at.eq(at),
        puzzle_mined_games::puzzles.eq(added),
    );
    match conn {
        DbConn::Pg(c) => diesel::insert_into(puzzle_mined_games::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c)?,
        DbConn::Sqlite(c) => diesel::insert_into(puzzle_mined_games::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c)?,
    };
    Ok(())
}
