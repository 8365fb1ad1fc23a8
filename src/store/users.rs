//! Accounts.

use diesel::prelude::*;

use super::schema::users;
use super::{DbConn, StoreError};

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = users)]
pub struct User {
    pub id: String,
    pub username: Option<String>,
    pub password_hash: Option<String>,
    pub is_guest: bool,
    pub created_at: chrono::NaiveDateTime,
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

pub fn by_id(conn: &mut DbConn, id: &str) -> Result<Option<User>, StoreError> {
    Ok(users::table
        .find(id)
        .select(User::as_select())
        .first(conn)
        .optional()?)
}
