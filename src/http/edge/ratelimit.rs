//! Rate limits per bearer token and per client address (governor's GCRA), answering 429
//! problem+json with `Retry-After`.

use crate::i18n::Text;
use crate::t;
use std::num::NonZeroU32;
use std::sync::Arc;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{header, StatusCode};
use actix_web::middleware::Next;
use actix_web::web;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::ApiError;
use crate::identity::bearer_token;
use crate::AppState;

#[derive(Clone)]
pub struct Limiter {
    /// Per account, or per address for a caller without one.
    limiter: Arc<DefaultKeyedRateLimiter<String>>,
    /// Per address for every caller: [`ADDRESS_RATE_FACTOR`] times the rate and burst.
    ceiling: Arc<DefaultKeyedRateLimiter<String>>,
}

impl Limiter {
    /// `None` when `per_second` is 0 (limits off).
    pub fn new(per_second: u32, burst: u32) -> Option<Limiter> {
        let rate = NonZeroU32::new(per_second)?;
        let burst = NonZeroU32::new(burst.max(per_second)).unwrap_or(rate);
        let times = |n: NonZeroU32| {
            n.saturating_mul(NonZeroU32::MIN.saturating_add(ADDRESS_RATE_FACTOR - 1))
        };
        Some(Limiter {
            limiter: Arc::new(RateLimiter::keyed(
                Quota::per_second(rate).allow_burst(burst),
            )),
            ceiling: Arc::new(RateLimiter::keyed(
                Quota::per_second(times(rate)).allow_burst(times(burst)),
            )),
        })
    }

    /// Forget idle keys so memory stays bounded.
    pub fn prune(&self) {
        for l in [&self.limiter, &self.ceiling] {
            l.retain_recent();
            l.shrink_to_fit();
        }
    }
}

/// The client's address: the peer's, or, when the server is told it stands behind a proxy
/// (`CLIENT_IP_HEADER`), the last address in that header (the one the proxy added; earlier
/// ones are the client's own say). Without that setting the header is ignored, so a client
/// cannot pick its address.
pub fn client_address(
    req: &actix_web::HttpRequest,
    trusted: Option<&header::HeaderName>,
) -> String {
    let forwarded = trusted.and_then(|name| {
        let value = req.headers().get_all(name).last()?.to_str().ok()?;
        let last = value.rsplit(',').next()?.trim();
        (!last.is_empty()).then(|| last.to_string())
    });
    forwarded.unwrap_or_else(|| {
        req.peer_addr()
            .map(|a| a.ip().to_string())
            .unwrap_or_default()
    })
}

/// The address a limit counts a client under: an IPv4 address whole, an IPv6 address by its
/// /64 block (one customer's network, whose 2^64 addresses are free to pick from), an
/// IPv4-mapped IPv6 address as the IPv4 address it is. Anything else (no address) as it is.
pub fn address_block(address: &str) -> String {
    match address.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
        Ok(ip) => ip.to_string(),
        Err(_) => address.to_string(),
    }
}

/// [`client_address`] as the limits count it: its [`address_block`].
pub fn client_block(req: &actix_web::HttpRequest, trusted: Option<&header::HeaderName>) -> String {
    address_block(&client_address(req, trusted))
}

/// How many callers' worth of requests one client address may send in all, whatever the
/// accounts it signs in with: each account has its own bucket, and every request from an
/// address also draws from the address's ceiling, `ADDRESS_RATE_FACTOR` times as large (free
/// accounts do not multiply the rate).
pub const ADDRESS_RATE_FACTOR: u32 = 10;

