//! Arenas' results to post into the chat channel each was made in (docs/ARENAS.md): one row
//! per arena made in chat, done once the platform took the message or refused it for good.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{arena_posts, arenas};
use super::{DbConn, StoreError};

#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = arena_posts)]
pub struct PostRow {
    pub arena_id: String,
    /// `discord:<channel id>`, `slack:<channel id>` or `telegram:<chat id>`.
    pub channel: String,
    pub lang: String,
    pub attempts: i32,
    pub next_at: NaiveDateTime,
    pub done_at: Option<NaiveDateTime>,
    pub outcome: Option<String>,
}

/// Keep where `row`'s arena posts its results.
pub fn insert(conn: &mut DbConn, row: &PostRow) -> Result<(), StoreError> {
    diesel::insert_into(arena_posts::table)
        .values(row)
        .execute(conn)?;
    Ok(())
}

/// Posts not done whose arena is final and whose next try is due at `now`, oldest first, at
/// most `limit`.
pub fn due(conn: &mut DbConn, now: NaiveDateTime, limit: i64) -> Result<Vec<PostRow>, StoreError> {
    Ok(arena_posts::table
        .inner_join(arenas::table)
        .filter(arena_posts::done_at.is_null())
        .filter(arena_posts::next_at.le(now))
        .filter(arenas::finished_at.is_not_null())
        .order(arena_posts::next_at.asc())
        .limit(limit)
        .select(PostRow::as_select())
        .load(conn)?)
}

/// The post of `arena_id`, if it has one.
pub fn of(conn: &mut DbConn, arena_id: &str) -> Result<Option<PostRow>, StoreError> {
    Ok(arena_posts::table
        .find(arena_id)
        .select(PostRow::as_select())
        .first(conn)
        .optional()?)
}

/// A try made: done with `outcome` (`done_at` set), or to be tried again at `next_at`. Only
/// a post not yet done changes; whether it did.
pub fn tried(
    conn: &mut DbConn,
    arena_id: &str,
    done: Option<(NaiveDateTime, &str)>,
    next_at: NaiveDateTime,
) -> Result<bool, StoreError> {
    let target = arena_posts::table
        .find(arena_id)
        .filter(arena_posts::done_at.is_null());
    let changed = match done {
        Some((at, outcome)) => diesel::update(target)
            .set((
                arena_posts::attempts.eq(arena_posts::attempts + 1),
                arena_posts::done_at.eq(Some(at)),
                arena_posts::outcome.eq(Some(outcome)),
            ))
            .execute(conn)?,
        None => diesel::update(target)
            .set((
                arena_posts::attempts.eq(arena_posts::attempts + 1),
                arena_posts::next_at.eq(next_at),
            ))
            .execute(conn)?,
    };
    Ok(changed == 1)
}
