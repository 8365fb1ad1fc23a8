//! Personal access tokens.

use crate::domain::UserId;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::access_tokens;
use super::{DbConn, StoreError};

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = access_tokens)]
pub struct AccessToken {
    pub id: String,
    pub user_id: UserId,
    pub name: String,
    /// SHA-256 (hex) of the token's secret part.
    pub secret_hash: String,
    /// Space-separated scopes.
    pub scopes: String,
    pub created_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
    pub revoked_at: Option<NaiveDateTime>,
    /// The app a player let in (OAuth), by the `client_id` it named; `None` for a token made
    /// by hand.
    pub client_id: Option<String>,
    /// When it was last seen in use, kept to the hour.
    pub last_used_at: Option<NaiveDateTime>,
}

impl AccessToken {
    /// Usable at `now`: neither revoked nor expired.
    pub fn active(&self, now: NaiveDateTime) -> bool {
        self.revoked_at.is_none() && now < self.expires_at
    }
}

pub fn insert(conn: &mut DbConn, token: &AccessToken) -> Result<(), StoreError> {
    diesel::insert_into(access_tokens::table)
        .values(token)
        .execute(conn)?;
    Ok(())
}

pub fn by_id(conn: &mut DbConn, id: &str) -> Result<Option<AccessToken>, StoreError> {
    Ok(access_tokens::table
        .find(id)
        .select(AccessToken::as_select())
        .first(conn)
        .optional()?)
}

/// The tokens among `ids` that exist.
pub fn by_ids(conn: &mut DbConn, ids: &[String]) -> Result<Vec<AccessToken>, StoreError> {
    Ok(access_tokens::table
        .filter(access_tokens::id.eq_any(ids))
        .select(AccessToken::as_select())
        .load(conn)?)
}

/// A user's tokens, newest first.
pub fn of_user(conn: &mut DbConn, user_id: &UserId) -> Result<Vec<AccessToken>, StoreError> {
    Ok(access_tokens::table
        .filter(access_tokens::user_id.eq(user_id))
        .order((access_tokens::created_at.desc(), access_tokens::id.desc()))
        .select(AccessToken::as_select())
        .load(conn)?)
}

/// Revoke a user's token now (a revoked one stays revoked). False when the user has no such
/// token.
pub fn revoke(
    conn: &mut DbConn,
    user_id: &UserId,
    id: &str,
    at: NaiveDateTime,
) -> Result<bool, StoreError> {
    let found = access_tokens::table
        .filter(access_tokens::id.eq(id))
        .filter(access_tokens::user_id.eq(user_id))
        .count()
        .get_result::<i64>(conn)?;
    if found == 0 {
        return Ok(false);
    }
    diesel::update(
        access_tokens::table
            .filter(access_tokens::id.eq(id))
            .filter(access_tokens::revoked_at.is_null()),
    )
    .set(access_tokens::revoked_at.eq(Some(at)))
    .execute(conn)?;
    Ok(true)
}

/// Revoke a token by id, whoever owns it (an app's token whose code was used twice, or a
/// token its holder revokes by value). False when there is no such token.
pub fn revoke_any(conn: &mut DbConn, id: &str, at: NaiveDateTime) -> Result<bool, StoreError> {
    let Some(row) = by_id(conn, id)? else {
        return Ok(false);
    };
    revoke(conn, &row.user_id, id, at)
}

/// Note that token `id` was used at `at` (callers keep this to about once an hour).
pub fn touch(conn: &mut DbConn, id: &str, at: NaiveDateTime) -> Result<(), StoreError> {
    diesel::update(access_tokens::table.find(id))
        .set(access_tokens::last_used_at.eq(Some(at)))
        .execute(conn)?;
    Ok(())
}

/// Revoke every active token of `user_id` that an app got through the player's approval
/// (those with a `client_id`), at `at`: a password change or "sign out everywhere" ends what a
/// stolen session could have let in. Tokens made by hand (which needed the password) stay.
/// The ids revoked.
pub fn revoke_apps(
    conn: &mut DbConn,
    user_id: &UserId,
    at: NaiveDateTime,
) -> Result<Vec<String>, StoreError> {
    let ids: Vec<String> = access_tokens::table
        .filter(access_tokens::user_id.eq(user_id))
        .filter(access_tokens::client_id.is_not_null())
        .filter(access_tokens::revoked_at.is_null())
        .select(access_tokens::id)
        .load(conn)?;
    if !ids.is_empty() {
        diesel::update(
            access_tokens::table
                .filter(access_tokens::user_id.eq(user_id))
                .filter(access_tokens::id.eq_any(&ids)),
        )
        .set(access_tokens::revoked_at.eq(Some(at)))
        .execute(conn)?;
    }
    Ok(ids)
}
