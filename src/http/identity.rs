//! The bearer-token extractor: who is calling.

use std::future::{ready, Ready};

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest};

use super::error::ApiError;
use super::AppState;
use crate::auth::TokenError;

/// The signed-in caller, from `Authorization: Bearer <token>`.
#[derive(Clone, Debug)]
pub struct Caller {
    pub user_id: String,
}

/// The bearer token of a request, if it carries one.
pub fn bearer_token(req: &HttpRequest) -> Option<&str> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

fn authenticate(req: &HttpRequest) -> Result<Caller, ApiError> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| ApiError::internal("app state", "missing"))?;
    let Some(token) = bearer_token(req) else {
        return Err(ApiError::unauthorized(
            "unauthorized",
            "This operation needs a bearer token: send `Authorization: Bearer <token>` \
             (get one from /v1/auth/register, /v1/auth/login or /v1/auth/guest).",
        ));
    };
    match state.tokens.verify(token) {
        Ok(claims) => Ok(Caller {
            user_id: claims.sub,
        }),
        Err(TokenError::Expired) => Err(ApiError::unauthorized(
            "token_expired",
            "Your token has expired: log in again for a new one.",
        )),
        Err(TokenError::Invalid) => Err(ApiError::unauthorized(
            "invalid_token",
            "The bearer token is not valid (bad signature, issuer, audience or algorithm).",
        )),
    }
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Ready<Result<Caller, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(authenticate(req))
    }
}

/// The caller if a valid token is present; anonymous otherwise (for public reads).
#[derive(Clone, Debug)]
pub struct MaybeCaller(pub Option<Caller>);

impl FromRequest for MaybeCaller {
    type Error = ApiError;
    type Future = Ready<Result<MaybeCaller, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        // A token that is present but bad is an error: silently ignoring it would hide bugs.
        ready(match bearer_token(req) {
            None => Ok(MaybeCaller(None)),
            Some(_) => authenticate(req).map(|c| MaybeCaller(Some(c))),
        })
    }
}
