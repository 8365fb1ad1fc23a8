//! Apps signing players in without their password (OAuth 2 authorization code with PKCE), over
//! real HTTP: the metadata, the consent page's calls, the code trade and revocation, and every
//! refusal.

use super::*;
use base64::Engine as _;
use sha2::{Digest, Sha256};

const APP: &str = "Spider Pocket (test)";
const BACK: &str = "https://pocket.example/done?from=spider";

/// A PKCE verifier and its S256 challenge, computed here from RFC 7636, not by the server.
fn pkce(seed: &str) -> (String, String) {
    let verifier = format!("{seed}-{}", "v".repeat(50));
    let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .encode(Sha256::digest(verifier.as_bytes()));
    (verifier, challenge)
}

fn decision(challenge: &str) -> Value {
    json!({
        "response_type": "code",
        "client_id": APP,
        "redirect_uri": BACK,
        "scope": "games:read games:write",
        "state": "xyz 1/2",
        "code_challenge": challenge,
        "code_challenge_method": "S256",
        "password": PASSWORD,
    })
}

/// The query parameter `name` of `url`, decoded.
fn param(url: &str, name: &str) -> Option<String> {
    let query = url.split_once('?')?.1;
    query.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (k == name).then(|| {
            let bytes = v.as_bytes();
            let mut out = Vec::new();
            let mut i = 0;
            while i < bytes.len() {
                if bytes[i] == b'%' && i + 2 < bytes.len() {
                    let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
                    out.push(u8::from_str_radix(hex, 16).unwrap());
                    i += 3;
                } else {
                    out.push(bytes[i]);
                    i += 1;
                }
            }
            String::from_utf8(out).unwrap()
        })
    })
}

/// The player approves the app's request: the code the redirect carries.
async fn approve(app: &TestApp, session: &str, challenge: &str) -> String {
    let r = app
        .post("/v1/oauth/approve", session, decision(challenge))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let to = r.body["redirect_to"].as_str().unwrap().to_string();
    assert!(to.starts_with(&format!("{BACK}&code=")), "{to}");
    assert_eq!(param(&to, "state").as_deref(), Some("xyz 1/2"), "{to}");
    param(&to, "code").expect("a code")
}

/// The app trades `form` at the token endpoint (form-encoded).
async fn trade(app: &TestApp, form: &[(&str, &str)]) -> Resp {
    let body = form
        .iter()
        .map(|(k, v)| {
            let enc: String = v
                .bytes()
                .map(|b| {
                    if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                        (b as char).to_string()
                    } else {
                        format!("%{b:02X}")
                    }
                })
                .collect();
            format!("{k}={enc}")
        })
        .collect::<Vec<_>>()
        .join("&");
    let headers = [(
        "Content-Type",
        "application/x-www-form-urlencoded".to_string(),
    )];
    app.post_raw("/v1/oauth/token", &headers, body).await
}

fn good<'a>(code: &'a str, verifier: &'a str) -> Vec<(&'static str, &'a str)> {
    vec![
        ("grant_type", "authorization_code"),
        ("code", code),
        ("code_verifier", verifier),
        ("redirect_uri", BACK),
        ("client_id", APP),
    ]
}

#[track_caller]
fn refused(r: &Resp, error: &str) {
    assert_eq!(r.status, 400, "{}", r.text);
    assert_eq!(r.body["error"], error, "{}", r.text);
    assert!(r.body["error_description"]
        .as_str()
        .is_some_and(|d| d.len() > 10));
    assert_eq!(r.header("cache-control").as_deref(), Some("no-store"));
}

