//! Accounts and sessions: register, sign in, guests and their upgrade to a full account,
//! password changes, signing out one session or every session, and the check every session
//! token passes on every request.
//!
//! A session token (JWT) names its session (`jti`) and the account's token version when it
//! was issued (`ver`). Signing out records the session as ended; "sign out everywhere", a
//! password change and a guest's upgrade raise the version. A token is good while its
//! signature and expiry hold, its account exists at the same version, and its session was
//! not ended. Each instance remembers a check for [`SessionChecks::ttl`] (1 s): an ending
//! made on this instance is seen at once, one made on another instance within that time.

use crate::domain::UserId;
use crate::i18n::Lang;
use crate::AccountError;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::credentials::{player_name_shape_ok, username_shape_ok, validate, validate_password};
use super::live::Credential;
use super::{blocking, Error};
use crate::auth::{self, Claims, Hashing, Tokens};
use crate::store::{self, users, Db};

/// An account as kept.
pub use crate::store::users::User;

/// What the account use cases reach. Cheap to clone.
#[derive(Clone)]
pub struct Accounts {
    pub db: Db,
    /// The server's clock (the same as the use cases').
    pub clock: super::clock::Clock,
    pub hashing: Hashing,
    pub tokens: Tokens,
    pub checks: Arc<SessionChecks>,
    /// The live streams here, told at once when a session of theirs ends.
    pub live: super::live::Live,
}

/// A session just opened: the account and its token.
#[derive(Clone, Debug)]
pub struct Session {
    pub user: users::User,
    pub token: String,
    /// Seconds since the epoch.
    pub expires: u64,
}

impl Accounts {
    /// Open a session for `user`, at its current token version.
    fn open(&self, user: users::User) -> Result<Session, Error> {
        let issued = self
            .tokens
            .issue_session(&user.id, user.token_version, auth::unix_now())
            .map_err(|e| Error::Internal(format!("issuing a token: {e}")))?;
        Ok(Session {
            user,
            token: issued.token,
            expires: issued.expires,
        })
    }

    async fn hash(&self, password: String) -> Result<String, Error> {
        self.hashing
            .run(move || auth::hash_password(&password))
            .await
            .map_err(|_| Error::Account(AccountError::AuthBusy))?
            .map_err(|e| Error::Internal(format!("hashing a password: {e}")))
    }

    /// Create an account and open a session.
    pub async fn register(&self, username: String, password: String) -> Result<Session, Error> {
        validate(&username, &password).map_err(AccountError::Credentials)?;
        let hash = self.hash(password).await?;
        let (db, now) = (self.db.clone(), self.clock.now());
        let user = blocking(move || {
            let user = users::User {
                id: uuid::Uuid::new_v4().to_string().into(),
                username: Some(username),
                password_hash: Some(hash),
                is_guest: false,
                created_at: now,
                token_version: 0,
                profile_hidden: false,
                language: None,
            };
            match db.write(move |conn| users::insert(conn, &user).map(|_| user)) {
                Err(e) if e.is_unique_violation() => {
                    Err(Error::Account(AccountError::UsernameTaken))
                }
                other => Ok(other?),
            }
        })
        .await?;
        self.open(user)
    }

    /// A new guest account and its session.
    pub async fn guest(&self) -> Result<Session, Error> {
        let (db, now) = (self.db.clone(), self.clock.now());
        let user = blocking(move || {
            let user = users::User {
                id: uuid::Uuid::new_v4().to_string().into(),
                username: None,
                password_hash: None,
                is_guest: true,
                created_at: now,
                token_version: 0,
                profile_hidden: false,
                language: None,
            };
            Ok(db.write(move |conn| users::insert(conn, &user).map(|_| user))?)
        })
        .await?;
        self.open(user)
    }

