//! For the people who build on us, over real HTTP: the text board, chat commands and
//! personal access tokens.

use super::*;

/// A chosen 1-suit deal and its engine twin, so a test knows which moves are legal.
async fn known_game(app: &TestApp, token: &str, deal: u64) -> (String, Game) {
    let game = app
        .new_game(token, json!({"suits": 1, "deal_number": deal}))
        .await;
    let engine = Game::new(Variant::Spider, Suits::One, Rules::default(), deal);
    (id(&game), engine)
}

async fn command(app: &TestApp, token: &str, game: &str, text: &str) -> Resp {
    app.post(
        &format!("/v1/games/{game}/commands"),
        token,
        json!({ "command": text }),
    )
    .await
}

async fn version(app: &TestApp, token: &str, game: &str) -> i64 {
    let r = app.get(&format!("/v1/games/{game}"), token).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["version"].as_i64().unwrap()
}

/// The first legal move (engine form) of `game`.
fn first_move(game: &Game) -> (usize, usize, usize) {
    game.legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::Move { from, to, count } => Some((from, to, count)),
            _ => None,
        })
        .expect("a legal move")
}

#[actix_rt::test]
async fn the_board_is_monospace_text_with_face_down_markers_and_no_hidden_card() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let (game, engine) = known_game(&app, &token, 11).await;
    let r = app
        .send(
            "GET",
            &format!("/v1/games/{game}/board"),
            Some(&token),
            &[("Accept", "text/plain")],
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(r.header("content-type").unwrap().starts_with("text/plain"));
    assert_eq!(r.header("etag").as_deref(), Some("\"0\""));
    let lines: Vec<&str> = r.text.lines().collect();
    assert!(
        lines[0].starts_with("spider 1 suit · score 500 · stock 5 deals left · runs 0/8"),
        "{}",
        r.text
    );
    assert_eq!(lines[1], "   1   2   3   4   5   6   7   8   9  10");
    // Six rows: five of face-down markers (and the face-up cards of the short columns),
    // then the rest of the face-up cards.
    assert_eq!(lines.len(), 2 + 6, "{}", r.text);
    assert_eq!(r.text.matches("##").count(), 44);
    // Exactly the ten face-up cards appear, where the engine has them.
    for c in 0..10 {
        let (down, up) = engine.column(c).unwrap();
        let card = up[0].to_string();
        let row = lines[2 + down];
        let cell = &row.chars().skip(4 * c).take(4).collect::<String>();
        assert_eq!(cell.trim(), card, "column {}: {}", c + 1, r.text);
    }
    // JSON on request.
    let r = app
        .send(
            "GET",
            &format!("/v1/games/{game}/board"),
            Some(&token),
            &[("Accept", "application/json")],
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["version"], 0);
    assert!(r.body["text"].as_str().unwrap().contains("##"));
    app.stop().await;
}

