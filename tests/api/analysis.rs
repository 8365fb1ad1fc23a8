//! Post-game analysis and the bounded search pool over real HTTP: refusals (a game in
//! progress, someone else's game, a daily before its day is over, a race round still on, an
//! unknown hint level), a lost game's losing action, a won game, the stored answer, and 503
//! when every search slot is taken.

use super::*;
use spider::engine::solver::{solve, Budget, Outcome};
use spider::http::searches::SearchPool;

fn one_suit(deal: u64) -> Game {
    Game::new(Variant::Spider, Suits::One, Rules::default(), deal)
}

fn solver_line(game: &Game) -> Vec<Action> {
    match solve(game, &Budget::default()).outcome {
        Outcome::Solved(line) => line,
        other => panic!("the solver found no line: {other:?}"),
    }
}

/// A 1-suit deal, the first `k` actions of a winning line, and a legal action there that the
/// solver proves loses (found by trying, past the middle of the line, where proofs are small).
fn blunder() -> (u64, Vec<Action>, Action) {
    let proof = Budget {
        nodes: 20_000,
        ..Budget::default()
    };
    for deal in [4, 1, 2, 3, 5, 6, 7, 8] {
        let line = solver_line(&one_suit(deal));
        let mut game = one_suit(deal);
        for (k, &step) in line.iter().enumerate() {
            if k >= line.len() / 2 {
                for action in game.legal_actions() {
                    if action == step {
                        continue;
                    }
                    let mut after = game.clone();
                    after.apply(action).unwrap();
                    if solve(&after, &proof).outcome == Outcome::Unsolvable {
                        return (deal, line[..k].to_vec(), action);
                    }
                }
            }
            game.apply(step).unwrap();
        }
    }
    panic!("no provable blunder found");
}

async fn play(app: &TestApp, token: &str, game: &str, actions: &[Action]) {
    for (i, &action) in actions.iter().enumerate() {
        let r = app.act(token, game, api_action(action)).await;
        assert_eq!(r.status, 200, "action {}: {}", i + 1, r.text);
    }
}

async fn analysis(app: &TestApp, token: &str, game: &str) -> Resp {
    app.get(&format!("/v1/games/{game}/analysis"), token).await
}

#[actix_rt::test]
async fn refusals_each_have_a_code() {
    let app = spawn_app().await;
    let (alice, bob) = (app.guest().await, app.guest().await);
    let game = id(&app
        .new_game(&alice, json!({"suits": 1, "deal_number": 4}))
        .await);

    analysis(&app, &alice, &game)
        .await
        .problem(409, "game_in_progress");
    analysis(&app, &bob, &game).await.problem(404, "not_found");
    analysis(&app, &alice, "no-such-game")
        .await
        .problem(404, "not_found");

    // Hints: the level is checked, named in the answer, and `confidence` is always there.
    let bad = app
        .get(&format!("/v1/games/{game}/hint?level=grandmaster"), &alice)
        .await;
    bad.problem(400, "unknown_level");
    assert!(
        bad.body["detail"]
            .as_str()
            .unwrap()
            .contains("easy, normal, hard"),
        "{}",
        bad.text
    );
    let plain = app.get(&format!("/v1/games/{game}/hint"), &alice).await;
    assert_eq!(plain.status, 200, "{}", plain.text);
    assert_eq!(plain.body["level"], "normal");
    assert!(plain.body.as_object().unwrap().contains_key("confidence"));
    for level in ["easy", "normal", "hard", "spidersolver", "expert"] {
        let r = app
            .get(&format!("/v1/games/{game}/hint?level={level}"), &alice)
            .await;
        assert_eq!(r.status, 200, "{}", r.text);
        assert_eq!(r.body["level"], level);
        assert!(r.body["confidence"].is_null() || r.body["confidence"].is_f64());
    }
    app.get(&format!("/v1/games/{game}/hint?level=easy"), &bob)
        .await
        .problem(404, "not_found");
    // Resigned: someone else's game is still not theirs.
    app.act(&alice, &game, json!({"type": "resign"})).await;
    analysis(&app, &bob, &game).await.problem(404, "not_found");
    app.stop().await;
}

