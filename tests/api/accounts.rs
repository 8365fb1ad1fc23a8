//! Accounts and sessions: sign-up and sign-in, passwords, guests, session and access tokens.

use super::*;

/// Password hashing is bounded: with one turn and no time to wait for it, a crowd of
/// sign-ins gets 503 auth_busy for those that found no turn, never an unbounded pile of
/// hashes; and an unknown username is checked like a wrong password.
#[actix_rt::test]
async fn password_hashing_is_bounded_and_unknown_users_get_the_same_answer() {
    let app = spawn_with(|c| {
        c.accounts.password_hashes = 1;
        c.accounts.password_hash_wait = std::time::Duration::from_millis(1);
    })
    .await;
    let attempts = (0..12).map(|i| {
        let body = json!({"username": format!("nobody{i}"), "password": "wrong password here"});
        app.send("POST", "/v1/auth/login", None, &[], Some(body))
    });
    let answers = futures_util::future::join_all(attempts).await;
    let busy: Vec<_> = answers.iter().filter(|r| r.status == 503).collect();
    assert!(!busy.is_empty(), "one turn cannot serve twelve at once");
    for r in &busy {
        r.problem(503, "auth_busy");
        assert_eq!(r.header("retry-after").as_deref(), Some("1"));
    }
    for r in answers.iter().filter(|r| r.status != 503) {
        r.problem(401, "invalid_credentials");
    }
}

/// Passwords: at least 10 characters, no control characters, not a common one or the
/// username; usernames are one name whatever their case.
#[actix_rt::test]
async fn passwords_must_be_hard_to_guess_and_usernames_ignore_case() {
    let app = spawn_app().await;
    let register = |username: &str, password: &str| {
        app.send(
            "POST",
            "/v1/auth/register",
            None,
            &[],
            Some(json!({"username": username, "password": password})),
        )
    };
    register("Ada", "ninechars")
        .await
        .problem(400, "invalid_request");
    register("Ada", "tab\there is bad")
        .await
        .problem(400, "invalid_request");
    register("Ada", "Password123")
        .await
        .problem(400, "weak_password");
    register("Ada", "my name is ada!")
        .await
        .problem(400, "weak_password");
    let made = register("Ada", "correct horse battery").await;
    assert_eq!(made.status, 201, "{}", made.text);
    register("ada", "another fine password")
        .await
        .problem(409, "username_taken");
    register("ADA", "another fine password")
        .await
        .problem(409, "username_taken");
    let login = app
        .send(
            "POST",
            "/v1/auth/login",
            None,
            &[],
            Some(json!({"username": "aDA", "password": "correct horse battery"})),
        )
        .await;
    assert_eq!(login.status, 200, "{}", login.text);
    let me = app
        .get("/v1/me", login.body["token"].as_str().unwrap())
        .await;
    assert_eq!(me.body["username"], "Ada", "shown as it was chosen");
}

/// Guessing one account's password is slowed per username, whatever the address.
#[actix_rt::test]
async fn sign_in_attempts_are_limited_per_username() {
    let app = spawn_with(|c| c.limits.login_attempts_per_minute = 3).await;
    let login = |username: &str| {
        app.send(
            "POST",
            "/v1/auth/login",
            None,
            &[],
            Some(json!({"username": username, "password": "not the password"})),
        )
    };
    for _ in 0..3 {
        login("target").await.problem(401, "invalid_credentials");
    }
    let refused = login("TARGET").await;
    refused.problem(429, "too_many_attempts");
    let wait: u64 = refused.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    login("someone-else")
        .await
        .problem(401, "invalid_credentials");
}

