//! Limits per caller: request rates, per-token allowances, guests per address.

use super::*;

#[actix_rt::test]
async fn rate_limits_answer_429_with_retry_after() {
    let app = spawn_with(|c| {
        c.limits.rate_limit_per_second = 1;
        c.limits.rate_limit_burst = 3;
    })
    .await;
    let token = app.guest().await;
    let mut statuses = Vec::new();
    for _ in 0..6 {
        let r = app.get("/v1/me", &token).await;
        if r.status == 429 {
            r.problem(429, "rate_limited");
            assert!(r.header("retry-after").unwrap().parse::<u64>().unwrap() >= 1);
        }
        statuses.push(r.status);
    }
    assert!(statuses.contains(&429), "{statuses:?}");
    // Made-up tokens do not buy fresh allowances: they draw on the address's bucket.
    let mut fake = Vec::new();
    for i in 0..6 {
        fake.push(app.get("/v1/me", &format!("made-up-{i}")).await.status);
    }
    assert!(fake.contains(&429), "{fake:?}");
    // Health checks are not limited, and another token has its own allowance.
    assert_eq!(
        app.send("GET", "/healthz", None, &[], None).await.status,
        200
    );
}

#[actix_rt::test]
async fn access_tokens_share_their_accounts_allowance_and_guests_are_limited_per_address() {
    // Tokens made first, with limits off; then a second instance with limits on.
    let app = spawn_with(|c| c.limits.login_attempts_per_minute = 0).await;
    let (_, session) = app.register().await;
    let (_, other) = app.register().await;
    let make = |session: String, name: &'static str| {
        let app = &app;
        async move {
            let r = app
                .post(
                    "/v1/users/me/tokens",
                    &session,
                    json!({"name": name, "scopes": ["games:read"], "password": PASSWORD}),
                )
                .await;
            r.body["token"].as_str().unwrap().to_string()
        }
    };
    let a = make(session.clone(), "a").await;
    let b = make(session.clone(), "b").await;
    let c = make(other.clone(), "c").await;
    let mut config = app.config.clone();
    config.limits.rate_limit_per_second = 1;
    // Four: the address's bucket pays for each token's first request here (b, a, c) and one
    // request without a token.
    config.limits.rate_limit_burst = 4;
    config.limits.guests_per_minute = 3;
    let limited = start(config.clone(), None).await;

    let statuses = |token: String| {
        let limited = &limited;
        async move {
            let mut all = Vec::new();
            for _ in 0..6 {
                all.push(limited.get("/v1/me", &token).await.status);
            }
            all
        }
    };
    // Token b first verifies (with its own database check), then draws on the account's one
    // bucket with token a: fifty tokens do not buy fifty times the rate.
    limited.get("/v1/me", &b).await;
    assert!(statuses(a.clone()).await.contains(&429));
    assert_eq!(limited.get("/v1/me", &b).await.status, 429);
    assert_eq!(limited.get("/v1/me", &session).await.status, 429);
    // Another account's token, and the address itself, each still have their allowance.
    assert_eq!(limited.get("/v1/me", &c).await.status, 200);
    assert_eq!(
        limited
            .send("GET", "/v1/daily?suits=1", None, &[], None)
            .await
            .status,
        200
    );

    // Guests: three a minute from one address; a forwarded-for header is not believed...
    config.limits.rate_limit_per_second = 0;
    let guests = start(config.clone(), None).await;
    let guest = |forwarded: &'static str| {
        let guests = &guests;
        async move {
            guests
                .send(
                    "POST",
                    "/v1/auth/guest",
                    None,
                    &[("X-Forwarded-For", forwarded)],
                    None,
                )
                .await
        }
    };
    let mut made = Vec::new();
    for i in 0..4 {
        made.push(guest(["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"][i]).await);
    }
    assert!(made[..3].iter().all(|r| r.status == 201));
    made[3].problem(429, "too_many_attempts");
    assert!(made[3].header("retry-after").is_some());

    // ...unless the server is told it stands behind a proxy: then its last address counts.
    config.serving.client_ip_header = Some("X-Forwarded-For".into());
    let proxied = start(config, None).await;
    for _ in 0..3 {
        let r = proxied
            .send(
                "POST",
                "/v1/auth/guest",
                None,
                &[("X-Forwarded-For", "1.1.1.1, 10.0.0.1")],
                None,
            )
            .await;
        assert_eq!(r.status, 201, "{}", r.text);
    }
    proxied
        .send(
            "POST",
            "/v1/auth/guest",
            None,
            &[("X-Forwarded-For", "2.2.2.2, 10.0.0.1")],
            None,
        )
        .await
        .problem(429, "too_many_attempts");
    let r = proxied
        .send(
            "POST",
            "/v1/auth/guest",
            None,
            &[("X-Forwarded-For", "10.0.0.2")],
            None,
        )
        .await;
    assert_eq!(r.status, 201, "another client behind the proxy: {}", r.text);
    proxied.stop().await;
    guests.stop().await;
    limited.stop().await;
    app.stop().await;
}

