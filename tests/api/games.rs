//! Games: dealing, the public view, actions and their refusals, undo, hints, my games.

use super::*;

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
    let app = spawn_app().await;
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
    let app = app.migrated_again_from("20261201000080").await;

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
        let texts: Vec<String> = up.iter().map(std::string::ToString::to_string).collect();
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
