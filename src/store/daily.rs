//! Daily challenges: attempts and the day's leaderboard, read from the games table.

use diesel::prelude::*;

use super::games::{GameRow, OriginKind};
use super::records::Measure;
use super::schema::{daily_players, games, users};
use super::{DbConn, StoreError};
use crate::engine::{Status, Variant};

/// The caller's attempts at one day's dailies, oldest first.
pub fn attempts(conn: &mut DbConn, user_id: &str, date: &str) -> Result<Vec<GameRow>, StoreError> {
    Ok(games::table
        .filter(games::user_id.eq(user_id))
        .filter(games::daily_date.eq(date))
        .filter(games::origin.eq(OriginKind::Daily))
        .order((games::created_at.asc(), games::id.asc()))
        .select(GameRow::as_select())
        .load(conn)?)
}

/// The caller's ranked attempt at one daily, if any.
pub fn ranked_attempt(
    conn: &mut DbConn,
    user_id: &str,
    date: &str,
    variant: Variant,
    suits: i32,
) -> Result<Option<GameRow>, StoreError> {
    Ok(games::table
        .filter(games::user_id.eq(user_id))
        .filter(games::daily_date.eq(date))
        .filter(games::variant.eq(variant))
        .filter(games::suits.eq(suits))
        .filter(games::ranked.eq(true))
        .select(GameRow::as_select())
        .first(conn)
        .optional()?)
}

/// How many players made a ranked attempt at a daily.
pub fn players(
    conn: &mut DbConn,
    date: &str,
    variant: Variant,
    suits: i32,
) -> Result<i64, StoreError> {
    Ok(daily_players::table
        .find((date, variant, suits))
        .select(daily_players::players)
        .first(conn)
        .optional()?
        .unwrap_or(0))
}

/// Count a new ranked attempt, inside the transaction that creates it.
pub fn count_player(conn: &mut DbConn, row: &GameRow) -> Result<(), StoreError> {
    let Some(date) = &row.daily_date else {
        return Ok(());
    };
    let zero = (
        daily_players::daily_date.eq(date),
        daily_players::variant.eq(&row.variant),
        daily_players::suits.eq(row.suits),
        daily_players::players.eq(0i64),
    );
    match conn {
        DbConn::Pg(c) => diesel::insert_into(daily_players::table)
            .values(zero)
            .on_conflict_do_nothing()
            .execute(c)?,
        DbConn::Sqlite(c) => diesel::insert_into(daily_players::table)
            .values(zero)
            .on_conflict_do_nothing()
            .execute(c)?,
    };
    diesel::update(daily_players::table.find((date, &row.variant, row.suits)))
        .set(daily_players::players.eq(daily_players::players + 1))
        .execute(conn)?;
    Ok(())
}

/// One page of a daily's leaderboard: ranked wins by `by` (ties to whoever finished first),
/// then every other ranked attempt by progress (runs completed, then score, then who
/// started first). Each row comes with the player's username (`None` for a guest).
pub fn leaderboard(
    conn: &mut DbConn,
    date: &str,
    variant: Variant,
    suits: i32,
    by: Measure,
    offset: i64,
    limit: i64,
) -> Result<Vec<(GameRow, Option<String>)>, StoreError> {
    let ranked = || {
        games::table
            .inner_join(users::table)
            .filter(games::daily_date.eq(date))
            .filter(games::variant.eq(variant))
            .filter(games::suits.eq(suits))
            .filter(games::ranked.eq(true))
            .select((GameRow::as_select(), users::username))
            .into_boxed()
    };
    let won_page = |conn: &mut DbConn, offset: i64| {
        let won = ranked().filter(games::status.eq(Status::Won));
        let won = match by {
            Measure::Score => won.order((
                games::score.desc(),
                games::finished_at.asc(),
                games::id.asc(),
            )),
            Measure::Time => won.order((
                games::duration_ms.asc(),
                games::finished_at.asc(),
                games::id.asc(),
            )),
            Measure::Moves => won.order((
                games::actions.asc(),
                games::finished_at.asc(),
                games::id.asc(),
            )),
        };
        won.offset(offset).limit(limit).load(conn)
    };
    let page = won_page(conn, offset)?;
    let left = limit - page.len() as i64;
    if left == 0 {
        return Ok(page);
    }
    // Where the rest begins for this page: at its start if the page began among the wins,
    // else past the wins that earlier pages showed (counted only then).
    let rest_offset = if !page.is_empty() || offset == 0 {
        0
    } else {
        let wins: i64 = games::table
            .filter(games::daily_date.eq(date))
            .filter(games::variant.eq(variant))
            .filter(games::suits.eq(suits))
            .filter(games::ranked.eq(true))
            .filter(games::status.eq(Status::Won))
            .count()
            .get_result(conn)?;
        (offset - wins).max(0)
    };
    let mut page = page;
    page.extend(
        ranked()
            .filter(games::status.ne(Status::Won))
            .order((
                games::runs_completed.desc(),
                games::score.desc(),
                games::created_at.asc(),
                games::id.asc(),
            ))
            .offset(rest_offset)
            .limit(left)
            .load(conn)?,
    );
    Ok(page)
}