/// The `spidersolver` hint level is the reproduced SpiderSolver player, at every suit count:
/// over HTTP, on a game a few actions in, its hint is the action that player (five plies
/// deep, remembering the game so far) chooses there, not the sampled search's; it carries no
/// confidence (no sampled deals were searched), and playing it is an ordinary action.
#[actix_rt::test]
async fn the_spidersolver_level_is_that_players_choice_at_any_suit_count() {
    let app = spawn_app().await;
    let token = app.guest().await;
    for (suits, count) in [(Suits::One, 1), (Suits::Two, 2), (Suits::Four, 4)] {
        let deal = 7;
        let game = id(&app
            .new_game(&token, json!({"suits": count, "deal_number": deal}))
            .await);
        // The player itself plays six actions, through the API.
        let mut local = Game::new(Variant::Spider, suits, Rules::default(), deal);
        let mut player = spider::engine::ComboPlayer::new(spider::engine::SPIDERSOLVER_DEPTH);
        for _ in 0..6 {
            let action = player.choose(&local).expect("an action");
            local.apply(action).unwrap();
            player.played(&local);
            let r = app.act(&token, &game, api_action(action)).await;
            assert_eq!(r.status, 200, "{}", r.text);
        }
        let expected = player.choose(&local).expect("an action");
        let hint = app
            .get(&format!("/v1/games/{game}/hint?level=spidersolver"), &token)
            .await;
        assert_eq!(hint.status, 200, "{}", hint.text);
        assert_eq!(hint.body["level"], "spidersolver");
        assert_eq!(
            hint.body["action"],
            api_action(expected),
            "{suits:?}: {}",
            hint.text
        );
        assert!(hint.body["confidence"].is_null(), "{}", hint.text);
        let played = app.act(&token, &game, hint.body["action"].clone()).await;
        assert_eq!(played.status, 200, "{}", played.text);
    }
    app.stop().await;
}

/// The `expert` level (issue 60: the strongest player measured at each suit count, today what
/// `normal` plays) answers at every suit count with an action that plays, named `expert`, the
/// the same action `normal` answers (at four suits, where neither keeps a time budget); with
/// cards in the stock neither can say how sure it is.
#[actix_rt::test]
async fn the_expert_level_answers_the_strongest_players_action_at_every_suit_count() {
    let app = spawn_app().await;
    let token = app.guest().await;
    for count in [1, 2, 4] {
        let game = id(&app
            .new_game(&token, json!({"suits": count, "deal_number": 11}))
            .await);
        for _ in 0..3 {
            let hint = app
                .get(&format!("/v1/games/{game}/hint?level=expert"), &token)
                .await;
            assert_eq!(hint.status, 200, "{}", hint.text);
            assert_eq!(hint.body["level"], "expert");
            assert!(hint.body["confidence"].is_null(), "{}", hint.text);
            if count == 4 {
                // At four suits both are the reproduced player, which keeps no time budget:
                // the same position gets the same action.
                let normal = app
                    .get(&format!("/v1/games/{game}/hint?level=normal"), &token)
                    .await;
                assert_eq!(
                    normal.body["action"], hint.body["action"],
                    "{}",
                    normal.text
                );
            }
            assert!(hint.body["reason"].as_str().is_some_and(|r| r.len() > 10));
            let played = app.act(&token, &game, hint.body["action"].clone()).await;
            assert_eq!(played.status, 200, "{}", played.text);
        }
    }
    app.stop().await;
}

