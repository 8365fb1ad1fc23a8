//! Races over real HTTP: a party plays one deal, with CPU opponents, standings, the time
//! limit and the 60-minute cutoff (with an injectable clock), stand-ins for idle players,
//! ratings and the handicap.

use super::*;

async fn prover_app() -> TestApp {
    spawn_with(|c| {
        c.jobs.winnable_pool = 2;
        c.jobs.winnable_prefill = vec![spider::engine::Suits::One];
    })
    .await
}

/// Another instance on the same database whose clock is `offset` away from real time.
async fn instance_at(app: &TestApp, offset: chrono::Duration) -> TestApp {
    let mut config = app.config.clone();
    config.daily.calendar_offset = offset;
    config.jobs.winnable_pool = 0;
    start(config, None).await
}

async fn create(app: &TestApp, token: &str, body: Value) -> Value {
    let r = app.post("/v1/races", token, body).await;
    assert_eq!(r.status, 201, "{}", r.text);
    r.body
}

async fn join(app: &TestApp, token: &str, code: &str) -> Value {
    let r = app
        .post(&format!("/v1/races/{code}/join"), token, json!({}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body
}

/// Start a round once the prover has deals ready (503 until then).
async fn start_round(app: &TestApp, token: &str, code: &str) -> Value {
    for _ in 0..600 {
        let r = app
            .post(&format!("/v1/races/{code}/start"), token, json!({}))
            .await;
        match r.status {
            200 => return r.body,
            503 => actix_rt::time::sleep(std::time::Duration::from_millis(100)).await,
            _ => panic!("{}", r.text),
        }
    }
    panic!("no deal within a minute");
}

async fn race(app: &TestApp, token: &str, code: &str) -> Value {
    let r = app.get(&format!("/v1/races/{code}"), token).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body
}

/// The deal a seat plays, read from the database (the API never shows it during a race).
fn seat_deal(app: &TestApp, code: &str, round: i32, seat: i64) -> u64 {
    let db = app.db();
    let mut conn = db.conn().unwrap();
    let race = spider::store::races::by_code(&mut conn, &code.into())
        .unwrap()
        .unwrap();
    let entries = spider::store::races::entries(&mut conn, &race.id, round).unwrap();
    entries
        .iter()
        .find(|e| i64::from(e.seat) == seat)
        .unwrap()
        .deal_number as u64
}

async fn play(app: &TestApp, token: &str, game: &str, line: &[Action]) {
    for (i, &action) in line.iter().enumerate() {
        let r = app.act(token, game, api_action(action)).await;
        assert_eq!(r.status, 200, "action {i}: {}", r.text);
    }
}

fn place_of(view: &Value, seat: i64) -> &Value {
    view["round"]["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["seat"] == seat)
        .unwrap()
}

#[actix_rt::test]
async fn three_humans_and_two_cpus_race_one_deal() {
    let app = prover_app().await;
    // A ranked room: registered players only.
    let (host, bob, carol) = (
        app.register().await.1,
        app.register().await.1,
        app.register().await.1,
    );
    let room = create(
        &app,
        &host,
        json!({"suits": 1, "cpu_players": 2, "undo": false, "hints": false, "ranked": true,
               "handicap": true, "cpu_level": "hard"}),
    )
    .await;
    let code = room["code"].as_str().unwrap().to_string();
    assert_eq!(code.len(), 6);
    assert_eq!(
        room["seats"].as_array().unwrap().len(),
        3,
        "host and two CPUs"
    );
    assert!(room["round"].is_null());
    // Join by code (any case); joining again keeps the seat.
    let b = join(&app, &bob, &code.to_lowercase()).await;
    assert_eq!(b["you"]["seat"], 4);
    assert_eq!(join(&app, &bob, &code).await["you"]["seat"], 4);
    assert_eq!(join(&app, &carol, &code).await["you"]["seat"], 5);
    app.post(&format!("/v1/races/{code}/start"), &bob, json!({}))
        .await
        .problem(403, "not_host");

    // The room exists: before its first round its standings are a conflict, not a 404.
    app.get(&format!("/v1/races/{code}/standings"), &host)
        .await
        .problem(409, "no_round");
    // Follow the room live from here on.
    let mut live = app
        .client
        .get(format!("{}/v1/races/{code}/stream", app.base))
        .insert_header(("Authorization", format!("Bearer {carol}")))
        .send()
        .await
        .unwrap();
    assert_eq!(live.status().as_u16(), 200);

    // The countdown: no cards anywhere yet.
    let started = start_round(&app, &host, &code).await;
    assert_eq!(started["round"]["state"], "countdown");
    assert!(started["round"]["starts_in_ms"].as_i64().unwrap() > 0);
    for token in [&host, &bob, &carol] {
        let view = race(&app, token, &code).await;
        assert!(view["you"]["game_id"].is_null(), "{view}");
        let games = app.get("/v1/users/me/games", token).await;
        assert_eq!(games.body["games"].as_array().unwrap().len(), 0);
    }
    app.post(&format!("/v1/races/{code}/start"), &host, json!({}))
        .await
        .problem(409, "round_in_progress");

    app.pass(std::time::Duration::from_millis(3_100)); // the countdown
    let mut games = Vec::new();
    for token in [&host, &bob, &carol] {
        let view = race(&app, token, &code).await;
        assert_eq!(view["round"]["state"], "running");
        let id = view["you"]["game_id"].as_str().unwrap().to_string();
        let game = app.get(&format!("/v1/games/{id}"), token).await.body;
        assert_eq!(game["origin"], "race");
        assert!(
            game["deal_number"].is_null(),
            "no deal number during a race"
        );
        assert_eq!(game["hints_allowed"], false);
        assert_eq!(game["rules"]["undo"], false);
        games.push((id, game));
    }
    assert_eq!(
        games[0].1["columns"], games[1].1["columns"],
        "one deal for all"
    );
    assert_eq!(games[0].1["columns"], games[2].1["columns"]);
    // The stream sent the room before the start and again once it changed.
    {
        use futures_util::StreamExt;
        let mut text = String::new();
        while text.matches("event: race").count() < 2 {
            let chunk = actix_rt::time::timeout(std::time::Duration::from_secs(10), live.next())
                .await
                .expect("a race event within 10 s")
                .expect("the stream is open")
                .unwrap();
            text.push_str(&String::from_utf8_lossy(&chunk));
        }
        assert!(text.contains("\"round\":null"), "{text}");
        assert!(text.contains("\"number\":1"), "{text}");
    }
    let standings = app
        .get(&format!("/v1/races/{code}/standings"), &carol)
        .await;
    assert_eq!(standings.status, 200, "{}", standings.text);
    assert_eq!(standings.body["standings"].as_array().unwrap().len(), 5);
    // Rejoining gives the same seat and game back.
    assert_eq!(
        race(&app, &bob, &code).await["you"]["game_id"],
        games[1].0.as_str()
    );

    // The room's rules hold in the ordinary game endpoints.
    let (host_game, bob_game, carol_game) = (&games[0].0, &games[1].0, &games[2].0);
    app.get(&format!("/v1/games/{host_game}/hint"), &host)
        .await
        .problem(403, "hints_disabled");
    let moves = app
        .get(&format!("/v1/games/{host_game}/moves"), &host)
        .await;
    let first = moves.body["actions"][0].clone();
    assert_eq!(app.act(&host, host_game, first).await.status, 200);
    app.act(&host, host_game, json!({"type": "undo"}))
        .await
        .problem(422, "undo_disabled");
    app.post(&format!("/v1/games/{host_game}/restart"), &host, json!({}))
        .await
        .problem(409, "race_game");

    // Carol wins; Bob quits; the host is still playing.
    let deal = seat_deal(&app, &code, 1, 5);
    let engine = Game::new(
        Variant::Spider,
        Suits::One,
        Rules {
            undo: spider::engine::UndoMode::Off,
            ..Rules::default()
        },
        deal,
    );
    let line = winning_line(&engine).expect("a proven deal has a line");
    play(&app, &carol, carol_game, &line).await;
    // A finisher who presses quit stays a finisher.
    app.post(&format!("/v1/races/{code}/quit"), &carol, json!({}))
        .await
        .problem(409, "already_done");
    let quit = app
        .post(&format!("/v1/races/{code}/quit"), &bob, json!({}))
        .await;
    assert_eq!(quit.status, 200, "{}", quit.text);
    let bob_view = app.get(&format!("/v1/games/{bob_game}"), &bob).await;
    assert_eq!(bob_view.body["status"], "resigned");

    let view = race(&app, &host, &code).await;
    assert_eq!(view["round"]["state"], "running", "the host still plays");
    let standings = view["round"]["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 5);
    assert_eq!(standings[0]["seat"], 5);
    assert_eq!(standings[0]["standing"], "finished");
    assert_eq!(standings[0]["place"], 1);
    assert_eq!(standings[0]["progress"], 1.0);
    assert!(standings[0]["finished_ms"].as_i64().unwrap() > 0);
    assert_eq!(standings[4]["seat"], 4);
    assert_eq!(standings[4]["standing"], "quit");
    for p in &standings[1..4] {
        assert_eq!(p["standing"], "playing");
    }
    // Places among the players still playing follow their progress (ties share a place).
    let mut last = (0, 2.0);
    for p in &standings[1..4] {
        let (place, progress) = (
            p["place"].as_i64().unwrap(),
            p["progress"].as_f64().unwrap(),
        );
        assert!(progress <= last.1);
        assert!(place >= last.0);
        if progress == last.1 {
            assert_eq!(place, last.0, "equal progress, equal place");
        }
        last = (place, progress);
    }

    // The host quits: every human is done, the round is over and rated.
    app.post(&format!("/v1/races/{code}/quit"), &host, json!({}))
        .await;
    let over = race(&app, &carol, &code).await;
    assert_eq!(over["round"]["state"], "over");
    let carol_rating = place_of(&over, 5)["rating"].as_f64().unwrap();
    let host_rating = place_of(&over, 1)["rating"].as_f64().unwrap();
    assert!(carol_rating > 1500.0 && host_rating < 1500.0, "{over}");
    // Bob quit before his first action: his seat does not count.
    assert!(place_of(&over, 4)["rating"].is_null(), "{over}");
    assert!(place_of(&over, 2)["rating"].is_null(), "CPUs are not rated");
    let records = app.get("/v1/users/me/records", &carol).await;
    assert_eq!(
        records.body["ratings"][0]["rating"].as_f64(),
        Some(carol_rating)
    );
    assert_eq!(records.body["ratings"][0]["rounds"], 1);
    // Looking again rates nothing twice.
    let again = race(&app, &bob, &code).await;
    assert_eq!(place_of(&again, 5)["rating"].as_f64(), Some(carol_rating));

    // CPU progress is computed, not played: two instances agree (at the 60-minute cutoff,
    // where it no longer moves).
    let later_a = instance_at(&app, chrono::Duration::minutes(90)).await;
    let later_b = instance_at(&app, chrono::Duration::minutes(90)).await;
    let a = race(&later_a, &host, &code).await;
    let b = race(&later_b, &host, &code).await;
    for seat in [2, 3] {
        assert_eq!(place_of(&a, seat), place_of(&b, seat), "CPU seat {seat}");
    }
    // A finished round's standings are fixed: what they were when it ended (and what the
    // ratings used), however much later anyone looks.
    assert_eq!(a["round"]["standings"], over["round"]["standings"]);
    later_a.stop().await;
    later_b.stop().await;

    // Play again: same party; the winner's deal is one level harder (handicap).
    let next = start_round(&app, &host, &code).await;
    assert_eq!(next["round"]["number"], 2);
    assert_eq!(place_of(&next, 5)["difficulty"], "hard");
    assert_eq!(place_of(&next, 4)["difficulty"], "normal");
    assert_eq!(place_of(&next, 2)["difficulty"], "normal");
    assert_ne!(seat_deal(&app, &code, 2, 5), seat_deal(&app, &code, 2, 4));
    app.stop().await;
}

#[actix_rt::test]
async fn the_time_limit_and_the_sixty_minute_cutoff_follow_the_clock() {
    let app = prover_app().await;
    let player = app.guest().await;
    // A room started by an instance whose clock runs two minutes behind: for the real
    // clock, the round began two minutes ago, so a win now is past the 60-second limit.
    let behind = instance_at(&app, -chrono::Duration::minutes(2)).await;
    let room = create(
        &behind,
        &player,
        json!({"suits": 1, "time_limit_seconds": 60}),
    )
    .await;
    let code = room["code"].as_str().unwrap().to_string();
    start_round(&behind, &player, &code).await;
    let view = race(&app, &player, &code).await;
    let game = view["you"]["game_id"].as_str().unwrap().to_string();
    let deal = seat_deal(&app, &code, 1, 1);
    let line = winning_line(&Game::new(
        Variant::Spider,
        Suits::One,
        Rules::default(),
        deal,
    ))
    .unwrap();
    play(&app, &player, &game, &line).await;
    let view = race(&app, &player, &code).await;
    let me = place_of(&view, 1);
    assert_eq!(me["standing"], "finished_late", "{view}");
    assert!(me["finished_ms"].as_i64().unwrap() > 60_000);
    assert_eq!(view["round"]["state"], "over", "every human is done");
    behind.stop().await;

    // A room started more than 60 minutes ago: its results are fixed, and what is played now
    // does not count.
    let long_ago = instance_at(&app, -chrono::Duration::minutes(61)).await;
    let room = create(&long_ago, &player, json!({"suits": 1, "cpu_players": 1})).await;
    let code = room["code"].as_str().unwrap().to_string();
    start_round(&long_ago, &player, &code).await;
    let view = race(&app, &player, &code).await;
    assert_eq!(view["round"]["state"], "over");
    assert_eq!(view["round"]["elapsed_ms"], 3_600_000);
    let game = view["you"]["game_id"].as_str().unwrap().to_string();
    let deal = seat_deal(&app, &code, 1, 1);
    let line = winning_line(&Game::new(
        Variant::Spider,
        Suits::One,
        Rules::default(),
        deal,
    ))
    .unwrap();
    play(&app, &player, &game, &line).await;
    let view = race(&app, &player, &code).await;
    let me = place_of(&view, 1);
    assert_eq!(
        me["standing"], "playing",
        "a win after the cutoff does not count: {view}"
    );
    assert_eq!(me["runs_completed"], 0);
    assert!(me["finished_ms"].is_null());
    long_ago.stop().await;
    app.stop().await;
}

#[actix_rt::test]
async fn a_cpu_stands_in_for_an_idle_player_until_they_act() {
    let app = prover_app().await;
    let (host, idle) = (app.guest().await, app.guest().await);
    let room = create(
        &app,
        &host,
        json!({"suits": 1, "idle_takeover_seconds": 30}),
    )
    .await;
    let code = room["code"].as_str().unwrap().to_string();
    join(&app, &idle, &code).await;
    start_round(&app, &host, &code).await;
    app.pass(std::time::Duration::from_millis(3_100)); // the countdown
    let game = race(&app, &idle, &code).await["you"]["game_id"]
        .as_str()
        .unwrap()
        .to_string();
    race(&app, &host, &code).await;
    // Five minutes on, nobody has acted: stand-ins play for both. Reading the room does
    // not make their moves: the instance doing the races' scheduled work does (here the one
    // whose clock is five minutes on, which finds the other's lease expired).
    let later = instance_at(&app, chrono::Duration::minutes(5)).await;
    let mut view = race(&later, &host, &code).await;
    for _ in 0..50 {
        if place_of(&view, 2)["stand_in"] == true {
            break;
        }
        actix_rt::time::sleep(std::time::Duration::from_millis(100)).await;
        view = race(&later, &host, &code).await;
    }
    assert_eq!(place_of(&view, 2)["stand_in"], true, "{view}");
    let after = app.get(&format!("/v1/games/{game}"), &idle).await.body;
    let moved = after["version"].as_i64().unwrap();
    assert!(
        moved > 0,
        "the stand-in made moves in the player's own game"
    );
    // The instance five minutes on would find the player idle again at once: stop it (it
    // keeps the lease, so nobody plays stand-in for the rest of the test).
    later.stop().await;
    actix_rt::time::sleep(std::time::Duration::from_millis(600)).await;
    let moved = app.get(&format!("/v1/games/{game}"), &idle).await.body["version"]
        .as_i64()
        .unwrap();
    // The player is back: their own action ends the stand-in.
    let moves = app.get(&format!("/v1/games/{game}/moves"), &idle).await;
    let any = moves.body["actions"][0].clone();
    assert_eq!(app.act(&idle, &game, any).await.status, 200);
    let view = race(&app, &host, &code).await;
    assert_eq!(place_of(&view, 2)["stand_in"], false, "{view}");
    let now = app.get(&format!("/v1/games/{game}"), &idle).await.body;
    assert_eq!(
        now["version"].as_i64().unwrap(),
        moved + 1,
        "no stand-in move since"
    );
    app.stop().await;
}

/// In a room without hints a stand-in plays as a player without hints would (the engine's
/// `unaided_move`), not by the hint its player could not ask for.
/// A room says the suit count it was hosted with, as a count: 1, 2 or 4, in the room's view,
/// the host's and anyone's.
#[actix_rt::test]
async fn a_room_says_the_suit_count_it_was_hosted_with() {
    let app = spawn_app().await;
    let (host, other) = (app.guest().await, app.guest().await);
    for suits in [1, 2, 4] {
        let room = create(&app, &host, json!({ "suits": suits })).await;
        assert_eq!(room["settings"]["suits"], suits, "{room}");
        let code = room["code"].as_str().unwrap();
        let seen = app.get(&format!("/v1/races/{code}"), &other).await;
        assert_eq!(seen.body["settings"]["suits"], suits, "{}", seen.text);
    }
    app.stop().await;
}

#[actix_rt::test]
async fn a_stand_in_in_a_room_without_hints_plays_without_them() {
    let app = prover_app().await;
    let (host, idle) = (app.guest().await, app.guest().await);
    let room = create(
        &app,
        &host,
        json!({"suits": 1, "hints": false, "idle_takeover_seconds": 30}),
    )
    .await;
    assert_eq!(room["settings"]["hints"], false);
    let code = room["code"].as_str().unwrap().to_string();
    join(&app, &idle, &code).await;
    start_round(&app, &host, &code).await;
    app.pass(std::time::Duration::from_millis(3_100)); // the countdown
    let game = race(&app, &idle, &code).await["you"]["game_id"]
        .as_str()
        .unwrap()
        .to_string();
    // Five minutes on, the instance doing the scheduled work stands in for the idle player.
    let later = instance_at(&app, chrono::Duration::minutes(5)).await;
    let events = || async {
        app.get(&format!("/v1/games/{game}/events"), &idle)
            .await
            .body["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["action"].clone())
            .collect::<Vec<Value>>()
    };
    let mut played = events().await;
    for _ in 0..100 {
        if played.len() >= 20 {
            break;
        }
        actix_rt::time::sleep(std::time::Duration::from_millis(100)).await;
        played = events().await;
    }
    later.stop().await;
    assert!(played.len() >= 20, "the stand-in played: {played:?}");
    let start = Game::new(
        Variant::Spider,
        Suits::One,
        Rules::default(),
        seat_deal(&app, &code, 1, 2),
    );
    let as_api = |line: Vec<Action>| line.into_iter().map(api_action).collect::<Vec<_>>();
    let n = played.len();
    let unaided =
        as_api(spider::engine::follow(&start, n, |g, _| spider::engine::unaided_move(g)).1);
    let hinted = as_api(spider::engine::follow(&start, n, spider::engine::plain_player()).1);
    assert_eq!(played, unaided, "a player without hints' line");
    assert_ne!(
        played, hinted,
        "the hints' line is another: the test tells them apart"
    );
    app.stop().await;
}

/// docs/RULES.md, Undo: ranked races use `no_reveal`, so nobody can peek at a card and take it
/// back. Rooms take the undo mode by name or as the older yes/no.
#[actix_rt::test]
async fn a_ranked_room_takes_back_no_action_that_showed_a_card() {
    let app = prover_app().await;
    let (_, host) = app.register().await;
    let refused = app
        .post("/v1/races", &host, json!({"suits": 1, "undo": "sometimes"}))
        .await;
    refused.problem(400, "invalid_request");
    let detail = refused.body["detail"].as_str().unwrap();
    assert!(detail.contains("no_reveal"), "{detail}");
    for (undo, ranked, mode) in [
        (json!(true), false, "full"),
        (json!(false), true, "off"),
        (json!("no_reveal"), false, "no_reveal"),
        (json!("full"), true, "no_reveal"),
    ] {
        let room = create(
            &app,
            &host,
            json!({"suits": 1, "undo": undo, "ranked": ranked}),
        )
        .await;
        assert_eq!(
            room["settings"]["undo_mode"], mode,
            "{undo} ranked {ranked}"
        );
        assert_eq!(room["settings"]["undo"], mode != "off");
    }

    let room = create(&app, &host, json!({"suits": 1, "ranked": true})).await;
    let code = room["code"].as_str().unwrap().to_string();
    start_round(&app, &host, &code).await;
    app.pass(std::time::Duration::from_millis(3_100)); // the countdown
    let gid = race(&app, &host, &code).await["you"]["game_id"]
        .as_str()
        .unwrap()
        .to_string();
    let game = app.get(&format!("/v1/games/{gid}"), &host).await.body;
    assert_eq!(game["undo_mode"], "no_reveal");
    assert_eq!(game["rules"]["undo"], true);

    // The deal cannot be taken back, and asking changes nothing.
    let dealt = app.act(&host, &gid, json!({"type": "deal"})).await;
    assert_eq!(dealt.status, 200, "{}", dealt.text);
    app.act(&host, &gid, json!({"type": "undo"}))
        .await
        .problem(409, "undo_would_hide_card");
    let after = app.get(&format!("/v1/games/{gid}"), &host).await.body;
    for field in ["version", "columns", "score", "undos", "stock_cards"] {
        assert_eq!(after[field], dealt.body[field], "{field}");
    }
    // A move that turns no card over can be.
    let mut local = Game::new(
        Variant::Spider,
        Suits::One,
        Rules::default(),
        seat_deal(&app, &code, 1, 1),
    );
    local.apply(Action::Deal).unwrap();
    let (way, quiet) = way_to_a_quiet_move(&local);
    play(&app, &host, &gid, &way).await;
    let before = app.get(&format!("/v1/games/{gid}"), &host).await.body;
    play(&app, &host, &gid, &[quiet]).await;
    let undone = app.act(&host, &gid, json!({"type": "undo"})).await;
    assert_eq!(undone.status, 200, "{}", undone.text);
    assert_eq!(undone.body["columns"], before["columns"]);
    app.stop().await;
}

/// Reading a room, as a member or as a spectator, changes no game: every write is a
/// player's action or the scheduled work's.
#[actix_rt::test]
async fn reading_a_room_changes_no_game() {
    let app = prover_app().await;
    let (host, guest, spectator) = (app.guest().await, app.guest().await, app.guest().await);
    let room = create(
        &app,
        &host,
        json!({"suits": 1, "cpu_players": 1, "idle_takeover_seconds": 30}),
    )
    .await;
    let code = room["code"].as_str().unwrap().to_string();
    join(&app, &guest, &code).await;
    start_round(&app, &host, &code).await;
    app.pass(std::time::Duration::from_millis(3_100)); // the countdown
    let mut games = Vec::new();
    for token in [&host, &guest] {
        let view = race(&app, token, &code).await;
        games.push((token, view["you"]["game_id"].as_str().unwrap().to_string()));
    }
    let mut before = Vec::new();
    for (token, id) in &games {
        before.push(app.get(&format!("/v1/games/{id}"), token).await.body["version"].clone());
    }
    // Looks from every side, here and on an instance whose clock is ten minutes on (where
    // both players are long idle, and which does no scheduled work): no game moves.
    let mut config = app.config.clone();
    config.daily.calendar_offset = chrono::Duration::minutes(10);
    config.jobs.scheduled_work = false;
    let later = start(config, None).await;
    for instance in [&app, &later] {
        for token in [&host, &guest, &spectator] {
            let r = instance.get(&format!("/v1/races/{code}"), token).await;
            assert_eq!(r.status, 200, "{}", r.text);
            let r = instance
                .get(&format!("/v1/races/{code}/standings"), token)
                .await;
            assert_eq!(r.status, 200, "{}", r.text);
        }
    }
    let view = race(&later, &host, &code).await;
    assert_eq!(place_of(&view, 1)["stand_in"], false, "{view}");
    for ((token, id), version) in games.iter().zip(before) {
        let now = app.get(&format!("/v1/games/{id}"), token).await.body;
        assert_eq!(now["version"], version, "a read moved no card");
    }
    later.stop().await;
    app.stop().await;
}

#[actix_rt::test]
async fn bad_race_requests_are_refused() {
    let app = spawn_app().await;
    let host = app.guest().await;
    for body in [
        json!({"suits": 3}),
        json!({"suits": 1, "cpu_players": 20}),
        json!({"suits": 1, "time_limit_seconds": 5}),
        json!({"suits": 1, "idle_takeover_seconds": 1}),
    ] {
        app.post("/v1/races", &host, body)
            .await
            .problem(400, "invalid_request");
    }
    app.get("/v1/races/NOPE42", &host)
        .await
        .problem(404, "not_found");
    let room = create(&app, &host, json!({"suits": 1, "cpu_players": 19})).await;
    let code = room["code"].as_str().unwrap();
    let late = app.guest().await;
    app.post(&format!("/v1/races/{code}/join"), &late, json!({}))
        .await
        .problem(409, "race_full");
    app.post(&format!("/v1/races/{code}/quit"), &host, json!({}))
        .await
        .problem(409, "not_racing");
    // No prover here and nothing cached: the start says so and changes nothing.
    app.post(&format!("/v1/races/{code}/start"), &host, json!({}))
        .await
        .problem(503, "winnable_deal_unavailable");
    assert!(race(&app, &host, code).await["round"].is_null());
    app.stop().await;
}

#[actix_rt::test]
async fn ranked_rooms_are_for_accounts_and_rate_only_players_who_played() {
    let app = prover_app().await;
    let guest = app.guest().await;
    app.post("/v1/races", &guest, json!({"suits": 1, "ranked": true}))
        .await
        .problem(403, "account_required");
    let (_, host) = app.register().await;
    let (_, other) = app.register().await;
    let room = create(&app, &host, json!({"suits": 1, "ranked": true})).await;
    let code = room["code"].as_str().unwrap().to_string();
    app.post(&format!("/v1/races/{code}/join"), &guest, json!({}))
        .await
        .problem(403, "account_required");
    join(&app, &other, &code).await;

    // The host plays a move; the other quits before a first action: one player played, so
    // nobody's rating moves.
    start_round(&app, &host, &code).await;
    app.pass(std::time::Duration::from_millis(3_100)); // the countdown
    let game = race(&app, &host, &code).await["you"]["game_id"]
        .as_str()
        .unwrap()
        .to_string();
    let moves = app.get(&format!("/v1/games/{game}/moves"), &host).await;
    let first = moves.body["actions"][0].clone();
    assert_eq!(app.act(&host, &game, first).await.status, 200);
    let r = app
        .post(&format!("/v1/races/{code}/quit"), &other, json!({}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let r = app
        .post(&format!("/v1/races/{code}/quit"), &host, json!({}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let over = race(&app, &host, &code).await;
    assert_eq!(over["round"]["state"], "over");
    for token in [&host, &other] {
        let records = app.get("/v1/users/me/records", token).await;
        assert_eq!(records.body["ratings"], json!([]), "{}", records.text);
    }
    app.stop().await;
}

#[actix_rt::test]
async fn rooms_under_concurrency_lose_no_seat_rating_or_deal() {
    let app = prover_app().await;
    // Many joins at once: each gets a seat or a clear refusal, never an error.
    let (_, host) = app.register().await;
    let room = create(&app, &host, json!({"suits": 1, "cpu_players": 2})).await;
    let code = room["code"].as_str().unwrap().to_string();
    let mut players = Vec::new();
    for _ in 0..9 {
        players.push(app.guest().await);
    }
    let join_path = format!("/v1/races/{code}/join");
    let joins: Vec<_> = players
        .iter()
        .map(|p| app.post(&join_path, p, json!({})))
        .collect();
    let answers = futures_util::future::join_all(joins).await;
    let seated = answers.iter().filter(|r| r.status == 200).count();
    for r in answers.iter().filter(|r| r.status != 200) {
        r.problem(409, "race_full");
    }
    let seats = race(&app, &host, &code).await["seats"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(seats, 3 + seated, "every answered join has its seat");

    // Two starts at once: one round, and the loser's deal goes back to the cache (counted on
    // an instance that proves nothing, with deals stocked by hand).
    let still = spawn_with(|c| c.jobs.winnable_pool = 0).await;
    stock(&still, 4001, 3, spider::engine::Difficulty::Normal);
    let (_, still_host) = still.register().await;
    let room = create(&still, &still_host, json!({"suits": 1, "cpu_players": 1})).await;
    let still_code = room["code"].as_str().unwrap().to_string();
    let start_path = format!("/v1/races/{still_code}/start");
    let starts: Vec<_> = (0..2)
        .map(|_| still.post(&start_path, &still_host, json!({})))
        .collect();
    let answers = futures_util::future::join_all(starts).await;
    let ok = answers.iter().filter(|r| r.status == 200).count();
    assert_eq!(
        ok,
        1,
        "{:?}",
        answers.iter().map(|r| &r.text).collect::<Vec<_>>()
    );
    for r in answers.iter().filter(|r| r.status != 200) {
        r.problem(409, "round_in_progress");
    }
    assert_eq!(stocked(&still), 2, "one deal taken, none thrown away");
    still.stop().await;

    // Two ranked rounds with the same two players ending at once: both count.
    let (_, a) = app.register().await;
    let (_, b) = app.register().await;
    let mut codes = Vec::new();
    for _ in 0..2 {
        let room = create(&app, &a, json!({"suits": 1, "ranked": true})).await;
        let code = room["code"].as_str().unwrap().to_string();
        join(&app, &b, &code).await;
        start_round(&app, &a, &code).await;
        codes.push(code);
    }
    app.pass(std::time::Duration::from_millis(3_100)); // the countdown
    for code in &codes {
        for token in [&a, &b] {
            let game = race(&app, token, code).await["you"]["game_id"]
                .as_str()
                .unwrap()
                .to_string();
            let moves = app.get(&format!("/v1/games/{game}/moves"), token).await;
            let first = moves.body["actions"][0].clone();
            assert_eq!(app.act(token, &game, first).await.status, 200);
        }
        let r = app
            .post(&format!("/v1/races/{code}/quit"), &a, json!({}))
            .await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
    let quit_paths: Vec<String> = codes
        .iter()
        .map(|code| format!("/v1/races/{code}/quit"))
        .collect();
    let last: Vec<_> = quit_paths
        .iter()
        .map(|path| app.post(path, &b, json!({})))
        .collect();
    for r in futures_util::future::join_all(last).await {
        assert_eq!(r.status, 200, "{}", r.text);
    }
    for token in [&a, &b] {
        let records = app.get("/v1/users/me/records", token).await;
        assert_eq!(records.body["ratings"][0]["rounds"], 2, "{}", records.text);
    }
    app.stop().await;
}

/// Proven 1-suit deals waiting in the cache.
fn stocked(app: &TestApp) -> usize {
    let db = app.db();
    let class = spider::store::winnable::Class {
        variant: spider::engine::Variant::Spider,
        suits: spider::engine::Suits::One,
        empty_column_deal: spider::engine::EmptyColumnDeal::Standard,
    };
    spider::store::winnable::counts(&mut db.conn().unwrap(), &class)
        .unwrap()
        .iter()
        .map(|(_, n)| *n as usize)
        .sum()
}

#[actix_rt::test]
async fn cpus_play_the_line_the_prover_stored_for_the_rooms_level() {
    let app = spawn_app().await;
    let deal = 11;
    let game = Game::new(Variant::Spider, Suits::One, Rules::default(), deal);
    let line = winning_line(&game).unwrap();
    // Only the hard line wins; the others stop after a few actions.
    stock_with_lines(&app, deal, [&line[..3], &line[..5], &line]);
    // The room starts on an instance whose clock runs 50 minutes behind: for the real clock,
    // the round began 50 minutes ago, long enough for the CPU to play its whole line.
    let behind = instance_at(&app, -chrono::Duration::minutes(50)).await;
    let (host, cpu, code) = cpu_room(&behind, 1, "hard").await;
    assert_eq!(seat_deal(&app, &code, 1, cpu), deal);
    let view = race(&app, &host, &code).await;
    // A pacer: the line at the pace that brings a hard CPU home in 60% of the (default)
    // time people take to win a 1-suit game.
    let target = spider::domain::pace::target_ms(
        spider::domain::pace::default_human_ms(Variant::Spider, Suits::One),
        spider::engine::Level::Hard,
    );
    let pace = i64::from(spider::domain::pace::pace_ms(
        target,
        line.len(),
        cpu as i32,
    ));
    let them = place_of(&view, cpu);
    assert_eq!(them["standing"], "finished", "{view}");
    assert_eq!(
        them["finished_ms"].as_i64().unwrap(),
        line.len() as i64 * pace,
        "the CPU played the stored hard line: {view}"
    );
    behind.stop().await;
    app.stop().await;
}

/// A room's live stream hears a change at once: joins made on its instance and (on Postgres)
/// through another instance reach it well before its one-second look at the clock.
#[actix_rt::test]
async fn a_room_stream_hears_a_join_at_once_from_any_instance() {
    use futures_util::StreamExt;
    let app = spawn_app().await;
    let postgres = app.config.storage.database_url.starts_with("postgres");
    let other = if postgres {
        Some(instance_at(&app, chrono::Duration::zero()).await)
    } else {
        None
    };
    let host = app.guest().await;
    let room = create(&app, &host, json!({"suits": 1, "cpu_players": 0})).await;
    let code = room["code"].as_str().unwrap().to_string();
    let mut joiners = Vec::new();
    for _ in 0..6 {
        joiners.push(app.guest().await);
    }
    let mut live = app
        .client
        .get(format!("{}/v1/races/{code}/stream", app.base))
        .insert_header(("Authorization", format!("Bearer {host}")))
        .send()
        .await
        .unwrap();
    assert_eq!(live.status().as_u16(), 200);
    // The next `race` event's room.
    let mut buffer = String::new();
    let mut next_room = async || -> Value {
        loop {
            if let Some(end) = buffer.find("\n\n") {
                let event: String = buffer.drain(..end + 2).collect();
                if event.starts_with("event: race") {
                    let data = event
                        .lines()
                        .find_map(|l| l.strip_prefix("data: "))
                        .expect("a data line");
                    return serde_json::from_str(data).unwrap();
                }
                continue;
            }
            let chunk = actix_rt::time::timeout(std::time::Duration::from_secs(5), live.next())
                .await
                .expect("an event within 5 s")
                .expect("the stream is open")
                .unwrap();
            buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    };
    assert_eq!(next_room().await["seats"].as_array().unwrap().len(), 1);
    let mut waits = Vec::new();
    for (i, joiner) in joiners.iter().enumerate() {
        // Every other join through the second instance, where there is one.
        let via = other.as_ref().filter(|_| i % 2 == 1).unwrap_or(&app);
        let sent = std::time::Instant::now();
        join(via, joiner, &code).await;
        let seen = next_room().await;
        waits.push(sent.elapsed());
        assert_eq!(seen["seats"].as_array().unwrap().len(), i + 2, "{seen}");
    }
    waits.sort();
    let median = waits[waits.len() / 2];
    assert!(
        median < std::time::Duration::from_millis(250),
        "median {median:?} from a join to the room's stream (all: {waits:?})"
    );
}

/// Seat names are printable, unique in the room whatever their case and spacing, and never a
/// CPU's, so two seats never look the same.
#[actix_rt::test]
async fn seat_names_are_printable_unique_and_never_a_cpus() {
    let app = spawn_with(|c| c.jobs.winnable_pool = 0).await;
    let host = app.guest().await;
    let room = create(&app, &host, json!({"suits": 1, "cpu_players": 1})).await;
    let code = room["code"].as_str().unwrap().to_string();
    let host_name = room["seats"][0]["name"].as_str().unwrap().to_string();
    let path = format!("/v1/races/{code}/join");
    let (a, b) = (app.guest().await, app.guest().await);
    for reserved in ["CPU 1", "cpu 2", "Cpu7"] {
        app.post(&path, &a, json!({"name": reserved}))
            .await
            .problem(409, "name_reserved");
    }
    for unprintable in [
        "A\u{0}da",
        "Ada\u{202e}",
        "Ad\u{200b}a",
        "\u{2066}Ada",
        "Ada\nL",
        "\u{feff}Ada",
        "A\u{7}",
    ] {
        app.post(&path, &a, json!({"name": unprintable}))
            .await
            .problem(400, "invalid_request");
    }
    let joined = app.post(&path, &a, json!({"name": "Ada"})).await;
    assert_eq!(joined.status, 200, "{}", joined.text);
    for same in [
        "ada",
        "  ADA ",
        host_name.as_str(),
        &host_name.to_uppercase(),
    ] {
        app.post(&path, &b, json!({"name": same}))
            .await
            .problem(409, "name_taken");
    }
    let joined = app.post(&path, &b, json!({"name": "Ada  L"})).await;
    assert_eq!(joined.status, 200, "{}", joined.text);
    let names: Vec<String> = race(&app, &host, &code).await["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, [host_name.as_str(), "CPU 1", "Ada", "Ada  L"]);
    app.stop().await;
}

/// Whoever has the code cannot fill a room for good: players leave, the host frees seats
/// between rounds (and a late joiner's at any time), a late joiner has no round to quit, and
/// a freed seat's result stays under no name while its number is never given again.
#[actix_rt::test]
async fn a_host_frees_seats_and_a_late_joiner_has_nothing_to_quit() {
    let app = spawn_with(|c| c.jobs.winnable_pool = 0).await;
    stock(&app, 7001, 3, spider::engine::Difficulty::Normal);
    let host = app.guest().await;
    let room = create(&app, &host, json!({"suits": 1, "cpu_players": 1})).await;
    let code = room["code"].as_str().unwrap().to_string();
    let (g1, g2, g3, g4) = (
        app.guest().await,
        app.guest().await,
        app.guest().await,
        app.guest().await,
    );
    join(&app, &g1, &code).await;
    assert_eq!(join(&app, &g2, &code).await["you"]["seat"], 4);
    let seats = |v: &Value| v["seats"].as_array().unwrap().len();

    // A player leaves; twice is a conflict. The host stays.
    let left = app
        .post(&format!("/v1/races/{code}/leave"), &g1, json!({}))
        .await;
    assert_eq!(left.status, 200, "{}", left.text);
    assert_eq!(seats(&left.body), 3);
    app.post(&format!("/v1/races/{code}/leave"), &g1, json!({}))
        .await
        .problem(409, "not_seated");
    app.post(&format!("/v1/races/{code}/leave"), &host, json!({}))
        .await
        .problem(409, "host_seat");
    let remove = |seat: i64, token: String| {
        let (app, path) = (&app, format!("/v1/races/{code}/seats/{seat}"));
        async move { app.send("DELETE", &path, Some(&token), &[], None).await }
    };
    remove(1, host.clone()).await.problem(409, "host_seat");
    remove(2, g2.clone()).await.problem(403, "not_host");
    remove(99, host.clone()).await.problem(404, "not_found");
    app.send(
        "DELETE",
        &format!("/v1/races/{code}/seats/x"),
        Some(&host),
        &[],
        None,
    )
    .await
    .problem(400, "invalid_request");
    // The host frees the CPU's seat.
    let freed = remove(2, host.clone()).await;
    assert_eq!(freed.status, 200, "{}", freed.text);
    assert_eq!(seats(&freed.body), 2);

    // A round with the host and g2; g3 joins during it.
    start_round(&app, &host, &code).await;
    let late = join(&app, &g3, &code).await;
    let late_seat = late["you"]["seat"].as_i64().unwrap();
    assert_eq!(late_seat, 5, "a freed seat's number is not given again");
    app.post(&format!("/v1/races/{code}/quit"), &g3, json!({}))
        .await
        .problem(409, "not_racing");
    // A seat in the round stays until it is over; a late joiner's goes at once.
    remove(4, host.clone()).await.problem(409, "seat_in_round");
    app.post(&format!("/v1/races/{code}/leave"), &g2, json!({}))
        .await
        .problem(409, "seat_in_round");
    let gone = remove(late_seat, host.clone()).await;
    assert_eq!(gone.status, 200, "{}", gone.text);

    // Both players quit: once the countdown is over (another instance, its clock ten seconds
    // on), the round is over, and g2's seat can go; its result stays.
    for t in [&host, &g2] {
        let r = app
            .post(&format!("/v1/races/{code}/quit"), t, json!({}))
            .await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
    let later = instance_at(&app, chrono::Duration::seconds(10)).await;
    let after = later
        .send(
            "DELETE",
            &format!("/v1/races/{code}/seats/4"),
            Some(&host),
            &[],
            None,
        )
        .await;
    assert_eq!(after.status, 200, "{}", after.text);
    assert_eq!(seats(&after.body), 1);
    let standings = after.body["round"]["standings"].as_array().unwrap();
    let g2_place = standings.iter().find(|p| p["seat"] == 4).unwrap();
    assert_eq!(g2_place["name"], "(left)");
    assert_eq!(g2_place["cpu"], false);
    assert_eq!(g2_place["standing"], "quit");
    assert_eq!(after.body["round"]["state"], "over", "{}", after.body);
    // A new joiner never takes a number that has results (4); 5 had none.
    assert_eq!(join(&later, &g4, &code).await["you"]["seat"], 5);
    later.stop().await;
    app.stop().await;
}

/// Deal `number` of Spider with `suits` as the prover stores it: proven, with each level's
/// pacer line, and those lines (easy, normal, hard) decoded. Solved before any server starts:
/// a 4-suit solve in a debug build takes seconds, which would stall the servers' runtime.
fn pacer_deal(suits: u8, number: u64) -> (spider::store::winnable::ProvenDeal, Vec<Vec<Action>>) {
    use spider::store::winnable::{Class, ProvenDeal};
    let class = Class {
        variant: Variant::Spider,
        suits: Suits::try_from(suits).unwrap(),
        empty_column_deal: spider::engine::EmptyColumnDeal::Standard,
    };
    let game = Game::new(
        Variant::Spider,
        Suits::try_from(suits).unwrap(),
        Rules::default(),
        number,
    );
    let winning = winning_line(&game).unwrap();
    let [easy, normal, hard] = spider::jobs::winnable::cpu_lines(&class, number, &winning);
    let mut deal = ProvenDeal::new(
        &class,
        number,
        spider::engine::Difficulty::Normal,
        1_000,
        winning.len(),
        system_now(),
    );
    let lines = [&easy, &normal, &hard]
        .map(|l| spider::engine::notation::decode(l).unwrap())
        .to_vec();
    (deal.cpu_easy, deal.cpu_normal, deal.cpu_hard) = (Some(easy), Some(normal), Some(hard));
    (deal, lines)
}

fn stock_pacer_deal(app: &TestApp, deal: &spider::store::winnable::ProvenDeal) {
    spider::store::winnable::insert(&mut app.db().conn().unwrap(), deal).unwrap();
}

/// A room with one CPU of `level` whose round started on `at` (another instance's clock);
/// the CPU's seat and the room's code.
async fn cpu_room(at: &TestApp, suits: u8, level: &str) -> (String, i64, String) {
    let host = at.guest().await;
    let room = create(
        at,
        &host,
        json!({"suits": suits, "cpu_players": 1, "cpu_level": level}),
    )
    .await;
    let code = room["code"].as_str().unwrap().to_string();
    let cpu = room["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["cpu"] == true)
        .unwrap()["seat"]
        .as_i64()
        .unwrap();
    start_round(at, &host, &code).await;
    (host, cpu, code)
}

/// CPUs are pacers: on a proven deal a CPU of every level finishes at every suit count, in
/// its level's share of the time people take (easy slowest, hard fastest), and every
/// instance reads the same standings.
#[actix_rt::test]
async fn a_cpu_finishes_every_proven_deal_at_every_level_and_suit_count() {
    use spider::domain::pace;
    use spider::engine::Level;
    let deals: Vec<_> = [(1u8, 3u64), (2, 5), (4, 2)]
        .into_iter()
        .map(|(suits, deal)| (suits, deal, pacer_deal(suits, deal)))
        .collect();
    let app = spawn_with(|c| c.jobs.scheduled_work = false).await;
    let other = start(app.config.clone(), None).await;
    // Rounds started 55 minutes ago by the real clock: time for an easy 4-suit CPU (30 min).
    let behind = instance_at(&app, -chrono::Duration::minutes(55)).await;
    for (suits, deal, (proven, lines)) in deals {
        let mut finished = Vec::new();
        for (i, level) in Level::ALL.into_iter().enumerate() {
            stock_pacer_deal(&app, &proven);
            let (host, cpu, code) = cpu_room(&behind, suits, level.name()).await;
            assert_eq!(seat_deal(&app, &code, 1, cpu), deal);
            let view = race(&app, &host, &code).await;
            let place = place_of(&view, cpu);
            assert_eq!(
                place["standing"], "finished",
                "{suits} suits, {level:?}: {view}"
            );
            let human = pace::default_human_ms(Variant::Spider, Suits::try_from(suits).unwrap());
            let line = &lines[i];
            let pace = pace::pace_ms(pace::target_ms(human, level), line.len(), cpu as i32);
            let ms = place["finished_ms"].as_i64().unwrap();
            assert_eq!(ms, line.len() as i64 * i64::from(pace), "{view}");
            let target = pace::target_ms(human, level);
            assert!((ms - target).abs() <= target / 10, "{ms} against {target}");
            assert_eq!(
                race(&other, &host, &code).await["round"]["standings"],
                view["round"]["standings"],
                "another instance reads the same standings"
            );
            assert!(view["settings"]["cpu_note"]
                .as_str()
                .unwrap()
                .contains("know the whole deal"));
            finished.push(ms);
        }
        assert!(
            finished[0] > finished[1] && finished[1] > finished[2],
            "{suits} suits: easy, normal, hard took {finished:?}"
        );
    }
    behind.stop().await;
    other.stop().await;
    app.stop().await;
}

/// Nothing a player reads of a running room shows a CPU's line: only how far it has come.
#[actix_rt::test]
async fn a_running_room_shows_no_cpu_line() {
    let (proven, lines) = pacer_deal(1, 3);
    let app = spawn_with(|c| c.jobs.scheduled_work = false).await;
    stock_pacer_deal(&app, &proven);
    let behind = instance_at(&app, -chrono::Duration::minutes(2)).await;
    let (host, cpu, code) = cpu_room(&behind, 1, "easy").await;
    let r = app.get(&format!("/v1/races/{code}"), &host).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let place = place_of(&r.body, cpu);
    assert_eq!(place["standing"], "playing", "{}", r.text);
    let encoded = spider::engine::notation::encode_log(&lines[0]);
    for piece in encoded.as_bytes().chunks(12) {
        let piece = std::str::from_utf8(piece).unwrap();
        assert!(
            !r.text.contains(piece),
            "the room shows {piece:?}: {}",
            r.text
        );
    }
    assert!(
        !r.text.contains("\"line") && !r.text.contains("cpu_line"),
        "{}",
        r.text
    );
    behind.stop().await;
    app.stop().await;
}

/// Once people have won 30 games of a kind, CPU paces follow the median of their times.
#[actix_rt::test]
async fn cpu_paces_follow_the_time_people_take_to_win() {
    use spider::domain::pace;
    use spider::engine::Level;
    use spider::store::schema::games;
    let (proven, lines) = pacer_deal(1, 3);
    let app = spawn_with(|c| c.jobs.scheduled_work = false).await;
    let db = app.db();
    let default = pace::default_human_ms(Variant::Spider, Suits::One);
    let player = app.guest().await;
    let mut ids = Vec::new();
    for _ in 0..pace::MIN_SAMPLES {
        let r = app.post("/v1/games", &player, json!({"suits": 1})).await;
        assert_eq!(r.status, 201, "{}", r.text);
        ids.push(id(&r.body));
    }
    // Wins recorded as race wins of 100 s, 101 s, …: their median is 114 s.
    let mark = |ids: &[String]| {
        use diesel::prelude::*;
        let mut conn = db.conn().unwrap();
        for (i, game) in ids.iter().enumerate() {
            diesel::update(games::table.find(game))
                .set((
                    games::status.eq("won"),
                    games::origin.eq("race"),
                    games::duration_ms.eq(100_000 + 1_000 * i as i64),
                    games::finished_at.eq(chrono::Utc::now().naive_utc()),
                ))
                .execute(&mut conn)
                .unwrap();
        }
    };
    mark(&ids[..pace::MIN_SAMPLES - 1]);
    assert_eq!(
        spider::play::paces::recompute(&db, "test", system_now()).unwrap(),
        0
    );
    assert_eq!(
        spider::play::paces::human_ms(&db, Variant::Spider, Suits::One).unwrap(),
        default,
        "29 wins are not enough"
    );
    mark(&ids);
    assert_eq!(
        spider::play::paces::recompute(&db, "test", system_now()).unwrap(),
        1
    );
    assert_eq!(
        spider::play::paces::human_ms(&db, Variant::Spider, Suits::One).unwrap(),
        114_000
    );
    // A round started now is paced by it: a hard CPU finishes in about 60% of 114 s.
    stock_pacer_deal(&app, &proven);
    let behind = instance_at(&app, -chrono::Duration::minutes(5)).await;
    let (host, cpu, code) = cpu_room(&behind, 1, "hard").await;
    let view = race(&app, &host, &code).await;
    let pace = pace::pace_ms(
        pace::target_ms(114_000, Level::Hard),
        lines[2].len(),
        cpu as i32,
    );
    assert_eq!(
        place_of(&view, cpu)["finished_ms"].as_i64().unwrap(),
        lines[2].len() as i64 * i64::from(pace),
        "{view}"
    );
    behind.stop().await;
    app.stop().await;
}