/// A session ended by "sign out everywhere" (or stolen and ended) draws from its address's
/// bucket, not its account's: the owner's new session keeps its whole allowance.
#[actix_rt::test]
async fn an_ended_session_does_not_spend_its_accounts_allowance() {
    let app = spawn_with(|c| c.limits.login_attempts_per_minute = 0).await;
    let (name, old) = app.register().await;
    let mut config = app.config.clone();
    config.limits.rate_limit_per_second = 1;
    config.limits.rate_limit_burst = 3;
    let limited = start(config, None).await;
    let r = limited.post("/v1/auth/logout-all", &old, json!({})).await;
    assert_eq!(r.status, 204, "{}", r.text);
    let fresh = session_of(&app, &name).await;
    let mut ended = Vec::new();
    for _ in 0..6 {
        ended.push(limited.get("/v1/me", &old).await.status);
    }
    assert!(ended.contains(&401) && ended.contains(&429), "{ended:?}");
    for _ in 0..2 {
        let r = limited.get("/v1/me", &fresh).await;
        assert_eq!(r.status, 200, "the owner's new session: {}", r.text);
    }
    limited.stop().await;
    app.stop().await;
}

/// A registration from `forwarded` (the proxy's header).
async fn register_from(app: &TestApp, forwarded: &str) -> Resp {
    let username = format!("p-{}", &uuid::Uuid::new_v4().simple().to_string()[..12]);
    app.send(
        "POST",
        "/v1/auth/register",
        None,
        &[("X-Forwarded-For", forwarded)],
        Some(json!({"username": username, "password": PASSWORD})),
    )
    .await
}

