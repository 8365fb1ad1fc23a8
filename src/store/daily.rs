//! Daily challenges: attempts, and the day's leaderboard, read from its own table of ranked
//! attempts (`daily_entries`, kept in step by each append) so that no index on the games table
//! covers a column that every action changes.

use crate::domain::{GameId, UserId};
use crate::engine::Suits;
use diesel::prelude::*;

use chrono::NaiveDateTime;

use super::games::{GameRow, Summary};
use super::pages::{next_start, time_of, time_value, Mark, Page, PageStart};
use super::schema::{daily_entries, daily_players, games, users};
use super::{DbConn, StoreError};
use crate::domain::origin::OriginKind;
use crate::domain::records::Measure;
use crate::engine::{Status, Variant};

/// The caller's attempts at one day's dailies, oldest first.
pub fn attempts(
    conn: &mut DbConn,
    user_id: &UserId,
    date: &str,
) -> Result<Vec<GameRow>, StoreError> {
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
    user_id: &UserId,
    date: &str,
    variant: Variant,
    suits: Suits,
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
    suits: Suits,
) -> Result<i64, StoreError> {
    Ok(daily_players::table
        .find((date, variant, suits))
        .select(daily_players::players)
        .first(conn)
        .optional()?
        .unwrap_or(0))
}

