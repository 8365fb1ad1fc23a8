//! Writes that never lose or double: versions, idempotency keys, racing writers, two
//! instances on one database, restarts.

use super::*;

#[actix_rt::test]
async fn stale_versions_get_412_and_change_nothing() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let game = app
        .new_game(&token, json!({"suits": 1, "deal_number": 2}))
        .await;
    let path = format!("/v1/games/{}/actions", id(&game));
    let r = app
        .send(
            "POST",
            &path,
            Some(&token),
            &[("If-Match", "\"0\"")],
            Some(json!({"type": "deal"})),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let r = app
        .send(
            "POST",
            &path,
            Some(&token),
            &[("If-Match", "\"0\"")],
            Some(json!({"type": "deal"})),
        )
        .await;
    r.problem(412, "version_conflict");
    assert_eq!(r.body["current_version"], 1);
    app.post(
        &path,
        &token,
        json!({"type": "deal", "expected_version": 0}),
    )
    .await
    .problem(412, "version_conflict");
    let r = app
        .post(
            &path,
            &token,
            json!({"type": "deal", "expected_version": 1}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    app.send(
        "POST",
        &path,
        Some(&token),
        &[("If-Match", "\"2\"")],
        Some(json!({"type": "deal", "expected_version": 1})),
    )
    .await
    .problem(400, "invalid_request");
    let view = app.get(&format!("/v1/games/{}", id(&game)), &token).await;
    assert_eq!(view.body["version"], 2);
    assert_eq!(view.body["deals"], 2);
}

/// Idempotency keys are remembered for 24 hours, then forgotten: a key reused after that is a
/// new request, and the upkeep deletes old keys so the table does not grow without bound.
#[actix_rt::test]
async fn idempotency_keys_are_forgotten_after_a_day() {
    use diesel::prelude::*;
    use spider::store::schema::idempotency_keys;
    // The test does the upkeep itself (the server's scheduled work would hold its lease).
    let app = spawn_with(|c| c.jobs.scheduled_work = false).await;
    let token = app.guest().await;
    let key = [("Idempotency-Key", "kept-for-a-day")];
    let create = |suits: u8| {
        app.send(
            "POST",
            "/v1/games",
            Some(&token),
            &key,
            Some(json!({ "suits": suits })),
        )
    };
    let first = create(1).await;
    assert_eq!(first.status, 201, "{}", first.text);
    create(2).await.problem(422, "idempotency_key_reused");
    let db = Db::connect(&DbOptions {
        url: app.config.storage.database_url.clone(),
        pool_size: 1,
        sqlite_synchronous: "NORMAL".into(),
    })
    .unwrap();
    let age = |db: &Db| {
        let old = spider::store::now() - chrono::TimeDelta::hours(25);
        db.write(move |c| {
            diesel::update(idempotency_keys::table)
                .set(idempotency_keys::created_at.eq(old))
                .execute(c)
                .map_err(spider::store::StoreError::from)
        })
        .unwrap()
    };
    assert_eq!(age(&db), 1);
    let again = create(2).await;
    assert_eq!(
        again.status, 201,
        "a day later the key is new: {}",
        again.text
    );
    assert_ne!(again.body["id"], first.body["id"]);
    assert_eq!(again.body["suits"], 2);
    // The upkeep forgets keys past their lifetime, and only those.
    let fresh = app
        .send(
            "POST",
            "/v1/games",
            Some(&token),
            &[("Idempotency-Key", "fresh")],
            Some(json!({"suits": 1})),
        )
        .await;
    assert_eq!(fresh.status, 201);
    let old = spider::store::now() - chrono::TimeDelta::hours(25);
    db.write(move |c| {
        diesel::update(idempotency_keys::table.filter(idempotency_keys::key.eq("kept-for-a-day")))
            .set(idempotency_keys::created_at.eq(old))
            .execute(c)
            .map_err(spider::store::StoreError::from)
    })
    .unwrap();
    assert_eq!(spider::play::upkeep(&db, "test").unwrap(), 1);
    let left: Vec<String> = db
        .read(|c| {
            idempotency_keys::table
                .select(idempotency_keys::key)
                .load(c)
                .map_err(spider::store::StoreError::from)
        })
        .unwrap();
    assert_eq!(left, ["fresh"]);
}

/// The upkeep forgets old keys in bounded batches, oldest first, each batch one statement.
#[actix_rt::test]
async fn old_idempotency_keys_are_forgotten_oldest_first_in_bounded_batches() {
    use diesel::prelude::*;
    use spider::store::schema::idempotency_keys;
    let app = spawn_with(|c| c.jobs.scheduled_work = false).await;
    let token = app.guest().await;
    for i in 0..5 {
        let key = format!("key-{i}");
        let made = app
            .send(
                "POST",
                "/v1/games",
                Some(&token),
                &[("Idempotency-Key", key.as_str())],
                Some(json!({"suits": 1})),
            )
            .await;
        assert_eq!(made.status, 201, "{}", made.text);
    }
    let db = app.db();
    let now = spider::store::now();
    // key-0 is the oldest (30 hours), key-3 25 hours old; key-4 is within its lifetime.
    for (i, hours) in [(0, 30), (1, 29), (2, 28), (3, 25)] {
        let at = now - chrono::TimeDelta::hours(hours);
        db.write(move |c| {
            diesel::update(
                idempotency_keys::table.filter(idempotency_keys::key.eq(format!("key-{i}"))),
            )
            .set(idempotency_keys::created_at.eq(at))
            .execute(c)
            .map_err(spider::store::StoreError::from)
        })
        .unwrap();
    }
    let keys = |db: &Db| -> Vec<String> {
        db.read(|c| {
            idempotency_keys::table
                .order(idempotency_keys::key.asc())
                .select(idempotency_keys::key)
                .load(c)
                .map_err(spider::store::StoreError::from)
        })
        .unwrap()
    };
    let forget = |db: &Db, limit: i64| {
        db.write(move |c| spider::store::idempotency::forget_old_keys(c, now, limit))
            .unwrap()
    };
    assert_eq!(forget(&db, 2), 2);
    assert_eq!(keys(&db), ["key-2", "key-3", "key-4"]);
    assert_eq!(forget(&db, 1_000), 2);
    assert_eq!(keys(&db), ["key-4"]);
    assert_eq!(forget(&db, 1_000), 0);
}

#[actix_rt::test]
async fn an_idempotency_key_makes_a_retry_return_the_first_answer() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let game = app.new_game(&token, json!({"suits": 2})).await;
    let path = format!("/v1/games/{}/actions", id(&game));
    let key = [("Idempotency-Key", "chat-msg-42")];
    let first = app
        .send(
            "POST",
            &path,
            Some(&token),
            &key,
            Some(json!({"type": "deal"})),
        )
        .await;
    assert_eq!(first.status, 200, "{}", first.text);
    let retry = app
        .send(
            "POST",
            &path,
            Some(&token),
            &key,
            Some(json!({"type": "deal"})),
        )
        .await;
    assert_eq!(retry.status, 200);
    assert_eq!(retry.body, first.body);
    assert_eq!(retry.header("idempotent-replayed").as_deref(), Some("true"));
    assert_eq!(retry.header("etag").as_deref(), Some("\"1\""));
    let other = app
        .send(
            "POST",
            &path,
            Some(&token),
            &key,
            Some(json!({"type": "undo"})),
        )
        .await;
    other.problem(422, "idempotency_key_reused");
    // Creating games and restarting them take keys too.
    let create_key = [("Idempotency-Key", "new-game-1")];
    let first = app
        .send(
            "POST",
            "/v1/games",
            Some(&token),
            &create_key,
            Some(json!({"suits": 4})),
        )
        .await;
    assert_eq!(first.status, 201, "{}", first.text);
    let again = app
        .send(
            "POST",
            "/v1/games",
            Some(&token),
            &create_key,
            Some(json!({"suits": 4})),
        )
        .await;
    assert_eq!(again.status, 201);
    assert_eq!(again.body["id"], first.body["id"], "no second random game");
    assert_eq!(again.header("location"), first.header("location"));
    app.send(
        "POST",
        "/v1/games",
        Some(&token),
        &create_key,
        Some(json!({"suits": 1})),
    )
    .await
    .problem(422, "idempotency_key_reused");
    let restart_path = format!("/v1/games/{}/restart", id(&first.body));
    let restart_key = [("Idempotency-Key", "restart-1")];
    let r1 = app
        .send("POST", &restart_path, Some(&token), &restart_key, None)
        .await;
    let r2 = app
        .send("POST", &restart_path, Some(&token), &restart_key, None)
        .await;
    assert_eq!((r1.status, r2.status), (201, 201), "{}", r2.text);
    assert_eq!(r1.body["id"], r2.body["id"]);
    // Concurrent retries of one new key: one action lands.
    let key2 = [("Idempotency-Key", "chat-msg-43")];
    let tries = (0..8).map(|_| {
        app.send(
            "POST",
            &path,
            Some(&token),
            &key2,
            Some(json!({"type": "deal"})),
        )
    });
    let results = futures_util::future::join_all(tries).await;
    assert!(
        results.iter().all(|r| r.status == 200),
        "{:?}",
        results.iter().map(|r| &r.text).collect::<Vec<_>>()
    );
    assert!(results.iter().all(|r| r.body == results[0].body));
    let events = app
        .get(&format!("/v1/games/{}/events", id(&game)), &token)
        .await;
    assert_eq!(events.body["events"].as_array().unwrap().len(), 2);
}

/// Checks a game's log is 1..=n with no gap or duplicate, and that it replays to what the API shows.
async fn assert_log_is_whole(app: &TestApp, token: &str, gid: &str, accepted: usize) {
    let events = app.get(&format!("/v1/games/{gid}/events"), token).await;
    let seqs: Vec<i64> = events.body["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["seq"].as_i64().unwrap())
        .collect();
    assert_eq!(seqs, (1..=accepted as i64).collect::<Vec<_>>());
    let view = app.get(&format!("/v1/games/{gid}"), token).await;
    assert_eq!(view.body["version"], accepted as i64);
}

#[actix_rt::test]
async fn racing_actions_on_one_game_never_lose_or_duplicate_an_event() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let game = app
        .new_game(
            &token,
            json!({"suits": 1, "deal_number": 8, "rules": {"empty_column_deal": "allowed"}}),
        )
        .await;
    let gid = id(&game);
    let requests = (0..40).map(|i| {
        let action = if i % 3 == 0 {
            json!({"type": "undo"})
        } else {
            json!({"type": "deal"})
        };
        app.act(&token, &gid, action)
    });
    let results = futures_util::future::join_all(requests).await;
    let accepted = results.iter().filter(|r| r.status == 200).count();
    for r in results.iter().filter(|r| r.status != 200) {
        assert_eq!(r.status, 422, "{}", r.text);
        assert!(
            ["stock_empty", "nothing_to_undo"].contains(&r.body["code"].as_str().unwrap()),
            "{}",
            r.text
        );
    }
    let versions: HashSet<i64> = results
        .iter()
        .filter(|r| r.status == 200)
        .map(|r| r.body["version"].as_i64().unwrap())
        .collect();
    assert_eq!(
        versions.len(),
        accepted,
        "every accepted action got its own version"
    );
    assert!(accepted >= 5);
    assert_log_is_whole(&app, &token, &gid, accepted).await;

    // With If-Match on the same version, exactly one writer wins.
    let r = app.get(&format!("/v1/games/{gid}"), &token).await;
    let version = format!("\"{}\"", r.body["version"]);
    let path = format!("/v1/games/{gid}/actions");
    let if_match = [("If-Match", version.as_str())];
    // An action that is legal now: undo if there is something to undo, else (at the
    // opening, stock full) a deal.
    let action = if r.body["can_undo"] == true {
        json!({"type": "undo"})
    } else {
        json!({"type": "deal"})
    };
    let racers =
        (0..10).map(|_| app.send("POST", &path, Some(&token), &if_match, Some(action.clone())));
    let results = futures_util::future::join_all(racers).await;
    assert_eq!(results.iter().filter(|r| r.status == 200).count(), 1);
    assert!(
        results.iter().all(|r| r.status == 200 || r.status == 412),
        "{:?}",
        results.iter().map(|r| &r.text).collect::<Vec<_>>()
    );
    assert_log_is_whole(&app, &token, &gid, accepted + 1).await;
}

#[actix_rt::test]
async fn two_server_instances_on_one_database_behave_as_one() {
    let first = spawn_app().await;
    let second = start(first.config.clone(), None).await;
    let token = first.guest().await;
    let game = first
        .new_game(
            &token,
            json!({"suits": 1, "deal_number": 9, "rules": {"empty_column_deal": "allowed"}}),
        )
        .await;
    let gid = id(&game);
    assert_eq!(
        second.get(&format!("/v1/games/{gid}"), &token).await.status,
        200
    );
    let requests = (0..30).map(|i| {
        let app = if i % 2 == 0 { &first } else { &second };
        let action = if i % 4 == 1 {
            json!({"type": "undo"})
        } else {
            json!({"type": "deal"})
        };
        app.act(&token, &gid, action)
    });
    let results = futures_util::future::join_all(requests).await;
    assert!(
        results.iter().all(|r| r.status == 200 || r.status == 422),
        "{:?}",
        results.iter().map(|r| &r.text).collect::<Vec<_>>()
    );
    let accepted = results.iter().filter(|r| r.status == 200).count();
    assert_log_is_whole(&first, &token, &gid, accepted).await;
    assert_log_is_whole(&second, &token, &gid, accepted).await;
}

/// Each instance remembers the positions it wrote, so its next action skips the read: a
/// position the other instance moved past must never be acted on.
#[actix_rt::test]
async fn instances_taking_turns_on_one_game_always_act_on_the_latest_position() {
    let first = spawn_app().await;
    let second = start(first.config.clone(), None).await;
    let token = first.guest().await;
    let game = first
        .new_game(&token, json!({"suits": 1, "deal_number": 21}))
        .await;
    let gid = id(&game);
    let mut engine = Game::new(Variant::Spider, Suits::One, Rules::default(), 21);
    for turn in 0..12 {
        let (me, other) = if turn % 3 == 2 {
            (&second, &first)
        } else {
            (&first, &second)
        };
        let action = engine
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Move { .. }))
            .unwrap_or(Action::Deal);
        // Every other turn names the latest version: an instance holding an older position
        // must read again, not answer 412; without it, its write must lose and read again.
        let tag = format!("\"{turn}\"");
        let headers: &[(&str, &str)] = if turn % 2 == 0 {
            &[("If-Match", &tag)]
        } else {
            &[]
        };
        let r = me
            .send(
                "POST",
                &format!("/v1/games/{gid}/actions"),
                Some(&token),
                headers,
                Some(api_action(action)),
            )
            .await;
        assert_eq!(r.status, 200, "turn {turn}: {}", r.text);
        engine.apply(action).unwrap();
        assert_eq!(r.body["version"], turn + 1);
        let seen = other.get(&format!("/v1/games/{gid}"), &token).await.body;
        assert_eq!(r.body["columns"], seen["columns"], "turn {turn}");
        assert_eq!(r.body["score"], seen["score"]);
        assert_eq!(r.body["score"], engine.score());
    }
    assert_log_is_whole(&first, &token, &gid, 12).await;
}

#[actix_rt::test]
async fn a_restart_on_the_same_database_keeps_every_acknowledged_action() {
    let (url, dir) = fresh_database();
    let app = start(test_config(&url), dir).await;
    let token = app.guest().await;
    let game = app
        .new_game(&token, json!({"suits": 2, "deal_number": 77}))
        .await;
    let gid = id(&game);
    let mut local = Game::new(Variant::Spider, Suits::Two, Rules::default(), 77);
    for _ in 0..12 {
        let action = local.legal_actions()[0];
        let r = app.act(&token, &gid, api_action(action)).await;
        assert_eq!(r.status, 200, "{}", r.text);
        local.apply(action).unwrap();
    }
    let before = app.get(&format!("/v1/games/{gid}/events"), &token).await;
    let view_before = app.get(&format!("/v1/games/{gid}"), &token).await;
    app.stop().await;
    let again = start(app.config.clone(), app._dir).await;
    let after = again.get(&format!("/v1/games/{gid}/events"), &token).await;
    assert_eq!(after.body, before.body);
    let view_after = again.get(&format!("/v1/games/{gid}"), &token).await;
    assert_eq!(view_after.body["columns"], view_before.body["columns"]);
    assert_eq!(view_after.body["version"], 12);
}
