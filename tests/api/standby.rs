//! Reads that may be a second stale (boards, public profiles) go to the standby that
//! `DATABASE_READ_URL` names, and to the primary whenever the standby cannot answer: losing
//! it costs nobody an answer. The Postgres suite runs both; SQLite has no standby, and a
//! database on it refuses one.

use super::*;
use std::time::Duration;

/// The `spider_db_stale_reads_total` counts on /metrics: (standby, primary).
async fn stale_reads(app: &TestApp) -> (u64, u64) {
    let r = app.send("GET", "/metrics", None, &[], None).await;
    assert_eq!(r.status, 200);
    let count = |by: &str| {
        let line = format!("spider_db_stale_reads_total{{served_by=\"{by}\"}} ");
        r.text
            .lines()
            .find_map(|l| l.strip_prefix(line.as_str()))
            .unwrap_or_else(|| panic!("no {line} in /metrics"))
            .trim()
            .parse::<u64>()
            .expect("a count")
    };
    (count("standby"), count("primary"))
}

/// The reads of a board and a public profile, each answered.
async fn read_boards_and_a_profile(app: &TestApp) {
    let (name, _) = app.register().await;
    for path in [
        "/v1/leaderboards?suits=1".to_string(),
        format!(
            "/v1/daily/{}/leaderboard?suits=1",
            chrono::Utc::now().date_naive()
        ),
        format!("/v1/users/{name}"),
    ] {
        let r = app.send("GET", &path, None, &[], None).await;
        assert_eq!(r.status, 200, "{path}: {}", r.text);
    }
}

#[actix_rt::test]
async fn stale_reads_go_to_the_standby_and_to_the_primary_when_it_is_down() {
    let (url, _dir) = fresh_database();
    if !url.starts_with("postgres") {
        let db = spider::store::Db::connect(&spider::store::DbOptions {
            url,
            pool_size: 1,
            sqlite_synchronous: "NORMAL".into(),
        })
        .expect("a SQLite database");
        assert!(
            db.with_standby("postgres://postgres@127.0.0.1/test", 2)
                .is_err(),
            "SQLite refuses a standby"
        );
        return;
    }
    // The standby here is the primary under another pool: the same rows, read through it.
    let app =
        spawn_with(|c| c.storage.database_read_url = Some(c.storage.database_url.clone())).await;
    read_boards_and_a_profile(&app).await;
    let (served, fell_back) = stale_reads(&app).await;
    assert!(served >= 3, "standby answered {served}");
    assert_eq!(fell_back, 0);

    // A standby nobody answers at: every read still answered, by the primary.
    let app = spawn_with(|c| {
        c.storage.database_read_url = Some("postgres://postgres@127.0.0.1:1/test".into());
    })
    .await;
    read_boards_and_a_profile(&app).await;
    let (served, fell_back) = stale_reads(&app).await;
    assert_eq!(served, 0);
    assert!(fell_back >= 3, "primary answered {fell_back}");
}

/// A TCP relay to Postgres that can be paused: paused, it reads nothing from either side, so
/// the kernel still acknowledges what is sent but nothing is answered (a standby whose
/// machine hangs). Its threads end with the connections.
struct Relay {
    port: u16,
    paused: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Relay {
    fn to(target: String) -> Relay {
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::Arc;
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        let port = listener.local_addr().unwrap().port();
        let paused = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&paused);
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { return };
                let Ok(server) = std::net::TcpStream::connect(&target) else {
                    continue;
                };
                for (from, to) in [
                    (client.try_clone().unwrap(), server.try_clone().unwrap()),
                    (server, client),
                ] {
                    let flag = Arc::clone(&flag);
                    std::thread::spawn(move || {
                        use std::io::{Read, Write};
                        let (mut from, mut to) = (from, to);
                        from.set_read_timeout(Some(Duration::from_millis(20))).ok();
                        let mut buf = [0u8; 16 * 1024];
                        loop {
                            if flag.load(Ordering::Relaxed) {
                                std::thread::sleep(Duration::from_millis(10));
                                continue;
                            }
                            match from.read(&mut buf) {
                                Ok(0) => break,
                                Ok(n) => {
                                    if to.write_all(&buf[..n]).is_err() {
                                        break;
                                    }
                                }
                                Err(e)
                                    if matches!(
                                        e.kind(),
                                        std::io::ErrorKind::WouldBlock
                                            | std::io::ErrorKind::TimedOut
                                    ) => {}
                                Err(_) => break,
                            }
                        }
                        let _ = to.shutdown(std::net::Shutdown::Both);
                    });
                }
            }
        });
        Relay { port, paused }
    }

    fn pause(&self, paused: bool) {
        self.paused
            .store(paused, std::sync::atomic::Ordering::Relaxed);
    }
}

