//! Puzzles over real HTTP (docs/PUZZLES.md): a mined set, the daily puzzle, a puzzle by id and
//! the next one, attempts judged on the real cards, rated once per account, and refusals.

use super::*;
use spider::engine::notation;
use spider::engine::{DealSpec, Intent};
use spider::store::puzzles::{self as store, PuzzleRow};

/// Mines 1-suit deal 1 (the hint player's game) into the app's set, dated now; returns what
/// was added.
fn mine(app: &TestApp) -> Vec<PuzzleRow> {
    let spec = DealSpec {
        variant: Variant::Spider,
        suits: Suits::One,
        rules: Rules::default(),
        deal_number: 1,
    };
    let db = app.db();
    let (rows, added) = spider::play::puzzles::mine_deal(&db, &spec, app.clock.now()).unwrap();
    assert_eq!(added, rows.len(), "a fresh set holds none of them");
    assert!(rows.len() >= 20, "only {} puzzles on deal 1", rows.len());
    // Mining the same deal again adds nothing: the same puzzle is held once.
    let (_, again) = spider::play::puzzles::mine_deal(&db, &spec, app.clock.now()).unwrap();
    assert_eq!(again, 0);
    let mut conn = db.conn().unwrap();
    rows.iter()
        .filter_map(|r| store::by_fingerprint(&mut conn, &r.fingerprint).unwrap())
        .collect()
}

/// The stored puzzle's position, as the server has it.
fn position_of(row: &PuzzleRow) -> Game {
    let spec = DealSpec {
        variant: row.variant,
        suits: row.suits,
        rules: Rules::default(),
        deal_number: row.deal_number as u64,
    };
    spec.replay(notation::decode(&row.log).unwrap()).unwrap()
}

fn moves_of(line: &[Action]) -> Value {
    Value::Array(
        line.iter()
            .map(|&a| match a {
                Action::Move { from, to, count } => {
                    json!({"from": from + 1, "to": to + 1, "count": count})
                }
                other => panic!("a puzzle line holds moves only: {other:?}"),
            })
            .collect(),
    )
}

/// A legal first move that is not the answer's (other cards or another column).
fn wrong_first_move(game: &Game, answer: Action) -> Action {
    let Action::Move {
        from: f, count: n, ..
    } = answer
    else {
        panic!("{answer:?}")
    };
    game.legal_actions()
        .into_iter()
        .find(|&a| matches!(a, Action::Move { from, count, .. } if (from, count) != (f, n)))
        .expect("a position with a puzzle has another move")
}