#[actix_rt::test]
async fn a_lost_game_names_its_losing_action_and_the_answer_is_stored() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let (deal, prefix, bad) = blunder();
    let game = id(&app
        .new_game(&token, json!({"suits": 1, "deal_number": deal}))
        .await);
    play(&app, &token, &game, &prefix).await;
    // A detour taken back, then the blunder and a few moves more, then resign.
    let mut log = prefix.clone();
    let mut at = Game::replay(
        Variant::Spider,
        Suits::One,
        Rules::default(),
        deal,
        log.clone(),
    )
    .unwrap();
    let detour = at.legal_actions()[0];
    at.apply(detour).unwrap();
    at.apply(Action::Undo).unwrap();
    at.apply(bad).unwrap();
    log.extend([detour, Action::Undo, bad]);
    for _ in 0..3 {
        let Some(&more) = at.legal_actions().iter().find(|a| **a != Action::Deal) else {
            break;
        };
        at.apply(more).unwrap();
        log.push(more);
    }
    log.push(Action::Resign);
    play(&app, &token, &game, &log[prefix.len()..]).await;

    let first = analysis(&app, &token, &game).await;
    assert_eq!(first.status, 200, "{}", first.text);
    assert_eq!(first.header("analysis-source").as_deref(), Some("computed"));
    assert_eq!(
        first.header("etag").as_deref(),
        Some(format!("\"{}\"", log.len()).as_str())
    );
    let a = &first.body;
    assert_eq!(a["game_id"], game.as_str());
    assert_eq!(a["status"], "resigned");
    assert_eq!(a["version"], log.len());
    assert_eq!(a["deal_number"], deal.to_string(), "a chosen deal is shown");
    assert_eq!(a["deal"], "winnable");
    assert_eq!(a["verdict"], "lost", "{a}");
    let number = prefix.len() + 3;
    assert_eq!(a["losing_action"]["number"], number);
    assert_eq!(a["losing_action"]["action"], api_action(bad));
    assert_eq!(a["last_winnable_after"], number - 1);
    assert_eq!(a["first_lost_after"], number);
    assert!(a["positions_searched"].as_u64().unwrap() > 0);
    assert_eq!(a["judged_by"], "solver", "the analysis says what judged it");
    // The number is the events' numbering.
    let events = app.get(&format!("/v1/games/{game}/events"), &token).await;
    let event = &events.body["events"][number - 1];
    assert_eq!(event["seq"], number);
    assert_eq!(event["action"], a["losing_action"]["action"]);

    // The winning line plays, through the API, from where it says it starts.
    let line = &a["winning_line"];
    let after = line["after"].as_u64().unwrap() as usize;
    assert_eq!(after, number - 1);
    let replay = id(&app
        .new_game(&token, json!({"suits": 1, "deal_number": deal}))
        .await);
    play(&app, &token, &replay, &log[..after]).await;
    let mut last = None;
    for step in line["actions"].as_array().unwrap() {
        let r = app.act(&token, &replay, step.clone()).await;
        assert_eq!(r.status, 200, "{}", r.text);
        last = Some(r.body);
    }
    assert_eq!(last.unwrap()["status"], "won");

    // Stored: the second answer is the same and searched nothing.
    let second = analysis(&app, &token, &game).await;
    assert_eq!(second.status, 200, "{}", second.text);
    assert_eq!(second.header("analysis-source").as_deref(), Some("stored"));
    assert_eq!(second.body, first.body);
    app.stop().await;
}

#[actix_rt::test]
async fn a_won_game_has_no_losing_action() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let deal = 3;
    let line = solver_line(&one_suit(deal));
    let game = id(&app
        .new_game(&token, json!({"suits": 1, "deal_number": deal}))
        .await);
    play(&app, &token, &game, &line).await;
    let r = analysis(&app, &token, &game).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let a = &r.body;
    assert_eq!(a["status"], "won");
    assert_eq!(a["deal"], "winnable");
    assert_eq!(a["verdict"], "won");
    assert!(a["losing_action"].is_null());
    assert!(a["first_lost_after"].is_null());
    assert_eq!(a["last_winnable_after"], line.len());
    assert_eq!(
        a["winning_line"],
        json!({"after": line.len(), "actions": []})
    );
    app.stop().await;
}

