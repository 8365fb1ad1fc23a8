//! Leases: a named row that one instance holds until it expires, so that scheduled work is
//! done by exactly one instance at a time. On Postgres a taker locks the row with
//! `FOR UPDATE SKIP LOCKED` (a second taker at the same moment skips it instead of waiting);
//! SQLite has one writer at a time anyway.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::leases;
use super::{DbConn, StoreError};

/// Take or renew lease `name` for `holder` until `until`, unless another holder's lease is
/// still running at `at`. Whether `holder` holds it now.
pub fn take(
    conn: &mut DbConn,
    name: &str,
    holder: &str,
    at: NaiveDateTime,
    until: NaiveDateTime,
) -> Result<bool, StoreError> {
    conn.transaction(|conn| {
        let current: Option<(String, NaiveDateTime)> = match conn {
            DbConn::Pg(pg) => leases::table
                .find(name)
                .select((leases::holder, leases::expires_at))
                .for_update()
                .skip_locked()
                .first(pg)
                .optional()?,
            DbConn::Sqlite(lite) => leases::table
                .find(name)
                .select((leases::holder, leases::expires_at))
                .first(lite)
                .optional()?,
        };
        let free = match &current {
            None => {
                // Missing, or (Postgres) being taken by another instance right now.
                let row = (
                    leases::name.eq(name),
                    leases::holder.eq(holder),
                    leases::expires_at.eq(until),
                );
                let insert = diesel::insert_into(leases::table).values(row);
                let inserted = match conn {
                    DbConn::Pg(pg) => insert.on_conflict_do_nothing().execute(pg)?,
                    DbConn::Sqlite(lite) => insert.on_conflict_do_nothing().execute(lite)?,
                };
                return Ok(inserted == 1);
            }
            Some((who, expires)) => who == holder || *expires <= at,
        };
        if free {
            diesel::update(leases::table.find(name))
                .set((leases::holder.eq(holder), leases::expires_at.eq(until)))
                .execute(conn)?;
        }
        Ok(free)
    })
}

/// Give up lease `name`, if `holder` holds it: another instance may take it at once.
pub fn release(conn: &mut DbConn, name: &str, holder: &str) -> Result<(), StoreError> {
    diesel::delete(
        leases::table
            .filter(leases::name.eq(name))
            .filter(leases::holder.eq(holder)),
    )
    .execute(conn)?;
    Ok(())
}

/// Forget the leases that expired before `at` (their holders stopped, or finished without
/// giving them up); how many.
pub fn forget_expired(conn: &mut DbConn, at: NaiveDateTime) -> Result<usize, StoreError> {
    Ok(diesel::delete(leases::table.filter(leases::expires_at.lt(at))).execute(conn)?)
}
