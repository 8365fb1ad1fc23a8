//! Daily challenges, personal records and leaderboards, over real HTTP.

use super::*;

fn today_number(app: &TestApp, variant: Variant, suits: Suits, offset_days: i64) -> u64 {
    let date = (chrono::Utc::now() + chrono::Duration::days(offset_days)).date_naive();
    spider::domain::daily::deal_number(
        app.config.daily.daily_secret.as_bytes(),
        date,
        variant,
        suits,
    )
}

/// Today's 1-suit daily deal number and a line that wins it.
fn todays_line(app: &TestApp) -> (u64, Vec<Action>) {
    let number = today_number(app, Variant::Spider, Suits::One, 0);
    let start = Game::new(Variant::Spider, Suits::One, Rules::default(), number);
    (number, winning_line(&start).unwrap())
}

/// Plays `line` (engine actions) on a game through the API and returns the last answer.
async fn play_line(app: &TestApp, token: &str, game: &str, line: &[Action]) -> Resp {
    let mut last = None;
    for (i, &action) in line.iter().enumerate() {
        let r = app.act(token, game, api_action(action)).await;
        assert_eq!(r.status, 200, "action {i}: {}", r.text);
        last = Some(r);
    }
    last.expect("a non-empty line")
}

/// A winning line from `start` padded with `extra` pairs of (move, undo) where the line first
/// allows a move that turns no card over (a ranked daily takes no other back): same result,
/// more actions.
fn padded(start: &Game, line: &[Action], extra: usize) -> Vec<Action> {
    let mut game = start.clone();
    for (at, &action) in line.iter().enumerate() {
        if let Some(quiet) = quiet_move(&game) {
            let mut out = line[..at].to_vec();
            for _ in 0..extra {
                out.push(quiet);
                out.push(Action::Undo);
            }
            out.extend_from_slice(&line[at..]);
            return out;
        }
        game.apply(action).unwrap();
    }
    panic!("no move along the line turns no card over");
}

async fn start_daily(app: &TestApp, token: &str, suits: u8) -> Value {
    let r = app
        .post("/v1/daily/games", token, json!({"suits": suits}))
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    r.body
}