#[actix_rt::test]
async fn a_puzzle_shows_only_what_its_player_saw_and_an_attempt_is_judged_and_rated_once() {
    let app = spawn_app().await;
    let rows = mine(&app);
    // Tomorrow, today's mined puzzles may be the daily one.
    app.pass(std::time::Duration::from_secs(86_400));

    // The daily puzzle: the same for an anonymous caller and an account, asks two moves or
    // more, and carries nothing a client could compute hidden cards from.
    let daily = app
        .send("GET", "/v1/puzzles/daily?suits=1", None, &[], None)
        .await;
    assert_eq!(daily.status, 200, "{}", daily.text);
    let (_, token) = app.register().await;
    let again = app.get("/v1/puzzles/daily?suits=1", &token).await;
    assert_eq!(again.body["id"], daily.body["id"]);
    assert!(
        daily.body["within"].as_u64().unwrap() >= 2,
        "{}",
        daily.text
    );
    for secret in [
        "deal_number",
        "log",
        "line",
        "answer",
        "themes",
        "fingerprint",
    ] {
        assert!(
            daily.body.get(secret).is_none(),
            "{secret} shown: {}",
            daily.text
        );
    }
    let id = daily.body["id"].as_str().unwrap().to_string();
    let row = rows
        .iter()
        .find(|r| r.id == id)
        .expect("the daily is a mined puzzle");
    let game = position_of(row);
    let view = &daily.body["position"];
    assert_eq!(
        shown_cards(view),
        game.view()
            .columns
            .iter()
            .map(|c| c.face_up.len())
            .sum::<usize>()
    );
    for (c, column) in view["columns"].as_array().unwrap().iter().enumerate() {
        let (down, up) = game.column(c).unwrap();
        assert_eq!(column["face_down"], down);
        assert_eq!(column["face_up"].as_array().unwrap().len(), up.len());
        assert!(column.get("cards").is_none());
    }
    assert_eq!(daily.body["goal"], row.goal.name());
    // Nothing a client could compute a hidden card from: exactly the documented fields, and
    // each column exactly its face-down count and the face-up cards its player saw.
    let keys = |v: &Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(
        keys(&daily.body),
        ["goal", "id", "plays", "position", "rating", "solves", "suits", "variant", "within"]
    );
    assert_eq!(
        keys(view),
        [
            "columns",
            "completed_suits",
            "runs_completed",
            "runs_total",
            "stock_cards",
            "stock_deals_left"
        ]
    );
    assert_eq!(view["stock_cards"], game.view().stock_cards);
    for (c, column) in view["columns"].as_array().unwrap().iter().enumerate() {
        assert_eq!(keys(column), ["column", "face_down", "face_up"]);
        let (_, up) = game.column(c).unwrap();
        let cards = column["face_up"].as_array().unwrap();
        for (card, real) in cards.iter().zip(up) {
            assert_eq!(keys(card), ["local_text", "rank", "suit", "text"]);
            assert_eq!(card["text"], real.to_string());
        }
    }
    // The id is the puzzle's random one, not the deal's number or anything made from it.
    assert!(
        id.len() == 10 && id.chars().all(|c| c.is_ascii_hexdigit()),
        "{id}"
    );

    // By id: the same puzzle.
    let by_id = app
        .send("GET", &format!("/v1/puzzles/{id}"), None, &[], None)
        .await;
    assert_eq!(by_id.status, 200);
    assert_eq!(by_id.body["position"], daily.body["position"]);

    // Anonymous: the answer solves it, unrated; the answer and themes come with the end.
    let line = notation::decode(&row.line).unwrap();
    let path = format!("/v1/puzzles/{id}/attempts");
    let solved = app
        .send(
            "POST",
            &path,
            None,
            &[],
            Some(json!({"moves": moves_of(&line)})),
        )
        .await;
    assert_eq!(solved.status, 200, "{}", solved.text);
    assert_eq!(solved.body["result"], "solved");
    assert_eq!(solved.body["rating"], Value::Null);
    assert_eq!(solved.body["answer"].as_array().unwrap().len(), line.len());
    assert!(solved.body["themes"].is_array());

    // The first move alone goes on (the goal still in reach) and tells nothing yet.
    let going = app
        .send(
            "POST",
            &path,
            None,
            &[],
            Some(json!({"moves": moves_of(&line[..1])})),
        )
        .await;
    assert_eq!(going.body["result"], "going", "{}", going.text);
    assert_eq!(going.body["answer"], Value::Null);

    // An account's wrong first move fails at move 1 and is rated: down for the player.
    let wrong = wrong_first_move(&game, line[0]);
    let failed = app
        .post(&path, &token, json!({"moves": moves_of(&[wrong])}))
        .await;
    assert_eq!(failed.status, 200, "{}", failed.text);
    assert_eq!(failed.body["result"], "failed");
    assert_eq!(failed.body["mistake"], 1);
    let before = failed.body["rating"]["before"].as_i64().unwrap();
    let after = failed.body["rating"]["after"].as_i64().unwrap();
    assert_eq!(before, 1500);
    assert!(after < before, "{}", failed.text);
    assert!(failed.body["answer"].is_array());

    // Solving it afterwards is not rated: only the first attempt is.
    let later = app
        .post(&path, &token, json!({"moves": moves_of(&line)}))
        .await;
    assert_eq!(later.body["result"], "solved");
    assert_eq!(later.body["rating"], Value::Null);

    // The dashboard has the attempt and the rating.
    let me = app.get("/v1/users/me/puzzles", &token).await;
    assert_eq!(me.status, 200, "{}", me.text);
    assert_eq!(me.body["attempts"], 1);
    assert_eq!(me.body["solved"], 0);
    assert_eq!(me.body["rating"], after);
    assert_eq!(me.body["recent"][0]["puzzle_id"], id.as_str());
    assert_eq!(me.body["recent"][0]["solved"], false);

    // The activity, a page at a time (after the three solved below it holds four).

    // The next puzzle for the account is one it has not tried; several in a row differ.
    let mut seen = HashSet::from([id.clone()]);
    for _ in 0..3 {
        let next = app.get("/v1/puzzles/next?suits=1", &token).await;
        assert_eq!(next.status, 200, "{}", next.text);
        let next_id = next.body["id"].as_str().unwrap().to_string();
        assert!(seen.insert(next_id.clone()), "offered {next_id} again");
        let row = rows.iter().find(|r| r.id == next_id).unwrap();
        let line = notation::decode(&row.line).unwrap();
        let r = app
            .post(
                &format!("/v1/puzzles/{next_id}/attempts"),
                &token,
                json!({"moves": moves_of(&line)}),
            )
            .await;
        assert_eq!(r.body["result"], "solved", "{}", r.text);
        assert!(r.body["rating"]["after"].as_i64() > r.body["rating"]["before"].as_i64());
    }

    let first = app
        .get("/v1/users/me/puzzles/activity?limit=3", &token)
        .await;
    assert_eq!(first.status, 200, "{}", first.text);
    assert_eq!(first.body["attempts"].as_array().unwrap().len(), 3);
    let cursor = first.body["next_cursor"].as_str().unwrap().to_string();
    let rest = app
        .get(
            &format!("/v1/users/me/puzzles/activity?cursor={cursor}"),
            &token,
        )
        .await;
    assert_eq!(rest.status, 200, "{}", rest.text);
    let rest_rows = rest.body["attempts"].as_array().unwrap();
    assert_eq!(rest_rows.len(), 1, "{}", rest.text);
    assert_eq!(
        rest_rows[0]["puzzle_id"],
        id.as_str(),
        "the oldest: the failed daily"
    );
    assert_eq!(rest.body["next_cursor"], Value::Null);
    for bad in [
        "limit=0",
        "limit=101",
        "cursor=nonsense",
        "cursor=12_",
        "page=2",
    ] {
        let r = app
            .get(&format!("/v1/users/me/puzzles/activity?{bad}"), &token)
            .await;
        assert_eq!(r.status, 400, "{bad}: {}", r.text);
    }

    // A guest plays unrated.
    let guest = app.guest().await;
    let r = app
        .post(&path, &guest, json!({"moves": moves_of(&line)}))
        .await;
    assert_eq!(r.body["result"], "solved");
    assert_eq!(r.body["rating"], Value::Null);
}