/// The bucket a request draws from: its account for a session token that verifies and whose
/// session is still open, and for an access token this instance has seen verify (one bucket
/// per account, however many tokens and sessions it has: fifty tokens do not buy fifty times
/// the rate), else its client address (so made-up tokens cannot buy fresh allowances, and an
/// ended or stolen session cannot spend its owner's).
async fn key(req: &ServiceRequest) -> String {
    let Some(state) = req.app_data::<web::Data<AppState>>() else {
        return format!("addr:{}", client_block(req.request(), None));
    };
    let token = bearer_token(req.request());
    let known = match token {
        Some(token) if token.starts_with(crate::identity::PAT_PREFIX) => {
            state.limits.known_tokens.bucket(token)
        }
        Some(token) => match state.accounts.tokens.verify(token) {
            // The check is remembered for a second, so the request's own check that follows
            // costs nothing more.
            Ok(claims) => match state.accounts.check(&claims).await {
                Ok(()) => Some(format!("user:{}", claims.sub)),
                Err(_) => None,
            },
            Err(_) => None,
        },
        None => None,
    };
    known.unwrap_or_else(|| {
        format!(
            "addr:{}",
            client_block(req.request(), state.serving.client_ip_header.as_ref())
        )
    })
}

/// The refusal of a request over a rate limit.
fn rate_limited(not_until: &governor::NotUntil<governor::clock::QuantaInstant>) -> ApiError {
    let seconds = seconds_until(not_until);
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limited",
        "title-too-many-requests",
        t!("rate-limited", seconds = seconds),
    )
    .with_header(header::RETRY_AFTER, seconds.to_string())
}

/// Personal access tokens this instance has seen verify: their id, secret hash and account,
/// so the rate limit can count a token in its account's bucket without a database read, and
/// a made-up token still counts against its address. Bounded: when full, it starts again
/// empty.
pub struct KnownTokens {
    cap: usize,
    /// Token id: its secret hash and its account.
    seen: std::sync::Mutex<std::collections::HashMap<String, (String, String)>>,
}

impl KnownTokens {
    pub fn new(cap: usize) -> KnownTokens {
        KnownTokens {
            cap: cap.max(1),
            seen: Default::default(),
        }
    }

    /// Remember that `id` verified with secret hash `hash`, for the account `user_id`.
    pub fn saw(&self, id: &str, hash: &str, user_id: &str) {
        if let Ok(mut seen) = self.seen.lock() {
            if seen.len() >= self.cap && !seen.contains_key(id) {
                seen.clear();
            }
            seen.insert(id.to_string(), (hash.to_string(), user_id.to_string()));
        }
    }

    /// The bucket of an access token seen before (its secret matching): its account's, the
    /// one its sessions draw from too.
    fn bucket(&self, token: &str) -> Option<String> {
        let (id, secret) = crate::identity::pat_parts(token)?;
        let seen = self.seen.lock().ok()?;
        let (hash, user) = seen.get(id)?;
        (*hash == crate::identity::secret_hash(secret)).then(|| format!("user:{user}"))
    }
}