#[actix_rt::test]
async fn everyone_gets_the_same_daily_and_only_the_first_attempt_is_ranked() {
    let app = spawn_app().await;
    let alice = app.register().await.1;
    let bob = app.register().await.1;
    let a = start_daily(&app, &alice, 2).await;
    let b = start_daily(&app, &bob, 2).await;
    assert_eq!(a["columns"], b["columns"], "the same opening for everyone");
    assert_eq!(a["daily"]["ranked"], true);
    assert_eq!(a["origin"], "daily");
    assert!(a["deal_number"].is_null());
    let number = today_number(&app, Variant::Spider, Suits::Two, 0);
    let engine_game = Game::new(Variant::Spider, Suits::Two, Rules::default(), number);
    assert_eq!(
        a["columns"][0]["face_up"][0]["text"],
        engine_game.column(0).unwrap().1[0].to_string()
    );
    let other_suits = start_daily(&app, &alice, 4).await;
    assert_eq!(
        other_suits["daily"]["ranked"], true,
        "each suit setting has its own ranked attempt"
    );

    // No practice copy while the ranked attempt is open: it would show its hidden cards.
    app.post("/v1/daily/games", &alice, json!({"suits": 2}))
        .await
        .problem(409, "ranked_attempt_in_progress");

    let public = app
        .send("GET", "/v1/daily?suits=2&variant=spider", None, &[], None)
        .await;
    assert_eq!(public.status, 200, "{}", public.text);
    let challenge = &public.body["challenges"][0];
    assert_eq!(challenge["players"], 2);
    assert_eq!(challenge["your_attempts"], json!([]));
    let all = app.send("GET", "/v1/daily", None, &[], None).await;
    assert_eq!(all.body["challenges"].as_array().unwrap().len(), 6);

    // A restart resigns the ranked attempt and is practice; so are later attempts.
    let restarted = app
        .post(&format!("/v1/games/{}/restart", id(&a)), &alice, json!({}))
        .await;
    assert_eq!(restarted.status, 201, "{}", restarted.text);
    assert_eq!(restarted.body["daily"]["ranked"], false);
    assert_eq!(restarted.body["origin"], "restart");
    assert!(restarted.body["deal_number"].is_null());
    let source = app.get(&format!("/v1/games/{}", id(&a)), &alice).await;
    assert_eq!(source.body["status"], "resigned");
    let again = start_daily(&app, &alice, 2).await;
    assert_eq!(
        again["daily"]["ranked"], false,
        "a second attempt is practice"
    );
    assert_eq!(again["columns"], a["columns"]);
    let mine = app.get("/v1/daily?suits=2", &alice).await;
    let attempts = mine.body["challenges"][0]["your_attempts"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(attempts.len(), 2, "restarts are not attempts");
    assert_eq!(attempts[0]["ranked"], true);
    assert_eq!(attempts[0]["game_id"], a["id"]);

    app.post("/v1/daily/games", &alice, json!({"suits": 3}))
        .await
        .problem(400, "invalid_request");
    app.send("GET", "/v1/daily?suits=5", None, &[], None)
        .await
        .problem(400, "invalid_request");
}

/// docs/RULES.md, Undo: ranked play uses `no_reveal`, so nobody can peek at a card and take it
/// back; practice attempts keep the normal rules.
#[actix_rt::test]
async fn a_ranked_daily_never_takes_back_an_action_that_showed_a_card() {
    let app = spawn_app().await;
    let token = app.register().await.1;
    let ranked = start_daily(&app, &token, 1).await;
    let gid = id(&ranked);
    assert_eq!(ranked["daily"]["ranked"], true);
    assert_eq!(ranked["undo_mode"], "no_reveal");
    assert_eq!(ranked["rules"]["undo"], true, "undo exists, within limits");

    // Deal, then try to take the deal back: refused, and nothing changes.
    let dealt = app.act(&token, &gid, json!({"type": "deal"})).await;
    assert_eq!(dealt.status, 200, "{}", dealt.text);
    assert_eq!(dealt.body["can_undo"], false);
    let refused = app.act(&token, &gid, json!({"type": "undo"})).await;
    refused.problem(409, "undo_would_hide_card");
    let after = app.get(&format!("/v1/games/{gid}"), &token).await;
    assert_eq!(after.body["version"], 1, "version unchanged");
    for field in [
        "version",
        "columns",
        "score",
        "actions",
        "undos",
        "stock_cards",
    ] {
        assert_eq!(after.body[field], dealt.body[field], "{field}");
    }
    let events = app.get(&format!("/v1/games/{gid}/events"), &token).await;
    assert_eq!(events.body["events"].as_array().unwrap().len(), 1);

    // A move that turns no card over can still be taken back.
    let number = today_number(&app, Variant::Spider, Suits::One, 0);
    let mut local = Game::new(Variant::Spider, Suits::One, Rules::default(), number);
    local.apply(Action::Deal).unwrap();
    let (way, quiet) = way_to_a_quiet_move(&local);
    for &action in &way {
        let r = app.act(&token, &gid, api_action(action)).await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
    let before = app.get(&format!("/v1/games/{gid}"), &token).await.body;
    let moved = app.act(&token, &gid, api_action(quiet)).await;
    assert_eq!(moved.status, 200, "{}", moved.text);
    assert_eq!(moved.body["can_undo"], true);
    let undone = app.act(&token, &gid, json!({"type": "undo"})).await;
    assert_eq!(undone.status, 200, "{}", undone.text);
    assert_eq!(undone.body["columns"], before["columns"]);
    assert_eq!(undone.body["undos"], 1);

    // Practice, once the ranked attempt is over, undoes anything.
    app.act(&token, &gid, json!({"type": "resign"})).await;
    let practice = start_daily(&app, &token, 1).await;
    assert_eq!(practice["daily"]["ranked"], false);
    assert_eq!(practice["undo_mode"], "full");
    let pid = id(&practice);
    app.act(&token, &pid, json!({"type": "deal"})).await;
    let r = app.act(&token, &pid, json!({"type": "undo"})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    app.stop().await;
}

#[actix_rt::test]
async fn racing_first_attempts_make_exactly_one_ranked_game() {
    let app = spawn_app().await;
    let token = app.register().await.1;
    let tries = (0..8).map(|_| app.post("/v1/daily/games", &token, json!({"suits": 1})));
    let results = futures_util::future::join_all(tries).await;
    let created: Vec<&Resp> = results.iter().filter(|r| r.status == 201).collect();
    assert_eq!(
        created.len(),
        1,
        "{:?}",
        results.iter().map(|r| &r.text).collect::<Vec<_>>()
    );
    assert_eq!(created[0].body["daily"]["ranked"], true);
    for r in results.iter().filter(|r| r.status != 201) {
        r.problem(409, "ranked_attempt_in_progress");
    }
}

#[actix_rt::test]
async fn a_retried_daily_start_returns_the_same_ranked_attempt() {
    let app = spawn_app().await;
    let token = app.register().await.1;
    let key = [("Idempotency-Key", "bot-daily-7")];
    let body = json!({"suits": 2});
    let first = app
        .send(
            "POST",
            "/v1/daily/games",
            Some(&token),
            &key,
            Some(body.clone()),
        )
        .await;
    assert_eq!(first.status, 201, "{}", first.text);
    let retry = app
        .send("POST", "/v1/daily/games", Some(&token), &key, Some(body))
        .await;
    assert_eq!(retry.status, 201, "{}", retry.text);
    assert_eq!(retry.body["id"], first.body["id"]);
    assert_eq!(retry.body["daily"]["ranked"], true);
    assert_eq!(retry.header("idempotent-replayed").as_deref(), Some("true"));
}

#[actix_rt::test]
async fn todays_daily_number_is_in_no_response_and_yesterdays_is_shown() {
    let yesterday_app = spawn_with(|c| c.daily.calendar_offset = chrono::Duration::days(-1)).await;
    let token = yesterday_app.register().await.1;
    let old = start_daily(&yesterday_app, &token, 1).await;
    let yesterdays = today_number(&yesterday_app, Variant::Spider, Suits::One, -1);
    assert!(old["deal_number"].is_null(), "hidden while its day lasts");
    yesterday_app
        .act(&token, &id(&old), json!({"type": "resign"}))
        .await;
    let r = yesterday_app
        .get(&format!("/v1/games/{}", id(&old)), &token)
        .await;
    assert!(
        r.body["deal_number"].is_null(),
        "a finished daily stays secret until the day is over"
    );

    let open = start_daily(&yesterday_app, &token, 2).await;
    assert_eq!(open["daily"]["ranked"], true);

    // The next day, on the same database.
    let mut config = yesterday_app.config.clone();
    config.daily.calendar_offset = chrono::Duration::zero();
    let app = start(config, None).await;
    let r = app.get(&format!("/v1/games/{}", id(&old)), &token).await;
    assert_eq!(r.body["deal_number"], yesterdays.to_string());
    let date = (chrono::Utc::now() - chrono::Duration::days(1)).date_naive();
    let board = app
        .send(
            "GET",
            &format!("/v1/daily/{date}/leaderboard?suits=1"),
            None,
            &[],
            None,
        )
        .await;
    assert_eq!(board.status, 200, "{}", board.text);
    assert_eq!(board.body["deal_number"], yesterdays.to_string());
    assert_eq!(board.body["players"], 1);
    // Yesterday's ranked attempt closed with its day: its number is public now.
    app.act(&token, &id(&open), json!({"type": "deal"}))
        .await
        .problem(409, "daily_closed");

    // Today: play a little through every endpoint and look for any of today's numbers.
    let secret_numbers: Vec<String> = Variant::ALL
        .iter()
        .flat_map(|&v| Suits::ALL.iter().map(move |&s| (v, s)))
        .map(|(v, s)| today_number(&app, v, s, 0).to_string())
        .collect();
    let mut seen = Vec::new();
    let game = app
        .post("/v1/daily/games", &token, json!({"suits": 1}))
        .await;
    let gid = id(&game.body);
    seen.push(game.text);
    seen.push(
        app.post(
            "/v1/daily/games",
            &token,
            json!({"suits": 4, "variant": "spiderette"}),
        )
        .await
        .text,
    );
    seen.push(app.send("GET", "/v1/daily", None, &[], None).await.text);
    seen.push(app.get("/v1/daily", &token).await.text);
    seen.push(
        app.get(&format!("/v1/games/{gid}/moves"), &token)
            .await
            .text,
    );
    seen.push(app.act(&token, &gid, json!({"type": "deal"})).await.text);
    seen.push(app.act(&token, &gid, json!({"type": "undo"})).await.text);
    seen.push(
        app.get(&format!("/v1/games/{gid}/events"), &token)
            .await
            .text,
    );
    seen.push(
        app.post(&format!("/v1/games/{gid}/restart"), &token, json!({}))
            .await
            .text,
    );
    seen.push(app.act(&token, &gid, json!({"type": "resign"})).await.text);
    seen.push(app.get(&format!("/v1/games/{gid}"), &token).await.text);
    seen.push(app.get("/v1/users/me/games", &token).await.text);
    seen.push(app.get("/v1/users/me/records", &token).await.text);
    let today = chrono::Utc::now().date_naive();
    seen.push(
        app.send(
            "GET",
            &format!("/v1/daily/{today}/leaderboard?suits=1"),
            None,
            &[],
            None,
        )
        .await
        .text,
    );
    seen.push(
        app.send("GET", "/v1/leaderboards?suits=1", None, &[], None)
            .await
            .text,
    );
    for text in &seen {
        for n in &secret_numbers {
            assert!(
                !text.contains(n.as_str()),
                "today's deal number {n} leaked in {text}"
            );
        }
    }
    let tomorrow = today.succ_opt().unwrap();
    app.send(
        "GET",
        &format!("/v1/daily/{tomorrow}/leaderboard?suits=1"),
        None,
        &[],
        None,
    )
    .await
    .problem(404, "not_found");
    app.send(
        "GET",
        "/v1/daily/29-11-2026/leaderboard?suits=1",
        None,
        &[],
        None,
    )
    .await
    .problem(400, "invalid_request");
}

#[actix_rt::test]
async fn the_daily_leaderboard_orders_wins_by_each_measure_then_progress() {
    let app = spawn_app().await;
    let number = today_number(&app, Variant::Spider, Suits::One, 0);
    let line = winning_line(&Game::new(
        Variant::Spider,
        Suits::One,
        Rules::default(),
        number,
    ))
    .expect("1-suit deals are easy to solve");
    let n = line.len() as i64;
    let register = |name: &'static str| {
        let app = &app;
        async move {
            let r = app
                .send(
                    "POST",
                    "/v1/auth/register",
                    None,
                    &[],
                    Some(json!({"username": name, "password": "correct horse"})),
                )
                .await;
            assert_eq!(r.status, 201, "{}", r.text);
            r.body["token"].as_str().unwrap().to_string()
        }
    };
    // Created in this order; played so that durations come out p1 < p3 < p2.
    let slow = register("slow").await;
    let tied = register("tied").await;
    let fast = register("fast").await;
    let partial = register("partial").await;
    let idle = register("idle").await;
    let quitter = register("quitter").await;
    let g_slow = start_daily(&app, &slow, 1).await;
    app.pass(std::time::Duration::from_millis(1500));
    play_line(&app, &slow, &id(&g_slow), &line).await;
    let g_tied = start_daily(&app, &tied, 1).await;
    app.pass(std::time::Duration::from_millis(700));
    play_line(&app, &tied, &id(&g_tied), &line).await;
    let g_fast = start_daily(&app, &fast, 1).await;
    let last = play_line(
        &app,
        &fast,
        &id(&g_fast),
        &padded(
            &Game::new(Variant::Spider, Suits::One, Rules::default(), number),
            &line,
            1,
        ),
    )
    .await;
    assert_eq!(last.body["status"], "won");
    assert_eq!(last.body["score"], 1300 - n - 2);
    // Progress: play until the first run is complete.
    let g_partial = start_daily(&app, &partial, 1).await;
    let mut local = Game::new(Variant::Spider, Suits::One, Rules::default(), number);
    let mut prefix = Vec::new();
    for &a in &line {
        local.apply(a).unwrap();
        prefix.push(a);
        if local.runs_completed() > 0 {
            break;
        }
    }
    play_line(&app, &partial, &id(&g_partial), &prefix).await;
    start_daily(&app, &idle, 1).await;
    let g_quit = start_daily(&app, &quitter, 1).await;
    app.act(&quitter, &id(&g_quit), json!({"type": "resign"}))
        .await;
    // Practice attempts never show.
    let practice = start_daily(&app, &fast, 1).await;
    assert_eq!(practice["daily"]["ranked"], false);

    let today = chrono::Utc::now().date_naive();
    let board = |by: &'static str| {
        let app = &app;
        async move {
            let r = app
                .send(
                    "GET",
                    &format!("/v1/daily/{today}/leaderboard?suits=1&by={by}"),
                    None,
                    &[],
                    None,
                )
                .await;
            assert_eq!(r.status, 200, "{}", r.text);
            r.body
        }
    };
    let names = |b: &Value| -> Vec<String> {
        b["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["player"].as_str().unwrap().to_string())
            .collect()
    };
    let by_score = board("score").await;
    assert_eq!(
        names(&by_score),
        ["slow", "tied", "fast", "partial", "idle", "quitter"]
    );
    assert_eq!(by_score["players"], 6);
    assert!(by_score["deal_number"].is_null());
    let entries = by_score["entries"].as_array().unwrap();
    assert_eq!(
        entries
            .iter()
            .map(|e| e["rank"].as_i64().unwrap())
            .collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6]
    );
    assert_eq!(entries[0]["score"], 1300 - n);
    assert_eq!(entries[3]["runs_completed"], 1);
    assert_eq!(
        names(&board("moves").await),
        ["slow", "tied", "fast", "partial", "idle", "quitter"]
    );
    let by_time = board("time").await;
    assert_eq!(
        names(&by_time),
        ["fast", "tied", "slow", "partial", "idle", "quitter"]
    );
    let times: Vec<i64> = by_time["entries"].as_array().unwrap()[..3]
        .iter()
        .map(|e| e["duration_ms"].as_i64().unwrap())
        .collect();
    assert!(times[0] < times[1] && times[1] < times[2], "{times:?}");

    // Pages of two give the same order.
    let mut paged = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let path = match &cursor {
            Some(c) => format!("/v1/daily/{today}/leaderboard?suits=1&limit=2&cursor={c}"),
            None => format!("/v1/daily/{today}/leaderboard?suits=1&limit=2"),
        };
        let r = app.send("GET", &path, None, &[], None).await;
        paged.extend(names(&r.body));
        match r.body["next_cursor"].as_str() {
            Some(c) => cursor = Some(c.to_string()),
            None => break,
        }
    }
    assert_eq!(paged, names(&by_score));

    // The all-time leaderboard holds the same wins, best first, with the caller's place.
    let r = app.get("/v1/leaderboards?suits=1&by=score", &tied).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let players: Vec<&str> = r.body["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["player"].as_str().unwrap())
        .collect();
    assert_eq!(players, ["slow", "tied", "fast"]);
    assert_eq!(r.body["entries"][0]["value"], 1300 - n);
    assert_eq!(r.body["you"]["rank"], 2);
    assert_eq!(r.body["you"]["player"], "tied");
    let r = app.get("/v1/leaderboards?suits=1&by=time", &idle).await;
    let players: Vec<&str> = r.body["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["player"].as_str().unwrap())
        .collect();
    assert_eq!(players, ["fast", "tied", "slow"]);
    assert!(r.body["you"].is_null(), "no win, no place");
    let public = app
        .send(
            "GET",
            "/v1/leaderboards?suits=1&by=moves&limit=1",
            None,
            &[],
            None,
        )
        .await;
    assert_eq!(public.body["entries"].as_array().unwrap().len(), 1);
    assert!(public.body["next_cursor"].is_string());
    app.send("GET", "/v1/leaderboards?suits=1&by=speed", None, &[], None)
        .await
        .problem(400, "invalid_request");
    app.send("GET", "/v1/leaderboards", None, &[], None)
        .await
        .problem(400, "invalid_request");
}

#[actix_rt::test]
async fn records_follow_wins_resignations_and_undos_and_match_a_rebuild() {
    let app = spawn_app().await;
    let token = app
        .send(
            "POST",
            "/v1/auth/register",
            None,
            &[],
            Some(json!({"username": "ada", "password": "correct horse"})),
        )
        .await
        .body["token"]
        .as_str()
        .unwrap()
        .to_string();
    let (number, line) = todays_line(&app);
    let n = line.len() as i64;

    // A ranked daily won with two extra undone moves (each costs: move + undo).
    let daily = start_daily(&app, &token, 1).await;
    play_line(
        &app,
        &token,
        &id(&daily),
        &padded(
            &Game::new(Variant::Spider, Suits::One, Rules::default(), number),
            &line,
            2,
        ),
    )
    .await;
    let r = app.get("/v1/users/me/records", &token).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let rec = &r.body["records"][0];
    assert_eq!(
        (rec["variant"].as_str(), rec["suits"].as_i64()),
        (Some("spider"), Some(1))
    );
    assert_eq!(
        (rec["played"].as_i64(), rec["won"].as_i64()),
        (Some(1), Some(1))
    );
    assert_eq!(rec["best_score"]["value"], 1300 - n - 4);
    assert_eq!(rec["best_score"]["known_deal"], false);
    assert_eq!(rec["best_score"]["game_id"], daily["id"]);
    assert_eq!(rec["fewest_actions"]["value"], n + 4);
    assert!(rec["fastest_win_ms"]["value"].as_i64().unwrap() >= 0);
    assert_eq!(
        (
            rec["current_streak"].as_i64(),
            rec["longest_streak"].as_i64()
        ),
        (Some(1), Some(1))
    );

    // A chosen deal, won cleanly: a better personal best, marked; the leaderboard keeps the daily.
    let chosen = app
        .new_game(
            &token,
            json!({"suits": 1, "deal_number": number.to_string()}),
        )
        .await;
    play_line(&app, &token, &id(&chosen), &line).await;
    let rec = app.get("/v1/users/me/records", &token).await.body["records"][0].clone();
    assert_eq!(rec["best_score"]["value"], 1300 - n);
    assert_eq!(rec["best_score"]["known_deal"], true);
    assert_eq!(
        (
            rec["played"].as_i64(),
            rec["won"].as_i64(),
            rec["current_streak"].as_i64()
        ),
        (Some(2), Some(2), Some(2))
    );
    let board = app.get("/v1/leaderboards?suits=1", &token).await;
    assert_eq!(board.body["you"]["value"], 1300 - n - 4);

    // A practice daily counts for nothing; a resigned random game ends the streak.
    let practice = start_daily(&app, &token, 1).await;
    play_line(&app, &token, &id(&practice), &line).await;
    let random = app.new_game(&token, json!({"suits": 1})).await;
    app.act(&token, &id(&random), json!({"type": "deal"})).await;
    app.act(&token, &id(&random), json!({"type": "resign"}))
        .await;
    // A game in progress counts as played, and nothing else.
    app.new_game(&token, json!({"suits": 1})).await;
    let rec = app.get("/v1/users/me/records", &token).await.body["records"][0].clone();
    assert_eq!(
        (rec["played"].as_i64(), rec["won"].as_i64()),
        (Some(4), Some(2))
    );
    assert_eq!(
        (
            rec["current_streak"].as_i64(),
            rec["longest_streak"].as_i64()
        ),
        (Some(0), Some(2))
    );

    // Another player, another variant: separate rows.
    let other = app.guest().await;
    let g = app
        .new_game(&other, json!({"suits": 2, "variant": "spiderette"}))
        .await;
    app.act(&other, &id(&g), json!({"type": "resign"})).await;

    // What is stored equals what the event logs say.
    let db = open_db(&app.config.storage.database_url, 2);
    let computed = db.read(spider::store::records::compute_all).unwrap();
    let mut stored = Vec::new();
    for user in computed
        .iter()
        .map(|r| r.user_id.clone())
        .collect::<HashSet<_>>()
    {
        stored.extend(
            db.read(|conn| spider::store::records::for_user(conn, &user))
                .unwrap(),
        );
    }
    stored
        .sort_by(|a, b| (&a.user_id, &a.variant, a.suits).cmp(&(&b.user_id, &b.variant, b.suits)));
    let mut expected = computed.clone();
    expected
        .sort_by(|a, b| (&a.user_id, &a.variant, a.suits).cmp(&(&b.user_id, &b.variant, b.suits)));
    assert_eq!(stored, expected);
    assert_eq!(stored.len(), 2);
    let before = app.get("/v1/users/me/records", &token).await.body;
    assert_eq!(
        spider::store::records::rebuild(&db, system_now()).unwrap(),
        2
    );
    assert_eq!(app.get("/v1/users/me/records", &token).await.body, before);
}

/// The daily leaderboard reads its own table, so no index on the games table covers a column
/// that every action writes: on Postgres an action is then a heap-only update of the game's
/// row (no new index entries), which the games table leaves room for in each page.
#[actix_rt::test]
async fn no_index_on_games_covers_a_column_that_an_action_writes() {
    use diesel::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Definition {
        #[diesel(sql_type = diesel::sql_types::Text)]
        definition: String,
    }
    let app = spawn_app().await;
    let db = app.db();
    let postgres = db.backend() == spider::store::Backend::Postgres;
    let mut conn = db.conn().unwrap();
    let query = if postgres {
        "SELECT indexdef AS definition FROM pg_indexes \
         WHERE schemaname = current_schema() AND tablename = 'games'"
    } else {
        "SELECT sql AS definition FROM sqlite_master \
         WHERE type = 'index' AND tbl_name = 'games' AND sql IS NOT NULL"
    };
    let indexes: Vec<Definition> = diesel::sql_query(query).load(&mut *conn).unwrap();
    assert!(
        indexes.len() >= 2,
        "the games indexes are found: {}",
        indexes.len()
    );
    let written = [
        "version",
        "log",
        "status",
        "score",
        "actions",
        "runs_completed",
        "updated_at",
        "finished_at",
        "duration_ms",
    ];
    for index in &indexes {
        let words: Vec<&str> = index
            .definition
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .collect();
        for column in written {
            assert!(
                !words.contains(&column),
                "{column} is written by every action but indexed: {}",
                index.definition
            );
        }
    }
    if postgres {
        let options: Vec<Definition> = diesel::sql_query(
            "SELECT coalesce(array_to_string(reloptions, ','), '') AS definition FROM pg_class \
             WHERE relname = 'games' AND relnamespace = current_schema()::regnamespace",
        )
        .load(&mut *conn)
        .unwrap();
        assert_eq!(options.len(), 1);
        assert!(
            options[0].definition.contains("fillfactor=70"),
            "{}",
            options[0].definition
        );
    }
    drop(conn);
    app.stop().await;
}

/// Ranked daily attempts are what ranked races are: for registered accounts. Throwaway guests
/// get practice (told why), never reach the board, and an upgrade ranks none of their attempts.
#[actix_rt::test]
async fn a_guest_plays_the_daily_as_practice_and_never_reaches_the_board() {
    let app = spawn_app().await;
    let today = chrono::Utc::now().date_naive().to_string();
    let guests = [app.guest().await, app.guest().await, app.guest().await];
    for guest in &guests {
        let panel = app.get("/v1/daily?suits=2", guest).await.body;
        let reason = panel["challenges"][0]["practice_reason"]
            .as_str()
            .unwrap_or("");
        assert!(reason.contains("Guests"), "{panel}");
        let g = start_daily(&app, guest, 2).await;
        assert_eq!(g["daily"]["ranked"], false, "{g}");
        assert_eq!(g["undo_mode"], "full", "practice undoes anything");
        assert!(
            g["daily"]["practice_reason"]
                .as_str()
                .is_some_and(|r| r.len() > 20),
            "{g}"
        );
        app.act(guest, &id(&g), json!({"type": "resign"})).await;
    }
    let board = app
        .get(
            &format!("/v1/daily/{today}/leaderboard?suits=2"),
            &guests[0],
        )
        .await
        .body;
    assert_eq!(board["players"], 0, "{board}");
    assert_eq!(board["entries"], json!([]), "{board}");

    // The guest signs up: its earlier attempt stays practice, and having seen the cards it
    // cannot rank today's challenge any more.
    let name = format!("up-{}", &uuid::Uuid::new_v4().simple().to_string()[..10]);
    let up = app
        .post(
            "/v1/users/me/upgrade",
            &guests[0],
            json!({"username": name, "password": PASSWORD}),
        )
        .await;
    assert_eq!(up.status, 200, "{}", up.text);
    let token = up.body["token"].as_str().unwrap().to_string();
    let panel = app.get("/v1/daily?suits=2", &token).await.body;
    let attempts = &panel["challenges"][0]["your_attempts"];
    assert_eq!(attempts[0]["ranked"], false, "{panel}");
    assert!(
        panel["challenges"][0]["practice_reason"]
            .as_str()
            .is_some_and(|r| r.contains("before your account was registered")),
        "{panel}"
    );
    let again = start_daily(&app, &token, 2).await;
    assert_eq!(again["daily"]["ranked"], false, "{again}");
    // Another suit setting it never saw is ranked at once.
    let fresh = start_daily(&app, &token, 1).await;
    assert_eq!(fresh["daily"]["ranked"], true, "{fresh}");
    let board = app
        .get(&format!("/v1/daily/{today}/leaderboard?suits=2"), &token)
        .await
        .body;
    assert_eq!(board["players"], 0, "{board}");

    // A registered account's panel says its first attempt would be ranked.
    let (_, member) = app.register().await;
    let panel = app.get("/v1/daily?suits=2", &member).await.body;
    assert!(
        panel["challenges"][0]["practice_reason"].is_null(),
        "{panel}"
    );
    app.stop().await;
}

/// A registered player's public profile: records, ratings, daily streak and latest finished
/// games, for anyone; guests, unknown names and hidden profiles answer 404 alike.
#[actix_rt::test]
async fn a_public_profile_shows_a_player_until_they_hide_it() {
    let app = spawn_app().await;
    let (name, token) = app.register().await;
    let daily = start_daily(&app, &token, 1).await;
    app.act(&token, &id(&daily), json!({"type": "resign"}))
        .await;
    let game = app.new_game(&token, json!({"suits": 2})).await;
    app.act(&token, &id(&game), json!({"type": "resign"})).await;
    let playing = app.new_game(&token, json!({"suits": 4})).await;

    let r = app
        .send(
            "GET",
            &format!("/v1/users/{}", name.to_uppercase()),
            None,
            &[],
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["username"], name.as_str());
    assert_eq!(r.body["daily_streak"], 1);
    let recent = r.body["recent_games"].as_array().unwrap();
    assert_eq!(recent.len(), 2, "finished games only: {}", r.text);
    assert_eq!(recent[0]["id"], game["id"], "newest first");
    assert_eq!(recent[0]["status"], "resigned");
    assert_eq!(recent[1]["origin"], "daily");
    // Its export waits for the day's end: its cards are today's daily's.
    app.send(
        "GET",
        &format!("/v1/games/{}/export", id(&daily)),
        None,
        &[],
        None,
    )
    .await
    .problem(409, "daily_not_over");
    assert!(
        !r.text.contains(&id(&playing)),
        "a game in progress is not shown"
    );
    assert!(!r.text.contains("deal_number"), "{}", r.text);
    let records = r.body["records"].as_array().unwrap();
    assert!(
        records.iter().any(|x| x["suits"] == 2 && x["played"] == 1),
        "{}",
        r.text
    );

    // Hidden: 404, the same as a guest's or an unknown name.
    let hide = app
        .put("/v1/users/me/profile", &token, json!({"hidden": true}))
        .await;
    assert_eq!(hide.status, 200, "{}", hide.text);
    assert_eq!(app.get("/v1/me", &token).await.body["profile_hidden"], true);
    let hidden = app
        .send("GET", &format!("/v1/users/{name}"), None, &[], None)
        .await;
    hidden.problem(404, "not_found");
    let unknown = app
        .send("GET", "/v1/users/nobody-here", None, &[], None)
        .await;
    unknown.problem(404, "not_found");
    assert_eq!(hidden.body["detail"], unknown.body["detail"]);
    let guest = app.guest().await;
    let guest_name = format!(
        "guest-{}",
        &app.get("/v1/me", &guest).await.body["id"].as_str().unwrap()[..8]
    );
    app.send("GET", &format!("/v1/users/{guest_name}"), None, &[], None)
        .await
        .problem(404, "not_found");
    app.put("/v1/users/me/profile", &guest, json!({"hidden": true}))
        .await
        .problem(403, "guest_account");
    let show = app
        .put("/v1/users/me/profile", &token, json!({"hidden": false}))
        .await;
    assert_eq!(show.status, 200);
    assert_eq!(
        app.send("GET", &format!("/v1/users/{name}"), None, &[], None)
            .await
            .status,
        200
    );
    app.stop().await;
}

/// Boards full of ties (same score, same finishing moment) seeded below the API, then read
/// page by page: following `next_cursor` (a keyset from the second page on) gives exactly the
/// rows and ranks of reading each page by offset, for every measure and page size, on both
/// parts of a daily and on the all-time board; a cursor taken to another measure goes on by
/// offset, and every cursor the document admits is read.
#[actix_rt::test]
async fn pages_by_cursor_are_the_pages_by_offset_through_ties() {
    use diesel::prelude::*;
    use spider::domain::origin::OriginKind;
    use spider::engine::{EmptyColumnDeal, Status, UndoMode, Variant};
    use spider::store::games::GameRow;
    use spider::store::records::RecordRow;
    use spider::store::schema::{games, records, users};
    use spider::store::users::User;
    use spider::store::DbConn;

    let app = spawn_app().await;
    let today = chrono::Utc::now().date_naive();
    let now = chrono::Utc::now().naive_utc();
    let n = 40usize;
    let second = |s: usize| chrono::Duration::seconds(s as i64);
    let won = |i: usize| !i.is_multiple_of(5);
    let score = |i: usize| 1000 + (i % 4) as i32 * 10;
    let at = |i: usize| now - chrono::Duration::hours(1) + second(i % 3);
    let ms = |i: usize| 60_000 + 1000 * (i % 6) as i64;
    let actions = |i: usize| 100 + (i % 5) as i32;
    let people: Vec<User> = (0..n)
        .map(|i| User {
            id: format!("user-{i:03}").into(),
            username: Some(format!("p{i:02}")),
            password_hash: None,
            is_guest: false,
            created_at: now,
            token_version: 0,
            profile_hidden: false,
            language: None,
        })
        .collect();
    let rows: Vec<GameRow> = (0..n)
        .map(|i| GameRow {
            id: format!("game-{i:03}").into(),
            user_id: format!("user-{i:03}").into(),
            variant: Variant::Spider,
            suits: spider::engine::Suits::One,
            undo_allowed: true,
            undo_mode: UndoMode::Full,
            empty_column_deal: EmptyColumnDeal::Standard,
            deal_number: 7,
            deal_chosen: false,
            origin: OriginKind::Daily,
            daily_date: Some(today.to_string()),
            ranked: true,
            status: if won(i) {
                Status::Won
            } else {
                Status::InProgress
            },
            version: actions(i),
            log: String::new(),
            score: score(i),
            actions: actions(i),
            runs_completed: if won(i) { 8 } else { (i % 3) as i32 },
            created_at: now - chrono::Duration::hours(2) + second(i % 2),
            updated_at: at(i),
            finished_at: won(i).then(|| at(i)),
            duration_ms: won(i).then(|| ms(i)),
            difficulty: None,
            hints_allowed: true,
            race_id: None,
        })
        .collect();
    let bests: Vec<RecordRow> = (0..n)
        .filter(|&i| won(i))
        .map(|i| RecordRow {
            user_id: format!("user-{i:03}").into(),
            variant: Variant::Spider,
            suits: spider::engine::Suits::One,
            played: 1,
            won: 1,
            current_streak: 1,
            longest_streak: 1,
            best_score: Some(score(i)),
            best_score_game: Some(format!("game-{i:03}").into()),
            best_score_known_deal: false,
            fastest_ms: Some(ms(i)),
            fastest_game: Some(format!("game-{i:03}").into()),
            fastest_known_deal: false,
            fewest_actions: Some(actions(i)),
            fewest_game: Some(format!("game-{i:03}").into()),
            fewest_known_deal: false,
            ranked_best_score: Some(score(i)),
            ranked_best_score_at: Some(at(i)),
            ranked_fastest_ms: Some(ms(i)),
            ranked_fastest_at: Some(at(i)),
            ranked_fewest_actions: Some(actions(i)),
            ranked_fewest_at: Some(at(i)),
            last_finished_at: Some(at(i)),
        })
        .collect();
    let db = app.db();
    let mut conn = db.conn().expect("a connection");
    let conn: &mut DbConn = &mut conn;
    match conn {
        DbConn::Sqlite(c) => {
            diesel::insert_into(users::table)
                .values(&people)
                .execute(c)
                .unwrap();
            diesel::insert_into(games::table)
                .values(&rows)
                .execute(c)
                .unwrap();
            diesel::insert_into(records::table)
                .values(&bests)
                .execute(c)
                .unwrap();
        }
        DbConn::Pg(c) => {
            diesel::insert_into(users::table)
                .values(&people)
                .execute(c)
                .unwrap();
            diesel::insert_into(games::table)
                .values(&rows)
                .execute(c)
                .unwrap();
            diesel::insert_into(records::table)
                .values(&bests)
                .execute(c)
                .unwrap();
        }
    }
    diesel::sql_query(
        "INSERT INTO daily_entries (game_id, daily_date, variant, suits, status, score, \
         actions, runs_completed, created_at, finished_at, duration_ms, user_id) \
         SELECT id, daily_date, variant, suits, status, score, actions, runs_completed, \
         created_at, finished_at, duration_ms, user_id FROM games WHERE ranked",
    )
    .execute(conn)
    .unwrap();

    let page = |path: String| {
        let app = &app;
        async move {
            let r = app.send("GET", &path, None, &[], None).await;
            assert_eq!(r.status, 200, "{path}: {}", r.text);
            r.body
        }
    };
    let rows_of = |body: &Value| -> Vec<(i64, String)> {
        body["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["rank"].as_i64().unwrap(),
                    e["player"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    for board in [
        format!("/v1/daily/{today}/leaderboard?suits=1"),
        "/v1/leaderboards?suits=1".to_string(),
    ] {
        let total = if board.contains("daily") { n } else { 32 };
        for by in ["score", "time", "moves"] {
            for limit in [1, 3, 7] {
                let base = format!("{board}&by={by}&limit={limit}");
                let mut by_cursor = Vec::new();
                let mut cursors = Vec::new();
                let mut next: Option<String> = None;
                loop {
                    let path = match &next {
                        Some(c) => format!("{base}&cursor={c}"),
                        None => base.clone(),
                    };
                    let body = page(path).await;
                    by_cursor.extend(rows_of(&body));
                    next = body["next_cursor"].as_str().map(str::to_string);
                    match &next {
                        Some(c) => cursors.push(c.clone()),
                        None => break,
                    }
                }
                let mut by_offset = Vec::new();
                for skip in (0..total).step_by(limit) {
                    by_offset.extend(rows_of(&page(format!("{base}&cursor={skip}")).await));
                }
                assert_eq!(by_cursor, by_offset, "{base}");
                assert_eq!(by_cursor.len(), total, "{base}");
                let ranks: Vec<i64> = by_cursor.iter().map(|(r, _)| *r).collect();
                assert_eq!(ranks, (1..=total as i64).collect::<Vec<_>>(), "{base}");
                // Past the first page the cursors are keysets, and say nothing the page
                // did not show (no game or user id).
                assert!(cursors
                    .iter()
                    .all(|c| !c.contains("game") && !c.contains("user")));
                if limit == 3 {
                    assert!(cursors.iter().all(|c| c.contains('.')), "{cursors:?}");
                    // A cursor taken to another measure goes on after its rank there.
                    let other = if by == "score" { "time" } else { "score" };
                    let moved =
                        page(format!("{board}&by={other}&limit=3&cursor={}", cursors[0])).await;
                    let by_offset = page(format!("{board}&by={other}&limit=3&cursor=3")).await;
                    assert_eq!(rows_of(&moved), rows_of(&by_offset), "{base}");
                }
            }
        }
    }
    // Every cursor the document's pattern admits is read (a value out of range goes on by
    // offset); one outside it is refused.
    for cursor in [
        "sw.0.1000.1.0.1",
        "sw.2.9999999999999999999.0.0.1",
        "mr.5.0.0.0.0",
    ] {
        page(format!("/v1/leaderboards?suits=1&cursor={cursor}")).await;
    }
    let at_two = page("/v1/leaderboards?suits=1&limit=3&cursor=2".to_string()).await;
    let out_of_range =
        page("/v1/leaderboards?suits=1&limit=3&cursor=sw.2.9999999999999999999.0.0.1".to_string())
            .await;
    assert_eq!(rows_of(&out_of_range), rows_of(&at_two));
    app.send(
        "GET",
        "/v1/leaderboards?suits=1&cursor=sw.1.2.3",
        None,
        &[],
        None,
    )
    .await
    .problem(400, "invalid_request");
}

/// A player's own place on an all-time board is read from a snapshot of the board corrected
/// by what changed since it was taken (`play::ranks`): for every player and measure it is the
/// place counting gives, through ties (same value, same moment), new bests, bests that do not
/// move, new players and an account folded into another, and it is read from the snapshot.
#[actix_rt::test]
async fn your_place_from_a_snapshot_is_the_counted_place_as_records_change() {
    use diesel::prelude::*;
    use spider::domain::records::{Change, Counting, Finish, Measure, RecordKey};
    use spider::engine::Variant;
    use spider::play::ranks::Ranks;
    use spider::store::records::{self as record_store, RecordRow};
    use spider::store::schema::{records, users};
    use spider::store::users::User;
    use spider::store::DbConn;

    let app = spawn_app().await;
    let db = app.db();
    let now = chrono::Utc::now().naive_utc();
    let hour_ago = now - chrono::Duration::hours(1);
    let second = |s: usize| chrono::Duration::seconds(s as i64);
    let person = |i: usize| User {
        id: format!("user-{i:03}").into(),
        username: Some(format!("p{i:03}")),
        password_hash: None,
        is_guest: false,
        created_at: now,
        token_version: 0,
        profile_hidden: false,
        language: None,
    };
    let n = 120usize;
    let on_board = |i: usize| !i.is_multiple_of(7);
    let people: Vec<User> = (0..n).map(person).collect();
    let bests: Vec<RecordRow> = (0..n)
        .map(|i| {
            let at = on_board(i).then(|| hour_ago + second(i % 3));
            RecordRow {
                user_id: format!("user-{i:03}").into(),
                variant: Variant::Spider,
                suits: spider::engine::Suits::One,
                played: 1,
                won: i32::from(on_board(i)),
                current_streak: 0,
                longest_streak: 1,
                best_score: None,
                best_score_game: None,
                best_score_known_deal: false,
                fastest_ms: None,
                fastest_game: None,
                fastest_known_deal: false,
                fewest_actions: None,
                fewest_game: None,
                fewest_known_deal: false,
                ranked_best_score: on_board(i).then_some(1000 + (i % 5) as i32 * 10),
                ranked_best_score_at: at,
                ranked_fastest_ms: on_board(i).then_some(60_000 + 1000 * (i % 4) as i64),
                ranked_fastest_at: at,
                ranked_fewest_actions: on_board(i).then_some(100 + (i % 6) as i32),
                ranked_fewest_at: at,
                last_finished_at: at,
            }
        })
        .collect();
    {
        let mut conn = db.conn().unwrap();
        match &mut *conn {
            DbConn::Sqlite(c) => {
                diesel::insert_into(users::table)
                    .values(&people)
                    .execute(c)
                    .unwrap();
                diesel::insert_into(records::table)
                    .values(&bests)
                    .execute(c)
                    .unwrap();
            }
            DbConn::Pg(c) => {
                diesel::insert_into(users::table)
                    .values(&people)
                    .execute(c)
                    .unwrap();
                diesel::insert_into(records::table)
                    .values(&bests)
                    .execute(c)
                    .unwrap();
            }
        }
    }
    let measures = [Measure::Score, Measure::Time, Measure::Moves];
    let ranks = Ranks::default();
    for by in measures {
        ranks
            .take_now(&db, Variant::Spider, spider::engine::Suits::One, by)
            .unwrap();
    }
    let check = |stage: &str, players: usize| {
        let mut conn = db.conn().unwrap();
        let mut placed_players = 0;
        for i in 0..players {
            let user = spider::domain::UserId::from(format!("user-{i:03}"));
            for by in measures {
                let placed = ranks
                    .place(
                        &db,
                        &mut conn,
                        &user,
                        Variant::Spider,
                        spider::engine::Suits::One,
                        by,
                    )
                    .unwrap();
                let counted = record_store::rank_of(
                    &mut conn,
                    &user,
                    Variant::Spider,
                    spider::engine::Suits::One,
                    by,
                )
                .unwrap();
                assert_eq!(
                    placed.as_ref().map(|p| (p.rank, &p.record)),
                    counted.as_ref().map(|(rank, r)| (*rank, r)),
                    "{stage}: {user} by {by:?}"
                );
                if let Some(p) = placed {
                    assert!(!p.counted, "{stage}: {user} read from the snapshot");
                    placed_players += 1;
                }
            }
        }
        assert!(placed_players > players, "{stage}: {placed_players} places");
    };
    check("as taken", n);

    // New bests (some better, some not), a few reaching a moment others reached; then new
    // players.
    let finish = |i: usize, score: i32, ms: i64, actions: i32, at| Finish {
        game_id: format!("game-{i:03}").into(),
        won: true,
        score,
        duration_ms: ms,
        actions,
        at,
        counting: Counting::Ranked,
    };
    let key = |i: usize| RecordKey {
        user_id: format!("user-{i:03}").into(),
        variant: Variant::Spider,
        suits: spider::engine::Suits::One,
    };
    let changes: Vec<(RecordKey, Finish)> = (0..n)
        .step_by(4)
        .map(|i| {
            let f = match i % 3 {
                0 => finish(i, 1030, 61_000, 101, hour_ago + second(1)),
                1 => finish(i, 1200, 30_000 + i as i64, 90, now),
                _ => finish(i, 900, 90_000, 200, now),
            };
            (key(i), f)
        })
        .collect();
    let newcomers: Vec<User> = (n..n + 10).map(person).collect();
    db.write(move |conn| -> Result<(), spider::store::StoreError> {
        for (key, f) in &changes {
            record_store::apply(conn, key, &Change::Finish(f.clone()), system_now())?;
        }
        match conn {
            DbConn::Sqlite(c) => diesel::insert_into(users::table)
                .values(&newcomers)
                .execute(c)?,
            DbConn::Pg(c) => diesel::insert_into(users::table)
                .values(&newcomers)
                .execute(c)?,
        };
        for i in n..n + 10 {
            let key = RecordKey {
                user_id: format!("user-{i:03}").into(),
                variant: Variant::Spider,
                suits: spider::engine::Suits::One,
            };
            record_store::apply(conn, &key, &Change::Start, system_now())?;
            let f = Finish {
                game_id: format!("game-{i:03}").into(),
                won: true,
                score: 1000 + (i % 5) as i32 * 10,
                duration_ms: 60_000,
                actions: 100,
                at: hour_ago + second(i % 3),
                counting: Counting::Ranked,
            };
            record_store::apply(conn, &key, &Change::Finish(f), system_now())?;
        }
        Ok(())
    })
    .unwrap();
    check("after new bests and new players", n + 10);

    // An account folded into another: its records leave the boards.
    db.write(|conn| {
        spider::store::chat::fold_account(
            conn,
            &"user-001".into(),
            &"user-002".into(),
            system_now(),
        )
    })
    .unwrap();
    check("after a fold", n + 10);
    let mut conn = db.conn().unwrap();
    assert!(ranks
        .place(
            &db,
            &mut conn,
            &"user-001".into(),
            Variant::Spider,
            spider::engine::Suits::One,
            Measure::Score
        )
        .unwrap()
        .is_none());
    drop(conn);
    app.stop().await;
}

/// A player who hid their profile keeps their places on the boards, named `(hidden)` to
/// everyone but themselves (their own place, `you`, still shows their name to them); shown
/// again, the name is back.
#[actix_rt::test]
async fn a_hidden_player_keeps_their_places_but_is_named_on_no_board() {
    let app = spawn_app().await;
    let (name, token) = app.register().await;
    let (_, line) = todays_line(&app);
    let daily = start_daily(&app, &token, 1).await;
    let r = play_line(&app, &token, &id(&daily), &line).await;
    assert_eq!(r.body["status"], "won", "{}", r.text);
    let today = chrono::Utc::now().date_naive();
    let boards = [
        format!("/v1/daily/{today}/leaderboard?suits=1"),
        "/v1/leaderboards?suits=1".to_string(),
    ];
    let read = |path: String| {
        let app = &app;
        async move {
            let r = app.send("GET", &path, None, &[], None).await;
            assert_eq!(r.status, 200, "{}", r.text);
            r
        }
    };
    for path in &boards {
        let r = read(path.clone()).await;
        assert_eq!(r.body["entries"][0]["player"], name.as_str(), "{}", r.text);
    }
    let hide = |hidden: bool| {
        let (app, token) = (&app, &token);
        async move {
            let r = app
                .put("/v1/users/me/profile", token, json!({ "hidden": hidden }))
                .await;
            assert_eq!(r.status, 200, "{}", r.text);
        }
    };
    hide(true).await;
    for path in &boards {
        let r = read(path.clone()).await;
        assert_eq!(r.body["entries"][0]["player"], "(hidden)", "{}", r.text);
        assert_eq!(r.body["entries"][0]["rank"], 1, "{}", r.text);
        assert!(!r.text.contains(&name), "a hidden player named: {}", r.text);
    }
    let mine = app.get("/v1/leaderboards?suits=1", &token).await;
    assert_eq!(mine.body["you"]["player"], name.as_str(), "{}", mine.text);
    assert_eq!(
        mine.body["entries"][0]["player"], "(hidden)",
        "{}",
        mine.text
    );
    hide(false).await;
    for path in &boards {
        let r = read(path.clone()).await;
        assert_eq!(r.body["entries"][0]["player"], name.as_str(), "{}", r.text);
    }
    app.stop().await;
}