#[actix_rt::test]
async fn register_login_and_me() {
    let app = spawn_app().await;
    let creds = json!({"username": "ada", "password": "correct horse"});
    let r = app
        .send("POST", "/v1/auth/register", None, &[], Some(creds.clone()))
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.body["user"]["username"], "ada");
    assert_eq!(r.body["token_type"], "Bearer");
    let r2 = app
        .send("POST", "/v1/auth/register", None, &[], Some(creds.clone()))
        .await;
    r2.problem(409, "username_taken");
    app.send(
        "POST",
        "/v1/auth/register",
        None,
        &[],
        Some(json!({"username": "a", "password": "correct horse"})),
    )
    .await
    .problem(400, "invalid_request");
    app.send(
        "POST",
        "/v1/auth/register",
        None,
        &[],
        Some(json!({"username": "bob", "password": "short"})),
    )
    .await
    .problem(400, "invalid_request");

    let r = app
        .send("POST", "/v1/auth/login", None, &[], Some(creds))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let token = r.body["token"].as_str().unwrap().to_string();
    let me = app.get("/v1/me", &token).await;
    assert_eq!(me.status, 200);
    assert_eq!(me.body["username"], "ada");
    assert_eq!(me.body["is_guest"], false);
    app.send(
        "POST",
        "/v1/auth/login",
        None,
        &[],
        Some(json!({"username": "ada", "password": "wrong horse"})),
    )
    .await
    .problem(401, "invalid_credentials");
    app.send(
        "POST",
        "/v1/auth/login",
        None,
        &[],
        Some(json!({"username": "nobody", "password": "wrong horse"})),
    )
    .await
    .problem(401, "invalid_credentials");

    let guest = app.guest().await;
    let me = app.get("/v1/me", &guest).await;
    assert_eq!(
        (me.body["is_guest"].as_bool(), me.body["username"].is_null()),
        (Some(true), true)
    );
}

#[actix_rt::test]
async fn bad_tokens_get_401_problems() {
    let app = spawn_app().await;
    let r = app.send("GET", "/v1/me", None, &[], None).await;
    r.problem(401, "unauthorized");
    assert_eq!(r.header("www-authenticate").as_deref(), Some("Bearer"));
    app.get("/v1/me", "not-a-token")
        .await
        .problem(401, "invalid_token");

    let token = app.guest().await;
    let user = app.get("/v1/me", &token).await.body["id"]
        .as_str()
        .unwrap()
        .to_string();
    let tokens = spider::auth::Tokens::new(&app.config.accounts.jwt_secret, 60);
    let expired = tokens
        .issue(&user, spider::auth::unix_now() - 3600)
        .unwrap();
    app.get("/v1/me", &expired)
        .await
        .problem(401, "token_expired");
    let forged = spider::auth::Tokens::new("some-other-secret-some-other-secret!!", 60)
        .issue(&user, spider::auth::unix_now())
        .unwrap();
    app.get("/v1/me", &forged)
        .await
        .problem(401, "invalid_token");

    // alg: none with the right claims, and the right claims signed with HS512.
    use base64::Engine;
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let claims = json!({"sub": user, "iss": spider::auth::ISSUER, "aud": spider::auth::AUDIENCE,
        "iat": spider::auth::unix_now(), "exp": spider::auth::unix_now() + 600});
    let none = format!(
        "{}.{}.",
        b64.encode(r#"{"alg":"none","typ":"JWT"}"#),
        b64.encode(claims.to_string())
    );
    app.get("/v1/me", &none).await.problem(401, "invalid_token");
    let hs512 = jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS512),
        &claims,
        &jsonwebtoken::EncodingKey::from_secret(app.config.accounts.jwt_secret.as_bytes()),
    )
    .unwrap();
    app.get("/v1/me", &hs512)
        .await
        .problem(401, "invalid_token");
    // A valid token of an account that does not exist cannot create games.
    let ghost = tokens
        .issue("no-such-user", spider::auth::unix_now())
        .unwrap();
    app.post("/v1/games", &ghost, json!({"suits": 1}))
        .await
        .problem(401, "unknown_user");
}