/// `url` with its host and port swapped for the relay's.
fn through(url: &str, port: u16) -> (String, String) {
    let mut parsed = url::Url::parse(url).expect("a database URL");
    let target = format!(
        "{}:{}",
        parsed.host_str().unwrap_or("127.0.0.1"),
        parsed.port().unwrap_or(5432)
    );
    parsed.set_host(Some("127.0.0.1")).unwrap();
    parsed.set_port(Some(port)).unwrap();
    (parsed.to_string(), target)
}

/// A standby that stops answering (its processes stopped, its kernel still acknowledging)
/// costs a read at most `ANSWER` (1 s): it is then read from the primary, and the standby is
/// left alone a while, so the reads after it do not wait at all.
#[actix_rt::test]
async fn a_standby_that_hangs_costs_a_read_a_second_at_most() {
    let (url, _dir) = fresh_database();
    if !url.starts_with("postgres") {
        return;
    }
    let target = through(&url, 1).1;
    let relay = Relay::to(target);
    let standby = through(&url, relay.port).0;
    let app = spawn_with(|c| {
        c.storage.database_url = url.clone();
        c.storage.database_read_url = Some(standby);
    })
    .await;
    read_boards_and_a_profile(&app).await;
    let (served, _) = stale_reads(&app).await;
    assert!(
        served >= 3,
        "the standby answered {served} through the relay"
    );

    relay.pause(true);
    let mut slowest = Duration::ZERO;
    for _ in 0..4 {
        let began = std::time::Instant::now();
        read_boards_and_a_profile(&app).await;
        slowest = slowest.max(began.elapsed());
    }
    let (_, fell_back) = stale_reads(&app).await;
    assert!(fell_back >= 12, "the primary answered {fell_back}");
    assert!(
        slowest < Duration::from_secs(3),
        "three reads took {slowest:?} with the standby hung"
    );
    relay.pause(false);
    app.stop().await;
}

/// A standby that lags (here: a copy of the tables taken before the player hid their profile)
/// never names a hidden player: whether a player may be named is read from the primary.
#[actix_rt::test]
async fn a_lagging_standby_never_brings_back_a_hidden_players_name() {
    let (url, dir) = fresh_database();
    let Some(TestDb::Postgres { base, schema }) = &dir else {
        return;
    };
    let app = spawn_with(|c| c.storage.database_url = url.clone()).await;
    let (name, token) = app.register().await;
    let game = app.new_game(&token, json!({"suits": 1})).await;
    let gid = id(&game);
    let r = app.act(&token, &gid, json!({"type": "resign"})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let path = format!("/v1/games/{gid}/export");
    let shown = app.send("GET", &path, None, &[], None).await;
    assert_eq!(shown.status, 200, "{}", shown.text);
    assert!(shown.text.contains(&name), "{}", shown.text);
    // A ranked daily given up: a place on today's board, under the player's name.
    let daily = app
        .post("/v1/daily/games", &token, json!({"suits": 1}))
        .await;
    assert_eq!(daily.status, 201, "{}", daily.text);
    let r = app
        .act(&token, &id(&daily.body), json!({"type": "resign"}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let today = chrono::Utc::now().date_naive();
    let board = format!("/v1/daily/{today}/leaderboard?suits=1");
    let r = app.send("GET", &board, None, &[], None).await;
    assert_eq!(r.body["entries"][0]["player"], name.as_str(), "{}", r.text);

    // The standby as it was before the player hid their profile.
    let lag = format!("{schema}_lag");
    {
        use diesel::RunQueryDsl;
        let mut conn = spider::store::pg::establish(base).expect("the test database");
        diesel::sql_query(format!("CREATE SCHEMA {lag}"))
            .execute(&mut conn)
            .unwrap();
        for table in [
            "users",
            "games",
            "game_events",
            "daily_entries",
            "daily_players",
        ] {
            diesel::sql_query(format!(
                "CREATE TABLE {lag}.{table} AS SELECT * FROM {schema}.{table}"
            ))
            .execute(&mut conn)
            .unwrap();
        }
    }
    let _dropped = TestDb::Postgres {
        base: base.clone(),
        schema: lag.clone(),
    };
    let r = app
        .put("/v1/users/me/profile", &token, json!({"hidden": true}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let lagging = url.replace(
        &format!("search_path%3D{schema}"),
        &format!("search_path%3D{lag}"),
    );
    let mut config = app.config.clone();
    config.storage.database_read_url = Some(lagging);
    let reader = start(config, None).await;
    let r = reader.send("GET", &path, None, &[], None).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(!r.text.contains(&name), "a hidden player named: {}", r.text);
    assert!(r.body.get("player").is_none(), "{}", r.text);
    // The board read from the lagging copy (whose player is not hidden) names no one either.
    let r = reader.send("GET", &board, None, &[], None).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["entries"][0]["player"], "(hidden)", "{}", r.text);
    assert!(!r.text.contains(&name), "a hidden player named: {}", r.text);
    let (served, _) = stale_reads(&reader).await;
    assert!(
        served >= 2,
        "the lagging standby answered the game's rows and the board"
    );
    reader.stop().await;
    app.stop().await;
}
