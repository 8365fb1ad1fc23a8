//! Daily challenges: attempts and the day's leaderboard, read from the games table.

use diesel::prelude::*;

use super::games::GameRow;
use super::records::Measure;
use super::schema::{games, users};
use super::{DbConn, StoreError};

/// The caller's attempts at one day's dailies, oldest first.
pub fn attempts(conn: &mut DbConn, user_id: &str, date: &str) -> Result<Vec<GameRow>, StoreError> {
    Ok(games::table
        .filter(games::user_id.eq(user_id))
        .filter(games::daily_date.eq(date))
        .filter(games::origin.eq("daily"))
        .order((games::created_at.asc(), games::id.asc()))
        .select(GameRow::as_select())
        .load(conn)?)
}

/// How many players made a ranked attempt at a daily.
pub fn players(
    conn: &mut DbConn,
    date: &str,
    variant: &str,
    suits: i32,
) -> Result<i64, StoreError> {
    Ok(games::table
        .filter(games::daily_date.eq(date))
        .filter(games::variant.eq(variant))
        .filter(games::suits.eq(suits))
        .filter(games::ranked.eq(true))
        .count()
        .get_result(conn)?)
}

/// One page of a daily's leaderboard: ranked wins by `by` (ties to whoever finished first),
/// then every other ranked attempt by progress (runs completed, then score, then who
/// started first). Each row comes with the player's username (`None` for a guest).
pub fn leaderboard(
    conn: &mut DbConn,
    date: &str,
    variant: &str,
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
    let wins: i64 = games::table
        .filter(games::daily_date.eq(date))
        .filter(games::variant.eq(variant))
        .filter(games::suits.eq(suits))
        .filter(games::ranked.eq(true))
        .filter(games::status.eq("won"))
        .count()
        .get_result(conn)?;
    let mut page = Vec::new();
    if offset < wins {
        let won = ranked().filter(games::status.eq("won"));
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
        page = won.offset(offset).limit(limit).load(conn)?;
    }
    let left = limit - page.len() as i64;
    if left > 0 {
        let rest = ranked()
            .filter(games::status.ne("won"))
            .order((
                games::runs_completed.desc(),
                games::score.desc(),
                games::created_at.asc(),
                games::id.asc(),
            ))
            .offset((offset - wins).max(0))
            .limit(left)
            .load(conn)?;
        page.extend(rest);
    }
    Ok(page)
}