#[actix_rt::test]
async fn a_daily_opens_once_its_day_is_over() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let r = app
        .post("/v1/daily/games", &token, json!({"suits": 1}))
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    let game = id(&r.body);
    app.act(&token, &game, json!({"type": "resign"})).await;
    analysis(&app, &token, &game)
        .await
        .problem(409, "daily_not_over");

    // The same database, a day later.
    let mut config = app.config.clone();
    config.daily.calendar_offset = chrono::Duration::days(1);
    let tomorrow = start(config, None).await;
    let r = analysis(&tomorrow, &token, &game).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(
        r.body["deal_number"].is_string(),
        "the day is over: {}",
        r.text
    );
    assert_eq!(r.body["status"], "resigned");
    tomorrow.stop().await;
    app.stop().await;
}

#[actix_rt::test]
async fn a_race_game_opens_once_the_round_is_over() {
    let app = spawn_with(|c| {
        c.jobs.winnable_pool = 2;
        c.jobs.winnable_prefill = vec![spider::engine::Suits::One];
    })
    .await;
    let (host, bob) = (app.guest().await, app.guest().await);
    let room = app
        .post("/v1/races", &host, json!({"suits": 1, "hints": true}))
        .await;
    assert_eq!(room.status, 201, "{}", room.text);
    let code = room.body["code"].as_str().unwrap().to_string();
    let joined = app
        .post(&format!("/v1/races/{code}/join"), &bob, json!({}))
        .await;
    assert_eq!(joined.status, 200, "{}", joined.text);
    let mut started = false;
    for _ in 0..600 {
        let r = app
            .post(&format!("/v1/races/{code}/start"), &host, json!({}))
            .await;
        match r.status {
            200 => {
                started = true;
                break;
            }
            503 => actix_rt::time::sleep(std::time::Duration::from_millis(100)).await,
            _ => panic!("{}", r.text),
        }
    }
    assert!(started, "no proven deal within a minute");
    app.pass(std::time::Duration::from_millis(3_100)); // the countdown
    let mut games = Vec::new();
    for token in [&host, &bob] {
        let view = app.get(&format!("/v1/races/{code}"), token).await;
        games.push(view.body["you"]["game_id"].as_str().unwrap().to_string());
    }
    app.act(&host, &games[0], json!({"type": "resign"})).await;
    analysis(&app, &host, &games[0])
        .await
        .problem(409, "race_round_in_progress");
    // Bob finishes too (gives up): the round is over, and with it the secret.
    app.act(&bob, &games[1], json!({"type": "resign"})).await;
    let r = analysis(&app, &host, &games[0]).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(
        r.body["deal_number"].is_null(),
        "a race game's view never shows its number, so neither does its analysis"
    );
    assert_eq!(r.body["deal"], "winnable", "race deals are proven winnable");
    assert_eq!(r.body["verdict"], "still_winnable");
    app.stop().await;
}

#[actix_rt::test]
async fn a_full_search_pool_answers_503_and_moves_go_on() {
    let (url, dir) = fresh_database();
    let mut config = test_config(&url);
    config.searches.search_pool = 1;
    let pool = SearchPool::new(1);
    let app = start_with_searches(config, dir, pool.clone()).await;
    let token = app.guest().await;
    let deal = 3;
    let line = solver_line(&one_suit(deal));
    let done = id(&app
        .new_game(&token, json!({"suits": 1, "deal_number": deal}))
        .await);
    app.act(&token, &done, json!({"type": "resign"})).await;
    let game = id(&app
        .new_game(&token, json!({"suits": 1, "deal_number": deal}))
        .await);

    // Every slot taken (as by a long search).
    let held = pool.try_slot().expect("a free slot");
    assert_eq!(pool.free(), 0);
    let busy = app.get(&format!("/v1/games/{game}/hint"), &token).await;
    busy.problem(503, "search_busy");
    assert_eq!(busy.header("retry-after").as_deref(), Some("1"));
    analysis(&app, &token, &done)
        .await
        .problem(503, "search_busy");
    let chat = app
        .post(
            &format!("/v1/games/{game}/commands"),
            &token,
            json!({"command": "h"}),
        )
        .await;
    chat.problem(503, "search_busy");
    assert!(chat.header("retry-after").is_some());
    // Moves and reads need no slot.
    play(&app, &token, &game, &line[..3]).await;
    let read = app.get(&format!("/v1/games/{game}"), &token).await;
    assert_eq!(read.status, 200);
    // Refusals that need no search still come first.
    app.get(&format!("/v1/games/{game}/hint?level=x"), &token)
        .await
        .problem(400, "unknown_level");
    analysis(&app, &token, &game)
        .await
        .problem(409, "game_in_progress");

    drop(held);
    let hint = app.get(&format!("/v1/games/{game}/hint"), &token).await;
    assert_eq!(hint.status, 200, "{}", hint.text);
    let r = analysis(&app, &token, &done).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["verdict"], "still_winnable");
    assert_eq!(pool.free(), 1, "every slot given back");
    app.stop().await;
}