/// Accounts cost nothing, so what one client address may do is bounded whatever the
/// accounts it uses: new accounts per address (an IPv6 /64 block counts as one address, as
/// for guests), requests per address (ten callers' worth), games on proven deals and race
/// rooms per address.
#[actix_rt::test]
async fn free_accounts_do_not_multiply_what_one_address_may_do() {
    // Registrations: three an hour per address; IPv6 addresses of one /64 share them.
    let app = spawn_with(|c| {
        c.limits.registrations_per_hour = 3;
        c.serving.client_ip_header = Some("X-Forwarded-For".into());
    })
    .await;
    for i in 1..=3 {
        let r = register_from(&app, &format!("2001:db8:1:2::{i}")).await;
        assert_eq!(r.status, 201, "{}", r.text);
    }
    let r = register_from(&app, "2001:db8:1:2:ffff::9").await;
    r.problem(429, "too_many_attempts");
    assert!(r.header("retry-after").is_some());
    assert!(
        r.body["detail"].as_str().unwrap().contains("new accounts"),
        "{}",
        r.text
    );
    // Another /64, and an IPv4 address, each have their own.
    assert_eq!(register_from(&app, "2001:db8:1:3::1").await.status, 201);
    assert_eq!(register_from(&app, "192.0.2.7").await.status, 201);
    // A guest made a registered account counts as a registration: the exhausted /64 cannot
    // get round its share by upgrading guests.
    let guest = app.guest().await;
    let upgrade = |from: &'static str, username: &'static str| {
        let (app, guest) = (&app, &guest);
        async move {
            app.send(
                "POST",
                "/v1/users/me/upgrade",
                Some(guest),
                &[("X-Forwarded-For", from)],
                Some(json!({"username": username, "password": "correct horse battery"})),
            )
            .await
        }
    };
    upgrade("2001:db8:1:2::77", "upgraded-guest")
        .await
        .problem(429, "too_many_attempts");
    let r = upgrade("2001:db8:1:4::1", "upgraded-guest").await;
    assert_eq!(r.status, 200, "{}", r.text);
    // Guests count by the /64 too.
    let mut config = app.config.clone();
    config.limits.guests_per_minute = 1;
    let guests = start(config, None).await;
    let guest = |from: &'static str| {
        let guests = &guests;
        async move {
            guests
                .send(
                    "POST",
                    "/v1/auth/guest",
                    None,
                    &[("X-Forwarded-For", from)],
                    None,
                )
                .await
        }
    };
    assert_eq!(guest("2001:db8:9:9::1").await.status, 201);
    guest("2001:db8:9:9::2")
        .await
        .problem(429, "too_many_attempts");
    guests.stop().await;
    app.stop().await;

    // Requests: each account has its own bucket (one a second, one at once here), and the
    // address a ceiling of ten times that whatever the accounts: thirty accounts at once get
    // ten answers, and one more for each tenth of a second the requests took to arrive.
    let app = spawn_app().await;
    let mut sessions = Vec::new();
    for _ in 0..30 {
        sessions.push(app.register().await.1);
    }
    let mut config = app.config.clone();
    config.limits.rate_limit_per_second = 1;
    config.limits.rate_limit_burst = 1;
    let limited = start(config, None).await;
    let began = std::time::Instant::now();
    let statuses = futures_util::future::join_all(
        sessions
            .iter()
            .map(|session| limited.get("/v1/me", session)),
    )
    .await;
    let refill = (began.elapsed().as_secs_f64() * 10.0).ceil() as usize;
    let ok = statuses.iter().filter(|r| r.status == 200).count();
    let codes: Vec<u16> = statuses.iter().map(|r| r.status).collect();
    assert!(
        ok >= 10 && ok <= 10 + refill,
        "{ok} answered, refill {refill}: {codes:?}"
    );
    if 10 + refill < sessions.len() {
        let refused = statuses
            .iter()
            .find(|r| r.status == 429)
            .expect("the ceiling refused some");
        refused.problem(429, "rate_limited");
        assert!(refused.header("retry-after").is_some());
    }
    limited.stop().await;

    // Proven deals and race rooms: per address as well as per player.
    let mut config = app.config.clone();
    config.limits.winnable_per_address_per_hour = 1;
    config.limits.races_per_address_per_hour = 2;
    let rationed = start(config, None).await;
    let first = rationed
        .post(
            "/v1/games",
            &sessions[0],
            json!({"suits": 1, "winnable": true}),
        )
        .await;
    assert_ne!(first.status, 429, "{}", first.text);
    rationed
        .post(
            "/v1/games",
            &sessions[1],
            json!({"suits": 1, "winnable": true}),
        )
        .await
        .problem(429, "too_many_attempts");
    let mut rooms = Vec::new();
    for session in &sessions[..2] {
        let r = rationed
            .post("/v1/races", session, json!({"suits": 1}))
            .await;
        assert_eq!(r.status, 201, "{}", r.text);
        rooms.push(r.body["code"].as_str().unwrap().to_string());
    }
    // A race round takes a proven deal too, from the same share: a room (and more accounts)
    // do not get round it.
    let r = rationed
        .post(
            &format!("/v1/races/{}/start", rooms[0]),
            &sessions[0],
            json!({}),
        )
        .await;
    r.problem(429, "too_many_attempts");
    assert!(r.header("retry-after").is_some());
    let r = rationed
        .post("/v1/races", &sessions[2], json!({"suits": 1}))
        .await;
    r.problem(429, "too_many_attempts");
    assert!(r.header("retry-after").is_some());
    rationed.stop().await;
    app.stop().await;
}
