//! Idempotency keys: a retried request with the same key gets the first answer and applies
//! nothing twice. A key is remembered for [`KEY_LIFETIME`], in the same transaction as what
//! it answered.

use crate::domain::UserId;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::idempotency_keys;
use super::{DbConn, StoreError};

#[derive(Clone, Debug)]
pub struct IdempotencyKey {
    pub key: String,
    /// A digest of the request: a key reused for a different request is refused.
    pub fingerprint: String,
}

/// What an idempotency key answered the first time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Remembered {
    pub status: u16,
    pub version: i32,
    pub response: String,
}

/// What an idempotency key already stands for.
pub enum KeyLookup {
    Unused,
    Answered(Remembered),
    /// Used before for a different request.
    Reused,
}

/// How long an idempotency key is remembered: a retry comes within minutes, and the table
/// must not grow without bound.
pub const KEY_LIFETIME: chrono::TimeDelta = chrono::TimeDelta::hours(24);

/// What `key` answered within its lifetime (an older use is forgotten).
pub fn remembered(
    conn: &mut DbConn,
    user_id: &UserId,
    key: &IdempotencyKey,
    at: NaiveDateTime,
) -> Result<KeyLookup, StoreError> {
    let found: Option<(String, i32, String, i32)> = idempotency_keys::table
        .filter(idempotency_keys::user_id.eq(user_id))
        .filter(idempotency_keys::key.eq(&key.key))
        .filter(idempotency_keys::created_at.gt(at - KEY_LIFETIME))
        .select((
            idempotency_keys::fingerprint,
            idempotency_keys::status,
            idempotency_keys::body,
            idempotency_keys::version,
        ))
        .first(conn)
        .optional()?;
    Ok(match found {
        None => KeyLookup::Unused,
        Some((fingerprint, _, _, _)) if fingerprint != key.fingerprint => KeyLookup::Reused,
        Some((_, status, response, version)) => KeyLookup::Answered(Remembered {
            status: u16::try_from(status).unwrap_or(200),
            version,
            response,
        }),
    })
}

/// Remember the answer to a request made with an idempotency key, in the caller's
/// transaction (a second request with the key committing first is a unique violation).
pub fn remember(
    conn: &mut DbConn,
    user_id: &UserId,
    key: &IdempotencyKey,
    answer: &Remembered,
    at: NaiveDateTime,
) -> Result<(), StoreError> {
    // A use of the same key past its lifetime is forgotten: make room for this one.
    diesel::delete(
        idempotency_keys::table
            .filter(idempotency_keys::user_id.eq(user_id))
            .filter(idempotency_keys::key.eq(&key.key))
            .filter(idempotency_keys::created_at.le(at - KEY_LIFETIME)),
    )
    .execute(conn)?;
    diesel::insert_into(idempotency_keys::table)
        .values((
            idempotency_keys::user_id.eq(user_id),
            idempotency_keys::key.eq(&key.key),
            idempotency_keys::fingerprint.eq(&key.fingerprint),
            idempotency_keys::status.eq(i32::from(answer.status)),
            idempotency_keys::body.eq(&answer.response),
            idempotency_keys::version.eq(answer.version),
            idempotency_keys::created_at.eq(at),
        ))
        .execute(conn)?;
    Ok(())
}

/// Forget idempotency keys past their lifetime at `at`, about `limit` of them (the oldest;
/// keys made at the same instant as the last of them go too); how many. One statement, on
/// the index by age.
pub fn forget_old_keys(
    conn: &mut DbConn,
    at: NaiveDateTime,
    limit: i64,
) -> Result<usize, StoreError> {
    let expired = at - KEY_LIFETIME;
    let last: Option<NaiveDateTime> = idempotency_keys::table
        .filter(idempotency_keys::created_at.le(expired))
        .order(idempotency_keys::created_at.asc())
        .select(idempotency_keys::created_at)
        .offset(limit.max(1) - 1)
        .first(conn)
        .optional()?;
    let until = last.unwrap_or(expired);
    Ok(
        diesel::delete(idempotency_keys::table.filter(idempotency_keys::created_at.le(until)))
            .execute(conn)?,
    )
}
