//! The bearer-token extractor: who is calling, and what the token allows.
//!
//! Two kinds of bearer token: session tokens (JWT, from register, login or guest) allow
//! everything; personal access tokens (`spider_pat_…`, made by a signed-in user) allow only
//! their scopes, and are checked against the database on every request, so a revoked token
//! stops working at once.

use crate::domain::UserId;
use crate::t;
use std::future::{ready, Future};
use std::pin::Pin;

type LocalBoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + 'a>>;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest};

use super::error::ApiError;
use super::{blocking, AppState};
use crate::play::live::Credential;

/// What a personal access token may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Scope {
    /// Read your games, boards, hints, events and records.
    GamesRead,
    /// Create and play games (includes `games:read`).
    GamesWrite,
}

impl Scope {
    pub const ALL: [Scope; 2] = [Scope::GamesRead, Scope::GamesWrite];

    pub fn name(self) -> &'static str {
        match self {
            Scope::GamesRead => "games:read",
            Scope::GamesWrite => "games:write",
        }
    }
}

impl std::str::FromStr for Scope {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Scope::ALL.into_iter().find(|x| x.name() == s).ok_or(())
    }
}

/// The signed-in caller.
#[derive(Clone, Debug)]
pub struct Caller {
    pub user_id: UserId,
    /// `None` for a session token (everything allowed); a personal access token's scopes.
    pub scopes: Option<Vec<Scope>>,
    /// A session token's claims (which session, at which token version).
    pub session: Option<Claims>,
}

impl Caller {
    /// Refuse a personal access token without `scope` (`games:write` includes `games:read`).
    pub fn require(&self, scope: Scope) -> Result<(), ApiError> {
        let Some(scopes) = &self.scopes else {
            return Ok(());
        };
        let allowed = scopes.contains(&scope)
            || (scope == Scope::GamesRead && scopes.contains(&Scope::GamesWrite));
        if allowed {
            Ok(())
        } else {
            Err(ApiError::forbidden(
                "insufficient_scope",
                t!("insufficient-scope", scope = scope.name()),
            ))
        }
    }

    /// Refuse personal access tokens: managing the account needs a session token.
    pub fn require_session(&self) -> Result<(), ApiError> {
        if self.scopes.is_none() {
            Ok(())
        } else {
            Err(ApiError::forbidden(
                "session_required",
                t!("session-required"),
            ))
        }
    }
}

pub use crate::play::identity::{pat_parts, secret_hash, Claims, PAT_PREFIX};

/// The bearer token of a request, if it carries one.
pub fn bearer_token(req: &HttpRequest) -> Option<&str> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

fn missing() -> ApiError {
    ApiError::unauthorized("unauthorized", t!("bearer-token-missing"))
}

/// A session token: its signature, expiry, issuer and audience, then whether the session is
/// still open (not signed out, its account at the same token version); `now`: looked up even
/// if this instance remembers a check from the last second.
async fn verify_session(state: &AppState, token: &str, now: bool) -> Result<Caller, ApiError> {
    let accounts = &state.accounts;
    let claims = accounts.session_claims(token)?;
    if now {
        accounts.check_now(&claims).await?;
    } else {
        accounts.check(&claims).await?;
    }
    Ok(Caller {
        user_id: claims.sub.clone().into(),
        scopes: None,
        session: Some(claims),
    })
}

/// [`verify`], but a session is looked up even if this instance remembers a recent check: for
/// a live stream told that its token may have stopped working through another instance.
pub async fn verify_now(state: &AppState, token: &str) -> Result<Caller, ApiError> {
    if token.starts_with(PAT_PREFIX) {
        verify(state, token).await
    } else {
        verify_session(state, token, true).await
    }
}

/// What of a token (already verified) a check of every open stream's at once needs.
pub fn credential(state: &AppState, token: &str) -> Result<Credential, ApiError> {
    Ok(state.accounts.credential(token)?)
}

/// What can be checked of a token without the database: a session token's signature and
/// expiry (an access token's row is checked by the streams job, `crate::jobs::streams`).
pub fn verify_in_memory(state: &AppState, token: &str) -> Result<(), ApiError> {
    if token.starts_with(PAT_PREFIX) {
        Ok(())
    } else {
        state.accounts.session_claims(token).map(|_| ())?;
        Ok(())
    }
}

/// The caller a personal access token speaks for, and whether its use is to be noted (its
/// `last_used_at` more than an hour old). An expired token's requests still count against
/// its owner's rate before it is refused.
fn verify_pat(state: &AppState, token: &str) -> Result<(Caller, Option<String>), ApiError> {
    let holder = state.accounts.access_token(token)?;
    state
        .limits
        .known_tokens
        .saw(&holder.id, &holder.secret_hash, &holder.user_id);
    let holder = holder.usable()?;
    let scopes = holder
        .scopes
        .iter()
        .filter_map(|s| s.parse().ok())
        .collect();
    let caller = Caller {
        user_id: holder.user_id,
        scopes: Some(scopes),
        session: None,
    };
    Ok((caller, holder.stale.then_some(holder.id)))
}

/// Keep a token's `last_used_at` to the hour: when it is older, a write in the background,
/// never in the request's way (the request itself reads only).
fn note_use(state: &AppState, id: String) {
    let accounts = state.accounts.clone();
    actix_web::rt::spawn(async move {
        let written = blocking(move || Ok(accounts.note_token_use(id)?)).await;
        if let Err(e) = written {
            tracing::warn!(error = ?e, "noting an access token's use");
        }
    });
}

fn authenticate(req: &HttpRequest) -> LocalBoxFuture<'static, Result<Caller, ApiError>> {
    let Some(state) = req.app_data::<web::Data<AppState>>().cloned() else {
        return Box::pin(ready(Err(ApiError::internal("app state", "missing"))));
    };
    let Some(token) = bearer_token(req).map(str::to_string) else {
        return Box::pin(ready(Err(missing())));
    };
    Box::pin(async move { verify(&state, &token).await })
}

/// Who a bearer token speaks for, checked now: a personal access token against its row, a
/// session token against its session. Streams call this again when an ending of their
/// session or token is heard (`sse`), so a token revoked or signed out stops them at once.
pub async fn verify(state: &AppState, token: &str) -> Result<Caller, ApiError> {
    if token.starts_with(PAT_PREFIX) {
        let (s, token) = (state.clone(), token.to_string());
        let (caller, stale) = blocking(move || verify_pat(&s, &token)).await?;
        if let Some(id) = stale {
            note_use(state, id);
        }
        Ok(caller)
    } else {
        verify_session(state, token, false).await
    }
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Caller, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        authenticate(req)
    }
}

/// The caller if a valid token is present; anonymous otherwise (for public reads).
#[derive(Clone, Debug)]
pub struct MaybeCaller(pub Option<Caller>);

impl FromRequest for MaybeCaller {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<MaybeCaller, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        // A token that is present but bad is an error: silently ignoring it would hide bugs.
        if bearer_token(req).is_none() {
            return Box::pin(ready(Ok(MaybeCaller(None))));
        }
        let caller = authenticate(req);
        Box::pin(async move { caller.await.map(|c| MaybeCaller(Some(c))) })
    }
}