#[actix_rt::test]
async fn every_command_form_plays_through_the_engine() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let (game, mut engine) = known_game(&app, &token, 11).await;

    // `f t`: the group that fits.
    let (from, to, count) = first_move(&engine);
    let r = command(&app, &token, &game, &format!("{} {}", from + 1, to + 1)).await;
    assert_eq!(r.status, 200, "{}", r.text);
    engine.apply(Action::Move { from, to, count }).unwrap();
    assert_eq!(r.body["version"], 1);
    assert_eq!(r.body["action"]["type"], "move");
    assert_eq!(r.body["status"], "in_progress");
    assert!(
        r.body["message"].as_str().unwrap().starts_with("Moved "),
        "{}",
        r.text
    );
    assert_eq!(
        r.body["board"],
        spider::http::board::text(&engine.view(), spider::i18n::Lang::En)
    );

    // `u`, then `f t c` with an explicit count, in plain text both ways.
    let r = command(&app, &token, &game, "u").await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["message"], "Took back the last move.");
    engine.apply(Action::Undo).unwrap();
    let r = app
        .send(
            "POST",
            &format!("/v1/games/{game}/commands"),
            Some(&token),
            &[("Content-Type", "text/plain"), ("Accept", "text/plain")],
            None,
        )
        .await;
    // Asked for plain text, a refusal is plain text too.
    assert_eq!(r.status, 400, "{}", r.text);
    assert!(r.text.starts_with("The command is empty."), "{}", r.text);
    let mut req = app
        .client
        .post(format!("{}/v1/games/{game}/commands", app.base))
        .insert_header(("Authorization", format!("Bearer {token}")))
        .insert_header(("Content-Type", "text/plain"))
        .insert_header(("Accept", "text/plain"));
    req = req.timeout(std::time::Duration::from_secs(10));
    let mut res = req
        .send_body(format!("{} {} {}", from + 1, to + 1, count))
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let text = String::from_utf8(res.body().await.unwrap().to_vec()).unwrap();
    engine.apply(Action::Move { from, to, count }).unwrap();
    let (message, board) = text.split_once("\n\n").expect("message, blank line, board");
    assert!(message.starts_with("Moved "), "{text}");
    assert_eq!(
        board,
        spider::http::board::text(&engine.view(), spider::i18n::Lang::En)
    );

    // `c`: tap a card; `d`; `h`; `b`; `help`.
    let auto = (0..10)
        .find(|&c| engine.auto_move(c, None).is_ok())
        .expect("a column with a move");
    let expected = engine.auto_move(auto, None).unwrap();
    let r = command(&app, &token, &game, &format!("{}", auto + 1)).await;
    assert_eq!(r.status, 200, "{}", r.text);
    engine.apply(expected).unwrap();
    assert_eq!(
        r.body["board"],
        spider::http::board::text(&engine.view(), spider::i18n::Lang::En)
    );
    let r = command(&app, &token, &game, "deal").await;
    assert_eq!(r.status, 200, "{}", r.text);
    engine.apply(Action::Deal).unwrap();
    assert_eq!(r.body["action"]["type"], "deal");
    assert_eq!(r.body["version"], 5);
    for (text, has_message) in [("h", true), ("b", false), ("help", true), ("/HINT", true)] {
        let r = command(&app, &token, &game, text).await;
        assert_eq!(r.status, 200, "{text}: {}", r.text);
        assert!(r.body["action"].is_null(), "{text} changes nothing");
        assert_eq!(r.body["version"], 5);
        assert_eq!(
            r.body["message"].as_str().unwrap().is_empty(),
            !has_message,
            "{text}"
        );
        assert_eq!(
            r.body["board"],
            spider::http::board::text(&engine.view(), spider::i18n::Lang::En)
        );
    }

    // Refusals: a reason, the unchanged board, nothing stored.
    for (text, status, code) in [
        ("fly away", 400, "unknown_command"),
        ("3 7 2 1", 400, "unknown_command"),
        ("   ", 400, "empty_command"),
        ("1 1", 422, "same_column"),
        ("0 3", 422, "no_such_column"),
        ("42 1", 422, "no_such_column"),
        ("1 2 9", 422, "not_enough_face_up"),
    ] {
        let r = command(&app, &token, &game, text).await;
        r.problem(status, code);
        if status == 422 {
            assert_eq!(
                r.body["board"],
                spider::http::board::text(&engine.view(), spider::i18n::Lang::En),
                "{text}"
            );
        }
        assert_eq!(
            version(&app, &token, &game).await,
            5,
            "{text} changed the game"
        );
    }
    // A body far larger than any command: a problem with a code, as every error is.
    let mut res = app
        .client
        .post(format!("{}/v1/games/{game}/commands", app.base))
        .insert_header(("Authorization", format!("Bearer {token}")))
        .insert_header(("Content-Type", "text/plain"))
        .timeout(std::time::Duration::from_secs(10))
        .send_body("3 7 ".repeat(25_000))
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 413);
    assert!(res
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/problem+json")));
    let problem: serde_json::Value = serde_json::from_slice(&res.body().await.unwrap()).unwrap();
    assert_eq!(problem["code"], "payload_too_large");
    assert_eq!(version(&app, &token, &game).await, 5);
    let r = app
        .send(
            "POST",
            &format!("/v1/games/{game}/commands"),
            Some(&token),
            &[("Accept", "text/plain")],
            Some(json!({"command": "1 1"})),
        )
        .await;
    assert_eq!(r.status, 422);
    assert!(
        r.text
            .starts_with("A card cannot be moved onto its own column."),
        "{}",
        r.text
    );
    assert!(r.text.contains("\n\nspider 1 suit"), "{}", r.text);

    let r = command(&app, &token, &game, "resign").await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["status"], "resigned");
    command(&app, &token, &game, "d")
        .await
        .problem(409, "game_over");
    // Someone else's game does not exist for you.
    let other = app.guest().await;
    command(&app, &other, &game, "d")
        .await
        .problem(404, "not_found");
    app.stop().await;
}

