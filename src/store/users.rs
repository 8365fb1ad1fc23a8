//! Accounts.

use crate::domain::UserId;
use diesel::prelude::*;

use super::schema::{ended_sessions, users};
use super::{DbConn, StoreError};

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = users)]
pub struct User {
    pub id: UserId,
    pub username: Option<String>,
    pub password_hash: Option<String>,
    pub is_guest: bool,
    pub created_at: chrono::NaiveDateTime,
    /// Raised by "sign out everywhere" and a password change: session tokens carry the
    /// version they were issued at, and an older one no longer signs in.
    pub token_version: i32,
    /// The owner hid their public profile (`GET /v1/users/{username}` answers 404).
    pub profile_hidden: bool,
    /// The language the owner chose for the web page (a tag of `i18n::Lang`); `None`: their
    /// browser's.
    pub language: Option<String>,
}

/// Insert a user. A taken username is a unique violation (see `StoreError::is_unique_violation`).
pub fn insert(conn: &mut DbConn, user: &User) -> Result<(), StoreError> {
    diesel::insert_into(users::table)
        .values(user)
        .execute(conn)?;
    Ok(())
}

diesel::define_sql_function! {
    /// SQL `lower()`: usernames compare without regard to case (a unique index on it).
    fn lower(x: diesel::sql_types::Nullable<diesel::sql_types::Text>) -> diesel::sql_types::Nullable<diesel::sql_types::Text>;
}

/// The account named `username`, whatever its case.
pub fn by_username(conn: &mut DbConn, username: &str) -> Result<Option<User>, StoreError> {
    Ok(users::table
        .filter(lower(users::username).eq(username.to_lowercase()))
        .select(User::as_select())
        .first(conn)
        .optional()?)
}

/// Which of `ids` hid their profile.
pub fn hidden_among(conn: &mut DbConn, ids: &[UserId]) -> Result<Vec<UserId>, StoreError> {
    Ok(users::table
        .filter(users::id.eq_any(ids))
        .filter(users::profile_hidden.eq(true))
        .select(users::id)
        .load(conn)?)
}

pub fn by_id(conn: &mut DbConn, id: &UserId) -> Result<Option<User>, StoreError> {
    Ok(users::table
        .find(id)
        .select(User::as_select())
        .first(conn)
        .optional()?)
}

/// Give a guest account a username and password: it becomes a full account, keeping its id
/// and so its games, records and ratings. Raises its token version (the guest's tokens end).
/// `Ok(None)` when `id` is not a guest account; a taken username is a unique violation.
pub fn upgrade_guest(
    conn: &mut DbConn,
    id: &UserId,
    username: &str,
    password_hash: &str,
) -> Result<Option<User>, StoreError> {
    let changed = diesel::update(users::table.find(id).filter(users::is_guest.eq(true)))
        .set((
            users::username.eq(username),
            users::password_hash.eq(password_hash),
            users::is_guest.eq(false),
            users::token_version.eq(users::token_version + 1),
        ))
        .execute(conn)?;
    if changed == 0 {
        return Ok(None);
    }
    by_id(conn, id)
}

/// Set a new password hash and raise the token version: every session issued before ends.
pub fn set_password(
    conn: &mut DbConn,
    id: &UserId,
    password_hash: &str,
) -> Result<Option<User>, StoreError> {
    diesel::update(users::table.find(id))
        .set((
            users::password_hash.eq(password_hash),
            users::token_version.eq(users::token_version + 1),
        ))
        .execute(conn)?;
    by_id(conn, id)
}

/// Raise the token version: every session token issued before no longer signs in.
pub fn end_all_sessions(conn: &mut DbConn, id: &UserId) -> Result<bool, StoreError> {
    Ok(diesel::update(users::table.find(id))
        .set(users::token_version.eq(users::token_version + 1))
        .execute(conn)?
        > 0)
}

/// End one session: its token id is kept until the token would have expired anyway.
pub fn end_session(
    conn: &mut DbConn,
    jti: &str,
    user_id: &UserId,
    expires_at: chrono::NaiveDateTime,
) -> Result<(), StoreError> {
    let row = (
        ended_sessions::jti.eq(jti),
        ended_sessions::user_id.eq(user_id),
        ended_sessions::expires_at.eq(expires_at),
    );
    // ON CONFLICT is per backend in diesel: the same statement written for each.
    match conn {
        DbConn::Pg(c) => diesel::insert_into(ended_sessions::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c)?,
        DbConn::Sqlite(c) => diesel::insert_into(ended_sessions::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c)?,
    };
    Ok(())
}