#[actix_rt::test]
async fn an_app_signs_a_player_in_with_pkce_and_plays_with_its_token() {
    let app = spawn_app().await;
    let meta = app
        .send(
            "GET",
            "/.well-known/oauth-authorization-server",
            None,
            &[],
            None,
        )
        .await;
    assert_eq!(meta.status, 200, "{}", meta.text);
    assert_eq!(meta.body["issuer"], app.base.as_str());
    assert_eq!(
        meta.body["authorization_endpoint"],
        format!("{}/oauth/authorize", app.base)
    );
    assert_eq!(
        meta.body["token_endpoint"],
        format!("{}/v1/oauth/token", app.base)
    );
    assert_eq!(
        meta.body["revocation_endpoint"],
        format!("{}/v1/oauth/revoke", app.base)
    );
    assert_eq!(meta.body["response_types_supported"], json!(["code"]));
    assert_eq!(
        meta.body["grant_types_supported"],
        json!(["authorization_code"])
    );
    assert_eq!(
        meta.body["code_challenge_methods_supported"],
        json!(["S256"])
    );
    assert_eq!(
        meta.body["scopes_supported"],
        json!(["games:read", "games:write"])
    );

    // The consent page is the web client, under its protection.
    let page = app
        .send(
            "GET",
            "/oauth/authorize?response_type=code",
            None,
            &[],
            None,
        )
        .await;
    assert_eq!(page.status, 200);
    assert!(page
        .header("content-security-policy")
        .is_some_and(|c| c.contains("frame-ancestors 'none'")));

    let (name, session) = app.register().await;
    let (verifier, challenge) = pkce("happy");
    let asked = app
        .send(
            "GET",
            &format!(
                "/v1/oauth/request?response_type=code&client_id=Spider%20Pocket%20%28test%29\
                 &redirect_uri=https%3A%2F%2Fpocket.example%2Fdone%3Ffrom%3Dspider\
                 &scope=games%3Awrite&code_challenge={challenge}&code_challenge_method=S256"
            ),
            None,
            &[],
            None,
        )
        .await;
    assert_eq!(asked.status, 200, "{}", asked.text);
    assert_eq!(asked.body["client_id"], APP);
    assert_eq!(asked.body["redirect_origin"], "https://pocket.example");
    assert_eq!(asked.body["insecure_redirect"], false);
    assert_eq!(asked.body["scopes"][0]["scope"], "games:write");

    let code = approve(&app, &session, &challenge).await;
    let r = trade(&app, &good(&code, &verifier)).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.header("cache-control").as_deref(), Some("no-store"));
    assert_eq!(r.body["token_type"], "Bearer");
    assert_eq!(r.body["scope"], "games:read games:write");
    let expires = r.body["expires_in"].as_i64().unwrap();
    assert!(
        (360 * 86_400..=366 * 86_400).contains(&expires),
        "{expires}"
    );
    let token = r.body["access_token"].as_str().unwrap().to_string();

    // The app plays for the player, within its scopes; the player's account is the one.
    let me = app.get("/v1/me", &token).await;
    assert_eq!(me.body["username"], name.as_str(), "{}", me.text);
    let game = app.new_game(&token, json!({"suits": 1})).await;
    let moved = app.act(&token, &id(&game), json!({"type": "deal"})).await;
    assert_eq!(moved.status, 200, "{}", moved.text);
    app.get("/v1/users/me/tokens", &token)
        .await
        .problem(403, "session_required");

    // The account lists the app (its name for itself), and a password change that keeps the
    // apps leaves it alone.
    let listed = app.get("/v1/users/me/tokens", &session).await;
    let tokens = listed.body["tokens"].as_array().unwrap();
    assert_eq!(tokens.len(), 1, "{}", listed.text);
    assert_eq!(tokens[0]["client_id"], APP);
    assert_eq!(tokens[0]["scopes"], json!(["games:read", "games:write"]));
    // Its use is noted (in the background, to the hour).
    let mut used = Value::Null;
    for _ in 0..50 {
        let listed = app.get("/v1/users/me/tokens", &session).await;
        used = listed.body["tokens"][0]["last_used_at"].clone();
        if !used.is_null() {
            break;
        }
        actix_rt::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(used.is_string(), "last_used_at: {used}");
    let changed = app
        .post(
            "/v1/users/me/password",
            &session,
            json!({"current_password": PASSWORD, "new_password": "another long passphrase",
                   "keep_apps": true}),
        )
        .await;
    assert_eq!(changed.status, 200, "{}", changed.text);
    assert_eq!(app.get("/v1/me", &token).await.status, 200);

    // Revoking by value (RFC 7009) ends it at once; an unknown token is no error.
    let revoke = |t: String| {
        let app = &app;
        async move {
            app.client
                .post(format!("{}/v1/oauth/revoke", app.base))
                .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
                .send_body(format!("token={t}&token_type_hint=access_token"))
                .await
                .expect("sent")
                .status()
                .as_u16()
        }
    };
    assert_eq!(revoke(token.clone()).await, 200);
    app.get("/v1/me", &token)
        .await
        .problem(401, "invalid_token");
    assert_eq!(revoke("spider_pat_0000_nothing".into()).await, 200);
    assert_eq!(revoke("not a token".into()).await, 200);
    app.stop().await;
}