#[actix_rt::test]
async fn attempts_that_are_not_moves_of_the_puzzle_are_refused_and_change_nothing() {
    let app = spawn_app().await;
    let rows = mine(&app);
    let row = rows.iter().find(|r| r.within_moves >= 2).unwrap();
    let game = position_of(row);
    let path = format!("/v1/puzzles/{}/attempts", row.id);
    let (_, token) = app.register().await;

    // A move the rules refuse: named by its number.
    let illegal = game
        .legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::Move { from, .. } => (0..game.column_count())
                .find(|&to| {
                    to != from
                        && game
                            .resolve(Intent::Move {
                                from,
                                to,
                                count: Some(1),
                            })
                            .ok()
                            .and_then(|a| game.clone().apply(a).ok())
                            .is_none()
                })
                .map(|to| json!({"from": from + 1, "to": to + 1, "count": 1})),
            _ => None,
        })
        .unwrap();
    let r = app.post(&path, &token, json!({"moves": [illegal]})).await;
    r.problem(422, "illegal_puzzle_move");
    assert!(
        r.body["detail"].as_str().unwrap().contains('1'),
        "{}",
        r.text
    );

    // More moves than the puzzle allows.
    let many: Vec<Value> = (0..=row.within_moves)
        .map(|_| json!({"from": 1, "to": 2}))
        .collect();
    app.post(&path, &token, json!({"moves": many}))
        .await
        .problem(422, "too_many_moves");

    // Not an attempt: an unknown field, a column that is not a number, no moves at all.
    for body in [
        json!({"moves": [{"from": 1, "to": 2}], "hint": true}),
        json!({"moves": [{"from": "one", "to": 2}]}),
        json!({"steps": []}),
        json!({"moves": []}),
    ] {
        let r = app.post(&path, &token, body).await;
        assert_eq!(r.status, 400, "{}", r.text);
    }

    // Nothing was rated by any of them.
    let me = app.get("/v1/users/me/puzzles", &token).await;
    assert_eq!(me.body["attempts"], 0, "{}", me.text);

    // Unknown puzzles and kinds with no puzzle yet.
    app.send("GET", "/v1/puzzles/0000000000", None, &[], None)
        .await
        .problem(404, "puzzle_not_found");
    app.post(
        "/v1/puzzles/0000000000/attempts",
        &token,
        json!({"moves": [{"from": 1, "to": 2}]}),
    )
    .await
    .problem(404, "puzzle_not_found");
    app.send("GET", "/v1/puzzles/next?suits=4", None, &[], None)
        .await
        .problem(404, "no_puzzle");
    app.send("GET", "/v1/puzzles/daily?suits=2", None, &[], None)
        .await
        .problem(404, "no_puzzle");
    let r = app
        .send("GET", "/v1/puzzles/daily?suits=3", None, &[], None)
        .await;
    assert_eq!(r.status, 400, "{}", r.text);
    // Today's mined puzzles are not today's daily (it is chosen from the set held at midnight).
    app.send("GET", "/v1/puzzles/daily?suits=1", None, &[], None)
        .await
        .problem(404, "no_puzzle");
}