/// What decides whether a session token still signs in: its account's token version, and
/// whether the session with token id `jti` was ended. `None` when the account is gone.
pub fn session_state(
    conn: &mut DbConn,
    user_id: &UserId,
    jti: &str,
) -> Result<Option<(i32, bool)>, StoreError> {
    let ended = diesel::dsl::exists(ended_sessions::table.find(jti));
    Ok(users::table
        .find(user_id)
        .select((users::token_version, ended))
        .first(conn)
        .optional()?)
}

/// The token versions of the accounts among `ids` that exist.
pub fn token_versions(conn: &mut DbConn, ids: &[String]) -> Result<Vec<(String, i32)>, StoreError> {
    Ok(users::table
        .filter(users::id.eq_any(ids))
        .select((users::id, users::token_version))
        .load(conn)?)
}

/// Which of the sessions `jtis` were ended.
pub fn ended_among(conn: &mut DbConn, jtis: &[String]) -> Result<Vec<String>, StoreError> {
    Ok(ended_sessions::table
        .filter(ended_sessions::jti.eq_any(jtis))
        .select(ended_sessions::jti)
        .load(conn)?)
}

/// Forget ended sessions whose tokens have expired anyway, a bounded batch.
pub fn forget_ended_sessions(
    conn: &mut DbConn,
    at: chrono::NaiveDateTime,
) -> Result<usize, StoreError> {
    Ok(
        diesel::delete(ended_sessions::table.filter(ended_sessions::expires_at.lt(at)))
            .execute(conn)?,
    )
}

/// Hold `id`'s row until the transaction ends, so that a count-then-insert over the user's
/// rows (tokens, seats) cannot interleave with another. On SQLite every write transaction
/// already holds the database's one write lock. False when there is no such user.
pub fn lock(conn: &mut DbConn, id: &UserId) -> Result<bool, StoreError> {
    let found = match conn {
        DbConn::Pg(c) => users::table
            .find(id)
            .select(users::id)
            .for_update()
            .first::<String>(c)
            .optional()?,
        DbConn::Sqlite(c) => users::table
            .find(id)
            .select(users::id)
            .first::<String>(c)
            .optional()?,
    };
    Ok(found.is_some())
}

/// The advisory lock's first key: what [`lock_grants`] locks (the second is the account's).
const GRANTS_LOCK: i32 = 0x5350_4752; // "SPGR"

/// Inside the caller's write, before anything else it locks: hold `id`'s grants (app tokens
/// traded from a code, chat identities linked by a code) still until the transaction ends.
/// Sign out everywhere and a password change take it first, and so do a code's trade and a
/// link once they know the code's account: whichever commits first, the other sees all of it
/// (a code used before the remedy has its token or link ended by it; one after finds the code
/// gone). Postgres: a transaction-scoped advisory lock, which no row lock waits on, so it
/// adds no order to the row locks' own; SQLite has one writer at a time already.
pub fn lock_grants(conn: &mut DbConn, id: &UserId) -> Result<(), StoreError> {
    if let DbConn::Pg(c) = conn {
        diesel::sql_query("SELECT pg_advisory_xact_lock($1, hashtext($2))")
            .bind::<diesel::sql_types::Integer, _>(GRANTS_LOCK)
            .bind::<diesel::sql_types::Text, _>(id)
            .execute(c)?;
    }
    Ok(())
}

/// Set (or, with `None`, forget) the language `id` chose. False when there is no such account.
pub fn set_language(
    conn: &mut DbConn,
    id: &UserId,
    language: Option<&str>,
) -> Result<bool, StoreError> {
    Ok(diesel::update(users::table.find(id))
        .set(users::language.eq(language))
        .execute(conn)?
        > 0)
}

/// Hide or show `id`'s public profile. False when there is no such account.
pub fn set_profile_hidden(
    conn: &mut DbConn,
    id: &UserId,
    hidden: bool,
) -> Result<bool, StoreError> {
    Ok(diesel::update(users::table.find(id))
        .set(users::profile_hidden.eq(hidden))
        .execute(conn)?
        > 0)
}
