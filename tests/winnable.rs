//! Winnable deals over real HTTP: the background prover fills the cache, a request takes a
//! proven deal of the difficulty asked for, and bad requests are refused with a reason.

mod common;

use common::*;
use spider::engine::solver::{solve, Budget, Outcome};
use spider::winnable::{difficulty, Difficulty};

/// Ask for a winnable game until the prover has one ready (it answers 503 meanwhile).
async fn winnable_game(app: &TestApp, token: &str, body: Value) -> Value {
    for _ in 0..600 {
        let r = app.post("/v1/games", token, body.clone()).await;
        match r.status {
            201 => return r.body,
            503 => {
                r.problem(503, "winnable_deal_unavailable");
                assert_eq!(r.header("retry-after").as_deref(), Some("5"));
                actix_rt::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            _ => panic!("{}", r.text),
        }
    }
    panic!("no winnable deal within a minute: {body}");
}

#[actix_rt::test]
async fn winnable_games_are_proven_deals_of_the_difficulty_asked_for() {
    let app = spawn_with(|c| {
        c.winnable_pool = 2;
        c.winnable_prefill = vec![1];
    })
    .await;
    let token = app.guest().await;
    for (asked, expected) in [
        ("easy", Difficulty::Easy),
        ("normal", Difficulty::Normal),
        ("hard", Difficulty::Hard),
    ] {
        let game = winnable_game(
            &app,
            &token,
            json!({"suits": 1, "winnable": true, "difficulty": asked}),
        )
        .await;
        assert_eq!(game["difficulty"], asked);
        assert_eq!(game["origin"], "winnable");
        assert!(game["deal_number"].is_null(), "secret while the game runs");
        // Once over, the number shows: it is a deal the solver wins, of that difficulty.
        let over = app.act(&token, &id(&game), json!({"type": "resign"})).await;
        assert_eq!(over.status, 200, "{}", over.text);
        let number: u64 = over.body["deal_number"].as_str().unwrap().parse().unwrap();
        let fresh = Game::new(Variant::Spider, Suits::One, Rules::default(), number);
        let report = solve(&fresh, &Budget::default());
        assert!(
            matches!(report.outcome, Outcome::Solved(_)),
            "deal {number}"
        );
        assert_eq!(
            difficulty(Suits::One, report.nodes),
            expected,
            "deal {number}"
        );
    }
    // Without a difficulty: normal. Each deal is handed out once.
    let a = winnable_game(&app, &token, json!({"suits": 1, "winnable": true})).await;
    assert_eq!(a["difficulty"], "normal");
    let b = winnable_game(&app, &token, json!({"suits": 1, "difficulty": "normal"})).await;
    assert_eq!(b["difficulty"], "normal");
    for g in [&a, &b] {
        app.act(&token, &id(g), json!({"type": "resign"})).await;
    }
    let mut numbers = HashSet::new();
    for g in [&a, &b] {
        let r = app.get(&format!("/v1/games/{}", id(g)), &token).await;
        numbers.insert(r.body["deal_number"].as_str().unwrap().to_string());
    }
    assert_eq!(numbers.len(), 2, "two players never share a cached deal");
    app.stop().await;
}

#[actix_rt::test]
async fn an_empty_cache_answers_503_and_bad_requests_are_refused() {
    // This instance proves nothing: every class stays empty.
    let app = spawn_app().await;
    let token = app.guest().await;
    let r = app
        .post("/v1/games", &token, json!({"suits": 2, "winnable": true}))
        .await;
    r.problem(503, "winnable_deal_unavailable");
    assert_eq!(r.header("retry-after").as_deref(), Some("5"));
    for body in [
        json!({"suits": 1, "winnable": true, "deal_number": 7}),
        json!({"suits": 1, "winnable": false, "difficulty": "hard"}),
    ] {
        app.post("/v1/games", &token, body)
            .await
            .problem(400, "invalid_request");
    }
    let r = app
        .post(
            "/v1/games",
            &token,
            json!({"suits": 1, "difficulty": "brutal"}),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.text);
    assert!(r.text.contains("`easy`, `normal`, `hard`"), "{}", r.text);
    // Nothing was created by any of these.
    let list = app.get("/v1/users/me/games", &token).await;
    assert_eq!(
        list.body["games"].as_array().map(Vec::len),
        Some(0),
        "{}",
        list.text
    );
    app.stop().await;
}

#[actix_rt::test]
async fn a_class_asked_for_is_proven_on_demand() {
    // Nothing prefilled: the first request finds the Spiderette cache empty and asks for it.
    let app = spawn_with(|c| {
        c.winnable_pool = 1;
        c.winnable_prefill = vec![];
    })
    .await;
    let token = app.guest().await;
    let body = json!({"variant": "spiderette", "suits": 1, "winnable": true, "difficulty": "easy",
        "rules": {"undo": false, "empty_column_deal": "allowed"}});
    let first = app.post("/v1/games", &token, body.clone()).await;
    first.problem(503, "winnable_deal_unavailable");
    let game = winnable_game(&app, &token, body).await;
    assert_eq!(game["variant"], "spiderette");
    assert_eq!(game["rules"]["empty_column_deal"], "allowed");
    assert_eq!(game["rules"]["undo"], false);
    assert_eq!(game["difficulty"], "easy");
    app.stop().await;
}