#[actix_rt::test]
async fn every_wrong_part_of_a_code_trade_is_the_same_invalid_grant() {
    let app = spawn_app().await;
    let (_, session) = app.register().await;
    let (verifier, challenge) = pkce("trade");

    // A trade sent as JSON is told to send a form, not that its grant type is unknown.
    let code = approve(&app, &session, &challenge).await;
    let mut res = app
        .client
        .post(format!("{}/v1/oauth/token", app.base))
        .send_json(&json!({"grant_type": "authorization_code", "code": code,
            "code_verifier": verifier, "redirect_uri": BACK, "client_id": APP}))
        .await
        .expect("sent");
    let json_trade: Value = res.json().await.expect("an OAuth error");
    assert_eq!(res.status().as_u16(), 400);
    assert_eq!(json_trade["error"], "invalid_request", "{json_trade}");
    assert!(
        json_trade["error_description"]
            .as_str()
            .is_some_and(|d| d.contains("form-encoded")),
        "{json_trade}"
    );
    // Nothing was used: the same code still trades once, as a form.
    let (other_verifier, _) = pkce("other");
    let mut wrong = good(&code, &other_verifier);
    refused(&trade(&app, &wrong).await, "invalid_grant");
    // The code was spent by that try: the right verifier now fails too.
    refused(&trade(&app, &good(&code, &verifier)).await, "invalid_grant");

    let unknown = trade(&app, &good("made-up-code", &verifier)).await;
    refused(&unknown, "invalid_grant");
    for (field, value) in [
        ("redirect_uri", "https://pocket.example/done"),
        ("client_id", "Spider Pocket"),
        ("code", "made-up-code"),
    ] {
        let code = approve(&app, &session, &challenge).await;
        wrong = good(&code, &verifier);
        for pair in &mut wrong {
            if pair.0 == field {
                pair.1 = value;
            }
        }
        let r = trade(&app, &wrong).await;
        refused(&r, "invalid_grant");
        // Never a hint of which part was wrong: the same answer as for a made-up code.
        assert_eq!(r.body, unknown.body, "{field}");
    }

    // An expired code (moved two minutes into the past below the API).
    let code = approve(&app, &session, &challenge).await;
    {
        use diesel::RunQueryDsl;
        let db = app.db();
        let mut conn = db.conn().unwrap();
        let past = (chrono::Utc::now() - chrono::Duration::minutes(2)).naive_utc();
        let update = diesel::update(spider::store::schema::one_time_codes::table)
            .set(spider::store::schema::one_time_codes::expires_at.eq(past));
        match &mut *conn {
            spider::store::DbConn::Pg(c) => update.execute(c).unwrap(),
            spider::store::DbConn::Sqlite(c) => update.execute(c).unwrap(),
        };
    }
    refused(&trade(&app, &good(&code, &verifier)).await, "invalid_grant");

    // A code used twice: refused, and the token its first use made is revoked.
    let code = approve(&app, &session, &challenge).await;
    let first = trade(&app, &good(&code, &verifier)).await;
    assert_eq!(first.status, 200, "{}", first.text);
    let token = first.body["access_token"].as_str().unwrap().to_string();
    assert_eq!(app.get("/v1/me", &token).await.status, 200);
    refused(&trade(&app, &good(&code, &verifier)).await, "invalid_grant");
    app.get("/v1/me", &token)
        .await
        .problem(401, "invalid_token");

    // Malformed trades.
    let code = approve(&app, &session, &challenge).await;
    let mut other_grant = good(&code, &verifier);
    other_grant[0].1 = "password";
    refused(&trade(&app, &other_grant).await, "unsupported_grant_type");
    refused(
        &trade(&app, &good(&code, &verifier)[..3]).await,
        "invalid_request",
    );
    refused(&trade(&app, &good(&code, "short")).await, "invalid_request");
    app.stop().await;
}

use diesel::ExpressionMethods;

/// What the consent page hears of a request to go back to `redirect_uri` (any characters:
/// percent-encoded here).
async fn ask(app: &TestApp, redirect_uri: &str, challenge: &str) -> Resp {
    let encoded: String = redirect_uri
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    app.send(
        "GET",
        &format!(
            "/v1/oauth/request?response_type=code&client_id=x&redirect_uri={encoded}\
             &scope=games%3Aread&code_challenge={challenge}&code_challenge_method=S256"
        ),
        None,
        &[],
        None,
    )
    .await
}

#[actix_rt::test]
async fn approvals_refuse_what_is_unsafe_and_denials_go_back() {
    let app = spawn_app().await;
    let (_, session) = app.register().await;
    let (_, challenge) = pkce("unsafe");
    let with = |field: &str, value: Value| {
        let mut d = decision(&challenge);
        if value.is_null() {
            d.as_object_mut().unwrap().remove(field);
        } else {
            d[field] = value;
        }
        d
    };
    for (field, value) in [
        ("code_challenge_method", json!("plain")),
        ("code_challenge_method", Value::Null),
        ("code_challenge", Value::Null),
        ("code_challenge", json!("too-short")),
        ("response_type", json!("token")),
        ("scope", json!("admin")),
        ("scope", Value::Null),
        ("redirect_uri", json!("javascript:alert(1)")),
        ("redirect_uri", json!("/relative")),
        ("redirect_uri", json!("https://pocket.example/#frag")),
        ("client_id", json!("")),
        ("client_id", json!("x".repeat(257))),
        // The decision is one flat object, every field named: nothing else, nothing mistyped.
        ("keep_me_signed_in", json!(true)),
        ("deny", json!("yes")),
        ("password", json!(12345)),
        ("state", json!(7)),
    ] {
        let r = app
            .post("/v1/oauth/approve", &session, with(field, value.clone()))
            .await;
        r.problem(400, "invalid_request");
        assert!(r.body.get("redirect_to").is_none());
    }
    for not_an_object in [json!([]), json!("approve"), Value::Null] {
        app.post("/v1/oauth/approve", &session, not_an_object)
            .await
            .problem(400, "invalid_request");
    }
    // Only a session approves: not an access token, not nobody.
    let pat = app
        .post(
            "/v1/users/me/tokens",
            &session,
            json!({"name": "bot", "scopes": ["games:write"], "password": PASSWORD}),
        )
        .await;
    let pat = pat.body["token"].as_str().unwrap().to_string();
    app.post("/v1/oauth/approve", &pat, decision(&challenge))
        .await
        .problem(403, "session_required");
    app.send(
        "POST",
        "/v1/oauth/approve",
        None,
        &[],
        Some(decision(&challenge)),
    )
    .await
    .problem(401, "unauthorized");

    // Denying goes back with error=access_denied and the state, and makes no code.
    let denied = app
        .post("/v1/oauth/approve", &session, with("deny", json!(true)))
        .await;
    assert_eq!(denied.status, 200, "{}", denied.text);
    let to = denied.body["redirect_to"].as_str().unwrap();
    assert_eq!(param(to, "error").as_deref(), Some("access_denied"), "{to}");
    assert_eq!(param(to, "state").as_deref(), Some("xyz 1/2"));
    assert!(param(to, "code").is_none());

    // Redirects by allow-list (RFC 8252): https, http to loopback only, a native app's
    // reverse-domain scheme; each shown as a browser would open it.
    for uri in [
        "http://pocket.example/cb",
        "view-source:https://pocket.example/",
        "jar:https://pocket.example/a.jar!/",
        "ws://pocket.example/cb",
        "ftp://pocket.example/cb",
        "ms-settings:privacy",
        "https://evil.example\\.pocket.example/cb",
    ] {
        let r = ask(&app, uri, &challenge).await;
        r.problem(400, "invalid_request");
        assert!(
            r.body["detail"].as_str().unwrap().contains("redirect_uri"),
            "{uri}: {}",
            r.text
        );
        let r = app
            .post(
                "/v1/oauth/approve",
                &session,
                with("redirect_uri", json!(uri)),
            )
            .await;
        r.problem(400, "invalid_request");
    }
    // Shown as the browser would go: host in lower case, the default port dropped.
    let r = ask(&app, "https://Pocket.Example:443/cb", &challenge).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["redirect_origin"], "https://pocket.example");
    for uri in [
        "http://127.0.0.1:8765/cb",
        "http://[::1]:9/cb",
        "com.example.pocket:/done",
    ] {
        let r = ask(&app, uri, &challenge).await;
        assert_eq!(r.status, 200, "{uri}: {}", r.text);
        assert_eq!(r.body["insecure_redirect"], false, "{uri}");
    }
    app.stop().await;
}