async fn make_token(app: &TestApp, session: &str, scopes: &[&str]) -> (String, String) {
    let r = app
        .post(
            "/v1/users/me/tokens",
            session,
            json!({"name": "bot", "scopes": scopes, "expires_in_days": 7, "password": PASSWORD}),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    let token = r.body["token"].as_str().unwrap().to_string();
    assert!(token.starts_with("spider_pat_"));
    (r.body["id"].as_str().unwrap().to_string(), token)
}

#[actix_rt::test]
async fn access_tokens_are_scoped_expire_and_stop_at_once_when_revoked() {
    let app = spawn_app().await;
    let (_, session) = app.register().await;
    let (read_id, read) = make_token(&app, &session, &["games:read"]).await;
    let (write_id, write) = make_token(&app, &session, &["games:write"]).await;

    // The list shows them, never the secrets.
    let r = app.get("/v1/users/me/tokens", &session).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let tokens = r.body["tokens"].as_array().unwrap();
    assert_eq!(tokens.len(), 2);
    assert!(!r.text.contains(&read[12..]) && !r.text.contains(&write[12..]));
    assert!(tokens
        .iter()
        .all(|t| t["active"] == true && t["name"] == "bot"));

    // Write: create and play. Read: look, never touch.
    let game = app.new_game(&write, json!({"suits": 1})).await;
    let game = id(&game);
    assert_eq!(
        app.act(&write, &game, json!({"type": "deal"})).await.status,
        200
    );
    assert_eq!(command(&app, &write, &game, "u").await.status, 200);
    for path in [
        format!("/v1/games/{game}"),
        format!("/v1/games/{game}/board"),
        format!("/v1/games/{game}/hint"),
        format!("/v1/games/{game}/moves"),
        format!("/v1/games/{game}/events"),
        "/v1/users/me/games".to_string(),
        "/v1/users/me/records".to_string(),
        "/v1/me".to_string(),
    ] {
        let r = app.get(&path, &read).await;
        assert_eq!(r.status, 200, "{path}: {}", r.text);
    }
    app.act(&read, &game, json!({"type": "deal"}))
        .await
        .problem(403, "insufficient_scope");
    command(&app, &read, &game, "d")
        .await
        .problem(403, "insufficient_scope");
    app.post("/v1/games", &read, json!({"suits": 1}))
        .await
        .problem(403, "insufficient_scope");
    app.post("/v1/daily/games", &read, json!({"suits": 1}))
        .await
        .problem(403, "insufficient_scope");
    assert_eq!(
        version(&app, &session, &game).await,
        2,
        "refusals change nothing"
    );

    // Tokens cannot manage tokens.
    app.post(
        "/v1/users/me/tokens",
        &write,
        json!({"name": "x", "scopes": ["games:read"], "password": PASSWORD}),
    )
    .await
    .problem(403, "session_required");
    app.get("/v1/users/me/tokens", &write)
        .await
        .problem(403, "session_required");

    // Bad requests.
    for body in [
        json!({"name": "x", "scopes": ["games:admin"], "password": PASSWORD}),
        json!({"name": "x", "scopes": [], "password": PASSWORD}),
        json!({"name": "", "scopes": ["games:read"], "password": PASSWORD}),
        json!({"name": "x", "scopes": ["games:read"], "expires_in_days": 0, "password": PASSWORD}),
        json!({"name": "x", "scopes": ["games:read"], "expires_in_days": 91, "password": PASSWORD}),
        json!({"name": "x", "scopes": ["games:read"]}),
    ] {
        app.post("/v1/users/me/tokens", &session, body)
            .await
            .problem(400, "invalid_request");
    }
    for bad in [
        "spider_pat_nope",
        "spider_pat_abc_def",
        &format!("{write}x"),
    ] {
        app.get("/v1/users/me/games", bad)
            .await
            .problem(401, "invalid_token");
    }

    // Revoked: refused on the very next request. Someone else cannot revoke it.
    let stranger = app.guest().await;
    app.send(
        "DELETE",
        &format!("/v1/users/me/tokens/{write_id}"),
        Some(&stranger),
        &[],
        None,
    )
    .await
    .problem(404, "not_found");
    let r = app
        .send(
            "DELETE",
            &format!("/v1/users/me/tokens/{write_id}"),
            Some(&session),
            &[],
            None,
        )
        .await;
    assert_eq!(r.status, 204, "{}", r.text);
    app.get("/v1/users/me/games", &write)
        .await
        .problem(401, "invalid_token");
    let again = app
        .send(
            "DELETE",
            &format!("/v1/users/me/tokens/{write_id}"),
            Some(&session),
            &[],
            None,
        )
        .await;
    assert_eq!(again.status, 204);

    // Expired: refused once its time is up (moved into the past in the database).
    let db = app.db();
    {
        use diesel::RunQueryDsl;
        let mut conn = db.conn().unwrap();
        diesel::sql_query(format!(
            "UPDATE access_tokens SET expires_at = created_at WHERE id = '{read_id}'"
        ))
        .execute(&mut *conn)
        .unwrap();
    }
    app.get("/v1/users/me/games", &read)
        .await
        .problem(401, "token_expired");
    let r = app.get("/v1/users/me/tokens", &session).await;
    let listed = r.body["tokens"].as_array().unwrap();
    assert!(listed.iter().all(|t| t["active"] == false), "{}", r.text);
    app.stop().await;
}

/// Reads Server-Sent Events from a streaming response.
struct Events<S> {
    body: S,
    buf: String,
}

impl<S> Events<S>
where
    S: futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>> + Unpin,
{
    /// The next event as (name, id, data), skipping comments; `None` when the stream ends.
    async fn next(&mut self) -> Option<(String, i64, Value)> {
        use futures_util::StreamExt;
        loop {
            if let Some(end) = self.buf.find("\n\n") {
                let block: String = self.buf.drain(..end + 2).collect();
                if block.starts_with(':') {
                    continue;
                }
                let field = |name: &str| {
                    block
                        .lines()
                        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
                        .unwrap_or_default()
                        .to_string()
                };
                return Some((
                    field("event"),
                    field("id").parse().unwrap(),
                    serde_json::from_str(&field("data")).unwrap(),
                ));
            }
            let chunk =
                actix_rt::time::timeout(std::time::Duration::from_secs(10), self.body.next())
                    .await
                    .expect("an event within 10 s")?;
            self.buf.push_str(&String::from_utf8_lossy(&chunk.unwrap()));
        }
    }
}

async fn open_stream(
    app: &TestApp,
    token: &str,
    game: &str,
    last: Option<&str>,
) -> Events<
    awc::ClientResponse<
        impl futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>>
            + Unpin,
    >,
> {
    let mut req = app
        .client
        .get(format!("{}/v1/games/{game}/stream", app.base))
        .insert_header(("Authorization", format!("Bearer {token}")));
    if let Some(last) = last {
        req = req.insert_header(("Last-Event-ID", last));
    }
    let res = req.send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(
        res.headers().get("content-type").unwrap().to_str().unwrap(),
        "text/event-stream"
    );
    Events {
        body: res,
        buf: String::new(),
    }
}

/// Live streams are a bounded resource: a user's streams beyond the limit are refused with
/// 429 until one closes.
#[actix_rt::test]
async fn a_user_has_a_bounded_number_of_live_streams() {
    let app = spawn_with(|c| c.limits.streams_per_user = 2).await;
    let token = app.guest().await;
    let (game, _) = known_game(&app, &token, 11).await;
    let first = open_stream(&app, &token, &game, None).await;
    let _second = open_stream(&app, &token, &game, None).await;
    let refused = app.get(&format!("/v1/games/{game}/stream"), &token).await;
    refused.problem(429, "too_many_streams");
    assert_eq!(refused.header("retry-after").as_deref(), Some("5"));
    // Someone else is not counted against this user.
    let other = app.guest().await;
    let (theirs, _) = known_game(&app, &other, 12).await;
    let _theirs = open_stream(&app, &other, &theirs, None).await;
    // Closing a stream frees its place.
    drop(first);
    let mut reopened = 0;
    for _ in 0..120 {
        actix_rt::time::sleep(std::time::Duration::from_millis(100)).await;
        let r = app
            .client
            .get(format!("{}/v1/games/{game}/stream", app.base))
            .insert_header(("Authorization", format!("Bearer {token}")))
            .send()
            .await
            .unwrap();
        reopened = r.status().as_u16();
        if reopened == 200 {
            break;
        }
    }
    assert_eq!(reopened, 200, "a closed stream's place is free again");
}

/// On Postgres a stream hears another instance's append through LISTEN/NOTIFY, within
/// milliseconds; on SQLite it polls every second.
#[actix_rt::test]
async fn an_action_on_another_instance_reaches_a_stream_quickly() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let (game, _) = known_game(&app, &token, 11).await;
    let other = start(app.config.clone(), None).await;
    let mut events = open_stream(&app, &token, &game, None).await;
    assert_eq!(events.next().await.unwrap().0, "view");
    let mut waits = Vec::new();
    for (i, kind) in ["deal", "undo", "deal", "undo", "deal"].iter().enumerate() {
        let sent = std::time::Instant::now();
        assert_eq!(
            other.act(&token, &game, json!({"type": kind})).await.status,
            200
        );
        let (name, id, data) = events.next().await.unwrap();
        waits.push(sent.elapsed());
        assert_eq!((name.as_str(), id), ("action", i as i64 + 1));
        assert_eq!(data["action"]["type"], *kind);
        assert_eq!(events.next().await.unwrap().0, "view");
    }
    waits.sort();
    let median = waits[waits.len() / 2];
    let bound = if app.config.storage.database_url.starts_with("postgres") {
        std::time::Duration::from_millis(100)
    } else {
        std::time::Duration::from_millis(1_500)
    };
    assert!(
        median < bound,
        "median {median:?} from another instance's action to this stream (all: {waits:?})"
    );
}

