//! Winnable deals over real HTTP: the background prover fills the cache, a request takes a
//! proven deal of the difficulty asked for, and bad requests are refused with a reason.

use super::*;
use spider::engine::solver::{solve, Budget, Outcome};
use spider::engine::{difficulty, Difficulty};

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
        c.jobs.winnable_pool = 2;
        c.jobs.winnable_prefill = vec![spider::engine::Suits::One];
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
        c.jobs.winnable_pool = 1;
        c.jobs.winnable_prefill = vec![];
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

#[actix_rt::test]
async fn proven_deals_are_rationed_per_player_and_some_are_kept_for_races() {
    let app = spawn_with(|c| {
        c.limits.winnable_per_user_per_hour = 2;
        c.jobs.winnable_reserve = 1;
    })
    .await;
    stock(&app, 1001, 4, Difficulty::Easy);
    let body = json!({"suits": 1, "winnable": true, "difficulty": "easy"});
    let (a, b) = (app.guest().await, app.guest().await);
    for _ in 0..2 {
        let r = app.post("/v1/games", &a, body.clone()).await;
        assert_eq!(r.status, 201, "{}", r.text);
    }
    let r = app.post("/v1/games", &a, body.clone()).await;
    r.problem(429, "winnable_quota");
    let wait: u64 = r.header("retry-after").unwrap().parse().unwrap();
    assert!((3_000..=3_600).contains(&wait), "{wait}");
    // An ordinary game is still fine.
    assert_eq!(
        app.post("/v1/games", &a, json!({"suits": 1})).await.status,
        201
    );

    // B takes the third deal; the fourth is kept for races.
    assert_eq!(app.post("/v1/games", &b, body.clone()).await.status, 201);
    app.post("/v1/games", &b, body.clone())
        .await
        .problem(503, "winnable_deal_unavailable");
    let room = app
        .post(
            "/v1/races",
            &b,
            json!({"suits": 1, "cpu_players": 1, "difficulty": "easy"}),
        )
        .await;
    assert_eq!(room.status, 201, "{}", room.text);
    let code = room.body["code"].as_str().unwrap();
    let r = app
        .post(&format!("/v1/races/{code}/start"), &b, json!({}))
        .await;
    assert_eq!(
        r.status, 200,
        "the race round takes the kept deal: {}",
        r.text
    );

    // Concurrent requests from one player never pass the quota.
    stock(&app, 2001, 10, Difficulty::Easy);
    let c = app.guest().await;
    let tries: Vec<_> = (0..6)
        .map(|_| app.post("/v1/games", &c, body.clone()))
        .collect();
    let answers = futures_util::future::join_all(tries).await;
    let made = answers.iter().filter(|r| r.status == 201).count();
    assert_eq!(
        made,
        2,
        "{:?}",
        answers.iter().map(|r| r.status).collect::<Vec<_>>()
    );
    app.stop().await;
}

#[actix_rt::test]
async fn a_retried_winnable_request_takes_one_deal_however_the_retries_race() {
    let app = spawn_app().await;
    stock(&app, 3001, 6, Difficulty::Easy);
    let token = app.guest().await;
    let body = json!({"suits": 1, "winnable": true, "difficulty": "easy"});
    let tries: Vec<_> = (0..5)
        .map(|_| {
            app.send(
                "POST",
                "/v1/games",
                Some(&token),
                &[("Idempotency-Key", "one-winnable-game")],
                Some(body.clone()),
            )
        })
        .collect();
    let answers = futures_util::future::join_all(tries).await;
    let ids: std::collections::BTreeSet<_> = answers
        .iter()
        .map(|r| {
            assert_eq!(r.status, 201, "{}", r.text);
            r.body["id"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(ids.len(), 1, "one game for one key");
    let db = app.db();
    let class = spider::store::winnable::Class {
        variant: spider::engine::Variant::Spider,
        suits: spider::engine::Suits::One,
        empty_column_deal: spider::engine::EmptyColumnDeal::Standard,
    };
    let counts = spider::store::winnable::counts(&mut db.conn().unwrap(), &class).unwrap();
    let easy = counts
        .iter()
        .find(|(d, _)| *d == Difficulty::Easy)
        .unwrap()
        .1;
    assert_eq!(easy, 5, "one deal taken, the others put back");
    app.stop().await;
}

/// Instances share the prover's work through leases: one at a time computes each deal's CPU
/// lines and one at a time proves each kind; work given up, or whose holder stopped renewing
/// it, is taken over.
#[actix_rt::test]
async fn instances_share_the_provers_work_through_leases() {
    use spider::store::{leases, winnable as cache};
    let app = spawn_with(|c| c.jobs.winnable_pool = 0).await;
    stock(&app, 10, 3, Difficulty::Normal);
    let db = app.db();
    let at = system_now();
    let until = at + chrono::TimeDelta::seconds(120);
    let claim = |holder: &'static str, at: chrono::NaiveDateTime| {
        db.write(move |c| {
            cache::claim_without_lines(c, holder, at, at + chrono::TimeDelta::seconds(120))
        })
        .unwrap()
    };
    // Three deals lack their lines: three instances each get a different one, a fourth none.
    let a = claim("a", at).expect("a deal for a");
    let b = claim("b", at).expect("a deal for b");
    let c = claim("c", at).expect("a deal for c");
    let mut numbers = vec![a.deal_number, b.deal_number, c.deal_number];
    numbers.sort();
    assert_eq!(numbers, [10, 11, 12]);
    assert!(claim("d", at).is_none(), "every deal is being worked on");
    // Renewing is claiming again: the holder keeps its deal.
    assert_eq!(claim("a", at).map(|d| d.deal_number), Some(a.deal_number));
    // Given up: another instance takes it at once.
    let lease = cache::lines_lease(&a);
    db.write(move |c| leases::release(c, &lease, "a")).unwrap();
    assert_eq!(claim("d", at).map(|d| d.deal_number), Some(a.deal_number));
    // Not renewed (its holder stopped): taken over once the lease has run out.
    let later = until + chrono::TimeDelta::seconds(1);
    assert!(claim("e", later).is_some());

    // Proving a kind: one holder at a time.
    let class = cache::Class {
        variant: spider::engine::Variant::Spider,
        suits: spider::engine::Suits::One,
        empty_column_deal: spider::engine::EmptyColumnDeal::Standard,
    };
    let prove = |holder: &'static str| {
        let name = cache::proving_lease(&class);
        db.write(move |c| leases::take(c, &name, holder, at, until))
            .unwrap()
    };
    assert!(prove("a"));
    assert!(!prove("b"), "another instance is proving this kind");
    let name = cache::proving_lease(&class);
    db.write(move |c| leases::release(c, &name, "a")).unwrap();
    assert!(prove("b"));
    // Upkeep forgets leases that ran out, and only those.
    let forgotten = db.write(move |c| leases::forget_expired(c, later)).unwrap();
    assert!(forgotten >= 3, "{forgotten}");
    assert!(
        claim("f", later).is_some(),
        "a deal whose lease was forgotten is free"
    );
    app.stop().await;
}
