//! Writes that never lose or double: versions, idempotency keys, racing writers, two
//! instances on one database, restarts.

use std::net::TcpListener;
use std::time::Duration;

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
    let db = app.db();
    let age = |db: &Db| {
        let old = system_now() - chrono::TimeDelta::hours(25);
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
    let old = system_now() - chrono::TimeDelta::hours(25);
    db.write(move |c| {
        diesel::update(idempotency_keys::table.filter(idempotency_keys::key.eq("kept-for-a-day")))
            .set(idempotency_keys::created_at.eq(old))
            .execute(c)
            .map_err(spider::store::StoreError::from)
    })
    .unwrap();
    assert_eq!(spider::play::upkeep(&db, "test", system_now()).unwrap(), 1);
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
    let now = system_now();
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

/// The first deal of a fresh one-suit game `deal` as the store would append it, moving the
/// game from `read` to version 1.
fn first_deal(
    game_id: &str,
    user_id: &str,
    deal: u64,
    read: i32,
    key: Option<&str>,
) -> spider::store::writes::Append {
    use spider::store::games::Summary;
    use spider::store::idempotency::IdempotencyKey;
    use spider::store::writes::{Append, Stamp};
    let mut game = Game::new(Variant::Spider, Suits::One, Rules::default(), deal);
    game.apply(Action::Deal).unwrap();
    Append {
        game_id: game_id.into(),
        user_id: user_id.into(),
        read_version: read,
        ranked: false,
        stamp: Stamp {
            version: read + 1,
            at: system_now(),
        },
        action: Action::Deal,
        summary: Summary {
            status: game.status(),
            score: game.score() as i32,
            actions: game.actions() as i32,
            runs_completed: game.runs_completed() as i32,
            finished: false,
        },
        key: key.map(|k| IdempotencyKey {
            key: k.to_string(),
            fingerprint: format!("deal {game_id}"),
        }),
        response: "{}".into(),
        finish: None,
    }
}

/// Group commit: appends to many games written together (on Postgres one batch, here
/// exactly one; on SQLite the writer thread's) land or are refused one by one. A stale
/// version, a second append on a game the batch already moved, or an idempotency key the
/// store already holds refuses only that append; the rest land (with their keys), and the
/// refused game plays on.
/// (Which of two appends on one version lands is not fixed: Postgres writes the plain ones
/// before the keyed ones. Exactly one does.)
#[actix_rt::test]
async fn a_batch_in_which_one_game_conflicts_refuses_only_that_game() {
    use diesel::prelude::*;
    use spider::store::schema::games;
    let app = spawn_app().await;
    let token = app.guest().await;
    let mut ids = Vec::new();
    for deal in 1..=8u64 {
        let game = app
            .new_game(&token, json!({"suits": 1, "deal_number": deal}))
            .await;
        ids.push(id(&game));
    }
    let db = app.db();
    let user: String = db
        .read(|c| {
            games::table
                .filter(games::id.eq(&ids[0]))
                .select(games::user_id)
                .first(c)
                .map_err(spider::store::StoreError::from)
        })
        .unwrap();
    for keyed in [false, true] {
        // Without keys the batch is one statement; with some, a transaction with savepoints.
        let (base, key) = if keyed { (3, Some("k")) } else { (0, None) };
        let key_of = |i: usize| key.map(|k| format!("{k}-{i}"));
        let game = |i: usize| ids[base + i].as_str();
        let deal = |i: usize| (base + i + 1) as u64;
        let appends = vec![
            first_deal(game(0), &user, deal(0), 0, key_of(0).as_deref()),
            // Stale: the game is at version 0.
            first_deal(game(1), &user, deal(1), 4, key_of(1).as_deref()),
            first_deal(game(2), &user, deal(2), 0, key_of(2).as_deref()),
            // The same game again, on the same version.
            first_deal(game(0), &user, deal(0), 0, None),
        ];
        let landed = write_together(&db, appends).await;
        assert!(landed[0] ^ landed[3], "one append on game 0: {landed:?}");
        assert_eq!(&landed[1..3], &[false, true], "keyed: {keyed}");
        let versions = vec![(0, 1), (1, 0), (2, 1)];
        if keyed {
            // The keys of the appends that landed are kept with their answers.
            use spider::store::idempotency::{remembered, IdempotencyKey, KeyLookup};
            for (i, kept) in [(0, landed[0]), (1, false), (2, true)] {
                let key = IdempotencyKey {
                    key: key_of(i).unwrap(),
                    fingerprint: format!("deal {}", game(i)),
                };
                let found = db
                    .read(|c| remembered(c, &user.as_str().into(), &key, system_now()))
                    .unwrap();
                match found {
                    KeyLookup::Answered(first) => {
                        assert!(kept, "key {i} kept though its append was refused");
                        assert_eq!(first.version, 1);
                    }
                    _ => assert!(!kept, "key {i} not kept"),
                }
            }
        }
        for (i, version) in versions {
            let view = app.get(&format!("/v1/games/{}", game(i)), &token).await;
            assert_eq!(view.body["version"], version, "game {i}, keyed: {keyed}");
            let events = app
                .get(&format!("/v1/games/{}/events", game(i)), &token)
                .await;
            assert_eq!(
                events.body["events"].as_array().unwrap().len(),
                version as usize
            );
        }
        // The refused game plays on.
        let r = app.act(&token, game(1), json!({"type": "deal"})).await;
        assert_eq!(r.status, 200, "{}", r.text);
        assert_log_is_whole(&app, &token, game(1), 1).await;
    }
    // A key the store already holds (kept above for game 5) on another game refuses that
    // append alone.
    let landed = write_together(
        &db,
        vec![
            first_deal(&ids[6], &user, 7, 0, Some("k-2")),
            first_deal(&ids[7], &user, 8, 0, None),
        ],
    )
    .await;
    assert_eq!(landed, [false, true]);
    for (gid, version) in [(&ids[6], 0), (&ids[7], 1)] {
        let view = app.get(&format!("/v1/games/{gid}"), &token).await;
        assert_eq!(view.body["version"], version);
    }
}

/// Write `appends` together: on Postgres as one batch of the group-commit writer, on SQLite
/// queued for the writer thread at once. Whether each landed.
async fn write_together(db: &Db, appends: Vec<spider::store::writes::Append>) -> Vec<bool> {
    use spider::store::writes::{commit_append, Commit};
    if db.backend() == spider::store::Backend::Postgres {
        let mut conn = db.conn().unwrap();
        return spider::store::batches::write(&mut conn, appends)
            .into_iter()
            .map(|r| {
                r.or_else(|e| {
                    if e.is_unique_violation() {
                        Ok(false)
                    } else {
                        Err(e)
                    }
                })
            })
            .collect::<Result<_, _>>()
            .unwrap();
    }
    let pending: Vec<Commit> = appends.into_iter().map(|a| commit_append(db, a)).collect();
    let mut landed = Vec::new();
    for commit in pending {
        landed.push(commit.landed().await.unwrap());
    }
    landed
}

/// One player of the kill test: plays its own games on `base` until a request fails (the
/// server is gone), noting for each game the last version the server acknowledged.
async fn play_until_killed(
    base: String,
    deal: u64,
    acked: std::rc::Rc<std::cell::RefCell<Vec<(String, String, i64)>>>,
) {
    let client = awc::Client::builder()
        .timeout(Duration::from_secs(10))
        .finish();
    let post = |path: String, token: Option<String>, body: Value| {
        let mut req = client.post(format!("{base}{path}"));
        if let Some(token) = token {
            req = req.insert_header(("Authorization", format!("Bearer {token}")));
        }
        async move {
            let mut res = req.send_json(&body).await.ok()?;
            let bytes = res.body().limit(4 << 20).await.ok()?;
            Some((
                res.status().as_u16(),
                serde_json::from_slice::<Value>(&bytes).ok()?,
            ))
        }
    };
    let Some((201, guest)) = post("/v1/auth/guest".into(), None, Value::Null).await else {
        return;
    };
    let token = guest["token"].as_str().unwrap().to_string();
    for round in 0.. {
        let number = deal * 1000 + round;
        let Some((201, game)) = post(
            "/v1/games".into(),
            Some(token.clone()),
            json!({"suits": 1, "deal_number": number}),
        )
        .await
        else {
            return;
        };
        let gid = id(&game);
        let slot = {
            let mut acked = acked.borrow_mut();
            acked.push((token.clone(), gid.clone(), 0));
            acked.len() - 1
        };
        let mut local = Game::new(Variant::Spider, Suits::One, Rules::default(), number);
        while local.status() == Status::InProgress && local.actions() < 200 {
            let legal = local.legal_actions();
            let action = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Move { .. }) && local.actions() % 5 != 4)
                .or_else(|| local.can_undo().then_some(Action::Undo))
                .unwrap_or(Action::Deal);
            match post(
                format!("/v1/games/{gid}/actions"),
                Some(token.clone()),
                api_action(action),
            )
            .await
            {
                Some((200, view)) => {
                    local.apply(action).unwrap();
                    acked.borrow_mut()[slot].2 = view["version"].as_i64().unwrap();
                }
                Some((status, body)) => panic!("{action:?} refused: {status} {body}"),
                None => return,
            }
        }
    }
}

