//! Personal access tokens: a signed-in user makes named, scoped, expiring tokens for bots and
//! scripts, lists them and revokes them. Only a hash of a token's secret is kept.

use crate::domain::UserId;
use crate::AccountError;
use base64::Engine as _;

use super::accounts::Accounts;
use super::{blocking, Error};
use crate::auth::{secret_hash, PAT_PREFIX};
use crate::store::tokens as token_store;
pub use crate::store::tokens::AccessToken;
use crate::store::{self, users, StoreError};

/// Active tokens one user may hold.
pub const MAX_ACTIVE: usize = 50;

/// The longest life a token may be given, in days.
pub const MAX_DAYS: u32 = 90;

/// A token to make: its name, its scopes' names (checked), and its life, 1 to [`MAX_DAYS`]
/// days.
#[derive(Clone, Debug)]
pub struct NewToken {
    pub name: String,
    pub scopes: Vec<&'static str>,
    pub days: u32,
}

/// Insert `token` under its user's row lock, counting their active tokens first: two
/// creations at once cannot both pass the count.
pub(super) fn insert_counted(
    conn: &mut store::DbConn,
    token: &AccessToken,
    now: chrono::NaiveDateTime,
) -> Result<(), Error> {
    if !users::lock(conn, &token.user_id)? {
        return Err(Error::Account(AccountError::UnknownUser));
    }
    let active = token_store::of_user(conn, &token.user_id)?
        .iter()
        .filter(|t| t.active(now))
        .count();
    if active >= MAX_ACTIVE {
        return Err(Error::Account(AccountError::TooManyTokens {
            max: MAX_ACTIVE,
        }));
    }
    token_store::insert(conn, token).map_err(|e: StoreError| {
        if e.is_foreign_key_violation() {
            Error::Account(AccountError::UnknownUser)
        } else {
            e.into()
        }
    })
}

/// Whether `token` works now: neither revoked nor expired.
pub fn active(token: &AccessToken, clock: &super::clock::Clock) -> bool {
    token.active(clock.now())
}

/// A token just made: its row, and the token itself, which is shown this once.
pub struct Made {
    pub row: AccessToken,
    pub token: String,
}

pub(super) fn random_bytes<const N: usize>() -> Result<[u8; N], Error> {
    use rand_core::{OsRng, TryRngCore};
    let mut bytes = [0u8; N];
    OsRng
        .try_fill_bytes(&mut bytes)
        .map_err(|e| Error::Internal(format!("operating system random source: {e}")))?;
    Ok(bytes)
}

impl Accounts {
    /// Make a token for `user_id`, once their `password` confirms it is them (a session
    /// alone, which may have been stolen, cannot make a long-lived token).
    pub async fn create_token(
        &self,
        user_id: &UserId,
        password: String,
        new: NewToken,
    ) -> Result<Made, Error> {
        self.confirm_password(user_id, password).await?;
        self.issue_token(user_id, new, None).await
    }

    /// Make a token for `user_id` (already proven to be them), for an app named `client_id`
    /// or by hand (`None`), within the active tokens one user may hold.
    pub(super) async fn issue_token(
        &self,
        user_id: &UserId,
        new: NewToken,
        client_id: Option<String>,
    ) -> Result<Made, Error> {
        let id = hex::encode(random_bytes::<8>()?);
        let secret = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(random_bytes::<32>()?);
        // The id is hex, so the first '_' after the prefix ends it.
        let token = format!("{PAT_PREFIX}{id}_{secret}");
        let at = self.clock.now();
        let row = AccessToken {
            id,
            user_id: user_id.clone(),
            name: new.name,
            secret_hash: secret_hash(&secret),
            scopes: new.scopes.join(" "),
            created_at: at,
            expires_at: at + chrono::Duration::days(i64::from(new.days)),
            revoked_at: None,
            client_id,
            last_used_at: None,
        };
        let (db, stored) = (self.db.clone(), row.clone());
        blocking(move || db.write(move |conn| insert_counted(conn, &stored, at))).await?;
        Ok(Made { row, token })
    }

    /// The tokens of `user_id`, newest first.
    pub async fn tokens(&self, user_id: &UserId) -> Result<Vec<AccessToken>, Error> {
        let (db, user_id) = (self.db.clone(), user_id.clone());
        blocking(move || Ok(db.read(|conn| token_store::of_user(conn, &user_id))?)).await
    }

    /// Revoke token `id` of `user_id`: it stops working at once. Revoking a revoked token
    /// again is harmless.
    pub async fn revoke_token(&self, user_id: &UserId, id: &str) -> Result<(), Error> {
        let (db, owner, id) = (self.db.clone(), user_id.clone(), id.to_string());
        let at = self.clock.now();
        let found =
            blocking(move || Ok(db.write(move |conn| token_store::revoke(conn, &owner, &id, at))?))
                .await?;
        if found {
            self.live.recheck_user(user_id);
            Ok(())
        } else {
            Err(Error::Account(AccountError::TokenNotFound))
        }
    }
}