/// Enter a new ranked attempt on its day's leaderboard and count its player, inside the
/// transaction that creates it.
pub fn enter(conn: &mut DbConn, row: &GameRow) -> Result<(), StoreError> {
    let Some(date) = &row.daily_date else {
        return Ok(());
    };
    diesel::insert_into(daily_entries::table)
        .values((
            daily_entries::game_id.eq(&row.id),
            daily_entries::daily_date.eq(date),
            daily_entries::variant.eq(&row.variant),
            daily_entries::suits.eq(row.suits),
            daily_entries::status.eq(&row.status),
            daily_entries::score.eq(row.score),
            daily_entries::actions.eq(row.actions),
            daily_entries::runs_completed.eq(row.runs_completed),
            daily_entries::created_at.eq(row.created_at),
            daily_entries::finished_at.eq(row.finished_at),
            daily_entries::duration_ms.eq(row.duration_ms),
            daily_entries::user_id.eq(&row.user_id),
        ))
        .execute(conn)?;
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

/// Keep a ranked attempt's entry in step with an append, inside its transaction.
pub fn follow(
    conn: &mut DbConn,
    user_id: &UserId,
    game_id: &GameId,
    summary: &Summary,
    at: NaiveDateTime,
    duration_ms: Option<i64>,
) -> Result<(), StoreError> {
    diesel::update(
        daily_entries::table
            .filter(daily_entries::user_id.eq(user_id))
            .filter(daily_entries::game_id.eq(game_id)),
    )
    .set((
        daily_entries::status.eq(summary.status),
        daily_entries::score.eq(summary.score),
        daily_entries::actions.eq(summary.actions),
        daily_entries::runs_completed.eq(summary.runs_completed),
        daily_entries::finished_at.eq(summary.finished.then_some(at)),
        daily_entries::duration_ms.eq(duration_ms),
    ))
    .execute(conn)?;
    Ok(())
}

/// One page of a daily's leaderboard: ranked wins by `by` (ties to whoever finished first),
/// then every other ranked attempt by progress (runs completed, then score, then who
/// started first). Each row comes with the player's username (`None` for a guest). `start`
/// is where the page begins: an offset, or just past the last page (a deep page then reads
/// from its place in the board's indexes, `store::pages`).
pub fn leaderboard(
    conn: &mut DbConn,
    date: &str,
    variant: Variant,
    suits: Suits,
    by: Measure,
    start: PageStart,
    limit: i64,
) -> Result<Page<(GameRow, Option<String>)>, StoreError> {
    // The page's ids and sort values come from the entries alone (by a keyset, one range of
    // an entries index); the games and names are read for those ids only.
    let ranked = || {
        daily_entries::table
            .filter(daily_entries::daily_date.eq(date))
            .filter(daily_entries::variant.eq(variant))
            .filter(daily_entries::suits.eq(suits))
            .select(EntryKey::as_select())
            .into_boxed()
    };
    let won_page = |conn: &mut DbConn, skip: i64, after: Option<&Mark>| {
        let mut won = ranked().filter(daily_entries::status.eq(Status::Won));
        if let Some(mark) = after {
            // From the mark's values on (an index range), less the ties already shown.
            let (v, at) = (mark.values[0], time_of(mark.values[1]));
            won = match by {
                Measure::Score => {
                    let v = i32::try_from(v).unwrap_or(i32::MAX);
                    won.filter(daily_entries::score.le(v)).filter(
                        daily_entries::score
                            .lt(v)
                            .nullable()
                            .or(daily_entries::finished_at.ge(at)),
                    )
                }
                Measure::Time => won.filter(daily_entries::duration_ms.ge(v)).filter(
                    daily_entries::duration_ms
                        .gt(v)
                        .or(daily_entries::finished_at.ge(at)),
                ),
                Measure::Moves => {
                    let v = i32::try_from(v).unwrap_or(i32::MAX);
                    won.filter(daily_entries::actions.ge(v)).filter(
                        daily_entries::actions
                            .gt(v)
                            .nullable()
                            .or(daily_entries::finished_at.ge(at)),
                    )
                }
            };
        }
        let won = match by {
            Measure::Score => won.order((
                daily_entries::score.desc(),
                daily_entries::finished_at.asc(),
                daily_entries::game_id.asc(),
            )),
            Measure::Time => won.order((
                daily_entries::duration_ms.asc(),
                daily_entries::finished_at.asc(),
                daily_entries::game_id.asc(),
            )),
            Measure::Moves => won.order((
                daily_entries::actions.asc(),
                daily_entries::finished_at.asc(),
                daily_entries::game_id.asc(),
            )),
        };
        won.offset(skip).limit(limit).load::<EntryKey>(conn)
    };
    let rest_page = |conn: &mut DbConn, skip: i64, after: Option<&Mark>, left: i64| {
        let mut rest = ranked().filter(daily_entries::status.ne(Status::Won));
        if let Some(mark) = after {
            let runs = i32::try_from(mark.values[0]).unwrap_or(i32::MAX);
            let score = i32::try_from(mark.values[1]).unwrap_or(i32::MAX);
            let at = time_of(mark.values[2]);
            rest = rest.filter(daily_entries::runs_completed.le(runs)).filter(
                daily_entries::runs_completed
                    .lt(runs)
                    .or(daily_entries::score.le(score).and(
                        daily_entries::score
                            .lt(score)
                            .or(daily_entries::created_at.ge(at)),
                    )),
            );
        }
        rest.order((
            daily_entries::runs_completed.desc(),
            daily_entries::score.desc(),
            daily_entries::created_at.asc(),
            daily_entries::game_id.asc(),
        ))
        .offset(skip)
        .limit(left)
        .load::<EntryKey>(conn)
    };
    let mut keys: Vec<(bool, EntryKey)> = Vec::new();
    // Where the unfinished part begins for this page, if the page reaches it.
    let rest_from: (i64, Option<Mark>) = match start {
        PageStart::After(mark) if !mark.won => (mark.ties, Some(mark)),
        PageStart::After(mark) => {
            keys.extend(
                won_page(conn, mark.ties, Some(&mark))?
                    .into_iter()
                    .map(|k| (true, k)),
            );
            (0, None)
        }
        PageStart::Offset(skip) => {
            keys.extend(won_page(conn, skip, None)?.into_iter().map(|k| (true, k)));
            // At the start of the unfinished part if the page began among the wins, else
            // past the wins that earlier pages showed (counted only then).
            if !keys.is_empty() || skip == 0 {
                (0, None)
            } else {
                let wins: i64 = daily_entries::table
                    .filter(daily_entries::daily_date.eq(date))
                    .filter(daily_entries::variant.eq(variant))
                    .filter(daily_entries::suits.eq(suits))
                    .filter(daily_entries::status.eq(Status::Won))
                    .count()
                    .get_result(conn)?;
                ((skip - wins).max(0), None)
            }
        }
    };
    let left = limit - keys.len() as i64;
    if left > 0 {
        let (skip, after) = rest_from;
        keys.extend(
            rest_page(conn, skip, after.as_ref(), left)?
                .into_iter()
                .map(|k| (false, k)),
        );
    }
    let marks: Vec<(bool, Option<[i64; 3]>)> = keys
        .iter()
        .map(|(won, k)| (*won, k.sort_values(*won, by)))
        .collect();
    let ids: Vec<String> = keys.into_iter().map(|(_, k)| k.game_id).collect();
    Ok(Page {
        rows: rows_in_order(conn, &ids)?,
        next: next_start(start, &marks, limit),
    })
}

/// What the board orders a daily entry by.
#[derive(Queryable, Selectable)]
#[diesel(table_name = daily_entries)]
struct EntryKey {
    game_id: String,
    score: i32,
    duration_ms: Option<i64>,
    actions: i32,
    finished_at: Option<NaiveDateTime>,
    runs_completed: i32,
    created_at: NaiveDateTime,
}

impl EntryKey {
    /// Its sort values in a [`Mark`]: a win's measure and finishing time, an unfinished
    /// attempt's runs, score and start.
    fn sort_values(&self, won: bool, by: Measure) -> Option<[i64; 3]> {
        if !won {
            return Some([
                self.runs_completed.into(),
                self.score.into(),
                time_value(self.created_at)?,
            ]);
        }
        let measure = match by {
            Measure::Score => i64::from(self.score),
            Measure::Time => self.duration_ms?,
            Measure::Moves => i64::from(self.actions),
        };
        Some([measure, time_value(self.finished_at?)?, 0])
    }
}

/// The games `ids` with their players' usernames, in the order of `ids`.
fn rows_in_order(
    conn: &mut DbConn,
    ids: &[String],
) -> Result<Vec<(GameRow, Option<String>)>, StoreError> {
    let mut rows: Vec<(GameRow, Option<String>)> = games::table
        .inner_join(users::table)
        .filter(games::id.eq_any(ids))
        .select((GameRow::as_select(), users::username))
        .load(conn)?;
    rows.sort_by_key(|(row, _)| ids.iter().position(|id| row.id == *id));
    Ok(rows)
}

/// The days (YYYY-MM-DD) on which `user_id` made a ranked daily attempt, newest first, at most
/// `limit`.
pub fn ranked_days(
    conn: &mut DbConn,
    user_id: &UserId,
    limit: i64,
) -> Result<Vec<String>, StoreError> {
    Ok(games::table
        .filter(games::user_id.eq(user_id))
        .filter(games::ranked.eq(true))
        .filter(games::daily_date.is_not_null())
        .select(games::daily_date.assume_not_null())
        .distinct()
        .order(games::daily_date.desc())
        .limit(limit)
        .load(conn)?)
}
