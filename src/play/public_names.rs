//! How players are named in public (the boards, exports): a username, a guest's `guest-…`, or
//! nothing of a player who hid their profile, which is read from the primary database.

use crate::domain::UserId;
use std::collections::HashSet;

use super::Error;
use crate::store::{users, Db};

/// What a public board shows for a player who hid their profile: never their name.
pub const HIDDEN_NAME: &str = "(hidden)";

/// How a player is named in public (boards, exports): their username, `guest-` and the start
/// of a guest's id, or [`HIDDEN_NAME`] for a player who hid their profile.
pub fn public_name(user_id: &UserId, username: Option<String>, hidden: bool) -> String {
    if hidden {
        return HIDDEN_NAME.to_string();
    }
    username.unwrap_or_else(|| format!("guest-{}", user_id.chars().take(8).collect::<String>()))
}

/// Which of `ids` hid their profile, read from the primary: a board read from a standby that
/// lags is named by what the players chose now, never by the copy's older choice.
pub fn hidden_among(db: &Db, mut ids: Vec<UserId>) -> Result<HashSet<UserId>, Error> {
    ids.sort();
    ids.dedup();
    let mut conn = db.conn()?;
    let mut hidden = HashSet::new();
    for chunk in ids.chunks(500) {
        hidden.extend(users::hidden_among(&mut conn, chunk)?);
    }
    Ok(hidden)
}