#[actix_rt::test]
async fn a_stream_follows_actions_from_this_instance_and_another() {
    let app = spawn_app().await;
    let (_, token) = app.register().await;
    let (game, _) = known_game(&app, &token, 11).await;
    let mut events = open_stream(&app, &token, &game, None).await;
    let (name, id, view) = events.next().await.unwrap();
    assert_eq!((name.as_str(), id), ("view", 0));
    assert_eq!(view["id"], game.as_str());
    assert!(
        view["deal_number"].is_string(),
        "a chosen deal shows its number"
    );

    assert_eq!(
        app.act(&token, &game, json!({"type": "deal"})).await.status,
        200
    );
    let (name, id, data) = events.next().await.unwrap();
    assert_eq!((name.as_str(), id), ("action", 1));
    assert_eq!(data, json!({"seq": 1, "action": {"type": "deal"}}));
    let (name, id, view) = events.next().await.unwrap();
    assert_eq!((name.as_str(), id), ("view", 1));
    assert_eq!(view["deals"], 1);

    // A second instance on the same database: its appends reach this stream too.
    let other = start(app.config.clone(), None).await;
    assert_eq!(
        other
            .act(&token, &game, json!({"type": "undo"}))
            .await
            .status,
        200
    );
    let (name, id, data) = events.next().await.unwrap();
    assert_eq!((name.as_str(), id), ("action", 2));
    assert_eq!(data["action"]["type"], "undo");
    assert_eq!(events.next().await.unwrap().0, "view");
    assert_eq!(
        other
            .act(&token, &game, json!({"type": "resign"}))
            .await
            .status,
        200
    );
    assert_eq!(events.next().await.unwrap().0, "action");
    let (_, _, view) = events.next().await.unwrap();
    assert_eq!(view["status"], "resigned");
    let (name, id, data) = events.next().await.unwrap();
    assert_eq!(
        (name.as_str(), id, data),
        ("end", 3, json!({"status": "resigned"}))
    );
    assert!(
        events.next().await.is_none(),
        "the stream closes after the end"
    );

    // Reconnecting with Last-Event-ID replays what was missed.
    let mut again = open_stream(&app, &token, &game, Some("1")).await;
    let names: Vec<(String, i64)> = [
        again.next().await.unwrap(),
        again.next().await.unwrap(),
        again.next().await.unwrap(),
        again.next().await.unwrap(),
    ]
    .into_iter()
    .map(|(n, i, _)| (n, i))
    .collect();
    assert_eq!(
        names,
        [
            ("action".into(), 2),
            ("action".into(), 3),
            ("view".into(), 3),
            ("end".into(), 3)
        ]
    );

    // Not yours, no token, a read-only access token is enough.
    let stranger = app.guest().await;
    app.get(&format!("/v1/games/{game}/stream"), &stranger)
        .await
        .problem(404, "not_found");
    app.send("GET", &format!("/v1/games/{game}/stream"), None, &[], None)
        .await
        .problem(401, "unauthorized");
    let (_, read) = make_token(&app, &token, &["games:read"]).await;
    let mut by_token = open_stream(&app, &read, &game, None).await;
    assert_eq!(by_token.next().await.unwrap().0, "view");
    other.stop().await;
    app.stop().await;
}