/// The service as its own process, killed with SIGKILL while 16 players keep its writer
/// busy (on Postgres the group-commit writer, on SQLite the writer thread), twice: every
/// action it acknowledged is in the log after a restart, each game's log is whole (versions
/// 1..=n, nothing doubled), and every game plays on.
#[actix_rt::test]
async fn an_acknowledged_action_survives_a_kill_during_a_batched_commit() {
    let (url, dir) = fresh_database();
    let config = test_config(&url);
    let acked = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    for kill in 0..2u64 {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_spider"))
            .arg("serve")
            .env("DATABASE_URL", &url)
            .env("BIND", format!("127.0.0.1:{port}"))
            .env("JWT_SECRET", config.accounts.jwt_secret.expose())
            .env(
                "DAILY_SECRET",
                "kill-test-daily-secret-kill-test-daily-0123",
            )
            .env("WINNABLE_POOL", "0")
            .env("RATE_LIMIT_PER_SECOND", "0")
            .env("GUESTS_PER_MINUTE", "0")
            .env("REGISTRATIONS_PER_HOUR", "0")
            .env("LOG_LEVEL", "error")
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("the service starts");
        let base = format!("http://127.0.0.1:{port}");
        let probe = awc::Client::default();
        let mut ready = false;
        for _ in 0..100 {
            if let Ok(r) = probe.get(format!("{base}/readyz")).send().await {
                if r.status() == 200 {
                    ready = true;
                    break;
                }
            }
            actix_rt::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(ready, "the service answered /readyz");
        let before: i64 = acked.borrow().iter().map(|(_, _, v)| *v).sum();
        let players = futures_util::future::join_all(
            (0..16).map(|p| play_until_killed(base.clone(), kill * 100 + p + 1, acked.clone())),
        );
        let killer = async {
            actix_rt::time::sleep(Duration::from_millis(1500)).await;
            child.kill().expect("SIGKILL");
        };
        futures_util::future::join(players, killer).await;
        let _ = child.wait();
        let after: i64 = acked.borrow().iter().map(|(_, _, v)| *v).sum();
        assert!(
            after - before > 100,
            "the players were acknowledged {} actions",
            after - before
        );
    }
    // A restart on the same database: every acknowledged action is there, once.
    let app = start(config, dir).await;
    let acked = acked.borrow().clone();
    for (token, gid, version) in &acked {
        let view = app.get(&format!("/v1/games/{gid}"), token).await;
        assert_eq!(view.status, 200, "{}", view.text);
        let stored = view.body["version"].as_i64().unwrap();
        // The action in flight at the kill may have landed unacknowledged: at most one more.
        assert!(
            (*version..=version + 1).contains(&stored),
            "game {gid}: acknowledged {version}, stored {stored}"
        );
        assert_log_is_whole(&app, token, gid, stored as usize).await;
    }
    // Every game plays on from the restarted service.
    for (token, gid, _) in acked.iter().take(8) {
        let view = app.get(&format!("/v1/games/{gid}"), token).await;
        if view.body["status"] == "in_progress" {
            let r = app.act(token, gid, json!({"type": "resign"})).await;
            assert_eq!(r.status, 200, "{}", r.text);
        }
    }
}

#[actix_rt::test]
async fn a_key_remembered_by_an_earlier_release_is_answered_as_that_release_answered() {
    // Until this release an idempotency key remembered the answer's body itself; keys live a
    // day, so a retry just after an upgrade finds such a body and must get it back as it was.
    let app = spawn_app().await;
    let token = app.guest().await;
    let key = [("Idempotency-Key", "before-the-upgrade")];
    let first = app
        .send(
            "POST",
            "/v1/games",
            Some(&token),
            &key,
            Some(json!({"suits": 1})),
        )
        .await;
    assert_eq!(first.status, 201, "{}", first.text);
    let earlier_body = format!(
        "{{\"id\":\"{}\",\"written_by\":\"an earlier release\"}}",
        id(&first.body)
    );
    {
        use diesel::RunQueryDsl;
        let db = app.db();
        let mut conn = db.conn().unwrap();
        let stored = diesel::sql_query(format!(
            "UPDATE idempotency_keys SET body = '{earlier_body}' WHERE key = 'before-the-upgrade'"
        ))
        .execute(&mut *conn)
        .unwrap();
        assert_eq!(stored, 1);
    }
    let retry = app
        .send(
            "POST",
            "/v1/games",
            Some(&token),
            &key,
            Some(json!({"suits": 1})),
        )
        .await;
    assert_eq!(retry.status, 201, "{}", retry.text);
    assert_eq!(retry.text, earlier_body);
    assert_eq!(retry.header("location"), first.header("location"));
    assert_eq!(retry.header("idempotent-replayed").as_deref(), Some("true"));
}

/// `spider backup PATH` copies a SQLite database while the service runs; `spider restore PATH`
/// (service stopped) brings it back: every game as it stood at the backup (the same view, the
/// same replay), none made after it. On Postgres `backup` refuses and names pg_dump.
#[actix_rt::test]
async fn a_backup_taken_while_serving_restores_every_game_before_it_and_none_after() {
    let run = |args: &[&str], url: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_spider"))
            .args(args)
            .env("DATABASE_URL", url)
            .env("LOG_LEVEL", "error")
            .output()
            .expect("spider runs")
    };
    let (url, dir) = fresh_database();
    if url.starts_with("postgres") {
        let out = run(&["backup", "/tmp/spider-never-written.db"], &url);
        assert!(!out.status.success());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("pg_dump"),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        return;
    }
    let folder = tempfile::tempdir().expect("a folder");
    let backup = folder.path().join("backup.db");
    let backup = backup.to_str().expect("a path");
    let app = start(test_config(&url), None).await;
    let token = app.guest().await;
    let before = id(&app
        .new_game(&token, json!({"suits": 1, "deal_number": 5}))
        .await);
    let mut local = Game::new(Variant::Spider, Suits::One, Rules::default(), 5);
    for _ in 0..3 {
        let action = quiet_move(&local).unwrap_or(Action::Deal);
        local.apply(action).unwrap();
        let r = app.act(&token, &before, api_action(action)).await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
    let at_backup = app.get(&format!("/v1/games/{before}"), &token).await;
    let events_at_backup = app.get(&format!("/v1/games/{before}/events"), &token).await;
    let out = run(&["backup", backup], &url);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A backup never overwrites.
    assert!(!run(&["backup", backup], &url).status.success());
    // Played after the backup: gone after the restore.
    let r = app.act(&token, &before, json!({"type": "deal"})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let after = id(&app.new_game(&token, json!({"suits": 2})).await);
    app.stop().await;

    let out = run(&["restore", backup], &url);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let app = start(test_config(&url), None).await;
    let restored = app.get(&format!("/v1/games/{before}"), &token).await;
    assert_eq!(restored.status, 200, "{}", restored.text);
    // The same game (its clock aside: a game in progress shows the time since it began).
    let without_clock = |mut view: Value| {
        view.as_object_mut().map(|o| o.remove("elapsed_ms"));
        view
    };
    assert_eq!(
        without_clock(restored.body.clone()),
        without_clock(at_backup.body.clone())
    );
    let events = app.get(&format!("/v1/games/{before}/events"), &token).await;
    assert_eq!(events.body, events_at_backup.body);
    let gone = app.get(&format!("/v1/games/{after}"), &token).await;
    assert_eq!(gone.status, 404, "{}", gone.text);
    // Play goes on from the restored position.
    let r = app.act(&token, &before, json!({"type": "deal"})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    app.stop().await;
    drop(dir);
}

/// A busy day writes more keys than one batch a minute forgets: a run goes on with further
/// batches while they come back full, so 2,500 expired keys go in one run, the fresh one stays.
#[actix_rt::test]
async fn one_upkeep_run_forgets_more_expired_keys_than_one_batch() {
    use diesel::prelude::*;
    use spider::store::schema::{idempotency_keys, users};
    let app = spawn_with(|c| c.jobs.scheduled_work = false).await;
    let token = app.guest().await;
    let made = app
        .send(
            "POST",
            "/v1/games",
            Some(&token),
            &[("Idempotency-Key", "fresh")],
            Some(json!({"suits": 1})),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.text);
    let db = app.db();
    let old = system_now() - chrono::TimeDelta::hours(30);
    let inserted = db
        .write(move |c| {
            let user: String = users::table.select(users::id).first(c)?;
            // One row a statement (the two backends share no batch insert), one transaction.
            let mut n = 0;
            for i in 0..2_500 {
                n += diesel::insert_into(idempotency_keys::table)
                    .values((
                        idempotency_keys::user_id.eq(user.clone()),
                        idempotency_keys::key.eq(format!("old-{i}")),
                        idempotency_keys::fingerprint.eq("f"),
                        idempotency_keys::status.eq(201),
                        idempotency_keys::body.eq("{}"),
                        idempotency_keys::version.eq(1),
                        idempotency_keys::created_at.eq(old),
                    ))
                    .execute(c)?;
            }
            Ok::<_, spider::store::StoreError>(n)
        })
        .unwrap();
    assert_eq!(inserted, 2_500);
    assert!(spider::play::upkeep(&db, "test", system_now()).unwrap() >= 2_500);
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