    /// Sign in. An unknown username costs one verification too, so the time tells nothing.
    pub async fn login(&self, username: String, password: String) -> Result<Session, Error> {
        let db = self.db.clone();
        // A name no account can have (a control character, say, which Postgres cannot even
        // compare) is nobody's: it costs the same hash as any unknown name.
        let found = if username_shape_ok(&username) {
            blocking(move || {
                let mut conn = db.conn()?;
                Ok(users::by_username(&mut conn, &username)?)
            })
            .await?
        } else {
            None
        };
        let user = self
            .hashing
            .run(move || match found {
                Some(u) => {
                    let matches = u
                        .password_hash
                        .as_deref()
                        .is_some_and(|hash| auth::verify_password(&password, hash));
                    matches.then_some(u)
                }
                None => {
                    auth::verify_against_nothing(&password);
                    None
                }
            })
            .await
            .map_err(|_| Error::Account(AccountError::AuthBusy))?
            .ok_or(Error::Account(AccountError::InvalidCredentials))?;
        self.open(user)
    }

    /// The account `user_id`.
    pub async fn user(&self, user_id: &UserId) -> Result<users::User, Error> {
        let (db, id) = (self.db.clone(), user_id.clone());
        blocking(move || {
            let mut conn = db.conn()?;
            users::by_id(&mut conn, &id)?.ok_or(Error::Account(AccountError::UnknownUser))
        })
        .await
    }

    /// Check `password` against `user_id`'s. A guest has none to check.
    pub async fn confirm_password(
        &self,
        user_id: &UserId,
        password: String,
    ) -> Result<users::User, Error> {
        let user = self.user(user_id).await?;
        let Some(hash) = user.password_hash.clone() else {
            return Err(Error::Account(AccountError::GuestAccount));
        };
        let matches = self
            .hashing
            .run(move || auth::verify_password(&password, &hash))
            .await
            .map_err(|_| Error::Account(AccountError::AuthBusy))?;
        if matches {
            Ok(user)
        } else {
            Err(Error::Account(AccountError::WrongPassword))
        }
    }

    /// A guest account becomes a full one with a username and password, keeping its id and
    /// so its games, records and ratings. Every earlier session of the guest ends; the
    /// answer is a new one.
    pub async fn upgrade(
        &self,
        user_id: &UserId,
        username: String,
        password: String,
    ) -> Result<Session, Error> {
        validate(&username, &password).map_err(AccountError::Credentials)?;
        if !self.user(user_id).await?.is_guest {
            return Err(Error::Account(AccountError::NotAGuest));
        }
        let hash = self.hash(password).await?;
        let (db, id) = (self.db.clone(), user_id.clone());
        let user = blocking(move || {
            match db.write(move |conn| users::upgrade_guest(conn, &id, &username, &hash)) {
                Err(e) if e.is_unique_violation() => {
                    Err(Error::Account(AccountError::UsernameTaken))
                }
                Ok(None) => Err(Error::Account(AccountError::NotAGuest)),
                Ok(Some(user)) => Ok(user),
                Err(e) => Err(e.into()),
            }
        })
        .await?;
        self.ended(&user.id);
        self.open(user)
    }

    /// The account whose public profile `username` names: none for a guest, an unknown name or
    /// a profile its owner hid ([`Error::Account(AccountError::ProfileNotFound)`] alike, so hiding leaks nothing).
    pub async fn public_user(&self, username: &str) -> Result<users::User, Error> {
        if !player_name_shape_ok(username) {
            return Err(Error::Account(AccountError::ProfileNotFound));
        }
        let (db, name) = (self.db.clone(), username.to_string());
        let user = blocking(move || {
            let mut conn = db.conn()?;
            Ok(users::by_username(&mut conn, &name)?)
        })
        .await?;
        user.filter(|u| !u.is_guest && !u.profile_hidden)
            .ok_or(Error::Account(AccountError::ProfileNotFound))
    }

    /// Keep the language `user_id` chose for the web page (`None`: their browser's).
    pub async fn set_language(
        &self,
        user_id: &UserId,
        language: Option<Lang>,
    ) -> Result<(), Error> {
        let (db, id) = (self.db.clone(), user_id.clone());
        let tag = language.map(Lang::tag);
        let found =
            blocking(move || Ok(db.write(move |conn| users::set_language(conn, &id, tag))?))
                .await?;
        if found {
            Ok(())
        } else {
            Err(Error::Account(AccountError::UnknownUser))
        }
    }

