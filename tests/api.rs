//! The HTTP API over real HTTP: accounts, games, errors, concurrency, restarts.

mod common;

use common::*;

// ---------------------------------------------------------------- Operations and the document

#[actix_rt::test]
async fn health_readiness_metrics_and_docs() {
    let app = spawn_app().await;
    let r = app.send("GET", "/healthz", None, &[], None).await;
    assert_eq!((r.status, r.body["status"].as_str()), (200, Some("ok")));
    let r = app.send("GET", "/readyz", None, &[], None).await;
    assert_eq!((r.status, r.body["status"].as_str()), (200, Some("ready")));
    assert!(r.header("x-request-id").is_some());

    let token = app.guest().await;
    let game = app.new_game(&token, json!({"suits": 1})).await;
    app.act(&token, &id(&game), json!({"type": "deal"})).await;
    let r = app.send("GET", "/metrics", None, &[], None).await;
    assert_eq!(r.status, 200);
    assert!(r.text.contains("games_created_total 1"), "{}", r.text);
    assert!(r.text.contains("actions_applied_total 1"), "{}", r.text);
    assert!(
        r.text.contains(r#"route="/v1/games/{id}/actions""#),
        "{}",
        r.text
    );
    assert!(r.text.contains("http_request_duration_seconds_bucket"));

    let r = app.send("GET", "/openapi.json", None, &[], None).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.body["openapi"], "3.1.0");
    let r = app.send("GET", "/docs/", None, &[], None).await;
    assert_eq!(r.status, 200);
    assert!(
        r.text.contains("swagger"),
        "{}",
        &r.text[..200.min(r.text.len())]
    );
    let no_redirects = awc::Client::builder().disable_redirects().finish();
    let r = no_redirects
        .get(format!("{}/docs", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 308);
    assert_eq!(r.headers().get("location").unwrap(), "/docs/");
}

#[test]
fn the_committed_openapi_document_is_current() {
    let generated = serde_json::to_string_pretty(&spider::http::openapi()).unwrap() + "\n";
    let committed =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json"))
            .unwrap_or_default();
    assert!(
        generated == committed,
        "openapi/openapi.json is out of date: run `cargo run -- openapi` and commit it"
    );
    let doc: Value = serde_json::from_str(&generated).unwrap();
    let mut ids = HashSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let op_id = op["operationId"]
                .as_str()
                .unwrap_or_else(|| panic!("{method} {path} has no operationId"));
            assert!(
                op_id.chars().next().unwrap().is_ascii_lowercase() && !op_id.contains('_'),
                "{op_id}"
            );
            assert!(ids.insert(op_id.to_string()), "duplicate {op_id}");
            assert!(
                op["tags"].as_array().is_some_and(|t| !t.is_empty()),
                "{op_id} has no tag"
            );
            assert!(op["summary"].as_str().is_some(), "{op_id} has no summary");
            assert!(op.get("security").is_some(), "{op_id} declares no security");
            for (status, response) in op["responses"].as_object().unwrap() {
                // OAuth 2's token and revocation endpoints refuse in the shape RFC 6749 §5.2
                // sets (`error`, `error_description`), as the standard's clients expect.
                let oauth = response["content"]["application/json"]["schema"]["$ref"]
                    .as_str()
                    .is_some_and(|r| r.ends_with("/OAuthError"));
                if oauth {
                    assert!(
                        ["exchangeOAuthCode", "revokeOAuthToken"].contains(&op_id),
                        "{op_id} {status}: only OAuth 2's own endpoints answer its error shape"
                    );
                    continue;
                }
                if status.starts_with('4') || status.starts_with('5') {
                    assert!(
                        response["content"]["application/problem+json"]["schema"]["$ref"]
                            .as_str()
                            .is_some_and(|r| r.ends_with("/Problem")),
                        "{op_id} {status} lacks the problem schema"
                    );
                }
            }
        }
    }
    assert!(doc["components"]["securitySchemes"]["bearer"].is_object());
}

#[actix_rt::test]
async fn metrics_can_be_kept_behind_a_token() {
    let app =
        spawn_with(|c| c.serving.metrics_token = Some("metrics-secret-0123456789".into())).await;
    app.send("GET", "/metrics", None, &[], None)
        .await
        .problem(401, "metrics_token_required");
    app.send("GET", "/metrics", Some("not-the-token"), &[], None)
        .await
        .problem(401, "metrics_token_required");
    let player = app.guest().await;
    app.send("GET", "/metrics", Some(&player), &[], None)
        .await
        .problem(401, "metrics_token_required");
    let r = app
        .send(
            "GET",
            "/metrics",
            Some("metrics-secret-0123456789"),
            &[],
            None,
        )
        .await;
    assert_eq!(r.status, 200);
    assert!(
        r.text.contains("http_request_duration_seconds"),
        "{}",
        r.text
    );
}

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
async fn migrations_run_up_down_and_up_again() {
    let (url, _dir) = fresh_database();
    let db = Db::connect(&DbOptions {
        url,
        pool_size: 1,
        sqlite_synchronous: "NORMAL".into(),
    })
    .unwrap();
    assert!(db.migrate().unwrap() >= 1);
    assert_eq!(db.migrate().unwrap(), 0);
    db.revert_all().unwrap();
    assert!(db.migrate().unwrap() >= 1);
}

// ---------------------------------------------------------------- Accounts and tokens

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

async fn login(app: &TestApp, username: &str, password: &str) -> Resp {
    app.send(
        "POST",
        "/v1/auth/login",
        None,
        &[],
        Some(json!({"username": username, "password": password})),
    )
    .await
}

async fn session_of(app: &TestApp, username: &str) -> String {
    let r = login(app, username, PASSWORD).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["token"].as_str().unwrap().to_string()
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
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
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

// ---------------------------------------------------------------- Games

#[actix_rt::test]
async fn a_new_game_shows_only_face_up_cards_and_hides_a_random_deal_number() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let r = app.post("/v1/games", &token, json!({"suits": 4})).await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.header("etag").as_deref(), Some("\"0\""));
    let game = r.body.clone();
    assert_eq!(
        r.header("location"),
        Some(format!("/v1/games/{}", id(&game)))
    );
    assert_eq!(game["variant"], "spider");
    assert_eq!(game["suits"], 4);
    assert_eq!(game["score"], 500);
    assert_eq!(game["stock_deals_left"], 5);
    assert_eq!(game["status"], "in_progress");
    assert!(
        game["deal_number"].is_null(),
        "a server-picked deal stays secret"
    );
    assert_eq!(shown_cards(&game), 10);
    let down: Vec<u64> = game["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["face_down"].as_u64().unwrap())
        .collect();
    assert_eq!(down, [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]);
    // Nothing else in the body could carry a card.
    assert_eq!(r.text.matches("\"text\"").count(), 10);

    let read = app.get(&format!("/v1/games/{}", id(&game)), &token).await;
    assert_eq!(read.status, 200);
    assert_eq!(read.body["columns"], game["columns"]);
    let again = app
        .send(
            "GET",
            &format!("/v1/games/{}", id(&game)),
            Some(&token),
            &[("If-None-Match", "\"0\"")],
            None,
        )
        .await;
    assert_eq!(again.status, 304);

    // Resigning ends the game and reveals the number.
    let r = app.act(&token, &id(&game), json!({"type": "resign"})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["status"], "resigned");
    assert!(r.body["deal_number"]
        .as_str()
        .unwrap()
        .parse::<u64>()
        .is_ok());
    assert!(r.body["finished_at"].is_string());

    // Spiderette: seven columns, Klondike layout.
    let ette = app
        .new_game(
            &token,
            json!({"variant": "spiderette", "suits": 2, "deal_number": 7}),
        )
        .await;
    let down: Vec<u64> = ette["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["face_down"].as_u64().unwrap())
        .collect();
    assert_eq!(down, [0, 1, 2, 3, 4, 5, 6]);
    assert_eq!(ette["deal_number"], "7");
    assert_eq!(ette["stock_deals_left"], 4);
}

#[actix_rt::test]
async fn a_chosen_deal_matches_the_engine_and_big_numbers_survive_as_strings() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let big = "18446744073709551615";
    let game = app.new_game(&token, json!({"suits": 2, "deal_number": big, "rules": {"undo": false, "empty_column_deal": "strict"}})).await;
    assert_eq!(game["deal_number"], big);
    assert_eq!(
        game["rules"],
        json!({"undo": false, "empty_column_deal": "strict"})
    );
    let engine_game = Game::new(
        Variant::Spider,
        Suits::Two,
        Rules {
            undo: spider::engine::UndoMode::Off,
            empty_column_deal: spider::engine::EmptyColumnDeal::Strict,
        },
        u64::MAX,
    );
    for (c, column) in game["columns"].as_array().unwrap().iter().enumerate() {
        let (_, up) = engine_game.column(c).unwrap();
        assert_eq!(column["face_up"][0]["text"], up[0].to_string());
    }
    for bad in [
        json!({"suits": 3}),
        json!({"suits": 1, "deal_number": "-1"}),
        json!({"suits": 1, "deal_number": 1.5}),
        json!({"suits": 1, "variant": "klondike"}),
        json!({"suits": 1, "colour": "red"}),
        json!({}),
        json!({"suits": 1, "rules": {"empty_column_deal": "sometimes"}}),
    ] {
        app.post("/v1/games", &token, bad.clone())
            .await
            .problem(400, "invalid_request");
    }
}

