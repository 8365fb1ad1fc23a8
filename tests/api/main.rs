//! The service over real HTTP, one file per resource or feature; the shared harness is
//! tests/common. `cargo test --test api` runs them all: one test binary, linked once (each
//! binary links the whole crate, and on two cores linking was most of a test run).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or a bench fails loudly on what it did not expect"
)]

#[path = "../common/mod.rs"]
mod common;

mod accounts;
mod analysis;
mod apps;
mod arena_posts;
mod arenas;
mod bots;
mod daily;
mod games;
mod integrations;
mod languages;
mod limits;
mod puzzles;
mod races;
mod retention;
mod service;
mod standby;
mod winnable;
mod writes;

use common::*;

async fn login(app: &TestApp, username: &str, password: &str) -> Resp {
    app.send(
        "POST",
        "/v1/auth/login",
        None,
        &[],
        Some(json!({"username": username, "password": password})),
    )
    .await
}

async fn session_of(app: &TestApp, username: &str) -> String {
    let r = login(app, username, PASSWORD).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["token"].as_str().unwrap().to_string()
}
