//! Arenas over real HTTP: making one, joining and leaving, deals one after another with
//! streaks and berserk, the standings (paged, at one version, live), fairness (no deal number
//! in any answer), the end and its final places (with a second instance whose clock is ahead),
//! operators' schedules, the limits, and two instances agreeing on the standings.

use super::*;

/// Another instance on the same database whose clock is `offset` away from real time.
async fn instance_at(app: &TestApp, offset: chrono::Duration) -> TestApp {
    let mut config = app.config.clone();
    config.daily.calendar_offset = offset;
    start(config, None).await
}

async fn create(app: &TestApp, token: &str, body: Value) -> Value {
    let r = app.post("/v1/arenas", token, body).await;
    assert_eq!(r.status, 201, "{}", r.text);
    r.body
}

async fn join(app: &TestApp, token: &str, arena: &str) -> Value {
    let r = app
        .post(&format!("/v1/arenas/{arena}/players"), token, json!({}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body
}

/// The caller's next deal, once the arena's deals are drawn (503 until then).
async fn next_deal(app: &TestApp, token: &str, arena: &str, berserk: bool) -> Value {
    for _ in 0..600 {
        let r = app
            .post(
                &format!("/v1/arenas/{arena}/deals"),
                token,
                json!({"berserk": berserk}),
            )
            .await;
        match r.status {
            201 => return r.body,
            503 => {
                assert_eq!(r.body["code"], "arena_deal_not_ready", "{}", r.text);
                actix_rt::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            _ => panic!("{}", r.text),
        }
    }
    panic!("no deal within a minute");
}

/// The engine's game of a stored game (the API never shows an arena deal's number).
fn stored_game(app: &TestApp, game: &str) -> Game {
    let db = app.db();
    let mut conn = db.conn().unwrap();
    let row = spider::store::games::by_id(&mut conn, &game.to_string().into())
        .unwrap()
        .unwrap();
    row.deal_spec().deal()
}

/// Wins game `game` from its opening.
async fn win(app: &TestApp, token: &str, game: &str) {
    let line = winning_line(&stored_game(app, game)).expect("an arena deal is proven winnable");
    for (i, &action) in line.iter().enumerate() {
        let r = app.act(token, game, api_action(action)).await;
        assert_eq!(r.status, 200, "action {i}: {}", r.text);
    }
    let r = app.get(&format!("/v1/games/{game}"), token).await;
    assert_eq!(r.body["status"], "won", "{}", r.text);
}

async fn resign(app: &TestApp, token: &str, game: &str) {
    let r = app.act(token, game, json!({"type": "resign"})).await;
    assert_eq!(r.status, 200, "{}", r.text);
}

async fn standings(app: &TestApp, token: &str, arena: &str, query: &str) -> Value {
    let r = app
        .get(&format!("/v1/arenas/{arena}/standings{query}"), token)
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body
}

/// Every deal number the arena holds, read from the database.
fn deal_numbers(app: &TestApp, arena: &str) -> Vec<i64> {
    let db = app.db();
    let mut conn = db.conn().unwrap();
    spider::store::arenas::deals(&mut conn, arena)
        .unwrap()
        .iter()
        .map(|d| d.deal_number)
        .collect()
}

fn no_deal_number_in(text: &str, numbers: &[i64]) {
    for n in numbers {
        assert!(
            !text.contains(&n.to_string()) && !text.contains(&(*n as u64).to_string()),
            "deal {n} shown in {text}"
        );
    }
}

/// The whole life of an account's arena: made, joined (a guest too, in a casual arena),
/// deals won, won berserk and resigned, standings paged with shared places and at one version,
/// leaving and coming back, nothing that names a deal, and at the end (seen through an
/// instance whose clock is past it) final places, the history, and the analysis opened.
#[actix_rt::test]
async fn an_arena_from_its_making_to_its_final_places() {
    let app = spawn_app().await;
    let (alice_name, alice) = app.register().await;
    let (bob_name, bob) = app.register().await;
    let guest = app.guest().await;

    // Only accounts make arenas, within the limits.
    app.post("/v1/arenas", &guest, json!({"suits": 1, "minutes": 30}))
        .await
        .problem(403, "account_required");
    app.post("/v1/arenas", &alice, json!({"suits": 1, "minutes": 4}))
        .await
        .problem(400, "arena_length");
    app.post(
        "/v1/arenas",
        &alice,
        json!({"suits": 1, "minutes": 30, "starts_in_minutes": 10081}),
    )
    .await
    .problem(400, "arena_start");
    app.post(
        "/v1/arenas",
        &alice,
        json!({"suits": 1, "minutes": 30, "title": "  "}),
    )
    .await
    .problem(400, "arena_title");
    app.post("/v1/arenas", &alice, json!({"suits": 3, "minutes": 30}))
        .await
        .problem(400, "invalid_request");

    let arena = create(
        &app,
        &alice,
        json!({"suits": 1, "minutes": 5, "title": "Friday 1♠"}),
    )
    .await;
    let id = arena["id"].as_str().unwrap().to_string();
    assert_eq!(arena["state"], "running", "{arena}");
    assert_eq!(arena["final"], false);
    assert_eq!(arena["deals"], 6);
    assert_eq!(arena["title"], "Friday 1♠");
    assert!(arena["you"].is_null());
    let listed = app.send("GET", "/v1/arenas", None, &[], None).await;
    assert_eq!(listed.status, 200, "{}", listed.text);
    assert!(listed.body["running"]
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a["id"] == id.as_str()));

    // A deal needs a place in the arena first.
    app.post(&format!("/v1/arenas/{id}/deals"), &alice, json!({}))
        .await
        .problem(409, "not_in_arena");
    let me = join(&app, &alice, &id).await;
    assert_eq!(me["you"]["points"], 0, "{me}");
    assert_eq!(me["players"], 1);
    join(&app, &bob, &id).await;
    // Joining again changes nothing; a casual arena takes guests.
    join(&app, &bob, &id).await;
    join(&app, &guest, &id).await;

    // Alice's first deal: a game as any other, without its number.
    let dealt = next_deal(&app, &alice, &id, false).await;
    assert_eq!(dealt["deal"], 1, "{dealt}");
    assert_eq!(dealt["berserk"], false);
    let game1 = dealt["game"]["id"].as_str().unwrap().to_string();
    assert!(dealt["game"]["deal_number"].is_null(), "{dealt}");
    assert_eq!(dealt["game"]["origin"], "arena", "{dealt}");
    app.post(&format!("/v1/arenas/{id}/deals"), &alice, json!({}))
        .await
        .problem(409, "arena_deal_in_play");
    let mine = app.get(&format!("/v1/arenas/{id}"), &alice).await;
    assert_eq!(
        mine.body["you"]["playing"]["game_id"],
        game1.as_str(),
        "{}",
        mine.text
    );
    win(&app, &alice, &game1).await;
    let page = standings(&app, &alice, &id, "").await;
    assert_eq!(page["standings"][0]["points"], 2, "{page}");
    assert_eq!(page["standings"][0]["won"], 1);
    assert_eq!(page["you"]["place"], 1, "{page}");
    // A won deal's game is not restarted, nor analysed while the arena runs.
    app.post(&format!("/v1/games/{game1}/restart"), &alice, json!({}))
        .await
        .problem(409, "arena_game");
    app.get(&format!("/v1/games/{game1}/analysis"), &alice)
        .await
        .problem(409, "arena_running");

    // The second, berserk: no undo, and a point more.
    let dealt = next_deal(&app, &alice, &id, true).await;
    assert_eq!(dealt["deal"], 2);
    assert_eq!(dealt["berserk"], true);
    assert_eq!(dealt["game"]["undo_mode"], "off", "{dealt}");
    let game2 = dealt["game"]["id"].as_str().unwrap().to_string();
    let line = winning_line(&stored_game(&app, &game2)).unwrap();
    let first = line
        .iter()
        .position(|a| matches!(a, Action::Move { .. }))
        .unwrap();
    for &action in &line[..=first] {
        assert_eq!(
            app.act(&alice, &game2, api_action(action)).await.status,
            200
        );
    }
    let undo = app.act(&alice, &game2, json!({"type": "undo"})).await;
    assert_eq!(undo.status, 422, "{}", undo.text);
    for &action in &line[first + 1..] {
        assert_eq!(
            app.act(&alice, &game2, api_action(action)).await.status,
            200
        );
    }

    // Bob resigns his first deal: 0, and played.
    let dealt = next_deal(&app, &bob, &id, false).await;
    resign(&app, &bob, dealt["game"]["id"].as_str().unwrap()).await;

    let page = standings(&app, &alice, &id, "").await;
    let lines = page["standings"].as_array().unwrap();
    assert_eq!(lines.len(), 3, "{page}");
    assert_eq!(lines[0]["points"], 5, "2, then 2 + 1 for berserk: {page}");
    assert_eq!(lines[0]["streak"], 2);
    assert_eq!(lines[0]["on_fire"], true);
    assert_eq!(lines[0]["place"], 1);
    // Bob (0 points, one deal played) and the guest (none) share second place.
    assert_eq!(lines[1]["place"], 2, "{page}");
    assert_eq!(lines[2]["place"], 2, "{page}");
    assert_eq!(page["players"], 3);
    // A page further down keeps the shared place.
    let second = standings(&app, &bob, &id, "?offset=2&limit=1").await;
    assert_eq!(second["standings"].as_array().unwrap().len(), 1);
    assert_eq!(second["standings"][0]["place"], 2, "{second}");
    assert_eq!(second["you"]["place"], 2);
    assert_eq!(second["version"], page["version"]);
    app.get(&format!("/v1/arenas/{id}/standings?limit=0"), &bob)
        .await
        .problem(400, "invalid_request");
    app.get(&format!("/v1/arenas/{id}/standings?offset=-1"), &bob)
        .await
        .problem(400, "invalid_request");
    app.get("/v1/arenas/nope/standings", &bob)
        .await
        .problem(404, "arena_not_found");

    // Bob leaves: his points stay; no deal until he joins again.
    let left = app
        .send(
            "DELETE",
            &format!("/v1/arenas/{id}/players/me"),
            Some(&bob),
            &[],
            None,
        )
        .await;
    assert_eq!(left.status, 200, "{}", left.text);
    assert_eq!(left.body["you"]["active"], false);
    assert_eq!(left.body["you"]["played"], 1);
    app.post(&format!("/v1/arenas/{id}/deals"), &bob, json!({}))
        .await
        .problem(409, "not_in_arena");
    let back = join(&app, &bob, &id).await;
    assert_eq!(back["you"]["active"], true);
    assert_eq!(back["you"]["played"], 1);
    let open = next_deal(&app, &bob, &id, false).await;
    assert_eq!(open["deal"], 2);

    // Nothing answered names a deal of the arena.
    let numbers = deal_numbers(&app, &id);
    assert_eq!(numbers.len(), 6);
    for text in [
        app.get(&format!("/v1/arenas/{id}"), &alice).await.text,
        standings(&app, &alice, &id, "?limit=100").await.to_string(),
        app.get(&format!("/v1/games/{game1}"), &alice).await.text,
        app.get(&format!("/v1/games/{game2}"), &alice).await.text,
        app.get("/v1/users/me/games", &alice).await.text,
        app.get("/v1/users/me/arenas", &alice).await.text,
        open.to_string(),
    ] {
        no_deal_number_in(&text, &numbers);
    }

    // The end, seen through an instance whose clock is past it: final places (Bob's open deal
    // counts as not won), the history, and the analysis open.
    let later = instance_at(&app, chrono::Duration::minutes(6)).await;
    let mut end = Value::Null;
    for _ in 0..300 {
        end = later.get(&format!("/v1/arenas/{id}"), &alice).await.body;
        if end["final"] == true {
            break;
        }
        actix_rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(end["final"], true, "{end}");
    assert_eq!(end["state"], "over");
    assert_eq!(end["you"]["final_place"], 1, "{end}");
    let bob_end = later.get(&format!("/v1/arenas/{id}"), &bob).await.body;
    assert_eq!(bob_end["you"]["played"], 2, "{bob_end}");
    assert_eq!(bob_end["you"]["final_place"], 2);
    assert!(bob_end["you"]["playing"].is_null());
    later
        .post(&format!("/v1/arenas/{id}/deals"), &alice, json!({}))
        .await
        .problem(409, "arena_over");
    later
        .post(&format!("/v1/arenas/{id}/players"), &alice, json!({}))
        .await
        .problem(409, "arena_over");
    let history = later.get("/v1/users/me/arenas", &alice).await;
    assert_eq!(history.status, 200, "{}", history.text);
    assert_eq!(history.body[0]["id"], id.as_str());
    assert_eq!(history.body[0]["you"]["final_place"], 1);
    assert_eq!(history.body[0]["you"]["points"], 5);
    // The winner on the profile.
    let profile = later
        .send("GET", &format!("/v1/users/{alice_name}"), None, &[], None)
        .await;
    assert_eq!(profile.body["arenas_won"], 1, "{}", profile.text);
    assert_eq!(profile.body["arenas_played"], 1);
    let profile = later
        .send("GET", &format!("/v1/users/{bob_name}"), None, &[], None)
        .await;
    assert_eq!(profile.body["arenas_won"], 0, "{}", profile.text);
    assert_eq!(profile.body["arenas_played"], 1);
    let analysis = later
        .get(&format!("/v1/games/{game1}/analysis"), &alice)
        .await;
    assert!(
        analysis.status == 200 || analysis.status == 202,
        "{}",
        analysis.text
    );
    later.stop().await;
    app.stop().await;
}

/// A rated arena is for accounts; an account makes only so many arenas at once (and this
/// server may let it make none); an arena that has not started deals nothing.
#[actix_rt::test]
async fn rated_arenas_and_the_limits_on_making_them() {
    let app = spawn_with(|c| c.limits.arenas_per_account = 1).await;
    let (_, alice) = app.register().await;
    let guest = app.guest().await;
    let arena = create(
        &app,
        &alice,
        json!({"suits": 2, "minutes": 60, "starts_in_minutes": 30, "rated": true, "undo": "full"}),
    )
    .await;
    let id = arena["id"].as_str().unwrap();
    assert_eq!(arena["state"], "upcoming");
    assert_eq!(arena["rated"], true);
    // A rated arena never takes back a card seen.
    assert_eq!(arena["undo_mode"], "no_reveal");
    assert_eq!(arena["deals"], 30);
    app.post(&format!("/v1/arenas/{id}/players"), &guest, json!({}))
        .await
        .problem(403, "account_required");
    join(&app, &alice, id).await;
    app.post(&format!("/v1/arenas/{id}/deals"), &alice, json!({}))
        .await
        .problem(409, "arena_not_started");
    let r = app
        .post("/v1/arenas", &alice, json!({"suits": 1, "minutes": 30}))
        .await;
    r.problem(429, "too_many_arenas");
    let retry: u64 = r.header("retry-after").unwrap().parse().unwrap();
    assert!(retry > 60 * 60 && retry <= 90 * 60, "{retry}");
    app.stop().await;

    let none = spawn_with(|c| c.limits.arenas_per_account = 0).await;
    let (_, carol) = none.register().await;
    none.post("/v1/arenas", &carol, json!({"suits": 1, "minutes": 30}))
        .await
        .problem(403, "arenas_off");
    none.stop().await;
}

/// An operator's schedule: the arena running now and the next one are made once, however
/// many instances run the work, rated and without hints.
#[actix_rt::test]
async fn an_operators_schedule_keeps_the_arena_now_and_the_next() {
    let schedule = |c: &mut spider::config::Config| {
        c.jobs.arena_schedules = vec![spider::config::ArenaSchedule {
            name: "Every ten".into(),
            suits: spider::engine::Suits::One,
            every_minutes: 10,
            lasts_minutes: 10,
            at_minute: 0,
        }];
    };
    let app = spawn_with(schedule).await;
    let mut config = app.config.clone();
    schedule(&mut config);
    let other = start(config, None).await;
    let mut listing = Value::Null;
    for _ in 0..100 {
        listing = app.send("GET", "/v1/arenas", None, &[], None).await.body;
        if !listing["upcoming"].as_array().unwrap().is_empty() {
            break;
        }
        actix_rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let running = listing["running"].as_array().unwrap();
    let upcoming = listing["upcoming"].as_array().unwrap();
    assert_eq!(running.len(), 1, "{listing}");
    assert_eq!(upcoming.len(), 1, "{listing}");
    let now = &running[0];
    assert_eq!(now["schedule"], "Every ten");
    assert_eq!(now["title"], "Every ten");
    assert_eq!(now["rated"], true);
    assert_eq!(now["hints"], false);
    assert_eq!(now["ends_at"], upcoming[0]["starts_at"]);
    // Both instances ran the work: still one arena of each number.
    actix_rt::time::sleep(std::time::Duration::from_millis(2500)).await;
    let again = app.send("GET", "/v1/arenas", None, &[], None).await.body;
    assert_eq!(again["running"].as_array().unwrap().len(), 1, "{again}");
    assert_eq!(again["upcoming"].as_array().unwrap().len(), 1, "{again}");
    other.stop().await;
    app.stop().await;
}

/// Reads `standings` events from an arena's stream: (version, the event's data).
struct Standings<S> {
    body: S,
    buf: String,
}

impl<S> Standings<S>
where
    S: futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>> + Unpin,
{
    async fn next(&mut self) -> Value {
        use futures_util::StreamExt;
        loop {
            if let Some(end) = self.buf.find("\n\n") {
                let block: String = self.buf.drain(..end + 2).collect();
                if !block.starts_with("event: standings") {
                    continue;
                }
                let data = block
                    .lines()
                    .find_map(|l| l.strip_prefix("data: "))
                    .expect("a data line");
                return serde_json::from_str(data).unwrap();
            }
            let chunk =
                actix_rt::time::timeout(std::time::Duration::from_secs(10), self.body.next())
                    .await
                    .expect("an event within 10 s")
                    .expect("the stream is open")
                    .unwrap();
            self.buf.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
}

async fn follow(
    app: &TestApp,
    token: &str,
    arena: &str,
) -> Standings<
    awc::ClientResponse<
        impl futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>>
            + Unpin,
    >,
> {
    let res = app
        .client
        .get(format!("{}/v1/arenas/{arena}/stream", app.base))
        .insert_header(("Authorization", format!("Bearer {token}")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    Standings {
        body: res,
        buf: String::new(),
    }
}

/// Two instances serving one arena: deals end through either, and both streams show the same
/// standings whenever they show the same version; a finished deal reaches the stream quickly.
#[actix_rt::test]
async fn two_instances_agree_on_the_standings_at_every_version() {
    let app = spawn_app().await;
    let other = instance_at(&app, chrono::Duration::zero()).await;
    let (_, host) = app.register().await;
    let arena = create(&app, &host, json!({"suits": 1, "minutes": 30})).await;
    let id = arena["id"].as_str().unwrap().to_string();
    let mut players = Vec::new();
    for _ in 0..4 {
        let (_, token) = app.register().await;
        join(&app, &token, &id).await;
        players.push(token);
    }
    let mut here = follow(&app, &players[0], &id).await;
    let mut there = follow(&other, &players[1], &id).await;
    let mut seen: std::collections::BTreeMap<i64, Vec<Value>> = Default::default();
    let mut record = |event: Value| {
        let version = event["version"].as_i64().unwrap();
        seen.entry(version)
            .or_default()
            .push(event["standings"].clone());
        version
    };
    record(here.next().await);
    record(there.next().await);
    for (i, token) in players.iter().enumerate() {
        let via = if i % 2 == 0 { &app } else { &other };
        let dealt = next_deal(via, token, &id, false).await;
        let game = dealt["game"]["id"].as_str().unwrap().to_string();
        if i == 3 {
            resign(via, token, &game).await;
        } else {
            win(via, token, &game).await;
        }
        let want = standings(&app, token, &id, "").await["version"]
            .as_i64()
            .unwrap();
        // Each stream comes to the version that holds this end.
        for stream in [&mut here, &mut there] {
            loop {
                let v = record(stream.next().await);
                if v >= want {
                    break;
                }
            }
        }
    }
    let mut shared = 0;
    for (version, views) in &seen {
        for view in views {
            assert_eq!(view, &views[0], "two looks at version {version} differ");
        }
        if views.len() > 1 {
            shared += 1;
        }
    }
    assert!(
        shared >= 3,
        "the streams met at {shared} versions: {seen:?}"
    );
    let last = standings(&other, &host, &id, "").await;
    assert_eq!(last["standings"][0]["points"], 2, "{last}");
    assert_eq!(last["standings"][3]["points"], 0);
    assert_eq!(last["standings"][3]["played"], 1);
    other.stop().await;
    app.stop().await;
}