/// No one account or address takes every search slot: an account holds one search at a
/// time, an address its share, and another player's hint still finds a slot.
#[actix_rt::test]
async fn one_account_or_address_cannot_take_every_search_slot() {
    let (url, dir) = fresh_database();
    let mut config = test_config(&url);
    config.searches.search_pool = 2;
    config.serving.client_ip_header = Some("X-Forwarded-For".into());
    let pool = SearchPool::new(2);
    assert_eq!(pool.per_address(), 1);
    let app = start_with_searches(config, dir, pool.clone()).await;
    let hog = app.guest().await;
    let hog_id = app.get("/v1/me", &hog).await.body["id"]
        .as_str()
        .unwrap()
        .to_string();
    let from = |addr: &'static str| [("X-Forwarded-For", addr)];
    let game = id(&app.new_game(&hog, json!({"suits": 4})).await);
    let done = id(&app.new_game(&hog, json!({"suits": 4})).await);
    app.act(&hog, &done, json!({"type": "resign"})).await;

    // The hog's account has a search running (as a long analysis would).
    let held = pool
        .slot_for(&spider::http::searches::Searcher {
            account: hog_id.into(),
            address: "203.0.113.7".into(),
        })
        .expect("a free slot");
    let again = app
        .send(
            "GET",
            &format!("/v1/games/{game}/hint"),
            Some(&hog),
            &from("198.51.100.1"),
            None,
        )
        .await;
    again.problem(429, "search_running");
    assert_eq!(again.header("retry-after").as_deref(), Some("1"));
    app.send(
        "GET",
        &format!("/v1/games/{done}/analysis"),
        Some(&hog),
        &from("198.51.100.1"),
        None,
    )
    .await
    .problem(429, "search_running");
    let chat = app
        .send(
            "POST",
            &format!("/v1/games/{game}/commands"),
            Some(&hog),
            &from("198.51.100.1"),
            Some(json!({"command": "h"})),
        )
        .await;
    chat.problem(429, "search_running");

    // A second guest from the hog's address: the address holds its share.
    let helper = app.guest().await;
    let helper_game = id(&app.new_game(&helper, json!({"suits": 4})).await);
    app.send(
        "GET",
        &format!("/v1/games/{helper_game}/hint"),
        Some(&helper),
        &from("203.0.113.7"),
        None,
    )
    .await
    .problem(429, "address_searches_busy");

    // Anyone else still gets a hint.
    let other = app.guest().await;
    let other_game = id(&app.new_game(&other, json!({"suits": 4})).await);
    let hint = app
        .send(
            "GET",
            &format!("/v1/games/{other_game}/hint"),
            Some(&other),
            &from("192.0.2.44"),
            None,
        )
        .await;
    assert_eq!(hint.status, 200, "{}", hint.text);

    // Once the search ends, the hog searches again.
    drop(held);
    let hint = app
        .send(
            "GET",
            &format!("/v1/games/{game}/hint"),
            Some(&hog),
            &from("203.0.113.7"),
            None,
        )
        .await;
    assert_eq!(hint.status, 200, "{}", hint.text);
    assert_eq!(pool.free(), 2, "every slot given back");
    app.stop().await;
}