/// The puzzle a chat identity's moves go to, and the moves so far.
fn chat_puzzle(app: &TestApp, member: &str) -> (Option<String>, String) {
    let db = app.db();
    let mut conn = db.conn().unwrap();
    let row = spider::store::chat::find(&mut conn, "discord", super::integrations::GUILD, member)
        .unwrap()
        .expect("the chat identity exists");
    (row.current_puzzle, row.puzzle_moves)
}

fn chat_moves(line: &[Action]) -> Vec<String> {
    line.iter().map(|&a| notation::line(a)).collect()
}

#[actix_rt::test]
async fn a_puzzle_by_chat_takes_the_member_s_moves_until_it_is_over() {
    use super::integrations::{chat_app, say};
    let app = chat_app(|_| {}).await;
    let rows = mine(&app);
    app.pass(std::time::Duration::from_secs(86_400));

    let (none, _) = say(&app, "901", "puzzle stop").await;
    assert!(none.starts_with("You have no puzzle in progress"), "{none}");
    say(&app, "901", "new").await;
    let (shown, _) = say(&app, "901", "puzzle").await;
    assert!(
        shown.starts_with("Today's puzzle (spider 1 suit): "),
        "{shown}"
    );
    assert!(shown.contains("   1   2   3"), "the table: {shown}");
    let (id, moves) = chat_puzzle(&app, "901");
    let id = id.expect("the member's moves go to the puzzle");
    assert!(moves.is_empty());
    let daily = app
        .send("GET", "/v1/puzzles/daily?suits=1", None, &[], None)
        .await;
    assert_eq!(
        daily.body["id"],
        id.as_str(),
        "the chat shows today's puzzle"
    );
    let row = rows.iter().find(|r| r.id == id).unwrap();
    let line = notation::decode(&row.line).unwrap();
    assert!(line.len() >= 2);

    // Not a puzzle's: a deal, a hint.
    for text in ["d", "h"] {
        let (refused, _) = say(&app, "901", text).await;
        assert!(
            refused.starts_with("A puzzle takes moves of cards only"),
            "{refused}"
        );
    }
    // The answer, move by move: on track, then solved and rated.
    let typed = chat_moves(&line);
    for (i, text) in typed.iter().enumerate() {
        let (said, _) = say(&app, "901", text).await;
        if i + 1 < typed.len() {
            assert!(
                said.starts_with("On track: the goal is still in reach"),
                "{said}"
            );
            assert_eq!(
                chat_puzzle(&app, "901").1,
                notation::encode_log(&line[..=i])
            );
        } else {
            assert!(
                said.starts_with("Solved! Your puzzle rating: 1500 → "),
                "{said}"
            );
        }
    }
    assert_eq!(
        chat_puzzle(&app, "901"),
        (None, String::new()),
        "over: moves go to the game"
    );
    let (board, _) = say(&app, "901", "b").await;
    assert!(!board.contains("puzzle"), "{board}");

    // The next puzzle near the member's rating: a wrong first move fails it and shows the answer.
    let (next, _) = say(&app, "901", "puzzle next").await;
    assert!(next.starts_with("A puzzle (spider 1 suit): "), "{next}");
    let (next_id, _) = chat_puzzle(&app, "901");
    let next_id = next_id.unwrap();
    assert_ne!(next_id, id);
    let row = rows.iter().find(|r| r.id == next_id).unwrap();
    let game = position_of(row);
    let answer = notation::decode(&row.line).unwrap();
    let wrong = wrong_first_move(&game, answer[0]);
    let (failed, _) = say(&app, "901", &notation::line(wrong)).await;
    assert!(
        failed.starts_with("After move 1 the goal is out of reach"),
        "{failed}"
    );
    assert!(
        failed.contains(&format!("`{}`", notation::line(answer[0]))),
        "{failed}"
    );
    assert!(failed.contains("Your puzzle rating: "), "{failed}");
    assert_eq!(chat_puzzle(&app, "901").0, None);

    // `puzzle stop` leaves a puzzle in progress.
    say(&app, "901", "puzzle next").await;
    let (stopped, _) = say(&app, "901", "puzzle stop").await;
    assert!(stopped.starts_with("Puzzle left"), "{stopped}");
    assert_eq!(chat_puzzle(&app, "901").0, None);
    app.stop().await;
}