    /// Hide or show `user_id`'s public profile (a guest has none).
    pub async fn hide_profile(&self, user_id: &UserId, hidden: bool) -> Result<(), Error> {
        if self.user(user_id).await?.is_guest {
            return Err(Error::Account(AccountError::GuestHasNoProfile));
        }
        let (db, id) = (self.db.clone(), user_id.clone());
        let found = blocking(move || {
            Ok(db.write(move |conn| users::set_profile_hidden(conn, &id, hidden))?)
        })
        .await?;
        if found {
            Ok(())
        } else {
            Err(Error::Account(AccountError::UnknownUser))
        }
    }

    /// Change the password (the current one must be given). Every session ends, this one
    /// too; the answer is a new one. Unless `keep_apps`, every app let in and every chat
    /// identity linked ends with them (what a stolen session could have let in): one write.
    pub async fn change_password(
        &self,
        user_id: &UserId,
        current: String,
        new: String,
        keep_apps: bool,
    ) -> Result<Session, Error> {
        let user = self.confirm_password(user_id, current).await?;
        validate_password(user.username.as_deref(), &new).map_err(AccountError::Credentials)?;
        let hash = self.hash(new).await?;
        let (db, id, at) = (self.db.clone(), user_id.clone(), self.clock.now());
        let user = blocking(move || {
            db.write(move |conn| -> Result<Option<users::User>, Error> {
                // The links first: their rows are locked before the accounts' (as `unlink`
                // from chat does), so the two cannot wait on each other.
                if !keep_apps {
                    end_apps_and_links(conn, &id, at)?;
                }
                Ok(users::set_password(conn, &id, &hash)?)
            })?
            .ok_or(Error::Account(AccountError::UnknownUser))
        })
        .await?;
        self.ended(&user.id);
        self.open(user)
    }

    /// End the session `claims` belongs to. A token from before sessions had ids ends
    /// with every other session of its account.
    pub async fn sign_out(&self, claims: &Claims) -> Result<(), Error> {
        if claims.jti.is_empty() {
            return self
                .sign_out_everywhere(&UserId::from(claims.sub.as_str()))
                .await;
        }
        let (db, jti, user) = (
            self.db.clone(),
            claims.jti.clone(),
            UserId::from(claims.sub.as_str()),
        );
        let expires = chrono::DateTime::from_timestamp(claims.exp.min(i64::MAX as u64) as i64, 0)
            .map_or_else(|| self.clock.now(), |t| t.naive_utc());
        blocking(move || Ok(db.write(move |conn| users::end_session(conn, &jti, &user, expires))?))
            .await?;
        self.ended(&claims.sub);
        Ok(())
    }

    /// End every session of `user_id`, every app token it let in and every chat identity
    /// linked to it, in one write.
    pub async fn sign_out_everywhere(&self, user_id: &UserId) -> Result<(), Error> {
        let (db, id, at) = (self.db.clone(), user_id.clone(), self.clock.now());
        let found = blocking(move || {
            db.write(move |conn| -> Result<bool, Error> {
                // The links first, as in a password change.
                end_apps_and_links(conn, &id, at)?;
                Ok(users::end_all_sessions(conn, &id)?)
            })
        })
        .await?;
        self.ended(user_id);
        if found {
            Ok(())
        } else {
            Err(Error::Account(AccountError::UnknownUser))
        }
    }

    /// A session of `user`'s ended (or every one did) on this instance: forget what was
    /// remembered of them, and make their open streams check their tokens at once.
    pub(super) fn ended(&self, user: &str) {
        self.checks.forget(user);
        self.live.recheck_user(user);
    }

    /// Whether the session `claims` (already verified: signature, expiry, issuer, audience)
    /// is still open: its account exists at the same token version and it was not ended.
    pub async fn check(&self, claims: &Claims) -> Result<(), Error> {
        let key = session_key(claims);
        if let Some(open) = self.checks.recall(&key) {
            return if open {
                Ok(())
            } else {
                Err(Error::Account(AccountError::SessionEnded))
            };
        }
        self.check_now(claims).await
    }