#[actix_rt::test]
async fn signing_out_ends_this_session_and_no_other() {
    let app = spawn_app().await;
    let (name, first) = app.register().await;
    let second = session_of(&app, &name).await;
    let r = app.post("/v1/auth/logout", &first, json!({})).await;
    assert_eq!(r.status, 204, "{}", r.text);
    app.get("/v1/me", &first)
        .await
        .problem(401, "session_ended");
    app.post("/v1/games", &first, json!({"suits": 1}))
        .await
        .problem(401, "session_ended");
    app.post("/v1/auth/logout", &first, json!({}))
        .await
        .problem(401, "session_ended");
    assert_eq!(app.get("/v1/me", &second).await.status, 200);

    // Another instance on the same database agrees (within its one-second memory).
    let other = start(app.config.clone(), None).await;
    other
        .get("/v1/me", &first)
        .await
        .problem(401, "session_ended");
    assert_eq!(other.get("/v1/me", &second).await.status, 200);

    // An access token is not a session: it is revoked, not signed out.
    let r = app
        .post(
            "/v1/users/me/tokens",
            &second,
            json!({"name": "bot", "scopes": ["games:read"], "password": PASSWORD}),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    let pat = r.body["token"].as_str().unwrap().to_string();
    app.post("/v1/auth/logout", &pat, json!({}))
        .await
        .problem(403, "session_required");
    app.post("/v1/auth/logout-all", &pat, json!({}))
        .await
        .problem(403, "session_required");
    other.stop().await;
    app.stop().await;
}

#[actix_rt::test]
async fn signing_out_everywhere_and_a_new_password_end_every_session() {
    let app = spawn_app().await;
    let (name, first) = app.register().await;
    let second = session_of(&app, &name).await;
    let other = start(app.config.clone(), None).await;
    assert_eq!(other.get("/v1/me", &second).await.status, 200);
    let r = app.post("/v1/auth/logout-all", &first, json!({})).await;
    assert_eq!(r.status, 204, "{}", r.text);
    for token in [&first, &second] {
        app.get("/v1/me", token).await.problem(401, "session_ended");
    }
    // The other instance remembered `second` as good for at most a second.
    other.pass(std::time::Duration::from_millis(1100));
    other
        .get("/v1/me", &second)
        .await
        .problem(401, "session_ended");

    // A password change needs the current password and a good new one, then ends every
    // session and opens a new one.
    let third = session_of(&app, &name).await;
    let fourth = session_of(&app, &name).await;
    let change =
        |current: &str, new: &str| json!({"current_password": current, "new_password": new});
    app.post(
        "/v1/users/me/password",
        &third,
        change("not my password", "a brand new passphrase"),
    )
    .await
    .problem(403, "wrong_password");
    app.post(
        "/v1/users/me/password",
        &third,
        change(PASSWORD, "password123"),
    )
    .await
    .problem(400, "weak_password");
    app.post("/v1/users/me/password", &third, change(PASSWORD, "short"))
        .await
        .problem(400, "invalid_request");
    assert_eq!(
        app.get("/v1/me", &fourth).await.status,
        200,
        "refusals end nothing"
    );
    let r = app
        .post(
            "/v1/users/me/password",
            &third,
            change(PASSWORD, "a brand new passphrase"),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let fifth = r.body["token"].as_str().unwrap().to_string();
    assert_eq!(r.body["user"]["username"], name.as_str());
    for token in [&third, &fourth] {
        app.get("/v1/me", token).await.problem(401, "session_ended");
    }
    assert_eq!(app.get("/v1/me", &fifth).await.status, 200);
    login(&app, &name, PASSWORD)
        .await
        .problem(401, "invalid_credentials");
    assert_eq!(
        login(&app, &name, "a brand new passphrase").await.status,
        200
    );

    // A guest has no password to change.
    let guest = app.guest().await;
    app.post(
        "/v1/users/me/password",
        &guest,
        change("anything at all", "a brand new passphrase"),
    )
    .await
    .problem(403, "guest_account");
    other.stop().await;
    app.stop().await;
}

#[actix_rt::test]
async fn a_guest_becomes_an_account_keeping_its_games_and_records() {
    let app = spawn_app().await;
    let guest = app.guest().await;
    let me = app.get("/v1/me", &guest).await.body;
    // A won game (so there is a record) and one in progress.
    let deal = 3;
    let line = winning_line(&Game::new(
        Variant::Spider,
        Suits::One,
        Rules::default(),
        deal,
    ))
    .expect("a winning line");
    let won = id(&app
        .new_game(&guest, json!({"suits": 1, "deal_number": deal}))
        .await);
    for &action in &line {
        assert_eq!(app.act(&guest, &won, api_action(action)).await.status, 200);
    }
    let playing = id(&app.new_game(&guest, json!({"suits": 2})).await);
    let games = app.get("/v1/users/me/games", &guest).await.body;
    let records = app.get("/v1/users/me/records", &guest).await.body;
    assert_eq!(records["records"][0]["won"], 1, "{records}");

    // Refusals change nothing: a bad password, a taken name.
    let (taken, _) = app.register().await;
    app.post(
        "/v1/users/me/upgrade",
        &guest,
        json!({"username": "ada", "password": "short"}),
    )
    .await
    .problem(400, "invalid_request");
    app.post(
        "/v1/users/me/upgrade",
        &guest,
        json!({"username": taken.to_uppercase(), "password": "a long guest passphrase"}),
    )
    .await
    .problem(409, "username_taken");
    assert_eq!(app.get("/v1/me", &guest).await.body["is_guest"], true);

    let name = format!("ada-{}", &me["id"].as_str().unwrap()[..8]);
    let r = app
        .post(
            "/v1/users/me/upgrade",
            &guest,
            json!({"username": name, "password": "a long guest passphrase"}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["user"]["id"], me["id"]);
    assert_eq!(r.body["user"]["is_guest"], false);
    assert_eq!(r.body["user"]["username"], name.as_str());
    let token = r.body["token"].as_str().unwrap().to_string();
    // The guest's token has ended; the account signs in by name and keeps everything.
    app.get("/v1/me", &guest)
        .await
        .problem(401, "session_ended");
    let signed_in = login(&app, &name, "a long guest passphrase").await;
    assert_eq!(signed_in.status, 200, "{}", signed_in.text);
    assert_eq!(signed_in.body["user"]["id"], me["id"]);
    assert_eq!(app.get("/v1/users/me/games", &token).await.body, games);
    assert_eq!(app.get("/v1/users/me/records", &token).await.body, records);
    assert_eq!(
        app.act(&token, &playing, json!({"type": "deal"}))
            .await
            .status,
        200,
        "its game in progress plays on"
    );
    app.post(
        "/v1/users/me/upgrade",
        &token,
        json!({"username": "someone-else", "password": "another long passphrase"}),
    )
    .await
    .problem(409, "not_a_guest");
    app.stop().await;
}

#[actix_rt::test]
async fn an_access_token_needs_the_password_and_lives_at_most_ninety_days() {
    let app = spawn_with(|c| {
        c.limits.login_attempts_per_minute = 0;
        // Every concurrent request below waits for its turn to check the password.
        c.accounts.password_hash_wait = std::time::Duration::from_secs(60);
    })
    .await;
    let guest = app.guest().await;
    let body = |password: &str, days: u32| json!({"name": "bot", "scopes": ["games:read"], "password": password, "expires_in_days": days});
    app.post("/v1/users/me/tokens", &guest, body("anything at all", 30))
        .await
        .problem(403, "guest_account");
    let (_, session) = app.register().await;
    app.post(
        "/v1/users/me/tokens",
        &session,
        body("not the password", 30),
    )
    .await
    .problem(403, "wrong_password");
    app.post("/v1/users/me/tokens", &session, body(PASSWORD, 91))
        .await
        .problem(400, "invalid_request");
    let r = app
        .post("/v1/users/me/tokens", &session, body(PASSWORD, 90))
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    let listed = app.get("/v1/users/me/tokens", &session).await;
    assert_eq!(listed.body["tokens"].as_array().map(Vec::len), Some(1));

    // Created at once, many requests never pass the cap of 50 active tokens.
    for _ in 0..45 {
        let r = app
            .post("/v1/users/me/tokens", &session, body(PASSWORD, 1))
            .await;
        assert_eq!(r.status, 201, "{}", r.text);
    }
    let tries: Vec<_> = (0..10)
        .map(|_| app.post("/v1/users/me/tokens", &session, body(PASSWORD, 1)))
        .collect();
    let answers = futures_util::future::join_all(tries).await;
    let made = answers.iter().filter(|r| r.status == 201).count();
    assert_eq!(
        made,
        4,
        "{:?}",
        answers.iter().map(|r| r.status).collect::<Vec<_>>()
    );
    for r in answers.iter().filter(|r| r.status != 201) {
        r.problem(409, "too_many_tokens");
    }
    let listed = app.get("/v1/users/me/tokens", &session).await;
    assert_eq!(listed.body["tokens"].as_array().map(Vec::len), Some(50));
    app.stop().await;
}

#[actix_rt::test]
async fn password_guesses_through_a_session_are_limited_too() {
    let app = spawn_app().await;
    let (_, session) = app.register().await;
    let change =
        json!({"current_password": "a wrong guess!", "new_password": "a brand new passphrase"});
    let mut limited = None;
    for _ in 0..30 {
        let r = app
            .post("/v1/users/me/password", &session, change.clone())
            .await;
        if r.status == 429 {
            limited = Some(r);
            break;
        }
        r.problem(403, "wrong_password");
    }
    let r = limited.expect("guesses are limited");
    r.problem(429, "too_many_attempts");
    assert!(r.header("retry-after").is_some());
    app.stop().await;
}

/// Sign-in, a password change and a new access token draw from one budget of password guesses
/// per account and address, and one for the account from all addresses: a stranger guessing
/// from one address cannot lock the owner out, nor add guesses by switching endpoints.
#[actix_rt::test]
async fn password_guesses_share_one_budget_and_a_stranger_cannot_lock_the_owner_out() {
    let app = spawn_with(|c| {
        c.limits.login_attempts_per_minute = 3;
        c.serving.client_ip_header = Some("X-Forwarded-For".into());
    })
    .await;
    let (name, _) = app.register().await;
    let from = |addr: &'static str| [("X-Forwarded-For", addr)];
    let guess = |addr: String, password: &'static str| {
        let (app, name) = (&app, name.clone());
        async move {
            app.send(
                "POST",
                "/v1/auth/login",
                None,
                &[("X-Forwarded-For", addr.as_str())],
                Some(json!({"username": name, "password": password})),
            )
            .await
        }
    };
    for _ in 0..3 {
        guess("198.51.100.9".into(), "not the password")
            .await
            .problem(401, "invalid_credentials");
    }
    guess("198.51.100.9".into(), "not the password")
        .await
        .problem(429, "too_many_attempts");
    // The owner, from their own address, signs in all the same.
    let owner = guess("203.0.113.5".into(), PASSWORD).await;
    assert_eq!(owner.status, 200, "{}", owner.text);
    let session = owner.body["token"].as_str().unwrap().to_string();

    // From the locked address, a session's password guesses are refused too: one budget.
    let mint = app
        .send(
            "POST",
            "/v1/users/me/tokens",
            Some(&session),
            &from("198.51.100.9"),
            Some(json!({"name": "bot", "scopes": ["games:read"], "password": "a wrong guess"})),
        )
        .await;
    mint.problem(429, "too_many_attempts");
    let change = app
        .send(
            "POST",
            "/v1/users/me/password",
            Some(&session),
            &from("198.51.100.9"),
            Some(json!({"current_password": "a wrong guess", "new_password": "a brand new passphrase"})),
        )
        .await;
    change.problem(429, "too_many_attempts");
    // And from the owner's address, sign-in attempts and session guesses add up.
    for _ in 0..2 {
        app.send(
            "POST",
            "/v1/users/me/tokens",
            Some(&session),
            &from("203.0.113.5"),
            Some(json!({"name": "bot", "scopes": ["games:read"], "password": "a wrong guess"})),
        )
        .await
        .problem(403, "wrong_password");
    }
    guess("203.0.113.5".into(), PASSWORD)
        .await
        .problem(429, "too_many_attempts");

    // Guesses spread over many addresses meet the account's whole budget (ten times one
    // address's): then every address waits.
    let mut statuses = Vec::new();
    for n in 0..60 {
        statuses.push(
            guess(format!("10.0.{n}.1"), "not the password")
                .await
                .status,
        );
    }
    assert!(
        statuses.iter().all(|&s| s == 401 || s == 429),
        "{statuses:?}"
    );
    assert!(statuses.contains(&429), "{statuses:?}");
    guess("192.0.2.200".into(), PASSWORD)
        .await
        .problem(429, "too_many_attempts");
    app.stop().await;
}

/// Rotating `JWT_SECRET` signs nobody out: with the old secret as `JWT_PREVIOUS_SECRET`, the
/// sessions it signed keep working (and new ones are signed with the new secret); without it,
/// they end.
#[actix_rt::test]
async fn a_rotated_jwt_secret_keeps_sessions_while_the_previous_one_is_set() {
    let app = spawn_app().await;
    let (_, old_session) = app.register().await;
    assert_eq!(app.get("/v1/me", &old_session).await.status, 200);
    let new_secret = "the-new-jwt-secret-after-a-rotation-0123";
    let mut config = app.config.clone();
    config.accounts.jwt_previous_secret = Some(config.accounts.jwt_secret.clone());
    config.accounts.jwt_secret = new_secret.into();
    let rotating = start(config.clone(), None).await;
    let r = rotating.get("/v1/me", &old_session).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let (_, new_session) = rotating.register().await;
    assert_eq!(rotating.get("/v1/me", &new_session).await.status, 200);
    // The old instance does not know the new secret's tokens.
    assert_eq!(app.get("/v1/me", &new_session).await.status, 401);
    // The rotation finished: the previous secret unset, its sessions end.
    config.accounts.jwt_previous_secret = None;
    let rotated = start(config, None).await;
    rotated
        .get("/v1/me", &old_session)
        .await
        .problem(401, "invalid_token");
    assert_eq!(rotated.get("/v1/me", &new_session).await.status, 200);
    rotated.stop().await;
    rotating.stop().await;
    app.stop().await;
}