/// The background miner fills an empty set for every suit setting, up to the pool it keeps.
#[actix_rt::test]
async fn the_miner_fills_the_set_for_every_suit_setting() {
    let app = spawn_with(|c| {
        c.jobs.puzzle_pool = 3;
        c.jobs.scheduled_work = true;
    })
    .await;
    // A player's finished game: the miner mines it too (source `game`).
    let (_, token) = app.register().await;
    let game = app
        .new_game(&token, json!({"suits": 1, "deal_number": "3"}))
        .await;
    let (_, line) = spider::engine::follow(
        &DealSpec {
            variant: Variant::Spider,
            suits: Suits::One,
            rules: Rules::default(),
            deal_number: 3,
        }
        .deal(),
        60,
        spider::engine::plain_player(),
    );
    for &action in &line {
        app.act(&token, &id(&game), api_action(action)).await;
    }
    app.act(&token, &id(&game), json!({"type": "resign"})).await;
    for suits in [1, 2, 4] {
        let mut found = false;
        for _ in 0..1_200 {
            let r = app
                .send(
                    "GET",
                    &format!("/v1/puzzles/next?suits={suits}"),
                    None,
                    &[],
                    None,
                )
                .await;
            if r.status == 200 {
                assert_eq!(r.body["suits"], suits);
                found = true;
                break;
            }
            r.problem(404, "no_puzzle");
            actix_rt::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert!(found, "no {suits}-suit puzzle mined within two minutes");
    }
    // Each suit setting fills up to the pool (a deal may hold fewer than it keeps: the miner
    // goes on to another).
    let db = app.db();
    for suits in Suits::ALL {
        let mut n = 0;
        for _ in 0..1_200 {
            n = db
                .read(|conn| store::count(conn, Variant::Spider, suits))
                .unwrap();
            if n >= 3 {
                break;
            }
            actix_rt::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert!(n >= 3, "{n} puzzles of {suits:?}");
    }
    let mut from_game = Vec::new();
    for _ in 0..1_200 {
        let mut conn = db.conn().unwrap();
        from_game = store::page(&mut conn, None, None, 10_000)
            .unwrap()
            .into_iter()
            .filter(|r| r.source == "game")
            .collect();
        drop(conn);
        if !from_game.is_empty() {
            break;
        }
        actix_rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(!from_game.is_empty(), "the player's game was not mined");
    for row in &from_game {
        assert_eq!(row.deal_number, 3);
        assert!(line.starts_with(&notation::decode(&row.log).unwrap()));
    }
    // A new server has a daily puzzle on its first day (the miner fixes one from what it
    // mined), and it stays the same while the set grows.
    let mut daily = None;
    for _ in 0..1_200 {
        let r = app
            .send("GET", "/v1/puzzles/daily?suits=1", None, &[], None)
            .await;
        if r.status == 200 {
            daily = Some(r.body["id"].as_str().unwrap().to_string());
            break;
        }
        r.problem(404, "no_puzzle");
        actix_rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let daily = daily.expect("a daily puzzle on the first day");
    let spec = DealSpec {
        variant: Variant::Spider,
        suits: Suits::One,
        rules: Rules::default(),
        deal_number: 5,
    };
    let (_, added) = spider::play::puzzles::mine_deal(&db, &spec, app.clock.now()).unwrap();
    assert!(added > 0);
    let again = app
        .send("GET", "/v1/puzzles/daily?suits=1", None, &[], None)
        .await;
    assert_eq!(again.body["id"], daily.as_str());
}

fn ndjson(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[actix_rt::test]
async fn the_set_is_exported_as_ndjson_with_answers_except_today_s_daily() {
    let app = spawn_app().await;
    let rows = mine(&app);
    app.pass(std::time::Duration::from_secs(86_400));
    let daily = app
        .send("GET", "/v1/puzzles/daily?suits=1", None, &[], None)
        .await;
    let daily_id = daily.body["id"].as_str().unwrap().to_string();

    let all = app
        .send("GET", "/v1/puzzles/export?max=10000", None, &[], None)
        .await;
    assert_eq!(all.status, 200, "{}", all.text);
    assert_eq!(
        all.header("content-type").as_deref(),
        Some("application/x-ndjson")
    );
    let lines = ndjson(&all.text);
    assert_eq!(
        lines.len(),
        rows.len() - 1,
        "every puzzle but today's daily"
    );
    assert!(lines.iter().all(|l| l["id"] != daily_id.as_str()));
    let ids: Vec<&str> = lines.iter().map(|l| l["id"].as_str().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "in id order");
    for line in &lines {
        let row = rows
            .iter()
            .find(|r| r.id == line["id"].as_str().unwrap())
            .unwrap();
        let answer = notation::decode(&row.line).unwrap();
        assert_eq!(line["line"].as_array().unwrap().len(), answer.len());
        assert_eq!(line["goal"], row.goal.name());
        assert!(line["themes"].is_array());
        assert!(line["position"]["columns"].is_array());
        assert!(line.get("deal_number").is_none());
    }

    // In parts: `after` the last id read goes on where the part before stopped.
    let first = ndjson(
        &app.send("GET", "/v1/puzzles/export?suits=1&max=7", None, &[], None)
            .await
            .text,
    );
    assert!(first.len() <= 7 && first.len() >= 6);
    let last = first.last().unwrap()["id"].as_str().unwrap().to_string();
    let rest = ndjson(
        &app.send(
            "GET",
            &format!("/v1/puzzles/export?suits=1&after={last}&max=10000"),
            None,
            &[],
            None,
        )
        .await
        .text,
    );
    assert_eq!(first.len() + rest.len(), lines.len());
    assert!(rest
        .iter()
        .all(|l| l["id"].as_str().unwrap() > last.as_str()));

    // Another suit setting holds none yet; a bad max is refused.
    let none = app
        .send("GET", "/v1/puzzles/export?suits=4", None, &[], None)
        .await;
    assert_eq!(none.status, 200);
    assert!(none.text.is_empty());
    for bad in ["max=0", "max=10001", "suits=3", "color=red"] {
        let r = app
            .send("GET", &format!("/v1/puzzles/export?{bad}"), None, &[], None)
            .await;
        assert_eq!(r.status, 400, "{bad}: {}", r.text);
    }

    // Once its day is over, yesterday's daily is in the export (today's is left out instead).
    app.pass(std::time::Duration::from_secs(86_400));
    let later = ndjson(
        &app.send("GET", "/v1/puzzles/export?max=10000", None, &[], None)
            .await
            .text,
    );
    let today = app
        .send("GET", "/v1/puzzles/daily?suits=1", None, &[], None)
        .await;
    let today_id = today.body["id"].as_str().unwrap();
    assert!(later.iter().all(|l| l["id"] != today_id));
    if today_id != daily_id {
        assert!(later.iter().any(|l| l["id"] == daily_id.as_str()));
    }
}

/// The answer of a puzzle, as moves for an attempt.
fn answer_moves(rows: &[PuzzleRow], id: &str) -> Value {
    let row = rows.iter().find(|r| r.id == id).expect("a mined puzzle");
    moves_of(&notation::decode(&row.line).unwrap())
}

#[actix_rt::test]
async fn a_streak_rises_until_the_first_mistake_and_the_best_goes_on_the_board() {
    let app = spawn_app().await;
    let rows = mine(&app);
    let (name, token) = app.register().await;

    let r = app
        .post("/v1/puzzles/streaks", &token, json!({"suits": 1}))
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    let id = r.body["id"].as_str().unwrap().to_string();
    assert_eq!(r.body["score"], 0);
    assert_eq!(r.body["over"], false);
    let mut puzzle = r.body["puzzle"].clone();
    let path = format!("/v1/puzzles/streaks/{id}/attempts");

    // Three solved in a row: each moves the streak on to a new puzzle, rated higher on the
    // whole; none is rated for the player.
    let mut seen = HashSet::new();
    let mut ratings = Vec::new();
    for score in 1..=3 {
        let pid = puzzle["id"].as_str().unwrap().to_string();
        assert!(seen.insert(pid.clone()), "{pid} came twice");
        ratings.push(puzzle["rating"].as_i64().unwrap());
        let r = app
            .post(&path, &token, json!({"moves": answer_moves(&rows, &pid)}))
            .await;
        assert_eq!(r.status, 200, "{}", r.text);
        assert_eq!(r.body["result"], "solved");
        assert_eq!(r.body["streak"]["score"], score);
        puzzle = r.body["streak"]["puzzle"].clone();
        assert!(puzzle.is_object(), "a next puzzle: {}", r.text);
    }
    assert!(ratings[2] >= ratings[0], "rising: {ratings:?}");
    let me = app.get("/v1/users/me/puzzles", &token).await;
    assert_eq!(me.body["attempts"], 0, "streaks are not rated");

    // The streak as it stands.
    let now = app.get(&format!("/v1/puzzles/streaks/{id}"), &token).await;
    assert_eq!(now.body["score"], 3);
    assert_eq!(now.body["puzzle"]["id"], puzzle["id"]);

    // A mistake ends it; the best is kept and goes on the board.
    let pid = puzzle["id"].as_str().unwrap().to_string();
    let row = rows.iter().find(|r| r.id == pid).unwrap();
    let game = position_of(row);
    let wrong = wrong_first_move(&game, notation::decode(&row.line).unwrap()[0]);
    let r = app
        .post(&path, &token, json!({"moves": moves_of(&[wrong])}))
        .await;
    assert_eq!(r.body["result"], "failed", "{}", r.text);
    assert_eq!(r.body["mistake"], 1);
    assert_eq!(r.body["streak"]["over"], true);
    assert_eq!(r.body["streak"]["score"], 3);
    assert!(r.body["streak"]["puzzle"].is_null());
    assert!(r.body["answer"].is_array());
    app.post(&path, &token, json!({"moves": moves_of(&[wrong])}))
        .await
        .problem(409, "streak_over");
    let me = app.get("/v1/users/me/puzzles", &token).await;
    assert_eq!(me.body["best_streak"], 3, "{}", me.text);
    let board = app
        .send("GET", "/v1/puzzles/streaks/board?suits=1", None, &[], None)
        .await;
    assert_eq!(board.status, 200, "{}", board.text);
    assert_eq!(board.body, json!([{"username": name, "best": 3}]));

    // A guest plays streaks too, but stays off the board; another's streak is not found.
    let guest = app.guest().await;
    let r = app
        .post("/v1/puzzles/streaks", &guest, json!({"suits": 1}))
        .await;
    assert_eq!(r.status, 201);
    let guest_streak = r.body["id"].as_str().unwrap().to_string();
    let first = r.body["puzzle"]["id"].as_str().unwrap().to_string();
    let gpath = format!("/v1/puzzles/streaks/{guest_streak}/attempts");
    let r = app
        .post(
            &gpath,
            &guest,
            json!({"moves": answer_moves(&rows, &first)}),
        )
        .await;
    assert_eq!(r.body["streak"]["score"], 1);
    app.get(&format!("/v1/puzzles/streaks/{guest_streak}"), &token)
        .await
        .problem(404, "streak_not_found");
    app.post(
        &gpath,
        &token,
        json!({"moves": answer_moves(&rows, &first)}),
    )
    .await
    .problem(404, "streak_not_found");
    // Starting another ends the open one.
    let again = app
        .post("/v1/puzzles/streaks", &guest, json!({"suits": 1}))
        .await;
    assert_eq!(again.status, 201);
    let old = app
        .get(&format!("/v1/puzzles/streaks/{guest_streak}"), &guest)
        .await;
    assert_eq!(old.body["over"], true);
    let board = app
        .send("GET", "/v1/puzzles/streaks/board?suits=1", None, &[], None)
        .await;
    assert_eq!(board.body.as_array().unwrap().len(), 1, "{}", board.text);

    // Refusals: no puzzles of a kind, bad bodies, no session.
    app.post("/v1/puzzles/streaks", &token, json!({"suits": 4}))
        .await
        .problem(404, "no_puzzle");
    for body in [
        json!({"suits": 3}),
        json!({"suits": 1, "extra": 1}),
        json!({}),
    ] {
        let r = app.post("/v1/puzzles/streaks", &token, body).await;
        assert_eq!(r.status, 400, "{}", r.text);
    }
    let r = app
        .send(
            "POST",
            "/v1/puzzles/streaks",
            None,
            &[],
            Some(json!({"suits": 1})),
        )
        .await;
    assert_eq!(r.status, 401, "{}", r.text);
}

#[actix_rt::test]
async fn players_finished_games_are_mined_once_and_today_s_daily_is_not() {
    let app = spawn_app().await;
    let (_, token) = app.register().await;
    // A game of a chosen 1-suit deal played by the hint player's line for a while, then
    // resigned; a game still in progress; today's daily, resigned.
    let spec = DealSpec {
        variant: Variant::Spider,
        suits: Suits::One,
        rules: Rules::default(),
        deal_number: 3,
    };
    let (_, line) = spider::engine::follow(&spec.deal(), 60, spider::engine::plain_player());
    let game = app
        .new_game(&token, json!({"suits": 1, "deal_number": "3"}))
        .await;
    let gid = id(&game);
    for &action in &line {
        let r = app.act(&token, &gid, api_action(action)).await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
    app.act(&token, &gid, json!({"type": "resign"})).await;
    app.new_game(&token, json!({"suits": 1})).await;
    let daily = app
        .post("/v1/daily/games", &token, json!({"suits": 1}))
        .await;
    assert_eq!(daily.status, 201, "{}", daily.text);
    app.act(&token, &id(&daily.body), json!({"type": "resign"}))
        .await;

    let db = app.db();
    let done =
        spider::play::puzzles::mine_games(&db, app.clock.today(), app.clock.now(), 100).unwrap();
    assert_eq!(done.games, 1, "the resigned game alone: {done:?}");
    assert_eq!(done.added, done.met);
    let mut conn = db.conn().unwrap();
    let from_games: Vec<PuzzleRow> = store::page(&mut conn, None, None, 10_000)
        .unwrap()
        .into_iter()
        .filter(|r| r.source == "game")
        .collect();
    assert_eq!(from_games.len(), done.added);
    for row in &from_games {
        assert_eq!(row.deal_number, 3);
        let log = notation::decode(&row.log).unwrap();
        assert!(line.starts_with(&log), "a position of the player's game");
    }
    drop(conn);
    // Again: nothing new (each game is mined once).
    let again =
        spider::play::puzzles::mine_games(&db, app.clock.today(), app.clock.now(), 100).unwrap();
    assert_eq!(again.games, 0);
    // Once the daily's day is over, its game may be mined too.
    app.pass(std::time::Duration::from_secs(86_400));
    let later =
        spider::play::puzzles::mine_games(&db, app.clock.today(), app.clock.now(), 100).unwrap();
    assert_eq!(later.games, 1, "{later:?}");
}