    /// [`Accounts::check`] against the database even when this instance remembers a check
    /// (a live stream told its session may have ended elsewhere), remembering what it finds.
    pub async fn check_now(&self, claims: &Claims) -> Result<(), Error> {
        let key = session_key(claims);
        let (db, user, jti) = (
            self.db.clone(),
            UserId::from(claims.sub.as_str()),
            claims.jti.clone(),
        );
        let state = blocking(move || {
            let mut conn = db.conn()?;
            Ok(users::session_state(&mut conn, &user, &jti)?)
        })
        .await?;
        let Some((version, ended)) = state else {
            return Err(Error::Account(AccountError::UnknownUser));
        };
        let open = version == claims.ver && !ended;
        self.checks.remember(key, &claims.sub, open);
        if open {
            Ok(())
        } else {
            Err(Error::Account(AccountError::SessionEnded))
        }
    }
}

/// Inside the caller's write, after [`users::lock_grants`]: refused with
/// [`AccountError::SessionEnded`] when `user_id`'s sessions of `version` have ended since
/// (a password change or sign out everywhere committed meanwhile); otherwise the account.
pub(super) fn session_still_open(
    conn: &mut store::DbConn,
    user_id: &UserId,
    version: i32,
) -> Result<users::User, Error> {
    let user = users::by_id(conn, user_id)?.ok_or(Error::Account(AccountError::UnknownUser))?;
    if user.token_version == version {
        Ok(user)
    } else {
        Err(Error::Account(AccountError::SessionEnded))
    }
}

/// Inside the caller's write: end every chat identity linked to `user_id`, revoke every app
/// token of it, and forget its unused app approvals and chat link codes (so none made before
/// can be traded after): the owner's remedies for a stolen session end what it could let in.
fn end_apps_and_links(
    conn: &mut store::DbConn,
    user_id: &UserId,
    at: chrono::NaiveDateTime,
) -> Result<(), Error> {
    use crate::store::codes;
    // First: a code traded or a link confirmed at the same moment lands wholly before this
    // (and is ended here) or wholly after (and finds its code gone).
    users::lock_grants(conn, user_id)?;
    crate::store::chat::end_links(conn, user_id, at)?;
    crate::store::tokens::revoke_apps(conn, user_id, at)?;
    codes::forget_unused(conn, user_id, codes::OAUTH)?;
    codes::forget_unused(conn, user_id, codes::CHAT_LINK)?;
    Ok(())
}

/// Which of the open streams' credentials no longer hold now:
/// a session expired, ended, or of an account gone or at another token version; an access
/// token expired, revoked or gone. A few statements for all of them, however many streams
/// share each (`crate::jobs::streams` asks every few seconds).
pub fn lapsed(
    db: &Db,
    credentials: &[Credential],
    now: chrono::NaiveDateTime,
) -> Result<HashSet<Credential>, Error> {
    const CHUNK: usize = 500;
    let secs = u64::try_from(now.and_utc().timestamp()).unwrap_or(0);
    let mut lapsed = HashSet::new();
    let mut sessions = Vec::new();
    let mut tokens = Vec::new();
    for c in credentials {
        match c {
            Credential::Session { expires, .. } if *expires <= secs => {
                lapsed.insert(c.clone());
            }
            Credential::Session { .. } => sessions.push(c),
            Credential::Token { .. } => tokens.push(c),
            Credential::None => {}
        }
    }
    let mut conn = db.conn()?;
    for chunk in sessions.chunks(CHUNK) {
        let (mut users, mut jtis) = (Vec::new(), Vec::new());
        for c in chunk {
            if let Credential::Session { user, jti, .. } = c {
                users.push(user.clone());
                if !jti.is_empty() {
                    jtis.push(jti.clone());
                }
            }
        }
        let versions: HashMap<String, i32> = users::token_versions(&mut conn, &users)?
            .into_iter()
            .collect();
        let ended: HashSet<String> = users::ended_among(&mut conn, &jtis)?.into_iter().collect();
        for c in chunk {
            if let Credential::Session {
                user, jti, version, ..
            } = c
            {
                if versions.get(user) != Some(version) || ended.contains(jti) {
                    lapsed.insert((*c).clone());
                }
            }
        }
    }
    for chunk in tokens.chunks(CHUNK) {
        let ids: Vec<String> = chunk
            .iter()
            .filter_map(|c| match c {
                Credential::Token { id, .. } => Some(id.clone()),
                _ => None,
            })
            .collect();
        let rows: HashMap<String, crate::store::tokens::AccessToken> =
            crate::store::tokens::by_ids(&mut conn, &ids)?
                .into_iter()
                .map(|r| (r.id.clone(), r))
                .collect();
        for c in chunk {
            if let Credential::Token { id, hash } = c {
                let good = rows
                    .get(id)
                    .is_some_and(|r| r.secret_hash == *hash && r.active(now));
                if !good {
                    lapsed.insert((*c).clone());
                }
            }
        }
    }
    Ok(lapsed)
}