#[actix_rt::test]
async fn a_stream_ends_at_once_when_its_token_stops_working() {
    let app = spawn_app().await;
    let (name, session) = app.register().await;
    let r = app
        .send(
            "POST",
            "/v1/auth/login",
            None,
            &[],
            Some(json!({"username": name, "password": PASSWORD})),
        )
        .await;
    let watcher = r.body["token"].as_str().unwrap().to_string();
    let (game, _) = known_game(&app, &session, 11).await;

    // A session signed out: the next change sends an error, never the action.
    let mut events = open_stream(&app, &watcher, &game, None).await;
    assert_eq!(events.next().await.unwrap().0, "view");
    let r = app.post("/v1/auth/logout", &watcher, json!({})).await;
    assert_eq!(r.status, 204, "{}", r.text);
    let acted = app.act(&session, &game, json!({"type": "deal"})).await;
    assert_eq!(acted.status, 200);
    let (name, _, data) = events.next().await.unwrap();
    assert_eq!(name, "error", "{data}");
    assert_eq!(data["code"], "session_ended");
    assert!(events.next().await.is_none(), "the stream closes");

    // An access token revoked: the same.
    let (token_id, read) = make_token(&app, &session, &["games:read"]).await;
    let mut events = open_stream(&app, &read, &game, None).await;
    assert_eq!(events.next().await.unwrap().0, "view");
    let r = app
        .send(
            "DELETE",
            &format!("/v1/users/me/tokens/{token_id}"),
            Some(&session),
            &[],
            None,
        )
        .await;
    assert_eq!(r.status, 204);
    let acted = app.act(&session, &game, json!({"type": "undo"})).await;
    assert_eq!(acted.status, 200);
    let (name, _, data) = events.next().await.unwrap();
    assert_eq!(name, "error", "{data}");
    assert_eq!(data["code"], "invalid_token");
    assert!(events.next().await.is_none(), "the stream closes");

    // With no change at all, the keep-alive check ends it too (within 5 s).
    let mut events = open_stream(&app, &session, &game, None).await;
    assert_eq!(events.next().await.unwrap().0, "view");
    let r = app.post("/v1/auth/logout-all", &session, json!({})).await;
    assert_eq!(r.status, 204);
    let started = std::time::Instant::now();
    let (name, _, data) = events.next().await.unwrap();
    assert_eq!(
        (name.as_str(), data["code"].as_str()),
        ("error", Some("session_ended"))
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(7));
    app.stop().await;
}

