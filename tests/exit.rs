//! A process on Postgres ends with its own exit code even while other threads are still
//! inside libpq when `main` returns (src/store/pg.rs): test binaries end that way, with
//! their servers' jobs and LISTEN threads running, and once failed CI with
//! `double free or corruption` after every test had passed. Needs `TEST_DATABASE_URL`
//! (the Postgres suite of `.ci/run`); on SQLite there is no libpq to test.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or a bench fails loudly on what it did not expect"
)]

use std::process::Command;
use std::time::Duration;

use diesel::RunQueryDsl;
use spider::store::{Db, DbOptions};

/// Set in the child processes the test starts.
const CHILD: &str = "SPIDER_EXIT_TEST_CHILD";
const NAME: &str = "a_process_exits_cleanly_while_its_threads_use_postgres";

#[test]
fn a_process_exits_cleanly_while_its_threads_use_postgres() {
    let Some(url) = std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|u| !u.is_empty())
    else {
        eprintln!("{NAME}: skipped, TEST_DATABASE_URL is not set");
        return;
    };
    if std::env::var_os(CHILD).is_some() {
        return exit_while_busy(&url);
    }
    // Without the fix about one run in five crashed; 40 clean runs leave that no chance.
    let exe = std::env::current_exe().expect("the test binary");
    let mut crashed = Vec::new();
    for run in 0..40 {
        let out = Command::new(&exe)
            .args(["--exact", NAME, "--test-threads=1", "--quiet"])
            .env(CHILD, "1")
            .output()
            .expect("the child runs");
        if !out.status.success() {
            let stderr = String::from_utf8_lossy(&out.stderr);
            crashed.push(format!("run {run}: {} {}", out.status, stderr.trim()));
        }
    }
    assert!(crashed.is_empty(), "{}", crashed.join("\n"));
}

/// Eight threads query through the service's pool and open connections of their own, and
/// the test returns while they do, so the harness exits under them.
fn exit_while_busy(url: &str) {
    let db = Db::connect(&DbOptions {
        url: url.to_string(),
        pool_size: 8,
        sqlite_synchronous: "NORMAL".into(),
    })
    .expect("a pool");
    for _ in 0..8 {
        let db = db.clone();
        let url = url.to_string();
        std::thread::spawn(move || loop {
            let _ = db.read(|c| {
                diesel::sql_query("SELECT 1")
                    .execute(c)
                    .map_err(spider::store::StoreError::from)
            });
            if let Ok(mut c) = spider::store::pg::establish(&url) {
                let _ = diesel::sql_query("SELECT 1").execute(&mut c);
            }
        });
    }
    std::thread::sleep(Duration::from_millis(150));
}
