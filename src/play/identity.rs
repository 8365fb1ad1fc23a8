//! Who is asking: a bearer token checked. Session tokens (JWT, from register, sign-in or a
//! guest) by their signature and expiry here, then whether their session is still open
//! ([`Accounts::check`]); personal access tokens (`spider_pat_…`) against their row on every
//! request, so one revoked stops working at once. The HTTP layer only reads the header and
//! asks.

use crate::domain::UserId;
use crate::store::tokens as token_store;
use crate::AccountError;

use super::accounts::Accounts;
use super::live::Credential;
use super::Error;
use crate::auth::TokenError;

pub use crate::auth::{pat_parts, secret_hash, Claims, PAT_PREFIX};

/// Which kind of bearer token a refusal is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// A session token (JWT).
    Session,
    /// A personal access token (`spider_pat_…`).
    Access,
}

/// A personal access token whose secret matches its row and which nobody revoked.
#[derive(Clone, Debug)]
pub struct Holder {
    /// The token's id (the part after the prefix).
    pub id: String,
    pub user_id: UserId,
    /// The hash of its secret, as kept.
    pub secret_hash: String,
    /// Its scopes' names.
    pub scopes: Vec<String>,
    /// Past its expiry: [`Holder::usable`] refuses it.
    pub expired: bool,
    /// Its use was last noted more than an hour ago, or never ([`Accounts::note_token_use`]).
    pub stale: bool,
}

impl Holder {
    /// The holder, unless the token expired.
    pub fn usable(self) -> Result<Holder, Error> {
        if self.expired {
            Err(Error::Account(AccountError::TokenExpired(
                TokenKind::Access,
            )))
        } else {
            Ok(self)
        }
    }
}

fn invalid_access() -> Error {
    Error::Account(AccountError::TokenInvalid(TokenKind::Access))
}

impl Accounts {
    /// A session token's claims, once its signature, expiry, issuer and audience hold (in
    /// memory; whether the session is still open is [`Accounts::check`]).
    pub fn session_claims(&self, token: &str) -> Result<Claims, Error> {
        self.tokens.verify(token).map_err(|e| {
            Error::Account(match e {
                TokenError::Expired => AccountError::TokenExpired(TokenKind::Session),
                TokenError::Invalid => AccountError::TokenInvalid(TokenKind::Session),
            })
        })
    }

    /// A personal access token's row, when its secret matches and nobody revoked it (blocking:
    /// one read). Expired or not: a caller may count an expired token's requests against its
    /// owner before refusing it ([`Holder::usable`]).
    pub fn access_token(&self, token: &str) -> Result<Holder, Error> {
        let (id, secret) = pat_parts(token).ok_or_else(invalid_access)?;
        let mut conn = self.db.conn()?;
        let row = token_store::by_id(&mut conn, id)?.ok_or_else(invalid_access)?;
        if row.secret_hash != secret_hash(secret) || row.revoked_at.is_some() {
            return Err(invalid_access());
        }
        let now = self.clock.now();
        Ok(Holder {
            expired: !row.active(now),
            stale: row
                .last_used_at
                .is_none_or(|t| now - t >= chrono::TimeDelta::hours(1)),
            scopes: row.scopes.split_whitespace().map(str::to_string).collect(),
            id: row.id,
            user_id: row.user_id,
            secret_hash: row.secret_hash,
        })
    }

    /// Note that access token `id` was used now (kept to the hour; blocking: one write).
    pub fn note_token_use(&self, id: String) -> Result<(), Error> {
        let at = self.clock.now();
        Ok(self
            .db
            .write(move |conn| token_store::touch(conn, &id, at))?)
    }

    /// What of a token a check of every open stream's at once needs
    /// ([`super::accounts::lapsed`]): a session's claims once they verify; an access token's
    /// id and the hash of its secret.
    pub fn credential(&self, token: &str) -> Result<Credential, Error> {
        if token.starts_with(PAT_PREFIX) {
            let (id, secret) = pat_parts(token).ok_or_else(invalid_access)?;
            Ok(Credential::Token {
                id: id.to_string(),
                hash: secret_hash(secret),
            })
        } else {
            let claims = self.session_claims(token)?;
            Ok(Credential::Session {
                user: claims.sub,
                jti: claims.jti,
                version: claims.ver,
                expires: claims.exp,
            })
        }
    }
}
