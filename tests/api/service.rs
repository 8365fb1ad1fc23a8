//! Operating the service and its contract: health, metrics, migrations, the OpenAPI
//! document and the problems every refusal is, CORS and the web page's headers.

use super::*;

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
    // Chat commands through the plain endpoint: one answered, one refused (not a command).
    let commands = format!("/v1/games/{}/commands", id(&game));
    let r = app.post(&commands, &token, json!({"command": "b"})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let r = app.post(&commands, &token, json!({"command": "fly"})).await;
    assert_eq!(r.status, 400, "{}", r.text);
    // Two proven deals of one kind waiting.
    stock(&app, 1, 2, spider::engine::Difficulty::Easy);
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
    // What an operator watches on this instance: the release, the pool, streams, searches.
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        r.text
            .contains(&format!("spider_build_info{{version=\"{version}\"}} 1")),
        "{}",
        r.text
    );
    for line in [
        "spider_db_pool_connections{state=\"in_use\"}",
        "spider_db_pool_connections{state=\"idle\"}",
        "spider_db_pool_max_connections 8",
        "spider_live_streams_open 0",
        "spider_search_slots{state=\"busy\"} 0",
    ] {
        assert!(r.text.contains(line), "{line}: {}", r.text);
    }
    // Chat requests by platform and outcome, every series from the start (labels in the
    // order Prometheus's encoder writes them: by name).
    let value = |series: &str| sample(&r.text, series);
    assert_eq!(
        value(r#"spider_chat_requests_total{outcome="answered",platform="http"}"#),
        Some(1.0),
        "{}",
        r.text
    );
    assert_eq!(
        value(r#"spider_chat_requests_total{outcome="refused",platform="http"}"#),
        Some(1.0)
    );
    for platform in ["discord", "slack", "telegram"] {
        for outcome in ["answered", "refused", "failed"] {
            let series = format!(
                r#"spider_chat_requests_total{{outcome="{outcome}",platform="{platform}"}}"#
            );
            assert_eq!(value(&series), Some(0.0), "{series}: {}", r.text);
        }
    }
    // The proven winnable deals waiting: the kind stocked, and the kinds this instance is
    // to keep stocked (WINNABLE_PREFILL: 1, 2 and 4 suits) at 0.
    let pool = |suits: u8, difficulty: &str| {
        value(&format!(
            "spider_winnable_pool_deals{{variant=\"spider\",suits=\"{suits}\",\
             empty_column_deal=\"standard\",difficulty=\"{difficulty}\"}}"
        ))
    };
    assert_eq!(pool(1, "easy"), Some(2.0), "{}", r.text);
    assert_eq!(pool(1, "hard"), Some(0.0), "{}", r.text);
    assert_eq!(pool(4, "normal"), Some(0.0), "{}", r.text);
    // The writer: nothing waiting now, and the batches that wrote the game, its action and the
    // readiness checks (SQLite) or the action (Postgres's group commit) were counted.
    assert_eq!(value("spider_write_queue_depth"), Some(0.0), "{}", r.text);
    for counted in [
        "spider_write_batch_size_count",
        "spider_write_commit_seconds_count",
    ] {
        assert!(
            value(counted).is_some_and(|n| n >= 1.0),
            "{counted}: {}",
            r.text
        );
    }
    assert!(r
        .text
        .contains(r#"spider_write_commit_seconds_bucket{le="+Inf"}"#));
    assert!(r.text.contains("# TYPE spider_write_batch_size histogram"));
    // The pool's checkouts: the requests before this one each took a connection, none in vain.
    assert!(
        value("spider_db_pool_checkout_seconds_count").is_some_and(|n| n >= 1.0),
        "{}",
        r.text
    );
    assert!(r
        .text
        .contains("# TYPE spider_db_pool_checkout_seconds histogram"));
    assert_eq!(
        value("spider_db_pool_checkout_timeouts_total"),
        Some(0.0),
        "{}",
        r.text
    );
    // The process, under the names Prometheus's client libraries use (Linux: read from /proc).
    if cfg!(target_os = "linux") {
        for name in [
            "process_resident_memory_bytes",
            "process_cpu_seconds_total",
            "process_open_fds",
            "process_max_fds",
            "process_start_time_seconds",
        ] {
            assert!(value(name).is_some_and(|v| v > 0.0), "{name}: {}", r.text);
            assert!(r.text.contains(&format!("# HELP {name} ")), "{name}");
        }
        let started = value("process_start_time_seconds").unwrap_or(0.0);
        assert!(started > 1.5e9, "{started}");
    }
    let ready = app.send("GET", "/readyz", None, &[], None).await;
    assert_eq!(ready.body["version"], version);

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

/// The value of `series` (a metric's name with its labels, as written) in a Prometheus text
/// body, if it has a sample line.
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .and_then(|value| value.trim().parse().ok())
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

#[actix_rt::test]
async fn migrations_run_up_down_and_up_again() {
    let (url, _dir) = fresh_database();
    let db = open_db(&url, 1);
    assert!(db.migrate().unwrap() >= 1);
    assert_eq!(db.migrate().unwrap(), 0);
    db.revert_all().unwrap();
    assert!(db.migrate().unwrap() >= 1);
}

/// Several instances started at once on a new database all come up: each `spider migrate`
/// waits for the one migrating and finds nothing left (before, on Postgres, one of two died
/// with a duplicate key in `pg_type`, three tries in three).
#[test]
fn instances_migrating_a_new_database_at_once_all_succeed() {
    for _ in 0..3 {
        let (url, _dir) = fresh_database();
        let children: Vec<std::process::Child> = (0..4)
            .map(|_| {
                std::process::Command::new(env!("CARGO_BIN_EXE_spider"))
                    .arg("migrate")
                    .env("DATABASE_URL", &url)
                    .env("LOG_LEVEL", "error")
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .expect("spider migrate starts")
            })
            .collect();
        for child in children {
            let out = child.wait_with_output().expect("spider migrate ends");
            assert!(
                out.status.success(),
                "a migrate at the same time failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let db = open_db(&url, 1);
        assert_eq!(db.migrate().expect("migrations"), 0, "all applied once");
    }
}

/// A release older than the database (a rolling upgrade's old instances, or a binary rolled
/// back) still migrates and serves it, saying which migrations it does not know; a backup
/// from a newer release is not restored by it.
#[test]
fn an_older_release_serves_a_newer_database_and_says_so() {
    use diesel::RunQueryDsl;
    let (url, _dir) = fresh_database();
    let db = open_db(&url, 1);
    db.migrate().expect("migrations");
    {
        let mut conn = db.conn().expect("a connection");
        let insert = "INSERT INTO __diesel_schema_migrations (version) VALUES ('99991231000001')";
        match &mut *conn {
            spider::store::DbConn::Sqlite(c) => diesel::sql_query(insert).execute(c),
            spider::store::DbConn::Pg(c) => diesel::sql_query(insert).execute(c),
        }
        .expect("a newer release's migration, as it would be recorded");
    }
    assert_eq!(
        db.unknown_migrations().expect("the applied migrations"),
        vec!["99991231000001".to_string()]
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_spider"))
        .arg("migrate")
        .env("DATABASE_URL", &url)
        .env("LOG_LEVEL", "warn")
        .output()
        .expect("spider migrate runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("99991231000001") && said.contains("newer release"),
        "{said}"
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

/// A suit count the rules do not know, found in a row (written by hand, or by a release that
/// knew more), is a read error: the game answers 500 `internal_error` and is never played as
/// some other suit count; the other games answer as before.
#[actix_rt::test]
async fn a_row_with_a_suit_count_the_rules_do_not_know_is_an_error_not_a_guess() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let bad = id(&app.new_game(&token, json!({"suits": 2})).await);
    let good = id(&app.new_game(&token, json!({"suits": 2})).await);
    let db = app.db();
    let row = spider::domain::GameId::from(bad.as_str());
    db.write(move |conn| -> Result<usize, spider::store::StoreError> {
        use diesel::prelude::*;
        use spider::store::schema::games;
        Ok(diesel::update(games::table.find(&row))
            .set(games::suits.eq(3))
            .execute(conn)?)
    })
    .unwrap();
    app.get(&format!("/v1/games/{bad}"), &token)
        .await
        .problem(500, "internal_error");
    let r = app.get(&format!("/v1/games/{good}"), &token).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["suits"], 2);
    app.stop().await;
}