/// docs/RULES.md, Undo: three modes by name, and the older yes/no still understood.
#[actix_rt::test]
async fn undo_is_chosen_by_mode_or_by_the_old_yes_no() {
    let app = spawn_app().await;
    let token = app.guest().await;
    for (undo, mode, any) in [
        (json!("full"), "full", true),
        (json!("no_reveal"), "no_reveal", true),
        (json!("off"), "off", false),
        (json!(true), "full", true),
        (json!(false), "off", false),
    ] {
        let game = app
            .new_game(
                &token,
                json!({"suits": 1, "deal_number": 3, "rules": {"undo": undo}}),
            )
            .await;
        assert_eq!(game["undo_mode"], mode, "{undo}");
        assert_eq!(game["rules"]["undo"], any, "{undo}");
        let stored = app.get(&format!("/v1/games/{}", id(&game)), &token).await;
        assert_eq!(stored.body["undo_mode"], mode, "{undo}");
    }
    let plain = app.new_game(&token, json!({"suits": 1})).await;
    assert_eq!(plain["undo_mode"], "full", "full is the default");
    for bad in [json!("sometimes"), json!("FULL"), json!(1), json!(null)] {
        let r = app
            .post(
                "/v1/games",
                &token,
                json!({"suits": 1, "rules": {"undo": bad}}),
            )
            .await;
        r.problem(400, "invalid_request");
        let detail = r.body["detail"].as_str().unwrap();
        assert!(
            detail.contains(r#""full", "no_reveal" or "off""#),
            "{bad}: {detail}"
        );
    }
    // Under no_reveal a deal stays dealt; the refusal is a conflict with the game's state.
    let careful = app
        .new_game(
            &token,
            json!({"suits": 1, "deal_number": 3, "rules": {"undo": "no_reveal"}}),
        )
        .await;
    let gid = id(&careful);
    assert_eq!(
        app.act(&token, &gid, json!({"type": "deal"})).await.status,
        200
    );
    app.act(&token, &gid, json!({"type": "undo"}))
        .await
        .problem(409, "undo_would_hide_card");
    let moves = app.get(&format!("/v1/games/{gid}/moves"), &token).await;
    assert_eq!(moves.body["can_undo"], false);
    assert_eq!(moves.body["version"], 1);
}

/// Migration 000080 gives every stored game and room the undo mode its yes/no stood for, and
/// its down.sql keeps what older versions understand: replayed, every game is as it was.
#[actix_rt::test]
async fn the_undo_mode_migration_keeps_stored_games_as_they_were() {
    let mut app = spawn_app().await;
    let token = app.guest().await;
    let mut games = Vec::new();
    for undo in [json!(false), json!(true), json!("no_reveal")] {
        let game = app
            .new_game(
                &token,
                json!({"suits": 2, "deal_number": 11, "rules": {"undo": undo}}),
            )
            .await;
        let gid = id(&game);
        let engine_game = Game::new(Variant::Spider, Suits::Two, Rules::default(), 11);
        let (way, quiet) = way_to_a_quiet_move(&engine_game);
        // A quiet move taken back, a deal, and an undo of the deal where the mode allows one.
        let log = way
            .into_iter()
            .chain([quiet, Action::Undo, Action::Deal, Action::Undo]);
        for action in log {
            let r = app.act(&token, &gid, api_action(action)).await;
            assert!([200, 409, 422].contains(&r.status), "{}", r.text);
        }
        games.push(gid);
    }
    let room = app
        .post("/v1/races", &token, json!({"suits": 1, "undo": false}))
        .await;
    assert_eq!(room.status, 201, "{}", room.text);
    let code = room.body["code"].as_str().unwrap().to_string();
    let mut before = Vec::new();
    for gid in &games {
        before.push(replayed(&app, &token, gid).await);
    }

    // Back to the schema before 000080 (rows keep undo_allowed), then up again.
    let dir = app._dir.take();
    app.stop().await;
    let db = Db::connect(&DbOptions {
        url: app.config.storage.database_url.clone(),
        pool_size: 1,
        sqlite_synchronous: "NORMAL".into(),
    })
    .unwrap();
    db.revert_from("20261201000080").unwrap();
    assert!(db.migrate().unwrap() >= 1);
    drop(db);
    let app = start(app.config.clone(), dir).await;

    for (gid, was) in games.iter().zip(before) {
        let now = replayed(&app, &token, gid).await;
        if was["undo_mode"] == "no_reveal" {
            // What older versions understand of it: full undo, under which its log replays.
            assert_eq!(now["undo_mode"], "full");
            for field in ["columns", "score", "version", "undos", "status"] {
                assert_eq!(now[field], was[field], "{field}");
            }
        } else {
            assert_eq!(now, was);
        }
    }
    let room = app.get(&format!("/v1/races/{code}"), &token).await;
    assert_eq!(room.body["settings"]["undo_mode"], "off", "{}", room.text);
    assert_eq!(room.body["settings"]["undo"], false);
    app.stop().await;
}

/// What replaying a stored game gives, as its view shows it.
async fn replayed(app: &TestApp, token: &str, gid: &str) -> Value {
    let view = app.get(&format!("/v1/games/{gid}"), token).await.body;
    let fields = [
        "rules",
        "undo_mode",
        "columns",
        "score",
        "version",
        "undos",
        "can_undo",
        "stock_cards",
        "status",
    ];
    fields
        .iter()
        .map(|&f| (f.to_string(), view[f].clone()))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

#[actix_rt::test]
async fn illegal_actions_are_refused_with_the_rule_and_change_nothing() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let deal = 5;
    let game = app
        .new_game(&token, json!({"suits": 4, "deal_number": deal}))
        .await;
    let gid = id(&game);
    let engine_game = Game::new(Variant::Spider, Suits::Four, Rules::default(), deal);
    // A landing mismatch: the first pair of columns whose last cards do not fit.
    let (from, to) = (0..10)
        .flat_map(|f| (0..10).map(move |t| (f, t)))
        .find(|&(f, t)| {
            f != t
                && !engine_game
                    .legal_actions()
                    .iter()
                    .any(|a| matches!(a, Action::Move { from, to, .. } if *from == f && *to == t))
        })
        .unwrap();
    let r = app
        .act(
            &token,
            &gid,
            json!({"type": "move", "from": from + 1, "to": to + 1, "count": 1}),
        )
        .await;
    r.problem(422, "landing_rank_mismatch");
    assert!(r.body["detail"].as_str().unwrap().contains("cannot go on"));
    app.act(
        &token,
        &gid,
        json!({"type": "move", "from": 2, "to": 2, "count": 1}),
    )
    .await
    .problem(422, "same_column");
    app.act(
        &token,
        &gid,
        json!({"type": "move", "from": 0, "to": 2, "count": 1}),
    )
    .await
    .problem(422, "no_such_column");
    app.act(
        &token,
        &gid,
        json!({"type": "move", "from": 1, "to": 11, "count": 1}),
    )
    .await
    .problem(422, "no_such_column");
    app.act(
        &token,
        &gid,
        json!({"type": "move", "from": 1, "to": 2, "count": 2}),
    )
    .await
    .problem(422, "not_enough_face_up");
    app.act(
        &token,
        &gid,
        json!({"type": "move", "from": 1, "to": 2, "count": 0}),
    )
    .await
    .problem(422, "empty_group");
    app.act(&token, &gid, json!({"type": "undo"}))
        .await
        .problem(422, "nothing_to_undo");
    let after = app.get(&format!("/v1/games/{gid}"), &token).await;
    assert_eq!(after.body["version"], 0);
    assert_eq!(after.body["score"], 500, "refusals cost nothing");
    assert_eq!(after.body["columns"], game["columns"]);
    let events = app.get(&format!("/v1/games/{gid}/events"), &token).await;
    assert_eq!(events.body["events"].as_array().unwrap().len(), 0);

    // Undo switched off.
    let strict = app
        .new_game(
            &token,
            json!({"suits": 1, "deal_number": 3, "rules": {"undo": false}}),
        )
        .await;
    app.act(&token, &id(&strict), json!({"type": "deal"})).await;
    app.act(&token, &id(&strict), json!({"type": "undo"}))
        .await
        .problem(422, "undo_disabled");

    // A finished game accepts nothing.
    app.act(&token, &gid, json!({"type": "resign"})).await;
    app.act(&token, &gid, json!({"type": "deal"}))
        .await
        .problem(409, "game_over");
}

#[actix_rt::test]
async fn moves_deals_undo_auto_moves_and_the_event_log() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let deal = 12;
    let game = app
        .new_game(&token, json!({"suits": 1, "deal_number": deal}))
        .await;
    let gid = id(&game);
    let mut local = Game::new(Variant::Spider, Suits::One, Rules::default(), deal);

    let moves = app.get(&format!("/v1/games/{gid}/moves"), &token).await;
    let listed: Vec<Value> = moves.body["actions"].as_array().unwrap().clone();
    let expected: Vec<Value> = local.legal_actions().into_iter().map(api_action).collect();
    assert_eq!(listed, expected);

    // A move without a count takes the group that fits.
    let first_move = local
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Move { .. }))
        .unwrap();
    let Action::Move { from, to, .. } = first_move else {
        unreachable!()
    };
    let r = app
        .act(
            &token,
            &gid,
            json!({"type": "move", "from": from + 1, "to": to + 1}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    local.apply(first_move).unwrap();
    assert_eq!(r.header("etag").as_deref(), Some("\"1\""));
    assert_eq!(r.body["score"], 499);
    assert_eq!(r.body["moves"], 1);

    let r = app.act(&token, &gid, json!({"type": "deal"})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    local.apply(Action::Deal).unwrap();
    assert_eq!(r.body["stock_deals_left"], 4);
    assert_eq!(
        shown_cards(&r.body),
        local
            .view()
            .columns
            .iter()
            .map(|c| c.face_up.len())
            .sum::<usize>()
    );

    let r = app.act(&token, &gid, json!({"type": "undo"})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    local.apply(Action::Undo).unwrap();
    assert_eq!(r.body["stock_deals_left"], 5);
    assert_eq!(r.body["score"], 497);
    assert_eq!(r.body["undos"], 1);

    // Auto-move: whatever the engine picks for the first column that has a destination.
    let (column, auto) = (0..10)
        .find_map(|c| local.auto_move(c, None).ok().map(|a| (c, a)))
        .unwrap();
    let r = app
        .act(&token, &gid, json!({"type": "auto", "column": column + 1}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    local.apply(auto).unwrap();

    let events = app.get(&format!("/v1/games/{gid}/events"), &token).await;
    let events = events.body["events"].as_array().unwrap().clone();
    assert_eq!(events.len(), 4);
    assert_eq!(
        events
            .iter()
            .map(|e| e["seq"].as_i64().unwrap())
            .collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    assert_eq!(events[0]["action"], api_action(first_move));
    assert_eq!(events[1]["action"], json!({"type": "deal"}));
    assert_eq!(events[2]["action"], json!({"type": "undo"}));
    assert_eq!(events[3]["action"], api_action(auto));
    let view = app.get(&format!("/v1/games/{gid}"), &token).await;
    assert_eq!(view.body["score"], local.score());
    for (c, column) in view.body["columns"].as_array().unwrap().iter().enumerate() {
        let (down, up) = local.column(c).unwrap();
        assert_eq!(column["face_down"], down);
        let texts: Vec<String> = up.iter().map(|c| c.to_string()).collect();
        let shown: Vec<String> = column["face_up"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["text"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(shown, texts);
    }
}

#[actix_rt::test]
async fn a_hint_is_a_legal_action_from_the_visible_position() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let deal = 21;
    let game = app
        .new_game(&token, json!({"suits": 2, "deal_number": deal}))
        .await;
    let gid = id(&game);
    let mut local = Game::new(Variant::Spider, Suits::Two, Rules::default(), deal);
    for _ in 0..15 {
        let r = app.get(&format!("/v1/games/{gid}/hint"), &token).await;
        assert_eq!(r.status, 200, "{}", r.text);
        assert!(r.body["reason"].as_str().is_some_and(|t| t.len() > 10));
        let Some(action) = r.body["action"].as_object().cloned() else {
            assert_eq!(r.body["kind"], "nothing");
            break;
        };
        // Playing the hint is an ordinary action, and it is legal.
        let played = app.act(&token, &gid, Value::Object(action.clone())).await;
        assert_eq!(played.status, 200, "{}", played.text);
        let engine_action = match action["type"].as_str().unwrap() {
            "deal" => Action::Deal,
            _ => Action::Move {
                from: action["from"].as_u64().unwrap() as usize - 1,
                to: action["to"].as_u64().unwrap() as usize - 1,
                count: action["count"].as_u64().unwrap() as usize,
            },
        };
        local.apply(engine_action).unwrap();
    }
    let other = app.guest().await;
    app.get(&format!("/v1/games/{gid}/hint"), &other)
        .await
        .problem(404, "not_found");
}

#[actix_rt::test]
async fn a_whole_one_suit_game_is_won_through_http() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let deal = 3;
    let line = winning_line(&Game::new(
        Variant::Spider,
        Suits::One,
        Rules::default(),
        deal,
    ))
    .expect("a winning line");
    let game = app
        .new_game(&token, json!({"suits": 1, "deal_number": deal}))
        .await;
    let gid = id(&game);
    let mut last = Resp {
        status: 0,
        headers: Default::default(),
        body: Value::Null,
        text: String::new(),
    };
    for (i, &action) in line.iter().enumerate() {
        last = app.act(&token, &gid, api_action(action)).await;
        assert_eq!(last.status, 200, "action {i}: {}", last.text);
    }
    assert_eq!(last.body["status"], "won");
    assert_eq!(last.body["runs_completed"], 8);
    assert_eq!(last.body["score"], 1300 - line.len() as i64);
    assert!(last.body["finished_at"].is_string());
    assert!(last.body["elapsed_ms"].as_i64().unwrap() >= 0);
    assert_eq!(shown_cards(&last.body), 0);
    app.act(&token, &gid, json!({"type": "undo"}))
        .await
        .problem(409, "game_over");
    let listed = app.get("/v1/users/me/games", &token).await;
    assert_eq!(listed.body["games"][0]["status"], "won");
    assert_eq!(listed.body["games"][0]["score"], 1300 - line.len() as i64);
}

#[actix_rt::test]
async fn nobody_reads_or_touches_another_players_game() {
    let app = spawn_app().await;
    let alice = app.guest().await;
    let bob = app.guest().await;
    let game = app
        .new_game(&alice, json!({"suits": 1, "deal_number": 1}))
        .await;
    let gid = id(&game);
    app.get(&format!("/v1/games/{gid}"), &bob)
        .await
        .problem(404, "not_found");
    app.get(&format!("/v1/games/{gid}/moves"), &bob)
        .await
        .problem(404, "not_found");
    app.get(&format!("/v1/games/{gid}/events"), &bob)
        .await
        .problem(404, "not_found");
    app.act(&bob, &gid, json!({"type": "deal"}))
        .await
        .problem(404, "not_found");
    app.post(&format!("/v1/games/{gid}/restart"), &bob, json!({}))
        .await
        .problem(404, "not_found");
    app.get("/v1/games/no-such-game", &alice)
        .await
        .problem(404, "not_found");
    assert_eq!(
        app.get("/v1/users/me/games", &bob).await.body["games"],
        json!([])
    );
    assert_eq!(
        app.get(&format!("/v1/games/{gid}"), &alice).await.body["version"],
        0
    );
}

#[actix_rt::test]
async fn errors_are_problems_everywhere() {
    let app = spawn_with(|c| c.serving.json_limit = 1024).await;
    let token = app.guest().await;
    let game = app.new_game(&token, json!({"suits": 1})).await;
    let path = format!("/v1/games/{}/actions", id(&game));
    app.send("GET", "/v1/nothing-here", None, &[], None)
        .await
        .problem(404, "not_found");
    let r = app.send("DELETE", &path, Some(&token), &[], None).await;
    r.problem(405, "method_not_allowed");
    assert_eq!(r.header("allow").as_deref(), Some("POST"));
    // Malformed JSON, the wrong shape, the wrong content type, an oversized body.
    let raw = |body: &'static str, content_type: &'static str| {
        let req = app
            .client
            .post(format!("{}{path}", app.base))
            .insert_header(("Authorization", format!("Bearer {token}")))
            .insert_header(("Content-Type", content_type));
        async move {
            let mut res = req.send_body(body).await.unwrap();
            let text = String::from_utf8_lossy(&res.body().await.unwrap()).to_string();
            (
                res.status().as_u16(),
                res.headers()
                    .get("content-type")
                    .map(|v| v.to_str().unwrap().to_string()),
                serde_json::from_str::<Value>(&text).unwrap(),
            )
        }
    };
    let (status, ct, body) = raw("{\"type\": ", "application/json").await;
    assert_eq!(
        (status, ct.as_deref(), body["code"].as_str()),
        (
            400,
            Some("application/problem+json"),
            Some("invalid_request")
        )
    );
    let (status, _, body) = raw("{\"type\": \"teleport\"}", "application/json").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("invalid_request"))
    );
    let (status, _, body) = raw("type=deal", "application/x-www-form-urlencoded").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (415, Some("unsupported_media_type"))
    );
    let huge: &'static str = Box::leak(
        format!("{{\"type\": \"deal\", \"pad\": \"{}\"}}", "x".repeat(4096)).into_boxed_str(),
    );
    let (status, _, body) = raw(huge, "application/json").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (413, Some("payload_too_large"))
    );
    app.get("/v1/users/me/games?limit=0", &token)
        .await
        .problem(400, "invalid_request");
    app.get("/v1/users/me/games?limit=abc", &token)
        .await
        .problem(400, "invalid_request");
    app.get("/v1/users/me/games?cursor=%%%", &token)
        .await
        .problem(400, "invalid_request");
    app.send(
        "POST",
        &path,
        Some(&token),
        &[("If-Match", "yesterday")],
        Some(json!({"type": "deal"})),
    )
    .await
    .problem(400, "invalid_request");
    assert_eq!(
        app.get(&format!("/v1/games/{}", id(&game)), &token)
            .await
            .body["version"],
        0
    );
}

#[actix_rt::test]
async fn stale_versions_get_412_and_change_nothing() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let game = app
        .new_game(&token, json!({"suits": 1, "deal_number": 2}))
        .await;
    let path = format!("/v1/games/{}/actions", id(&game));
    let r = app
        .send(
            "POST",
            &path,
            Some(&token),
            &[("If-Match", "\"0\"")],
            Some(json!({"type": "deal"})),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let r = app
        .send(
            "POST",
            &path,
            Some(&token),
            &[("If-Match", "\"0\"")],
            Some(json!({"type": "deal"})),
        )
        .await;
    r.problem(412, "version_conflict");
    assert_eq!(r.body["current_version"], 1);
    app.post(
        &path,
        &token,
        json!({"type": "deal", "expected_version": 0}),
    )
    .await
    .problem(412, "version_conflict");
    let r = app
        .post(
            &path,
            &token,
            json!({"type": "deal", "expected_version": 1}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    app.send(
        "POST",
        &path,
        Some(&token),
        &[("If-Match", "\"2\"")],
        Some(json!({"type": "deal", "expected_version": 1})),
    )
    .await
    .problem(400, "invalid_request");
    let view = app.get(&format!("/v1/games/{}", id(&game)), &token).await;
    assert_eq!(view.body["version"], 2);
    assert_eq!(view.body["deals"], 2);
}

/// The published document is the contract (`.ci/contract.sh` holds the server to it): no
/// JSON body takes a field it does not name, integers may be written as whole floats, and
/// headers, dates and cursors have exactly the documented shapes.
#[actix_rt::test]
async fn requests_are_held_to_the_document() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let game = app
        .new_game(&token, json!({"suits": 1.0, "deal_number": 7}))
        .await;
    let gid = id(&game);
    assert_eq!(game["suits"], 1);

    // Unknown fields are refused on every operation that takes a JSON body.
    for (path, body) in [
        (
            "/v1/auth/register".to_string(),
            json!({"username": "ada", "password": PASSWORD, "admin": true}),
        ),
        (
            "/v1/auth/login".to_string(),
            json!({"username": "ada", "password": PASSWORD, "remember": true}),
        ),
        (
            "/v1/games".to_string(),
            json!({"suits": 1, "rules": {"undo_mode": "off"}}),
        ),
        (
            format!("/v1/games/{gid}/actions"),
            json!({"type": "deal", "column": 3}),
        ),
        (
            format!("/v1/games/{gid}/actions"),
            json!({"type": "move", "from": 1, "to": 2, "cards": 1}),
        ),
        (
            format!("/v1/games/{gid}/commands"),
            json!({"command": "d", "silent": true}),
        ),
        (
            "/v1/daily/games".to_string(),
            json!({"suits": 1, "ranked": false}),
        ),
        ("/v1/races".to_string(), json!({"suits": 1, "rounds": 3})),
        (
            "/v1/users/me/tokens".to_string(),
            json!({"name": "bot", "scopes": ["games:read"], "password": "x", "note": ""}),
        ),
        (
            "/v1/users/me/password".to_string(),
            json!({"current_password": "x", "new_password": PASSWORD, "hint": ""}),
        ),
        (
            "/v1/users/me/upgrade".to_string(),
            json!({"username": "ada", "password": PASSWORD, "email": ""}),
        ),
    ] {
        let r = app.post(&path, &token, body).await;
        r.problem(400, "invalid_request");
        assert!(r.text.contains("unknown field"), "{path}: {}", r.text);
    }
    let view = app.get(&format!("/v1/games/{gid}"), &token).await;
    assert_eq!(view.body["version"], 0, "nothing was played");

    // Whole numbers however written; fractions and out-of-range numbers refused.
    let r = app
        .act(
            &token,
            &gid,
            json!({"type": "deal", "expected_version": 0.0}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    for bad in [
        json!({"type": "deal", "expected_version": 1.5}),
        json!({"type": "auto", "column": -1}),
    ] {
        app.act(&token, &gid, bad)
            .await
            .problem(400, "invalid_request");
    }
    for bad in [
        json!({"suits": 2.5}),
        json!({"suits": 1, "deal_number": "18446744073709551616"}),
    ] {
        app.post("/v1/games", &token, bad)
            .await
            .problem(400, "invalid_request");
    }
    let r = app
        .post(
            "/v1/games",
            &token,
            json!({"suits": 1, "deal_number": "0018446744073709551615"}),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text);

    // What the document rules out is refused as such before the version is looked at (a
    // precondition is checked after the request itself).
    for (body, code) in [
        (json!({"type": "auto", "column": 11}), "no_such_column"),
        (
            json!({"type": "move", "from": 1, "to": 2, "count": 14}),
            "group_not_in_sequence",
        ),
        (
            json!({"type": "move", "from": 1, "to": 2, "count": 0}),
            "empty_group",
        ),
    ] {
        app.send(
            "POST",
            &format!("/v1/games/{gid}/actions"),
            Some(&token),
            &[("If-Match", "\"99\"")],
            Some(body),
        )
        .await
        .problem(422, code);
    }

    // Headers: the documented shapes only.
    let path = format!("/v1/games/{gid}/actions");
    for (name, value) in [
        ("Idempotency-Key", " "),
        ("Idempotency-Key", "tab\tinside"),
        ("If-Match", "\"\"1\"\""),
        ("If-Match", "-1"),
    ] {
        app.send(
            "POST",
            &path,
            Some(&token),
            &[(name, value)],
            Some(json!({"type": "undo"})),
        )
        .await
        .problem(400, "invalid_request");
    }
    app.send(
        "GET",
        &format!("/v1/games/{gid}/stream"),
        Some(&token),
        &[("Last-Event-ID", "-1")],
        None,
    )
    .await
    .problem(400, "invalid_request");

    // Dates and cursors.
    for path in [
        "/v1/daily/2026-1-05/leaderboard?suits=1",
        "/v1/daily/2026-02-30/leaderboard?suits=1",
        "/v1/leaderboards?suits=1&cursor=-5",
        "/v1/leaderboards?suits=3",
        "/v1/users/me/games?cursor=bz0w",
    ] {
        app.get(path, &token).await.problem(400, "invalid_request");
    }
}

/// Joining a race takes no body, `null`, or a `JoinRace`; anything else is refused like any
/// other malformed body (it never joins).
#[actix_rt::test]
async fn a_join_body_is_optional_but_never_ignored() {
    let app = spawn_app().await;
    let host = app.guest().await;
    let r = app.post("/v1/races", &host, json!({"suits": 1})).await;
    assert_eq!(r.status, 201, "{}", r.text);
    let code = r.body["code"].as_str().unwrap().to_string();
    let path = format!("/v1/races/{code}/join");
    let seats = |r: &Resp| r.body["seats"].as_array().map(Vec::len);
    for bad in [
        json!(42),
        json!("Ada"),
        json!({"name": ""}),
        json!({"name": "x", "seat": 3}),
    ] {
        let guest = app.guest().await;
        app.post(&path, &guest, bad)
            .await
            .problem(400, "invalid_request");
    }
    let r = app
        .send(
            "POST",
            &path,
            Some(&host),
            &[("Content-Type", "text/plain")],
            None,
        )
        .await;
    assert_eq!(seats(&r), Some(1), "{}", r.text);
    let guest = app.guest().await;
    let r = app.post(&path, &guest, Value::Null).await;
    assert_eq!(seats(&r), Some(2), "{}", r.text);
    let guest = app.guest().await;
    let r = app.post(&path, &guest, json!({"name": "  Ada  "})).await;
    assert_eq!(r.body["seats"][2]["name"], "Ada", "{}", r.text);
    app.get(&format!("/v1/races/{code}/standings"), &host)
        .await
        .problem(409, "no_round");
}

/// Idempotency keys are remembered for 24 hours, then forgotten: a key reused after that is a
/// new request, and the upkeep deletes old keys so the table does not grow without bound.
#[actix_rt::test]
async fn idempotency_keys_are_forgotten_after_a_day() {
    use diesel::prelude::*;
    use spider::store::schema::idempotency_keys;
    // The test does the upkeep itself (the server's scheduled work would hold its lease).
    let app = spawn_with(|c| c.jobs.scheduled_work = false).await;
    let token = app.guest().await;
    let key = [("Idempotency-Key", "kept-for-a-day")];
    let create = |suits: u8| {
        app.send(
            "POST",
            "/v1/games",
            Some(&token),
            &key,
            Some(json!({ "suits": suits })),
        )
    };
    let first = create(1).await;
    assert_eq!(first.status, 201, "{}", first.text);
    create(2).await.problem(422, "idempotency_key_reused");
    let db = Db::connect(&DbOptions {
        url: app.config.storage.database_url.clone(),
        pool_size: 1,
        sqlite_synchronous: "NORMAL".into(),
    })
    .unwrap();
    let age = |db: &Db| {
        let old = spider::store::now() - chrono::TimeDelta::hours(25);
        db.write(move |c| {
            diesel::update(idempotency_keys::table)
                .set(idempotency_keys::created_at.eq(old))
                .execute(c)
                .map_err(spider::store::StoreError::from)
        })
        .unwrap()
    };
    assert_eq!(age(&db), 1);
    let again = create(2).await;
    assert_eq!(
        again.status, 201,
        "a day later the key is new: {}",
        again.text
    );
    assert_ne!(again.body["id"], first.body["id"]);
    assert_eq!(again.body["suits"], 2);
    // The upkeep forgets keys past their lifetime, and only those.
    let fresh = app
        .send(
            "POST",
            "/v1/games",
            Some(&token),
            &[("Idempotency-Key", "fresh")],
            Some(json!({"suits": 1})),
        )
        .await;
    assert_eq!(fresh.status, 201);
    let old = spider::store::now() - chrono::TimeDelta::hours(25);
    db.write(move |c| {
        diesel::update(idempotency_keys::table.filter(idempotency_keys::key.eq("kept-for-a-day")))
            .set(idempotency_keys::created_at.eq(old))
            .execute(c)
            .map_err(spider::store::StoreError::from)
    })
    .unwrap();
    assert_eq!(spider::play::upkeep(&db, "test").unwrap(), 1);
    let left: Vec<String> = db
        .read(|c| {
            idempotency_keys::table
                .select(idempotency_keys::key)
                .load(c)
                .map_err(spider::store::StoreError::from)
        })
        .unwrap();
    assert_eq!(left, ["fresh"]);
}

/// The upkeep forgets old keys in bounded batches, oldest first, each batch one statement.
#[actix_rt::test]
async fn old_idempotency_keys_are_forgotten_oldest_first_in_bounded_batches() {
    use diesel::prelude::*;
    use spider::store::schema::idempotency_keys;
    let app = spawn_with(|c| c.jobs.scheduled_work = false).await;
    let token = app.guest().await;
    for i in 0..5 {
        let key = format!("key-{i}");
        let made = app
            .send(
                "POST",
                "/v1/games",
                Some(&token),
                &[("Idempotency-Key", key.as_str())],
                Some(json!({"suits": 1})),
            )
            .await;
        assert_eq!(made.status, 201, "{}", made.text);
    }
    let db = app.db();
    let now = spider::store::now();
    // key-0 is the oldest (30 hours), key-3 25 hours old; key-4 is within its lifetime.
    for (i, hours) in [(0, 30), (1, 29), (2, 28), (3, 25)] {
        let at = now - chrono::TimeDelta::hours(hours);
        db.write(move |c| {
            diesel::update(
                idempotency_keys::table.filter(idempotency_keys::key.eq(format!("key-{i}"))),
            )
            .set(idempotency_keys::created_at.eq(at))
            .execute(c)
            .map_err(spider::store::StoreError::from)
        })
        .unwrap();
    }
    let keys = |db: &Db| -> Vec<String> {
        db.read(|c| {
            idempotency_keys::table
                .order(idempotency_keys::key.asc())
                .select(idempotency_keys::key)
                .load(c)
                .map_err(spider::store::StoreError::from)
        })
        .unwrap()
    };
    let forget = |db: &Db, limit: i64| {
        db.write(move |c| spider::store::idempotency::forget_old_keys(c, now, limit))
            .unwrap()
    };
    assert_eq!(forget(&db, 2), 2);
    assert_eq!(keys(&db), ["key-2", "key-3", "key-4"]);
    assert_eq!(forget(&db, 1_000), 2);
    assert_eq!(keys(&db), ["key-4"]);
    assert_eq!(forget(&db, 1_000), 0);
}

#[actix_rt::test]
async fn an_idempotency_key_makes_a_retry_return_the_first_answer() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let game = app.new_game(&token, json!({"suits": 2})).await;
    let path = format!("/v1/games/{}/actions", id(&game));
    let key = [("Idempotency-Key", "chat-msg-42")];
    let first = app
        .send(
            "POST",
            &path,
            Some(&token),
            &key,
            Some(json!({"type": "deal"})),
        )
        .await;
    assert_eq!(first.status, 200, "{}", first.text);
    let retry = app
        .send(
            "POST",
            &path,
            Some(&token),
            &key,
            Some(json!({"type": "deal"})),
        )
        .await;
    assert_eq!(retry.status, 200);
    assert_eq!(retry.body, first.body);
    assert_eq!(retry.header("idempotent-replayed").as_deref(), Some("true"));
    assert_eq!(retry.header("etag").as_deref(), Some("\"1\""));
    let other = app
        .send(
            "POST",
            &path,
            Some(&token),
            &key,
            Some(json!({"type": "undo"})),
        )
        .await;
    other.problem(422, "idempotency_key_reused");
    // Creating games and restarting them take keys too.
    let create_key = [("Idempotency-Key", "new-game-1")];
    let first = app
        .send(
            "POST",
            "/v1/games",
            Some(&token),
            &create_key,
            Some(json!({"suits": 4})),
        )
        .await;
    assert_eq!(first.status, 201, "{}", first.text);
    let again = app
        .send(
            "POST",
            "/v1/games",
            Some(&token),
            &create_key,
            Some(json!({"suits": 4})),
        )
        .await;
    assert_eq!(again.status, 201);
    assert_eq!(again.body["id"], first.body["id"], "no second random game");
    assert_eq!(again.header("location"), first.header("location"));
    app.send(
        "POST",
        "/v1/games",
        Some(&token),
        &create_key,
        Some(json!({"suits": 1})),
    )
    .await
    .problem(422, "idempotency_key_reused");
    let restart_path = format!("/v1/games/{}/restart", id(&first.body));
    let restart_key = [("Idempotency-Key", "restart-1")];
    let r1 = app
        .send("POST", &restart_path, Some(&token), &restart_key, None)
        .await;
    let r2 = app
        .send("POST", &restart_path, Some(&token), &restart_key, None)
        .await;
    assert_eq!((r1.status, r2.status), (201, 201), "{}", r2.text);
    assert_eq!(r1.body["id"], r2.body["id"]);
    // Concurrent retries of one new key: one action lands.
    let key2 = [("Idempotency-Key", "chat-msg-43")];
    let tries = (0..8).map(|_| {
        app.send(
            "POST",
            &path,
            Some(&token),
            &key2,
            Some(json!({"type": "deal"})),
        )
    });
    let results = futures_util::future::join_all(tries).await;
    assert!(
        results.iter().all(|r| r.status == 200),
        "{:?}",
        results.iter().map(|r| &r.text).collect::<Vec<_>>()
    );
    assert!(results.iter().all(|r| r.body == results[0].body));
    let events = app
        .get(&format!("/v1/games/{}/events", id(&game)), &token)
        .await;
    assert_eq!(events.body["events"].as_array().unwrap().len(), 2);
}

/// Checks a game's log is 1..=n with no gap or duplicate, and that it replays to what the API shows.
async fn assert_log_is_whole(app: &TestApp, token: &str, gid: &str, accepted: usize) {
    let events = app.get(&format!("/v1/games/{gid}/events"), token).await;
    let seqs: Vec<i64> = events.body["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["seq"].as_i64().unwrap())
        .collect();
    assert_eq!(seqs, (1..=accepted as i64).collect::<Vec<_>>());
    let view = app.get(&format!("/v1/games/{gid}"), token).await;
    assert_eq!(view.body["version"], accepted as i64);
}

#[actix_rt::test]
async fn racing_actions_on_one_game_never_lose_or_duplicate_an_event() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let game = app
        .new_game(
            &token,
            json!({"suits": 1, "deal_number": 8, "rules": {"empty_column_deal": "allowed"}}),
        )
        .await;
    let gid = id(&game);
    let requests = (0..40).map(|i| {
        let action = if i % 3 == 0 {
            json!({"type": "undo"})
        } else {
            json!({"type": "deal"})
        };
        app.act(&token, &gid, action)
    });
    let results = futures_util::future::join_all(requests).await;
    let accepted = results.iter().filter(|r| r.status == 200).count();
    for r in results.iter().filter(|r| r.status != 200) {
        assert_eq!(r.status, 422, "{}", r.text);
        assert!(
            ["stock_empty", "nothing_to_undo"].contains(&r.body["code"].as_str().unwrap()),
            "{}",
            r.text
        );
    }
    let versions: HashSet<i64> = results
        .iter()
        .filter(|r| r.status == 200)
        .map(|r| r.body["version"].as_i64().unwrap())
        .collect();
    assert_eq!(
        versions.len(),
        accepted,
        "every accepted action got its own version"
    );
    assert!(accepted >= 5);
    assert_log_is_whole(&app, &token, &gid, accepted).await;

    // With If-Match on the same version, exactly one writer wins.
    let r = app.get(&format!("/v1/games/{gid}"), &token).await;
    let version = format!("\"{}\"", r.body["version"]);
    let path = format!("/v1/games/{gid}/actions");
    let if_match = [("If-Match", version.as_str())];
    // An action that is legal now: undo if there is something to undo, else (at the
    // opening, stock full) a deal.
    let action = if r.body["can_undo"] == true {
        json!({"type": "undo"})
    } else {
        json!({"type": "deal"})
    };
    let racers =
        (0..10).map(|_| app.send("POST", &path, Some(&token), &if_match, Some(action.clone())));
    let results = futures_util::future::join_all(racers).await;
    assert_eq!(results.iter().filter(|r| r.status == 200).count(), 1);
    assert!(
        results.iter().all(|r| r.status == 200 || r.status == 412),
        "{:?}",
        results.iter().map(|r| &r.text).collect::<Vec<_>>()
    );
    assert_log_is_whole(&app, &token, &gid, accepted + 1).await;
}

#[actix_rt::test]
async fn two_server_instances_on_one_database_behave_as_one() {
    let first = spawn_app().await;
    let second = start(first.config.clone(), None).await;
    let token = first.guest().await;
    let game = first
        .new_game(
            &token,
            json!({"suits": 1, "deal_number": 9, "rules": {"empty_column_deal": "allowed"}}),
        )
        .await;
    let gid = id(&game);
    assert_eq!(
        second.get(&format!("/v1/games/{gid}"), &token).await.status,
        200
    );
    let requests = (0..30).map(|i| {
        let app = if i % 2 == 0 { &first } else { &second };
        let action = if i % 4 == 1 {
            json!({"type": "undo"})
        } else {
            json!({"type": "deal"})
        };
        app.act(&token, &gid, action)
    });
    let results = futures_util::future::join_all(requests).await;
    assert!(
        results.iter().all(|r| r.status == 200 || r.status == 422),
        "{:?}",
        results.iter().map(|r| &r.text).collect::<Vec<_>>()
    );
    let accepted = results.iter().filter(|r| r.status == 200).count();
    assert_log_is_whole(&first, &token, &gid, accepted).await;
    assert_log_is_whole(&second, &token, &gid, accepted).await;
}

/// Each instance remembers the positions it wrote, so its next action skips the read: a
/// position the other instance moved past must never be acted on.
#[actix_rt::test]
async fn instances_taking_turns_on_one_game_always_act_on_the_latest_position() {
    let first = spawn_app().await;
    let second = start(first.config.clone(), None).await;
    let token = first.guest().await;
    let game = first
        .new_game(&token, json!({"suits": 1, "deal_number": 21}))
        .await;
    let gid = id(&game);
    let mut engine = Game::new(Variant::Spider, Suits::One, Rules::default(), 21);
    for turn in 0..12 {
        let (me, other) = if turn % 3 == 2 {
            (&second, &first)
        } else {
            (&first, &second)
        };
        let action = engine
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Move { .. }))
            .unwrap_or(Action::Deal);
        // Every other turn names the latest version: an instance holding an older position
        // must read again, not answer 412; without it, its write must lose and read again.
        let tag = format!("\"{turn}\"");
        let headers: &[(&str, &str)] = if turn % 2 == 0 {
            &[("If-Match", &tag)]
        } else {
            &[]
        };
        let r = me
            .send(
                "POST",
                &format!("/v1/games/{gid}/actions"),
                Some(&token),
                headers,
                Some(api_action(action)),
            )
            .await;
        assert_eq!(r.status, 200, "turn {turn}: {}", r.text);
        engine.apply(action).unwrap();
        assert_eq!(r.body["version"], turn + 1);
        let seen = other.get(&format!("/v1/games/{gid}"), &token).await.body;
        assert_eq!(r.body["columns"], seen["columns"], "turn {turn}");
        assert_eq!(r.body["score"], seen["score"]);
        assert_eq!(r.body["score"], engine.score());
    }
    assert_log_is_whole(&first, &token, &gid, 12).await;
}

/// A game's log is bounded: past the limit only the resignation that ends it is taken.
#[actix_rt::test]
async fn a_game_stops_taking_actions_at_the_limit_but_can_be_resigned() {
    let app = spawn_with(|c| c.storage.max_actions_per_game = 4).await;
    let token = app.guest().await;
    let game = app
        .new_game(&token, json!({"suits": 1, "deal_number": 21}))
        .await;
    let gid = id(&game);
    for kind in ["deal", "undo", "deal", "undo"] {
        assert_eq!(
            app.act(&token, &gid, json!({"type": kind})).await.status,
            200
        );
    }
    let refused = app.act(&token, &gid, json!({"type": "deal"})).await;
    refused.problem(409, "action_limit");
    assert!(refused.body["detail"]
        .as_str()
        .unwrap()
        .contains("4 actions"));
    let seen = app.get(&format!("/v1/games/{gid}"), &token).await.body;
    assert_eq!(seen["version"], 4, "the refusal changed nothing");
    let resigned = app.act(&token, &gid, json!({"type": "resign"})).await;
    assert_eq!(resigned.status, 200, "{}", resigned.text);
    assert_eq!(resigned.body["status"], "resigned");
}

#[actix_rt::test]
async fn a_restart_on_the_same_database_keeps_every_acknowledged_action() {
    let (url, dir) = fresh_database();
    let app = start(test_config(&url), dir).await;
    let token = app.guest().await;
    let game = app
        .new_game(&token, json!({"suits": 2, "deal_number": 77}))
        .await;
    let gid = id(&game);
    let mut local = Game::new(Variant::Spider, Suits::Two, Rules::default(), 77);
    for _ in 0..12 {
        let action = local.legal_actions()[0];
        let r = app.act(&token, &gid, api_action(action)).await;
        assert_eq!(r.status, 200, "{}", r.text);
        local.apply(action).unwrap();
    }
    let before = app.get(&format!("/v1/games/{gid}/events"), &token).await;
    let view_before = app.get(&format!("/v1/games/{gid}"), &token).await;
    app.stop().await;
    let again = start(app.config.clone(), app._dir).await;
    let after = again.get(&format!("/v1/games/{gid}/events"), &token).await;
    assert_eq!(after.body, before.body);
    let view_after = again.get(&format!("/v1/games/{gid}"), &token).await;
    assert_eq!(view_after.body["columns"], view_before.body["columns"]);
    assert_eq!(view_after.body["version"], 12);
}

#[actix_rt::test]
async fn restart_deals_the_same_cards_again() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let chosen = app
        .new_game(&token, json!({"suits": 2, "deal_number": 31}))
        .await;
    app.act(&token, &id(&chosen), json!({"type": "deal"})).await;
    let r = app
        .post(
            &format!("/v1/games/{}/restart", id(&chosen)),
            &token,
            json!({}),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_ne!(r.body["id"], chosen["id"]);
    assert_eq!(r.body["columns"], chosen["columns"]);
    assert_eq!(r.body["deal_number"], "31");
    assert_eq!(r.body["version"], 0);
    assert_eq!(r.body["origin"], "restart");
    let source = app.get(&format!("/v1/games/{}", id(&chosen)), &token).await;
    assert_eq!(
        source.body["status"], "resigned",
        "one deal is never open twice"
    );
    let random = app.new_game(&token, json!({"suits": 4})).await;
    let r = app
        .post(
            &format!("/v1/games/{}/restart", id(&random)),
            &token,
            json!({}),
        )
        .await;
    assert_eq!(r.body["columns"], random["columns"]);
    assert!(
        r.body["deal_number"].is_null(),
        "a restart keeps a secret deal secret"
    );
    // Once both are over, the number is no secret any more (it shows on the original).
    let copy = id(&r.body);
    app.act(&token, &copy, json!({"type": "resign"})).await;
    let original = app.get(&format!("/v1/games/{}", id(&random)), &token).await;
    assert!(original.body["deal_number"].is_string());
}

#[actix_rt::test]
async fn my_games_are_listed_newest_first_with_a_cursor() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let mut created = Vec::new();
    for n in 0..5 {
        created.push(id(&app
            .new_game(&token, json!({"suits": 1, "deal_number": n}))
            .await));
    }
    created.reverse();
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    let mut pages = 0;
    loop {
        let path = match &cursor {
            Some(c) => format!("/v1/users/me/games?limit=2&cursor={c}"),
            None => "/v1/users/me/games?limit=2".to_string(),
        };
        let r = app.get(&path, &token).await;
        assert_eq!(r.status, 200, "{}", r.text);
        pages += 1;
        seen.extend(r.body["games"].as_array().unwrap().iter().map(id));
        match r.body["next_cursor"].as_str() {
            Some(c) => cursor = Some(c.to_string()),
            None => break,
        }
    }
    assert_eq!(pages, 3);
    assert_eq!(seen, created);
}

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
async fn access_tokens_have_their_own_allowance_and_guests_are_limited_per_address() {
    // Tokens made first, with limits off; then a second instance with limits on.
    let app = spawn_with(|c| c.limits.login_attempts_per_minute = 0).await;
    let (_, session) = app.register().await;
    let make = |name: &str| {
        app.post(
            "/v1/users/me/tokens",
            &session,
            json!({"name": name, "scopes": ["games:read"], "password": PASSWORD}),
        )
    };
    let (a, b) = (make("a").await, make("b").await);
    let a = a.body["token"].as_str().unwrap().to_string();
    let b = b.body["token"].as_str().unwrap().to_string();
    let mut config = app.config.clone();
    config.limits.rate_limit_per_second = 1;
    config.limits.rate_limit_burst = 3;
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
    assert!(statuses(a.clone()).await.contains(&429));
    // Token b and the address itself each still have their allowance.
    assert_eq!(limited.get("/v1/me", &b).await.status, 200);
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

#[actix_rt::test]
async fn browsers_from_other_origins_may_call_the_api() {
    let app = spawn_app().await;
    let r = app
        .send(
            "OPTIONS",
            "/v1/games",
            None,
            &[
                ("Origin", "https://example.org"),
                ("Access-Control-Request-Method", "POST"),
                (
                    "Access-Control-Request-Headers",
                    "authorization, content-type, idempotency-key",
                ),
            ],
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(r.header("access-control-allow-origin").is_some());
    let r = app
        .send(
            "GET",
            "/healthz",
            None,
            &[("Origin", "https://example.org")],
            None,
        )
        .await;
    assert!(r.header("access-control-allow-origin").is_some());
}

/// The web client can be framed by no other site and talks to its own origin only, whatever
/// its URL says (`/?api=https://elsewhere` once sent the sign-in form's password there).
#[actix_rt::test]
async fn the_web_page_cannot_be_framed_and_talks_only_to_its_own_origin() {
    let app = spawn_app().await;
    for path in [
        "/",
        "/?api=https://elsewhere.example",
        "/js/state.js",
        "/style.css",
    ] {
        let r = app.send("GET", path, None, &[], None).await;
        assert_eq!(r.status, 200, "{path}");
        let csp = r.header("content-security-policy").unwrap_or_default();
        for directive in [
            "default-src 'self'",
            "connect-src 'self'",
            "script-src 'self'",
            "frame-ancestors 'none'",
            "form-action 'self'",
        ] {
            assert!(csp.contains(directive), "{path}: {csp}");
        }
        assert!(
            !csp.contains("unsafe-inline") && !csp.contains('*'),
            "{csp}"
        );
        assert_eq!(
            r.header("x-frame-options").as_deref(),
            Some("DENY"),
            "{path}"
        );
        assert_eq!(
            r.header("x-content-type-options").as_deref(),
            Some("nosniff")
        );
    }
    // The page takes no API base from its URL.
    let state = app.send("GET", "/js/state.js", None, &[], None).await;
    assert!(
        state.text.contains("export const API_BASE = '';"),
        "{}",
        state.text
    );
    assert!(!state.text.contains("location.search"), "{}", state.text);
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

/// Free text takes printable characters only, on both backends: a NUL (which Postgres cannot
/// store) or an invisible format character is a 400 with a sentence, never a 500 or a stored
/// lookalike; other text fields with NUL are refused or not found, never a 500.
#[actix_rt::test]
async fn control_characters_in_free_text_are_refused_on_every_backend() {
    let app = spawn_app().await;
    let (name, session) = app.register().await;
    for bad in [
        "bot\u{0}",
        "b\u{0}ot",
        "\u{202e}bot",
        "bo\u{200b}t",
        "bot\r\nX",
        "\tbot",
    ] {
        let r = app
            .post(
                "/v1/users/me/tokens",
                &session,
                json!({"name": bad, "scopes": ["games:read"], "password": PASSWORD}),
            )
            .await;
        r.problem(400, "invalid_request");
        assert!(
            r.body["detail"].as_str().unwrap().contains("printable"),
            "{}",
            r.text
        );
    }
    let listed = app.get("/v1/users/me/tokens", &session).await;
    assert_eq!(listed.body["tokens"], json!([]), "nothing stored");
    // NUL where no free text is stored: never a server error.
    let login = app
        .send(
            "POST",
            "/v1/auth/login",
            None,
            &[],
            Some(json!({"username": format!("{name}\u{0}"), "password": PASSWORD})),
        )
        .await;
    login.problem(401, "invalid_credentials");
    for path in [
        "/v1/games/a%00b",
        "/v1/races/AB%00CD",
        "/v1/users/me/tokens/x%0a",
    ] {
        app.get(path, &session).await.problem(404, "not_found");
    }
    app.get("/v1/users/me/games?cursor=1_a%00", &session)
        .await
        .problem(400, "invalid_request");
    let r = app
        .post(
            "/v1/games",
            &session,
            json!({"suits": 1, "deal_number": "1\u{0}"}),
        )
        .await;
    r.problem(400, "invalid_request");
    app.stop().await;
}

/// One account cannot pile up games without end: past the games-in-progress limit a new game,
/// daily attempt or restart is refused with a sentence, and finishing one makes room.
#[actix_rt::test]
async fn games_in_progress_per_account_are_limited() {
    let app = spawn_with(|c| c.limits.games_in_progress_per_user = 3).await;
    let (_, token) = app.register().await;
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(id(&app.new_game(&token, json!({"suits": 1})).await));
    }
    let refused = app.post("/v1/games", &token, json!({"suits": 1})).await;
    refused.problem(409, "too_many_games");
    assert!(refused.body["detail"].as_str().unwrap().contains('3'));
    app.post("/v1/daily/games", &token, json!({"suits": 1}))
        .await
        .problem(409, "too_many_games");
    let listed = app.get("/v1/users/me/games", &token).await;
    assert_eq!(
        listed.body["games"].as_array().map(Vec::len),
        Some(3),
        "nothing made"
    );

    // Resign one: room for one more, a restart of the resigned one included.
    app.act(&token, &games[0], json!({"type": "resign"})).await;
    let restarted = app
        .post(
            &format!("/v1/games/{}/restart", games[0]),
            &token,
            json!({}),
        )
        .await;
    assert_eq!(restarted.status, 201, "{}", restarted.text);
    app.post(
        &format!("/v1/games/{}/restart", games[0]),
        &token,
        json!({}),
    )
    .await
    .problem(409, "too_many_games");
    // Another account has its own allowance.
    let other = app.guest().await;
    app.new_game(&other, json!({"suits": 1})).await;
    app.stop().await;
}