#[actix_rt::test]
async fn approvals_per_account_and_trades_per_address_are_limited() {
    let app = spawn_with(|c| c.limits.app_grants_per_minute = 2).await;
    let (_, session) = app.register().await;
    let (verifier, challenge) = pkce("limits");
    let first = approve(&app, &session, &challenge).await;
    approve(&app, &session, &challenge).await;
    let third = app
        .post("/v1/oauth/approve", &session, decision(&challenge))
        .await;
    third.problem(429, "too_many_attempts");
    assert!(third.header("retry-after").is_some());
    // Denying is never limited: a player can always say no.
    let mut deny = decision(&challenge);
    deny["deny"] = json!(true);
    assert_eq!(
        app.post("/v1/oauth/approve", &session, deny).await.status,
        200
    );

    assert_eq!(trade(&app, &good(&first, &verifier)).await.status, 200);
    refused(
        &trade(&app, &good("made-up", &verifier)).await,
        "invalid_grant",
    );
    let slow = trade(&app, &good("made-up", &verifier)).await;
    assert_eq!(slow.status, 429, "{}", slow.text);
    assert_eq!(slow.body["error"], "slow_down");
    assert!(slow.header("retry-after").is_some());
    app.stop().await;
}

/// Free accounts do not buy more approvals: an address has the same budget as one account,
/// whichever accounts approve from it.
#[actix_rt::test]
async fn approvals_from_one_address_share_its_budget_whatever_the_accounts() {
    let app = spawn_with(|c| c.limits.app_grants_per_minute = 2).await;
    let (_, challenge) = pkce("many accounts");
    for _ in 0..2 {
        let (_, session) = app.register().await;
        approve(&app, &session, &challenge).await;
    }
    let (_, third) = app.register().await;
    let r = app
        .post("/v1/oauth/approve", &third, decision(&challenge))
        .await;
    r.problem(429, "too_many_attempts");
    assert!(
        r.body["detail"].as_str().unwrap().contains("this address"),
        "{}",
        r.text
    );
    assert!(r.header("retry-after").is_some());
    app.stop().await;
}

/// Imports from one address draw on one allowance as well as each account's: twenty free
/// accounts do not import twenty times as much. A refused import writes nothing.
#[actix_rt::test]
async fn imports_from_one_address_share_its_allowance_whatever_the_accounts() {
    let deal = 5;
    let start = Game::new(Variant::Spider, Suits::One, Rules::default(), deal);
    let line = winning_line(&start).expect("a winning line for the deal");
    let won = export_text(deal, &line);
    let n = line.len() as u32;
    // Each account may import the line three times an hour; the address twice in all.
    let app = spawn_with(|c| {
        c.limits.import_actions_per_hour = 3 * n;
        c.limits.import_actions_per_address_per_hour = 2 * n;
    })
    .await;
    let mut tokens = Vec::new();
    for _ in 0..3 {
        tokens.push(app.register().await.1);
    }
    for token in &tokens[..2] {
        let r = send_raw(&app, "/v1/games/import", token, "text/plain", won.clone()).await;
        assert_eq!(r.status, 201, "{}", r.text);
    }
    let r = send_raw(
        &app,
        "/v1/games/import",
        &tokens[2],
        "text/plain",
        won.clone(),
    )
    .await;
    r.problem(429, "too_many_attempts");
    assert!(r.header("retry-after").is_some());
    let games = app.get("/v1/users/me/games", &tokens[2]).await;
    assert_eq!(games.status, 200, "{}", games.text);
    assert!(!games.text.contains("imported"), "{}", games.text);
    // An import larger than the address's whole allowance can never pass: refused at once.
    let app = spawn_with(|c| c.limits.import_actions_per_address_per_hour = n - 1).await;
    let (_, token) = app.register().await;
    send_raw(&app, "/v1/games/import", &token, "text/plain", won)
        .await
        .problem(429, "too_many_attempts");
    app.stop().await;
}