fn session_key(claims: &Claims) -> String {
    if claims.jti.is_empty() {
        format!("{}#{}", claims.sub, claims.ver)
    } else {
        claims.jti.clone()
    }
}

/// Session checks this instance remembers for a moment, so a busy client costs one lookup
/// a second, not one a request. Bounded: when full, the stale ones go, then all.
pub struct SessionChecks {
    ttl: Duration,
    cap: usize,
    seen: Mutex<HashMap<String, Seen>>,
    /// The server's clock, which says how old a check is.
    clock: super::clock::Clock,
}

struct Seen {
    user: String,
    open: bool,
    at: chrono::NaiveDateTime,
}

impl SessionChecks {
    pub fn new(ttl: Duration, cap: usize, clock: super::clock::Clock) -> SessionChecks {
        SessionChecks {
            ttl,
            cap: cap.max(1),
            seen: Mutex::new(HashMap::new()),
            clock,
        }
    }

    /// Whether a check made `at` is still fresh.
    fn fresh(&self, at: chrono::NaiveDateTime) -> bool {
        (self.clock.now() - at)
            .to_std()
            .is_ok_and(|age| age < self.ttl)
    }

    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    fn recall(&self, key: &str) -> Option<bool> {
        let seen = self.seen.lock().ok()?;
        seen.get(key).filter(|s| self.fresh(s.at)).map(|s| s.open)
    }

    fn remember(&self, key: String, user: &str, open: bool) {
        if self.ttl.is_zero() {
            return;
        }
        let Ok(mut seen) = self.seen.lock() else {
            return;
        };
        if seen.len() >= self.cap {
            seen.retain(|_, s| self.fresh(s.at));
            if seen.len() >= self.cap {
                seen.clear();
            }
        }
        seen.insert(
            key,
            Seen {
                user: user.to_string(),
                open,
                at: self.clock.now(),
            },
        );
    }

    /// Forget what was seen of `user`'s sessions (after one of them ended).
    pub fn forget(&self, user: &str) {
        if let Ok(mut seen) = self.seen.lock() {
            seen.retain(|_, s| s.user != user);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_checks_are_remembered_briefly_and_stay_bounded() {
        let checks = SessionChecks::new(Duration::from_secs(60), 3, Default::default());
        checks.remember("a".into(), "u1", true);
        checks.remember("b".into(), "u1", false);
        checks.remember("c".into(), "u2", true);
        assert_eq!(checks.recall("a"), Some(true));
        assert_eq!(checks.recall("b"), Some(false));
        checks.remember("d".into(), "u2", true);
        assert!(checks.seen.lock().unwrap().len() <= 3);
        checks.forget("u2");
        assert_eq!(checks.recall("d"), None);
        let none = SessionChecks::new(Duration::ZERO, 3, Default::default());
        none.remember("a".into(), "u1", true);
        assert_eq!(none.recall("a"), None);
    }
}