#[actix_rt::test]
async fn a_stream_with_nothing_to_say_ends_after_the_idle_time() {
    let app = spawn_with(|c| c.limits.stream_idle = std::time::Duration::from_secs(2)).await;
    let token = app.guest().await;
    let (game, _) = known_game(&app, &token, 11).await;
    let mut events = open_stream(&app, &token, &game, None).await;
    assert_eq!(events.next().await.unwrap().0, "view");
    let started = std::time::Instant::now();
    let (name, _, data) = events.next().await.unwrap();
    assert_eq!(
        (name.as_str(), data["idle_seconds"].as_u64()),
        ("idle", Some(2))
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(8));
    assert!(events.next().await.is_none(), "the stream closes");
    app.stop().await;
}

/// With `STREAMS_PER_ADDRESS` set, one client address holds at most that many streams, whoever
/// opens them; closing one frees its place.
#[actix_rt::test]
async fn an_address_has_a_bounded_number_of_live_streams_when_a_limit_is_set() {
    let app = spawn_with(|c| c.limits.streams_per_address = 2).await;
    let (ann, bob, cat) = (app.guest().await, app.guest().await, app.guest().await);
    let (a, _) = known_game(&app, &ann, 11).await;
    let (b, _) = known_game(&app, &bob, 12).await;
    let (c, _) = known_game(&app, &cat, 13).await;
    let first = open_stream(&app, &ann, &a, None).await;
    let _second = open_stream(&app, &bob, &b, None).await;
    let refused = app.get(&format!("/v1/games/{c}/stream"), &cat).await;
    refused.problem(429, "too_many_streams");
    assert!(
        refused.body["detail"]
            .as_str()
            .unwrap()
            .contains("from your address"),
        "{}",
        refused.text
    );
    assert_eq!(refused.header("retry-after").as_deref(), Some("5"));
    drop(first);
    let mut reopened = 0;
    for _ in 0..120 {
        actix_rt::time::sleep(std::time::Duration::from_millis(100)).await;
        let r = app
            .client
            .get(format!("{}/v1/games/{c}/stream", app.base))
            .insert_header(("Authorization", format!("Bearer {cat}")))
            .send()
            .await
            .unwrap();
        reopened = r.status().as_u16();
        if reopened == 200 {
            break;
        }
    }
    assert_eq!(reopened, 200, "a closed stream's place is free again");
    app.stop().await;
}