/// Whole seconds (at least one) until a refused request would be allowed: its Retry-After.
fn seconds_until(not_until: &governor::NotUntil<governor::clock::QuantaInstant>) -> u64 {
    let wait = not_until.wait_time_from(DefaultClock::default().now());
    (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
}

/// Where the chat platforms' endpoints live.
pub const INTEGRATIONS: &str = "/v1/integrations/";

pub async fn limit(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let limiter = req
        .app_data::<web::Data<Option<Limiter>>>()
        .and_then(|l| l.as_ref().as_ref().cloned());
    // Chat platforms call from a few shared addresses for every member: their requests are
    // limited per chat identity and workspace once their signature checks out.
    let platform = req.path().starts_with(INTEGRATIONS);
    if let (Some(limiter), false) = (limiter, platform) {
        let key = key(&req).await;
        let mut checked = limiter.limiter.check_key(&key);
        // A caller counted by its account also counts toward its address's ceiling (one
        // counted by its address already drew from the address's own, smaller bucket).
        if checked.is_ok() && key.starts_with("user:") {
            let trusted = req
                .app_data::<web::Data<AppState>>()
                .and_then(|s| s.serving.client_ip_header.clone());
            let address = client_block(req.request(), trusted.as_ref());
            checked = limiter.ceiling.check_key(&format!("addr:{address}"));
        }
        if let Err(not_until) = checked {
            let error = rate_limited(&not_until);
            return Ok(req
                .into_response(actix_web::HttpResponse::from_error(error))
                .map_into_right_body());
        }
    }
    Ok(next.call(req).await?.map_into_left_body())
}

/// Password guesses at one account, one budget for every way to make one (sign-in, a password
/// change, a new access token): per account and client address at `LOGIN_ATTEMPTS_PER_MINUTE`,
/// and per account from all addresses at ten times that. A stranger who guesses from one
/// address exhausts only their own share, so they cannot keep the owner's sign-in locked; a
/// guess spread over many addresses is still slowed by the account's whole budget.
#[derive(Clone)]
pub struct PasswordGuesses {
    per_address: LoginLimiter,
    per_account: LoginLimiter,
}

/// How many times the per-address budget one account takes from all addresses at once.
pub const ACCOUNT_BUDGET_FACTOR: u32 = 10;

impl PasswordGuesses {
    /// `None` when `per_minute` is 0 (no limit).
    pub fn new(per_minute: u32) -> Option<PasswordGuesses> {
        Some(PasswordGuesses {
            per_address: LoginLimiter::new(per_minute)?,
            per_account: LoginLimiter::new(per_minute.saturating_mul(ACCOUNT_BUDGET_FACTOR))?,
        })
    }

    /// Count a guess at `account` (its username, or `user:{id}` for an account without one;
    /// case does not matter) from `address`; the refusal when there were too many.
    pub fn guess(&self, account: &str, address: &str) -> Result<(), ApiError> {
        let account = account.to_lowercase();
        self.per_address.count(
            &format!("{address}|{account}"),
            t!("attempts-password-address"),
        )?;
        self.per_account.count(&account, t!("attempts-password"))
    }

    /// Forget idle accounts and addresses so memory stays bounded.
    pub fn prune(&self) {
        self.per_address.prune();
        self.per_account.prune();
    }
}

/// A budget of attempts per key and minute (new guest accounts per address; the parts of
/// [`PasswordGuesses`]).
#[derive(Clone)]
pub struct LoginLimiter {
    limiter: Arc<DefaultKeyedRateLimiter<String>>,
    /// How long an empty budget takes to fill again.
    period: std::time::Duration,
}

impl LoginLimiter {
    /// `None` when `per_minute` is 0 (no limit).
    pub fn new(per_minute: u32) -> Option<LoginLimiter> {
        let rate = NonZeroU32::new(per_minute)?;
        Some(LoginLimiter {
            limiter: Arc::new(RateLimiter::keyed(
                Quota::per_minute(rate).allow_burst(rate),
            )),
            period: std::time::Duration::from_secs(60),
        })
    }

    /// At most `burst` per key in any `period`, one more each `period / burst`; `None` when
    /// `burst` is 0.
    pub fn per_period(burst: u32, period: std::time::Duration) -> Option<LoginLimiter> {
        let burst = NonZeroU32::new(burst)?;
        let quota = Quota::with_period(period / burst.get())?.allow_burst(burst);
        Some(LoginLimiter {
            limiter: Arc::new(RateLimiter::keyed(quota)),
            period,
        })
    }

    /// Count one more of `what` under `key`; the refusal when there were too many.
    pub fn count(&self, key: &str, what: Text) -> Result<(), ApiError> {
        self.limiter
            .check_key(&key.to_lowercase())
            .map_err(|not_until| {
                let seconds = seconds_until(&not_until);
                ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "too_many_attempts",
                    "title-too-many-attempts",
                    t!("too-many-attempts", what = what.clone(), seconds = seconds),
                )
                .with_header(header::RETRY_AFTER, seconds.to_string())
            })
    }

    /// Count `n` more of `what` under `key` at once (imported actions); the refusal when they
    /// would go past the budget. More than the whole budget is refused with the wait until
    /// the budget is whole again: it can never pass, but a smaller one can then.
    pub fn count_n(&self, key: &str, n: u32, what: Text) -> Result<(), ApiError> {
        let Some(n) = NonZeroU32::new(n) else {
            return Ok(());
        };
        let wait = match self.limiter.check_key_n(&key.to_lowercase(), n) {
            Ok(Ok(())) => return Ok(()),
            Ok(Err(not_until)) => seconds_until(&not_until),
            Err(_) => self.period_seconds(),
        };
        Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_attempts",
            "title-too-many-attempts",
            t!("too-many-attempts", what = what, seconds = wait),
        )
        .with_header(header::RETRY_AFTER, wait.to_string()))
    }

    /// Whole seconds for an empty budget to fill again.
    fn period_seconds(&self) -> u64 {
        self.period.as_secs().max(1)
    }

    /// Forget idle usernames so memory stays bounded.
    pub fn prune(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }
}

