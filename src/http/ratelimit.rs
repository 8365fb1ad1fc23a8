//! Rate limits per bearer token and per client address (governor's GCRA), answering 429
//! problem+json with `Retry-After`.

use std::num::NonZeroU32;
use std::sync::Arc;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{header, StatusCode};
use actix_web::middleware::Next;
use actix_web::{web, ResponseError};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use super::error::ApiError;
use super::identity::bearer_token;
use super::AppState;

#[derive(Clone)]
pub struct Limiter {
    limiter: Arc<DefaultKeyedRateLimiter<String>>,
}

impl Limiter {
    /// `None` when `per_second` is 0 (limits off).
    pub fn new(per_second: u32, burst: u32) -> Option<Limiter> {
        let rate = NonZeroU32::new(per_second)?;
        let burst = NonZeroU32::new(burst.max(per_second)).unwrap_or(rate);
        Some(Limiter {
            limiter: Arc::new(RateLimiter::keyed(
                Quota::per_second(rate).allow_burst(burst),
            )),
        })
    }

    /// Forget idle keys so memory stays bounded.
    pub fn prune(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }
}

/// The bucket a request draws from: its account when the bearer token verifies, else its
/// client address (so made-up tokens cannot buy fresh allowances).
fn key(req: &ServiceRequest) -> String {
    let verified = req
        .app_data::<web::Data<AppState>>()
        .and_then(|state| bearer_token(req.request()).and_then(|t| state.tokens.verify(t).ok()));
    match verified {
        Some(claims) => format!("user:{}", claims.sub),
        None => format!(
            "addr:{}",
            req.peer_addr()
                .map(|a| a.ip().to_string())
                .unwrap_or_default()
        ),
    }
}

/// Whole seconds (at least one) until a refused request would be allowed: its Retry-After.
fn seconds_until(not_until: &governor::NotUntil<governor::clock::QuantaInstant>) -> u64 {
    let wait = not_until.wait_time_from(DefaultClock::default().now());
    (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
}

pub async fn limit(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let limiter = req
        .app_data::<web::Data<Option<Limiter>>>()
        .and_then(|l| l.as_ref().as_ref().cloned());
    if let Some(limiter) = limiter {
        if let Err(not_until) = limiter.limiter.check_key(&key(&req)) {
            let seconds = seconds_until(&not_until);
            let error = ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                "Too many requests",
                format!("Too many requests: slow down and retry in {seconds} second(s)."),
            )
            .with_header(header::RETRY_AFTER, seconds.to_string());
            return Ok(req
                .into_response(error.error_response())
                .map_into_right_body());
        }
    }
    Ok(next.call(req).await?.map_into_left_body())
}

/// Sign-in attempts per username, whatever address they come from: guessing one account's
/// password from many addresses is slowed down too.
#[derive(Clone)]
pub struct LoginLimiter {
    limiter: Arc<DefaultKeyedRateLimiter<String>>,
}

impl LoginLimiter {
    /// `None` when `per_minute` is 0 (no limit).
    pub fn new(per_minute: u32) -> Option<LoginLimiter> {
        let rate = NonZeroU32::new(per_minute)?;
        Some(LoginLimiter {
            limiter: Arc::new(RateLimiter::keyed(
                Quota::per_minute(rate).allow_burst(rate),
            )),
        })
    }

    /// Count an attempt at `username`; the refusal when there were too many.
    pub fn attempt(&self, username: &str) -> Result<(), ApiError> {
        self.limiter
            .check_key(&username.to_lowercase())
            .map_err(|not_until| {
                let seconds = seconds_until(&not_until);
                ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "too_many_attempts",
                    "Too many attempts",
                    format!(
                        "Too many sign-in attempts for this username: try again in {seconds} \
                         second(s)."
                    ),
                )
                .with_header(header::RETRY_AFTER, seconds.to_string())
            })
    }

    /// Forget idle usernames so memory stays bounded.
    pub fn prune(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }
}
