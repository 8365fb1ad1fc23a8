//! The median time people take to win each kind of game, which CPU players' paces follow
//! (`domain::pace`): the wins it is computed from, and the stored result.

use crate::engine::Suits;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{games, human_paces};
use super::{DbConn, StoreError};
use crate::domain::origin::OriginKind;
use crate::engine::{Status, Variant};

/// The times of the race and daily wins among the latest `4 × limit` race and daily games of
/// a kind, at most `limit` of them (through `games_race_and_daily_by_kind`, which leaves out
/// what actions write, so the won ones are picked from the rows).
pub fn human_times(
    conn: &mut DbConn,
    variant: Variant,
    suits: Suits,
    limit: usize,
) -> Result<Vec<i64>, StoreError> {
    let latest: Vec<(Status, Option<i64>)> = games::table
        .filter(games::variant.eq(variant))
        .filter(games::suits.eq(suits))
        .filter(games::origin.eq_any([OriginKind::Race, OriginKind::Daily]))
        .order(games::created_at.desc())
        .limit(i64::try_from(limit.saturating_mul(4)).unwrap_or(i64::MAX))
        .select((games::status, games::duration_ms))
        .load(conn)?;
    Ok(latest
        .into_iter()
        .filter(|(status, _)| *status == Status::Won)
        .filter_map(|(_, ms)| ms.filter(|&ms| ms > 0))
        .take(limit)
        .collect())
}

/// Store the median of a kind's wins (replacing the last one).
pub fn save(
    conn: &mut DbConn,
    variant: Variant,
    suits: Suits,
    median_ms: i64,
    samples: usize,
    at: NaiveDateTime,
) -> Result<(), StoreError> {
    conn.transaction(|conn| {
        diesel::delete(human_paces::table.find((variant, suits))).execute(conn)?;
        diesel::insert_into(human_paces::table)
            .values((
                human_paces::variant.eq(variant),
                human_paces::suits.eq(suits),
                human_paces::median_ms.eq(median_ms),
                human_paces::samples.eq(i32::try_from(samples).unwrap_or(i32::MAX)),
                human_paces::computed_at.eq(at),
            ))
            .execute(conn)?;
        Ok(())
    })
}

/// The stored median of a kind's wins, if the scheduled work has found enough of them.
pub fn median(
    conn: &mut DbConn,
    variant: Variant,
    suits: Suits,
) -> Result<Option<i64>, StoreError> {
    Ok(human_paces::table
        .find((variant, suits))
        .select(human_paces::median_ms)
        .first(conn)
        .optional()?)
}
