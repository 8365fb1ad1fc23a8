//! Retention of idle guests (`GUEST_RETENTION_DAYS`, `play::retention`): run by the test at a
//! moment of its choosing on the server's own application layer (the scheduled run is off), so
//! its counts show on this server's /metrics. "Idle for 30 days" is reached by running it with
//! a clock 31 days on, or by backdating rows.

use chrono::{NaiveDateTime, TimeDelta};
use diesel::prelude::*;
use spider::play::retention::{self, Removed};
use spider::play::Play;
use spider::store::schema::{
    daily_entries, ended_sessions, game_events, games, idempotency_keys, ratings, records, users,
};
use spider::store::StoreError;

use super::*;

const DAYS: u32 = 30;

/// A server keeping guests 30 days, whose scheduled work (the hourly run included) is off.
async fn retention_app() -> (TestApp, Play) {
    let (url, dir) = fresh_database();
    let mut config = test_config(&url);
    config.storage.guest_retention_days = DAYS;
    config.jobs.scheduled_work = false;
    start_with_play(config, dir).await
}

/// A run of the retention with the clock at `now`.
fn run_at(play: &Play, now: NaiveDateTime) -> Removed {
    retention::run(play, "test", DAYS, now).expect("a retention run")
}

async fn user_id(app: &TestApp, token: &str) -> String {
    let r = app.get("/v1/me", token).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["id"].as_str().unwrap().to_string()
}

/// What the database holds of `user`: (account rows, games, events of those games).
fn rows_of(app: &TestApp, user: &str) -> (i64, i64, i64) {
    let user = user.to_string();
    app.db()
        .read(move |conn| -> Result<_, StoreError> {
            let accounts = users::table.find(&user).count().get_result(conn)?;
            let games = games::table
                .filter(games::user_id.eq(&user))
                .count()
                .get_result(conn)?;
            let events = game_events::table
                .filter(game_events::user_id.eq(&user))
                .count()
                .get_result(conn)?;
            Ok((accounts, games, events))
        })
        .unwrap()
}

/// The `spider_retention_removed_total` counts on /metrics: (guests, games).
async fn removed_on_metrics(app: &TestApp) -> (u64, u64) {
    let r = app.send("GET", "/metrics", None, &[], None).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let count = |what: &str| {
        let line = format!("spider_retention_removed_total{{what=\"{what}\"}} ");
        r.text
            .lines()
            .find_map(|l| l.strip_prefix(line.as_str()))
            .unwrap_or_else(|| panic!("no {line} in {}", r.text))
            .parse()
            .unwrap()
    };
    (count("guests"), count("games"))
}

