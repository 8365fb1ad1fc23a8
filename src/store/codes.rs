//! One-time codes: an identity proven some other way than by a password (a player approving
//! an app; later, a chat member linking their account), traded once for what it stands for.
//! Only a SHA-256 of each code is kept.

use crate::domain::UserId;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::one_time_codes;
use super::{DbConn, StoreError};

/// What an authorization code an app trades for a token is for.
pub const OAUTH: &str = "oauth";

/// What a chat link code is for.
pub const CHAT_LINK: &str = "chat_link";

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = one_time_codes)]
pub struct CodeRow {
    /// SHA-256 (hex) of the code.
    pub code_hash: String,
    /// What the code is for (`oauth`, …).
    pub purpose: String,
    pub user_id: UserId,
    /// What the code is bound to, as JSON.
    pub payload: String,
    pub created_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
    /// Set by its first use.
    pub used_at: Option<NaiveDateTime>,
    /// The token its first use made, if any.
    pub token_id: Option<String>,
}

pub fn insert(conn: &mut DbConn, row: &CodeRow) -> Result<(), StoreError> {
    diesel::insert_into(one_time_codes::table)
        .values(row)
        .execute(conn)?;
    Ok(())
}

/// What using the code with hash `hash` for `purpose` found.
#[derive(Debug)]
pub enum Use {
    /// No such code (or one for another purpose).
    Unknown,
    /// Its first use, now recorded: the code as it was.
    First(CodeRow),
    /// It was used before: the code as it is.
    Again(CodeRow),
}

/// Use the code with hash `hash` for `purpose` at `at`: its first use marks it used (under its
/// row lock, so two uses at once cannot both be first).
pub fn use_once(
    conn: &mut DbConn,
    hash: &str,
    purpose: &str,
    at: NaiveDateTime,
) -> Result<Use, StoreError> {
    let found: Option<CodeRow> = match conn {
        DbConn::Pg(c) => one_time_codes::table
            .find(hash)
            .filter(one_time_codes::purpose.eq(purpose))
            .select(CodeRow::as_select())
            .for_update()
            .first(c)
            .optional()?,
        DbConn::Sqlite(c) => one_time_codes::table
            .find(hash)
            .filter(one_time_codes::purpose.eq(purpose))
            .select(CodeRow::as_select())
            .first(c)
            .optional()?,
    };
    let Some(row) = found else {
        return Ok(Use::Unknown);
    };
    if row.used_at.is_some() {
        return Ok(Use::Again(row));
    }
    diesel::update(one_time_codes::table.find(hash))
        .set(one_time_codes::used_at.eq(Some(at)))
        .execute(conn)?;
    Ok(Use::First(row))
}

/// The code with hash `hash` for `purpose`, as it is, without using it.
pub fn peek(conn: &mut DbConn, hash: &str, purpose: &str) -> Result<Option<CodeRow>, StoreError> {
    Ok(one_time_codes::table
        .find(hash)
        .filter(one_time_codes::purpose.eq(purpose))
        .select(CodeRow::as_select())
        .first(conn)
        .optional()?)
}

/// Record the token the code's first use made.
pub fn set_token(conn: &mut DbConn, hash: &str, token_id: &str) -> Result<(), StoreError> {
    diesel::update(one_time_codes::table.find(hash))
        .set(one_time_codes::token_id.eq(Some(token_id)))
        .execute(conn)?;
    Ok(())
}

/// Forget codes that expired before `before` (a used one is kept until then too, so that its
/// second use is still caught while it could be tried).
pub fn prune(conn: &mut DbConn, before: NaiveDateTime) -> Result<usize, StoreError> {
    Ok(
        diesel::delete(one_time_codes::table.filter(one_time_codes::expires_at.lt(before)))
            .execute(conn)?,
    )
}

/// Forget `user_id`'s unused codes for `purpose` (a new one replaces them).
pub fn forget_unused(
    conn: &mut DbConn,
    user_id: &UserId,
    purpose: &str,
) -> Result<usize, StoreError> {
    Ok(diesel::delete(
        one_time_codes::table
            .filter(one_time_codes::user_id.eq(user_id))
            .filter(one_time_codes::purpose.eq(purpose))
            .filter(one_time_codes::used_at.is_null()),
    )
    .execute(conn)?)
}
