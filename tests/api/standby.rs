//! Reads that may be a second stale (boards, public profiles) go to the standby that
//! `DATABASE_READ_URL` names, and to the primary whenever the standby cannot answer: losing
//! it costs nobody an answer. The Postgres suite runs both; SQLite has no standby, and a
//! database on it refuses one.

use super::*;

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
        c.storage.database_read_url = Some("postgres://postgres@127.0.0.1:1/test".into())
    })
    .await;
    read_boards_and_a_profile(&app).await;
    let (served, fell_back) = stale_reads(&app).await;
    assert_eq!(served, 0);
    assert!(fell_back >= 3, "primary answered {fell_back}");
}