#[actix_rt::test]
async fn retention_removes_idle_guests_with_their_games_and_counts_them() {
    let (app, play) = retention_app().await;
    // Ada: two games, one with an action, one made with an idempotency key.
    let ada = app.guest().await;
    let ada_id = user_id(&app, &ada).await;
    let first = app
        .send(
            "POST",
            "/v1/games",
            Some(&ada),
            &[("Idempotency-Key", "ada-1")],
            Some(json!({"suits": 1})),
        )
        .await;
    assert_eq!(first.status, 201, "{}", first.text);
    let played = id(&app.new_game(&ada, json!({"suits": 2})).await);
    let r = app.act(&ada, &played, json!({"type": "deal"})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    // Bea: one game, and signed out (an ended session, which Postgres does not cascade).
    let bea = app.guest().await;
    let bea_id = user_id(&app, &bea).await;
    app.new_game(&bea, json!({"suits": 1})).await;
    let r = app.post("/v1/auth/logout", &bea, json!({})).await;
    assert_eq!(r.status, 204, "{}", r.text);
    // A registered account, as idle.
    let (_, reg) = app.register().await;
    let reg_id = user_id(&app, &reg).await;
    let reg_game = id(&app.new_game(&reg, json!({"suits": 1})).await);
    assert_eq!(removed_on_metrics(&app).await, (0, 0));

    let now = system_now();
    // 29 days on, everyone was active within the 30 days: nothing goes.
    assert_eq!(run_at(&play, now + TimeDelta::days(29)), Removed::default());
    assert_eq!(rows_of(&app, &ada_id), (1, 2, 1));

    // 31 days on: both guests go, with their three games.
    let later = now + TimeDelta::days(31);
    let removed = run_at(&play, later);
    assert_eq!(
        removed,
        Removed {
            guests: 2,
            games: 3
        }
    );
    assert_eq!(rows_of(&app, &ada_id), (0, 0, 0));
    assert_eq!(rows_of(&app, &bea_id), (0, 0, 0));
    let (ada_key, bea_session) = (ada_id.clone(), bea_id.clone());
    let leftovers = app
        .db()
        .read(move |conn| -> Result<(i64, i64), StoreError> {
            Ok((
                idempotency_keys::table
                    .filter(idempotency_keys::user_id.eq(&ada_key))
                    .count()
                    .get_result(conn)?,
                ended_sessions::table
                    .filter(ended_sessions::user_id.eq(&bea_session))
                    .count()
                    .get_result(conn)?,
            ))
        })
        .unwrap();
    assert_eq!(leftovers, (0, 0));
    // Her games are gone; her session names no account (a new game says so whether or not
    // the server still remembers checking the session a moment ago).
    app.get(&format!("/v1/games/{played}"), &reg)
        .await
        .problem(404, "not_found");
    app.post("/v1/games", &ada, json!({"suits": 1}))
        .await
        .problem(401, "unknown_user");
    // The registered account is untouched.
    assert_eq!(rows_of(&app, &reg_id), (1, 1, 0));
    let r = app.get(&format!("/v1/games/{reg_game}"), &reg).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(removed_on_metrics(&app).await, (2, 3));

    // A second run finds nothing more, and the counts stay.
    assert_eq!(run_at(&play, later), Removed::default());
    assert_eq!(removed_on_metrics(&app).await, (2, 3));
    assert_eq!(rows_of(&app, &reg_id), (1, 1, 0));
}

#[actix_rt::test]
async fn retention_keeps_guests_on_a_board_or_in_a_race() {
    let (app, play) = retention_app().await;
    // On a daily board: a guest's ranked attempt, as guests made before dailies were ranked
    // for registered accounts only (a guest now gets practice, which is then marked ranked).
    let dee = app.guest().await;
    let dee_id = user_id(&app, &dee).await;
    let r = app.post("/v1/daily/games", &dee, json!({"suits": 1})).await;
    assert_eq!(r.status, 201, "{}", r.text);
    let daily = id(&r.body);
    let (user, game) = (
        spider::domain::UserId::from(dee_id.clone()),
        spider::domain::GameId::from(daily.clone()),
    );
    app.db()
        .write(move |conn| -> Result<(), StoreError> {
            diesel::update(games::table.find(&game))
                .set(games::ranked.eq(true))
                .execute(conn)?;
            let row = spider::store::games::owned(conn, &user, &game)?
                .ok_or_else(|| StoreError::Corrupt("the daily game".into()))?;
            spider::store::daily::enter(conn, &row)
        })
        .unwrap();
    // On an all-time board: a ranked best, as a guest's win of a random deal writes it.
    let bo = app.guest().await;
    let bo_id = user_id(&app, &bo).await;
    app.new_game(&bo, json!({"suits": 1})).await;
    let user = bo_id.clone();
    app.db()
        .write(move |conn| -> Result<(), StoreError> {
            let at = system_now();
            diesel::update(records::table.filter(records::user_id.eq(&user)))
                .set((
                    records::won.eq(1),
                    records::ranked_best_score.eq(Some(1_000)),
                    records::ranked_best_score_at.eq(Some(at)),
                ))
                .execute(conn)?;
            Ok(())
        })
        .unwrap();
    // In a race: its host, and a guest who joined it.
    let hal = app.guest().await;
    let hal_id = user_id(&app, &hal).await;
    let room = app.post("/v1/races", &hal, json!({"suits": 1})).await;
    assert_eq!(room.status, 201, "{}", room.text);
    let code = room.body["code"].as_str().unwrap().to_string();
    let sid = app.guest().await;
    let sid_id = user_id(&app, &sid).await;
    let r = app
        .post(&format!("/v1/races/{code}/join"), &sid, json!({}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    // With a race rating (race results).
    let rae = app.guest().await;
    let rae_id = user_id(&app, &rae).await;
    let user = rae_id.clone();
    app.db()
        .write(move |conn| -> Result<(), StoreError> {
            diesel::insert_into(ratings::table)
                .values((
                    ratings::user_id.eq(&user),
                    ratings::variant.eq(Variant::Spider),
                    ratings::suits.eq(1),
                    ratings::rating.eq(1_500.0),
                    ratings::rounds.eq(1),
                ))
                .execute(conn)?;
            Ok(())
        })
        .unwrap();
    // And one with nothing of the kind, who goes.
    let ivy = app.guest().await;
    let ivy_id = user_id(&app, &ivy).await;
    app.new_game(&ivy, json!({"suits": 1})).await;

    let later = system_now() + TimeDelta::days(31);
    assert_eq!(
        run_at(&play, later),
        Removed {
            guests: 1,
            games: 1
        }
    );
    assert_eq!(rows_of(&app, &ivy_id), (0, 0, 0));
    assert_eq!(rows_of(&app, &dee_id), (1, 1, 0));
    assert_eq!(rows_of(&app, &bo_id), (1, 1, 0));
    for (who, token) in [(&hal_id, &hal), (&sid_id, &sid), (&rae_id, &rae)] {
        assert_eq!(rows_of(&app, who).0, 1);
        assert_eq!(app.get("/v1/me", token).await.status, 200);
    }
    let entries: i64 = app
        .db()
        .read(move |conn| -> Result<i64, StoreError> {
            Ok(daily_entries::table
                .filter(daily_entries::game_id.eq(&daily))
                .count()
                .get_result(conn)?)
        })
        .unwrap();
    assert_eq!(entries, 1, "the daily board keeps its entry");
    let r = app.get(&format!("/v1/races/{code}"), &hal).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        r.body["seats"].as_array().map(Vec::len),
        Some(2),
        "{}",
        r.text
    );
    assert_eq!(run_at(&play, later), Removed::default());
    assert_eq!(removed_on_metrics(&app).await, (1, 1));
}

/// Move `user`'s account, or the games and events named, `days` back.
fn backdate(app: &TestApp, user: &str, what: &'static str, days: i64) {
    let user = user.to_string();
    app.db()
        .write(move |conn| -> Result<(), StoreError> {
            let then = system_now() - TimeDelta::days(days);
            let theirs = || {
                games::table
                    .filter(games::user_id.eq(&user))
                    .select(games::id)
            };
            match what {
                "account" => {
                    diesel::update(users::table.find(&user))
                        .set(users::created_at.eq(then))
                        .execute(conn)?;
                }
                "games" => {
                    diesel::update(games::table.filter(games::user_id.eq(&user)))
                        .set((games::created_at.eq(then), games::updated_at.eq(then)))
                        .execute(conn)?;
                }
                "events" => {
                    diesel::update(
                        game_events::table.filter(game_events::game_id.eq_any(theirs())),
                    )
                    .set(game_events::created_at.eq(then))
                    .execute(conn)?;
                }
                _ => unreachable!("{what}"),
            }
            Ok(())
        })
        .unwrap();
}

#[actix_rt::test]
async fn retention_goes_by_the_newest_activity_and_never_touches_a_registered_account() {
    let (app, play) = retention_app().await;
    let mut made = Vec::new();
    for _ in 0..3 {
        let token = app.guest().await;
        let game = id(&app.new_game(&token, json!({"suits": 1})).await);
        let r = app.act(&token, &game, json!({"type": "deal"})).await;
        assert_eq!(r.status, 200, "{}", r.text);
        made.push((user_id(&app, &token).await, token));
    }
    let (_, reg) = app.register().await;
    let reg_id = user_id(&app, &reg).await;
    let game = id(&app.new_game(&reg, json!({"suits": 1})).await);
    app.act(&reg, &game, json!({"type": "deal"})).await;
    // Old: everything of it 60 days back. Played lately: its account and games 60 days back,
    // its last action (an event) today. Made long ago: only its account 60 days back.
    let [old, played_lately, made_long_ago] = [&made[0].0, &made[1].0, &made[2].0];
    for what in ["account", "games", "events"] {
        backdate(&app, old, what, 60);
        backdate(&app, &reg_id, what, 60);
    }
    for what in ["account", "games"] {
        backdate(&app, played_lately, what, 60);
    }
    backdate(&app, made_long_ago, "account", 60);

    let removed = run_at(&play, system_now());
    assert_eq!(
        removed,
        Removed {
            guests: 1,
            games: 1
        }
    );
    assert_eq!(rows_of(&app, old), (0, 0, 0));
    assert_eq!(rows_of(&app, played_lately), (1, 1, 1));
    assert_eq!(rows_of(&app, made_long_ago), (1, 1, 1));
    assert_eq!(rows_of(&app, &reg_id), (1, 1, 1));
    assert_eq!(app.get("/v1/me", &reg).await.status, 200);
    assert_eq!(app.get("/v1/me", &made[1].1).await.status, 200);
    assert_eq!(removed_on_metrics(&app).await, (1, 1));
    assert_eq!(run_at(&play, system_now()), Removed::default());
}