/// Sends `body` as `content_type` to `path` with `token`.
async fn send_raw(
    app: &TestApp,
    path: &str,
    token: &str,
    content_type: &str,
    body: String,
) -> Resp {
    let headers = [
        ("Authorization", format!("Bearer {token}")),
        ("Content-Type", content_type.to_string()),
    ];
    app.post_raw(path, &headers, body).await
}

/// A finished game in full, for anyone, and a game made from it: the same final position.
#[actix_rt::test]
async fn a_finished_game_exports_in_full_and_imports_to_the_same_position() {
    let app = spawn_app().await;
    let (name, token) = app.register().await;
    let deal = 77;
    let game = app
        .new_game(&token, json!({"suits": 1, "deal_number": deal}))
        .await;
    let gid = id(&game);
    // Some moves, a deal, an undo, then resign.
    let mut engine = Game::new(Variant::Spider, Suits::One, Rules::default(), deal);
    let mut played = Vec::new();
    for _ in 0..6 {
        let Some(action) = engine
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Move { .. }))
        else {
            break;
        };
        engine.apply(action).unwrap();
        played.push(action);
    }
    played.extend([Action::Deal, Action::Undo, Action::Resign]);
    for &action in &played {
        let r = app.act(&token, &gid, api_action(action)).await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
    let original = app.get(&format!("/v1/games/{gid}"), &token).await.body;

    // In progress: refused; unknown: 404.
    let other = id(&app.new_game(&token, json!({"suits": 1})).await);
    app.send("GET", &format!("/v1/games/{other}/export"), None, &[], None)
        .await
        .problem(409, "game_in_progress");
    app.send("GET", "/v1/games/no-such-game/export", None, &[], None)
        .await
        .problem(404, "not_found");

    let text = app
        .send("GET", &format!("/v1/games/{gid}/export"), None, &[], None)
        .await;
    assert_eq!(text.status, 200, "{}", text.text);
    assert!(text
        .header("content-type")
        .unwrap()
        .starts_with("text/plain"));
    for line in [
        "variant: spider",
        "suits: 1",
        "undo: full",
        "empty_column_deal: standard",
        "deal: 77",
        &format!("player: {name}"),
        "status: resigned",
    ] {
        assert!(
            text.text.lines().any(|l| l == line),
            "{line}: {}",
            text.text
        );
    }
    let actions: Vec<&str> = text.text.split("\n\n").nth(1).unwrap().lines().collect();
    assert_eq!(actions.len(), played.len());
    assert_eq!(actions[actions.len() - 3..], ["d", "u", "resign"]);
    let json = app
        .send(
            "GET",
            &format!("/v1/games/{gid}/export"),
            None,
            &[("Accept", "application/json")],
            None,
        )
        .await;
    assert_eq!(json.status, 200);
    assert_eq!(json.body["deal_number"], "77");
    assert_eq!(json.body["actions"].as_array().unwrap().len(), played.len());

    // Another player imports each form: the same final position, an imported game of theirs.
    let (_, importer) = app.register().await;
    for (content_type, body) in [
        ("text/plain", text.text.clone()),
        ("application/json", json.text.clone()),
    ] {
        let r = send_raw(&app, "/v1/games/import", &importer, content_type, body).await;
        assert_eq!(r.status, 201, "{content_type}: {}", r.text);
        assert!(r.header("location").is_some());
        assert_eq!(r.body["columns"], original["columns"], "{content_type}");
        assert_eq!(r.body["score"], original["score"]);
        assert_eq!(r.body["status"], "resigned");
        assert_eq!(r.body["origin"], "imported");
        assert_eq!(r.body["version"], played.len());
        assert_ne!(r.body["id"], original["id"]);
    }

    // An illegal line is named with its number and rule, and nothing is made.
    let games_before = app.get("/v1/users/me/games", &importer).await.body["games"]
        .as_array()
        .unwrap()
        .len();
    let header = text.text.split("\n\n").next().unwrap();
    let bad = format!("{header}\n\nd\n1 2 13\n");
    let lines_before = header.lines().count() + 1;
    let r = send_raw(&app, "/v1/games/import", &importer, "text/plain", bad).await;
    assert_eq!(r.status, 422, "{}", r.text);
    assert!(
        r.body["detail"]
            .as_str()
            .unwrap()
            .starts_with(&format!("Line {} (`1 2 13`)", lines_before + 2)),
        "{}",
        r.text
    );
    for (body, says) in [
        (format!("{header}\n\n3 7\n"), "not an action"),
        ("variant: chess\n".to_string(), "Line 1"),
        ("suits: 1\ndeal: 3\n\nd\n".to_string(), "variant"),
    ] {
        let r = send_raw(&app, "/v1/games/import", &importer, "text/plain", body).await;
        r.problem(400, "invalid_request");
        assert!(
            r.body["detail"].as_str().unwrap().contains(says),
            "{}",
            r.text
        );
    }
    let games_after = app.get("/v1/users/me/games", &importer).await.body["games"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(games_before, games_after, "a refused import makes nothing");
    app.stop().await;
}

/// A player's finished games in bulk, as NDJSON: newest first, within `since`/`until`/`max`,
/// public like the profile, and a few per address a minute.
#[actix_rt::test]
async fn a_players_finished_games_export_in_bulk_as_ndjson() {
    let app = spawn_with(|c| c.limits.bulk_exports_per_minute = 4).await;
    let (name, token) = app.register().await;
    let mut finished = Vec::new();
    for deal in [11, 12, 13] {
        let g = id(&app
            .new_game(&token, json!({"suits": 1, "deal_number": deal}))
            .await);
        app.act(&token, &g, json!({"type": "deal"})).await;
        app.act(&token, &g, json!({"type": "resign"})).await;
        finished.push(g);
        actix_rt::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let playing = id(&app.new_game(&token, json!({"suits": 1})).await);
    let bulk = |query: &'static str| {
        let (app, name) = (&app, name.clone());
        async move {
            app.send(
                "GET",
                &format!("/v1/users/{name}/games{query}"),
                None,
                &[],
                None,
            )
            .await
        }
    };
    let all = bulk("").await;
    assert_eq!(all.status, 200, "{}", all.text);
    assert_eq!(
        all.header("content-type").as_deref(),
        Some("application/x-ndjson")
    );
    let lines: Vec<Value> = all
        .text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let ids: Vec<&str> = lines.iter().map(|l| l["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [&finished[2], &finished[1], &finished[0]],
        "newest first"
    );
    assert!(
        !all.text.contains(&playing),
        "a game in progress is not exported"
    );
    assert_eq!(lines[0]["deal_number"], "13");
    assert_eq!(lines[0]["actions"], json!(["d", "resign"]));
    assert_eq!(lines[0]["player"], name.as_str());

    assert_eq!(bulk("?max=2").await.text.lines().count(), 2);
    assert_eq!(
        bulk("?since=4102444800000").await.text,
        "",
        "nothing finished in 2100"
    );
    assert_eq!(bulk("?until=1000").await.text, "");
    bulk("?max=0").await.problem(400, "invalid_request");
    bulk("?max=1001").await.problem(400, "invalid_request");
    // The fifth one this minute from this address is refused (refused queries do not count).
    bulk("").await.problem(429, "too_many_attempts");

    // Hidden like the profile.
    app.put("/v1/users/me/profile", &token, json!({"hidden": true}))
        .await;
    bulk("").await.problem(404, "not_found");
    // A game's own export, for an id seen earlier, names them no more.
    for accept in ["text/plain", "application/json"] {
        let one = app
            .send(
                "GET",
                &format!("/v1/games/{}/export", finished[0]),
                None,
                &[("Accept", accept)],
                None,
            )
            .await;
        assert_eq!(one.status, 200, "{}", one.text);
        assert!(!one.text.contains(&name), "{}", one.text);
        assert!(!one.text.contains("player"), "{}", one.text);
    }
    app.stop().await;
}

/// The text export of a game of `deal` (1-suit Spider) with `actions` played, as a player could
/// write it by hand.
fn export_text(deal: u64, actions: &[Action]) -> String {
    let mut text = format!("variant: spider\nsuits: 1\ndeal: {deal}\n\n");
    for &action in actions {
        text.push_str(&spider::engine::notation::line(action));
        text.push('\n');
    }
    text
}

/// Imports are an account's (not a guest's), written whole in one transaction, within an
/// allowance of actions an hour, and count for no record, win or streak.
#[actix_rt::test]
async fn imports_are_an_accounts_written_whole_within_an_allowance_and_count_for_nothing() {
    let deal = 5;
    let start = Game::new(Variant::Spider, Suits::One, Rules::default(), deal);
    let line = winning_line(&start).expect("a winning line for the deal");
    let won = export_text(deal, &line);
    let n = line.len() as u32;
    // Room for two imports of the winning line an hour, and one game in progress.
    let app = spawn_with(|c| {
        c.limits.import_actions_per_hour = 2 * n + 6;
        c.limits.games_in_progress_per_user = 1;
    })
    .await;

    // A guest cannot import.
    let guest = app.guest().await;
    send_raw(&app, "/v1/games/import", &guest, "text/plain", won.clone())
        .await
        .problem(403, "guest_account");

    let (name, token) = app.register().await;
    let mut ids = Vec::new();
    for _ in 0..2 {
        let r = send_raw(&app, "/v1/games/import", &token, "text/plain", won.clone()).await;
        assert_eq!(r.status, 201, "{}", r.text);
        assert_eq!(r.body["status"], "won", "{}", r.text);
        assert_eq!(r.body["origin"], "imported");
        ids.push(r.body["id"].as_str().unwrap().to_string());
    }
    // Written whole: the row's version and the events agree, one event per action.
    let db = app.db();
    {
        let mut conn = db.conn().unwrap();
        for gid in &ids {
            let gid = &spider::domain::GameId::from(gid.as_str());
            let row = spider::store::games::by_id(&mut conn, gid)
                .unwrap()
                .unwrap();
            assert_eq!(row.version, n as i32);
            let events = spider::store::games::events(&mut conn, gid).unwrap();
            assert_eq!(events.len(), n as usize);
            let replayed: Vec<Action> = events.iter().map(|e| e.action().unwrap()).collect();
            assert_eq!(replayed, line);
        }
    }
    // Imported wins count for nothing: no record, no win, no streak, no best.
    let records = app.get("/v1/users/me/records", &token).await;
    assert_eq!(records.status, 200, "{}", records.text);
    assert!(!records.text.contains("\"won\":1"), "{}", records.text);
    assert!(!records.text.contains("\"won\":2"), "{}", records.text);
    let profile = app
        .send("GET", &format!("/v1/users/{name}"), None, &[], None)
        .await;
    assert_eq!(profile.status, 200, "{}", profile.text);
    assert!(!profile.text.contains("\"won\":2"), "{}", profile.text);
    let latest = profile.body["recent_games"].as_array().unwrap();
    assert!(
        latest.iter().filter(|g| g["origin"] == "imported").count() == 2,
        "{}",
        profile.text
    );
    // The export says so too.
    let export = app
        .send(
            "GET",
            &format!("/v1/games/{}/export", ids[0]),
            None,
            &[],
            None,
        )
        .await;
    assert!(
        export.text.lines().any(|l| l == "origin: imported"),
        "{}",
        export.text
    );

    // The allowance: a third import of the line would go past it (429 with Retry-After), and
    // nothing is made.
    let refused = send_raw(&app, "/v1/games/import", &token, "text/plain", won.clone()).await;
    refused.problem(429, "import_allowance");
    let wait: u64 = refused.header("retry-after").unwrap().parse().unwrap();
    assert!((3000..=3601).contains(&wait), "{wait}");
    assert!(
        refused.body["detail"]
            .as_str()
            .unwrap()
            .contains(&format!("{} actions an hour", 2 * n + 6)),
        "{}",
        refused.text
    );
    // A short one still fits. Unfinished, it counts among the games in progress: with the
    // one allowed already in progress, refused whole.
    let short = export_text(deal, &line[..2]);
    let r = send_raw(
        &app,
        "/v1/games/import",
        &token,
        "text/plain",
        short.clone(),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.body["status"], "in_progress");
    let short_id = r.body["id"].as_str().unwrap().to_string();
    send_raw(&app, "/v1/games/import", &token, "text/plain", short)
        .await
        .problem(409, "too_many_games");
    // Playing on an imported game spends none of the allowance: two more actions on it, and
    // a finished import of three still fits (2n + 2 + 3 of 2n + 6).
    for &action in &line[2..4] {
        let r = app.act(&token, &short_id, api_action(action)).await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
    let finished = export_text(deal, &[line[0], line[1], Action::Resign]);
    let r = send_raw(&app, "/v1/games/import", &token, "text/plain", finished).await;
    assert_eq!(r.status, 201, "{}", r.text);
    let games = app.get("/v1/users/me/games", &token).await;
    assert_eq!(
        games.body["games"].as_array().unwrap().len(),
        4,
        "{}",
        games.text
    );
    app.stop().await;
}

/// The OAuth metadata names this server, never a host a client sends: `PUBLIC_URL` when set,
/// forwarded headers only from a trusted proxy (`CLIENT_IP_HEADER`), and may be cached.
#[actix_rt::test]
async fn the_oauth_metadata_trusts_no_header_a_client_sends() {
    let spoofs: [&[(&str, &str)]; 3] = [
        &[("X-Forwarded-Host", "evil.example")],
        &[("Forwarded", "proto=javascript;host=evil.example")],
        &[
            ("X-Forwarded-Proto", "javascript"),
            ("X-Forwarded-Host", "evil.example/x?"),
        ],
    ];
    let meta = |app: &TestApp, headers: &'static [(&'static str, &'static str)]| {
        let app_base = app.base.clone();
        let client = app.client.clone();
        async move {
            let mut req = client.get(format!("{app_base}/.well-known/oauth-authorization-server"));
            for (k, v) in headers {
                req = req.insert_header((*k, *v));
            }
            let mut res = req.send().await.expect("sent");
            let body: Value = res.json().await.expect("json");
            (res.headers().clone(), body)
        }
    };
    // No proxy trusted: the headers are ignored.
    let app = spawn_app().await;
    for headers in spoofs {
        let (h, body) = meta(&app, headers).await;
        assert_eq!(body["issuer"], app.base.as_str(), "{headers:?}");
        assert_eq!(
            body["token_endpoint"],
            format!("{}/v1/oauth/token", app.base)
        );
        assert_eq!(
            h.get("cache-control").unwrap().to_str().unwrap(),
            "public, max-age=3600"
        );
    }
    app.stop().await;
    // A trusted proxy's forwarded host is used, but never a scheme or host a URL cannot hold.
    let app = spawn_with(|c| c.serving.client_ip_header = Some("X-Forwarded-For".into())).await;
    let (_, body) = meta(&app, &[("X-Forwarded-Host", "spider.example")]).await;
    assert_eq!(body["issuer"], "http://spider.example");
    let (_, body) = meta(&app, spoofs[1]).await;
    assert!(
        !body["issuer"].as_str().unwrap().starts_with("javascript"),
        "{body}"
    );
    let (_, body) = meta(&app, spoofs[2]).await;
    assert!(
        !body["issuer"].as_str().unwrap().contains("evil.example/x"),
        "{body}"
    );
    app.stop().await;
    // PUBLIC_URL decides.
    let app = spawn_with(|c| c.serving.public_url = Some("https://spider.example/".into())).await;
    for headers in spoofs {
        let (_, body) = meta(&app, headers).await;
        assert_eq!(body["issuer"], "https://spider.example");
        assert_eq!(
            body["authorization_endpoint"],
            "https://spider.example/oauth/authorize"
        );
    }
    app.stop().await;
}

/// Every refusal keeps to the contract: a body past the limit of the import (problem+json) or
/// of the token and revocation endpoints (OAuth 2's own shape), and media types compared
/// case-insensitively (RFC 9110 §8.3.1).
#[actix_rt::test]
async fn large_bodies_and_media_types_in_any_case_get_answers_on_the_contract() {
    let app = spawn_app().await;
    let (_, token) = app.register().await;
    let big = "# a comment\n".repeat(300 * 1024 / 12);
    let r = send_raw(&app, "/v1/games/import", &token, "text/plain", big.clone()).await;
    r.problem(413, "payload_too_large");
    for path in ["/v1/oauth/token", "/v1/oauth/revoke"] {
        let mut res = app
            .client
            .post(format!("{}{path}", app.base))
            .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
            .send_body(format!("token={}", "x".repeat(20 * 1024)))
            .await
            .expect("sent");
        assert_eq!(res.status().as_u16(), 413, "{path}");
        assert!(res
            .headers()
            .get("content-type")
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("application/json"));
        let body: Value = res.json().await.expect("json");
        assert_eq!(body["error"], "invalid_request", "{path}: {body}");
        assert!(body["error_description"]
            .as_str()
            .unwrap()
            .contains("16384 bytes"));
    }
    // `APPLICATION/JSON` is JSON: an import in JSON, and a JSON operation.
    let gid = id(&app
        .new_game(&token, json!({"suits": 1, "deal_number": 3}))
        .await);
    app.act(&token, &gid, json!({"type": "resign"})).await;
    let export = app
        .send(
            "GET",
            &format!("/v1/games/{gid}/export"),
            None,
            &[("Accept", "application/json")],
            None,
        )
        .await;
    let r = send_raw(
        &app,
        "/v1/games/import",
        &token,
        "APPLICATION/JSON; Charset=UTF-8",
        export.text.clone(),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    let r = send_raw(
        &app,
        "/v1/games",
        &token,
        "Application/Json",
        json!({"suits": 2}).to_string(),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    app.stop().await;
}

/// The document says what the server checks of an app's request: one-value enums, the
/// challenge's pattern, what is required.
#[actix_rt::test]
async fn the_document_states_what_an_apps_request_must_be() {
    let app = spawn_app().await;
    let doc = app.send("GET", "/openapi.json", None, &[], None).await.body;
    let params = doc["paths"]["/v1/oauth/request"]["get"]["parameters"]
        .as_array()
        .unwrap()
        .clone();
    let param = |name: &str| {
        params
            .iter()
            .find(|p| p["name"] == name)
            .cloned()
            .unwrap_or_else(|| panic!("{name}"))
    };
    assert_eq!(param("response_type")["schema"]["enum"], json!(["code"]));
    assert_eq!(
        param("code_challenge_method")["schema"]["enum"],
        json!(["S256"])
    );
    assert_eq!(
        param("code_challenge")["schema"]["pattern"],
        "^[A-Za-z0-9_-]{43}$"
    );
    for name in [
        "response_type",
        "client_id",
        "redirect_uri",
        "scope",
        "code_challenge",
        "code_challenge_method",
    ] {
        assert_eq!(param(name)["required"], true, "{name}");
    }
    assert_ne!(param("state")["required"], true);
    let decision = &doc["components"]["schemas"]["Decision"];
    assert_eq!(
        decision["properties"]["code_challenge_method"]["enum"],
        json!(["S256"])
    );
    let required = decision["required"].as_array().unwrap();
    assert!(required.contains(&json!("code_challenge")), "{decision}");
    assert!(!required.contains(&json!("password")), "{decision}");
    let form = &doc["components"]["schemas"]["TokenForm"];
    assert_eq!(
        form["properties"]["grant_type"]["enum"],
        json!(["authorization_code"])
    );
    // What the document refuses, the server refuses: an empty challenge, another method.
    let (_, challenge) = pkce("doc");
    for query in [
        "code_challenge=&code_challenge_method=S256".to_string(),
        format!("code_challenge={challenge}&code_challenge_method=plain"),
        format!("code_challenge={challenge}"),
    ] {
        app.send(
            "GET",
            &format!(
                "/v1/oauth/request?response_type=code&client_id=x\
                 &redirect_uri=https%3A%2F%2Fa.example%2Fcb&scope=games%3Aread&{query}"
            ),
            None,
            &[],
            None,
        )
        .await
        .problem(400, "invalid_request");
    }
    app.stop().await;
}