/// A session signed out or a token revoked through another instance ends its streams here
/// within the shared token check's period (5 s), with no change to the game at all.
#[actix_rt::test]
async fn a_token_ended_through_another_instance_ends_its_streams_within_seconds() {
    let app = spawn_app().await;
    let (_, session) = app.register().await;
    let (game, _) = known_game(&app, &session, 11).await;
    let (token_id, read) = make_token(&app, &session, &["games:read"]).await;
    let other = start(app.config.clone(), None).await;
    let mut by_token = open_stream(&app, &read, &game, None).await;
    let mut by_session = open_stream(&app, &session, &game, None).await;
    assert_eq!(by_token.next().await.unwrap().0, "view");
    assert_eq!(by_session.next().await.unwrap().0, "view");

    let started = std::time::Instant::now();
    let r = other
        .send(
            "DELETE",
            &format!("/v1/users/me/tokens/{token_id}"),
            Some(&session),
            &[],
            None,
        )
        .await;
    assert_eq!(r.status, 204);
    let (name, _, data) = by_token.next().await.unwrap();
    assert_eq!(
        (name.as_str(), data["code"].as_str()),
        ("error", Some("invalid_token"))
    );
    assert!(by_token.next().await.is_none(), "the stream closes");
    assert!(started.elapsed() < std::time::Duration::from_secs(7));

    let started = std::time::Instant::now();
    let r = other.post("/v1/auth/logout-all", &session, json!({})).await;
    assert_eq!(r.status, 204);
    let (name, _, data) = by_session.next().await.unwrap();
    assert_eq!(
        (name.as_str(), data["code"].as_str()),
        ("error", Some("session_ended"))
    );
    assert!(by_session.next().await.is_none(), "the stream closes");
    assert!(started.elapsed() < std::time::Duration::from_secs(7));
    other.stop().await;
    app.stop().await;
}