const HOUR: std::time::Duration = std::time::Duration::from_secs(3600);

/// Every in-memory limit of this instance, built once (`crate::app`) from the config.
#[derive(Clone)]
pub struct Limits {
    /// Requests per client a second (the `/v1` middleware), if limited.
    pub requests: Option<Limiter>,
    /// Sign-in attempts per username, if limited.
    pub passwords: Option<PasswordGuesses>,
    /// New guest accounts per client address block, if limited.
    pub guests: Option<LoginLimiter>,
    /// New registered accounts per client address block an hour, if limited.
    pub registrations: Option<LoginLimiter>,
    /// Imported actions per client address block an hour, if limited.
    pub imports: Option<LoginLimiter>,
    /// Games on proven winnable deals per client address block an hour, if limited.
    pub winnable: Option<LoginLimiter>,
    /// New race rooms per client address block an hour, if limited.
    pub races: Option<LoginLimiter>,
    /// New arenas per client address per hour, all its accounts together.
    pub arenas: Option<LoginLimiter>,
    /// App approvals per account and code trades per address (a minute each).
    pub apps: Option<LoginLimiter>,
    /// Bulk exports per client address a minute.
    pub bulk: Option<LoginLimiter>,
    /// Access tokens seen to verify (for rate-limit buckets).
    pub known_tokens: std::sync::Arc<KnownTokens>,
}

impl Limits {
    pub fn new(limits: &crate::config::Limits) -> Limits {
        Limits {
            requests: Limiter::new(limits.rate_limit_per_second, limits.rate_limit_burst),
            passwords: PasswordGuesses::new(limits.login_attempts_per_minute),
            guests: LoginLimiter::new(limits.guests_per_minute),
            registrations: LoginLimiter::per_period(limits.registrations_per_hour, HOUR),
            imports: LoginLimiter::per_period(limits.import_actions_per_address_per_hour, HOUR),
            winnable: LoginLimiter::per_period(limits.winnable_per_address_per_hour, HOUR),
            races: LoginLimiter::per_period(limits.races_per_address_per_hour, HOUR),
            arenas: LoginLimiter::per_period(limits.arenas_per_address_per_hour, HOUR),
            apps: LoginLimiter::new(limits.app_grants_per_minute),
            bulk: LoginLimiter::new(limits.bulk_exports_per_minute),
            known_tokens: std::sync::Arc::new(KnownTokens::new(100_000)),
        }
    }

    /// Forget what is older than each limit's window.
    pub fn prune(&self) {
        if let Some(l) = &self.requests {
            l.prune();
        }
        if let Some(l) = &self.passwords {
            l.prune();
        }
        let all = [
            &self.guests,
            &self.registrations,
            &self.imports,
            &self.winnable,
            &self.races,
            &self.arenas,
            &self.apps,
            &self.bulk,
        ];
        for l in all.into_iter().flatten() {
            l.prune();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::address_block;

    #[test]
    fn limits_count_an_ipv6_address_by_its_64_block_and_ipv4_whole() {
        assert_eq!(address_block("192.0.2.7"), "192.0.2.7");
        assert_eq!(address_block("2001:db8:1:2::1"), "2001:db8:1:2::/64");
        assert_eq!(
            address_block("2001:0db8:0001:0002:ffff:1:2:3"),
            "2001:db8:1:2::/64"
        );
        assert_ne!(
            address_block("2001:db8:1:3::1"),
            address_block("2001:db8:1:2::1")
        );
        assert_eq!(address_block("::ffff:192.0.2.7"), "192.0.2.7");
        assert_eq!(address_block(""), "");
    }
}
