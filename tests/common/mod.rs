//! The test harness shared by the HTTP suites: a real server on port 0 per test, against a
//! fresh database: a SQLite file by default, a fresh Postgres schema when TEST_DATABASE_URL
//! is set.
#![allow(
    dead_code,
    unused_imports,
    reason = "the harness offers what some suites use and others do not"
)]

pub use std::collections::HashSet;
use std::net::TcpListener;
use std::time::Duration;

use actix_web::dev::ServerHandle;
pub use serde_json::{json, Value};
pub use spider::config::Config;
pub use spider::engine::{Action, Game, Position, Rules, Status, Suits, Variant};
pub use spider::store::{Db, DbOptions};

// ---------------------------------------------------------------- Harness

pub struct TestApp {
    pub base: String,
    pub client: awc::Client,
    pub config: Config,
    pub handle: ServerHandle,
    pub _dir: Option<TestDb>,
    /// The server's clock, which the test moves instead of sleeping ([`TestApp::pass`]).
    pub clock: spider::play::clock::Clock,
}

impl TestApp {
    /// Let `time` pass on the server's clock at once (a race's countdown, a day).
    pub fn pass(&self, time: Duration) {
        let by = chrono::TimeDelta::from_std(time).expect("a test's span of time");
        self.clock.advance(by);
    }
}

/// What a test's database leaves behind: a temporary SQLite folder, or a Postgres schema
/// dropped when the test ends.
pub enum TestDb {
    Sqlite(tempfile::TempDir),
    Postgres { base: String, schema: String },
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let TestDb::Postgres { base, schema } = self {
            use diesel::{Connection, RunQueryDsl};
            if let Ok(mut conn) = spider::store::pg::establish(base) {
                let _ = diesel::sql_query(format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))
                    .execute(&mut conn);
            }
        }
    }
}

pub struct Resp {
    pub status: u16,
    pub headers: awc::http::header::HeaderMap,
    pub body: Value,
    pub text: String,
}

impl Resp {
    /// A response, read whole (up to 4 MiB): its status, headers, text and JSON (`Null` when
    /// the text is not JSON).
    pub async fn read<S>(mut res: awc::ClientResponse<S>) -> Resp
    where
        S: futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>>
            + Unpin,
    {
        let bytes = res.body().limit(4 << 20).await.expect("body");
        let text = String::from_utf8_lossy(&bytes).to_string();
        Resp {
            status: res.status().as_u16(),
            headers: res.headers().clone(),
            body: serde_json::from_str(&text).unwrap_or(Value::Null),
            text,
        }
    }

    pub fn header(&self, name: &str) -> Option<String> {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    }

    /// Asserts a problem+json response with `status` and `code`, and returns it.
    #[track_caller]
    pub fn problem(&self, status: u16, code: &str) -> &Self {
        assert_eq!(self.status, status, "{}", self.text);
        assert_eq!(
            self.header("content-type").as_deref(),
            Some("application/problem+json"),
            "{}",
            self.text
        );
        assert_eq!(self.body["code"], code, "{}", self.text);
        assert_eq!(self.body["status"], status);
        assert!(
            self.body["detail"].as_str().is_some_and(|d| d.len() > 10),
            "{}",
            self.text
        );
        self
    }
}

/// A database URL of its own for one test.
pub fn fresh_database() -> (String, Option<TestDb>) {
    match std::env::var("TEST_DATABASE_URL") {
        Ok(base) if !base.is_empty() => {
            use diesel::{Connection, RunQueryDsl};
            let schema = format!("t_{}", uuid::Uuid::new_v4().simple());
            let mut conn =
                spider::store::pg::establish(&base).expect("TEST_DATABASE_URL reachable");
            diesel::sql_query(format!("CREATE SCHEMA {schema}"))
                .execute(&mut conn)
                .expect("create schema");
            let sep = if base.contains('?') { '&' } else { '?' };
            let url = format!("{base}{sep}options=-csearch_path%3D{schema}");
            (url, Some(TestDb::Postgres { base, schema }))
        }
        _ => {
            let dir = tempfile::tempdir().expect("temp dir");
            let url = format!("sqlite://{}", dir.path().join("spider.db").display());
            (url, Some(TestDb::Sqlite(dir)))
        }
    }
}

/// The password of accounts made by [`TestApp::register`].
pub const PASSWORD: &str = "a long test passphrase";

pub fn test_config(url: &str) -> Config {
    let mut config = Config::default();
    config.storage.database_url = url.to_string();
    config.storage.db_pool_size = 8;
    config.storage.sqlite_synchronous = "NORMAL".into();
    config.accounts.jwt_secret = "test-secret-test-secret-test-secret-!!".into();
    config.accounts.jwt_secret_is_default = false;
    config.serving.workers = 2;
    config.limits.rate_limit_per_second = 0;
    config.limits.guests_per_minute = 0;
    // Every test's requests come from 127.0.0.1: the per-address limits are tested on their own.
    config.limits.registrations_per_hour = 0;
    config.limits.import_actions_per_address_per_hour = 0;
    config.limits.winnable_per_address_per_hour = 0;
    config.limits.races_per_address_per_hour = 0;
    config.limits.streams_per_address = 0;
    config.jobs.winnable_pool = 0;
    config.jobs.puzzle_pool = 0;
    config.jobs.cpu_lines = false;
    config
}

pub async fn start(config: Config, dir: Option<TestDb>) -> TestApp {
    let searches = spider::http::searches::SearchPool::new(config.searches.search_pool);
    start_with_searches(config, dir, searches).await
}

/// [`start`] with a search pool the test keeps a handle on (to fill it).
pub async fn start_with_searches(
    config: Config,
    dir: Option<TestDb>,
    searches: spider::http::searches::SearchPool,
) -> TestApp {
    serving(config, dir, searches).0
}

/// The server `spider::app::serve` builds, with a handle on its application layer.
fn serving(
    config: Config,
    dir: Option<TestDb>,
    searches: spider::http::searches::SearchPool,
) -> (TestApp, spider::play::Play) {
    let db = migrated(&config);
    let parts = spider::app::parts(&config, db, searches).expect("the server's parts");
    let play = parts.play.clone();
    let listener = TcpListener::bind("127.0.0.1:0").expect("port");
    let port = listener.local_addr().unwrap().port();
    let server = spider::http::serve(&config, parts, listener).expect("server");
    let clock = play.clock.clone();
    (running(config, dir, port, server, clock), play)
}

/// A connection pool of `pool_size` to the database at `url`, not migrated.
pub fn open_db(url: &str, pool_size: u32) -> Db {
    Db::connect(&DbOptions {
        url: url.to_string(),
        pool_size,
        sqlite_synchronous: "NORMAL".into(),
    })
    .expect("a connection to the test database")
}

/// The test's database, migrated.
fn migrated(config: &Config) -> Db {
    let db = Db::connect(&DbOptions {
        url: config.storage.database_url.clone(),
        pool_size: config.storage.db_pool_size,
        sqlite_synchronous: config.storage.sqlite_synchronous.clone(),
    })
    .expect("database");
    db.migrate().expect("migrations");
    db
}

/// `server`, listening on `port`, started on the test's runtime.
fn running(
    config: Config,
    dir: Option<TestDb>,
    port: u16,
    server: actix_web::dev::Server,
    clock: spider::play::clock::Clock,
) -> TestApp {
    let handle = server.handle();
    actix_rt::spawn(server);
    TestApp {
        base: format!("http://127.0.0.1:{port}"),
        client: awc::Client::builder()
            .timeout(Duration::from_secs(30))
            .finish(),
        config,
        handle,
        _dir: dir,
        clock,
    }
}

/// [`start`], keeping a handle on the server's application layer: for a test that runs, at a
/// moment of its choosing, a use case the server runs on its own schedule, so that what it
/// does shows in this server's answers (its metrics). Built as `spider::app::serve` builds it.
pub async fn start_with_play(config: Config, dir: Option<TestDb>) -> (TestApp, spider::play::Play) {
    let searches = spider::app::search_pool(&config);
    serving(config, dir, searches)
}

pub async fn spawn_app() -> TestApp {
    spawn_with(|_| {}).await
}

pub async fn spawn_with(tweak: impl FnOnce(&mut Config)) -> TestApp {
    let (url, dir) = fresh_database();
    let mut config = test_config(&url);
    tweak(&mut config);
    start(config, dir).await
}

impl TestApp {
    /// A connection pool of its own to the app's database, for what a test sets up or
    /// inspects below the API.
    pub fn db(&self) -> Db {
        open_db(&self.config.storage.database_url, 1)
    }

    /// Stops the app, takes its database back to the schema before `migration` and up again
    /// (rows written under the newer schema meet the migration as a live database would), and
    /// starts it again on the same database.
    pub async fn migrated_again_from(mut self, migration: &str) -> TestApp {
        let dir = self._dir.take();
        self.stop().await;
        let db = self.db();
        db.revert_from(migration).expect("reverted");
        assert!(db.migrate().expect("migrated") >= 1);
        drop(db);
        start(self.config.clone(), dir).await
    }

    pub async fn send(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, &str)],
        body: Option<Value>,
    ) -> Resp {
        let method = awc::http::Method::from_bytes(method.as_bytes()).unwrap();
        let request = || {
            let mut req = self
                .client
                .request(method.clone(), format!("{}{path}", self.base));
            if let Some(token) = token {
                req = req.insert_header(("Authorization", format!("Bearer {token}")));
            }
            for (name, value) in headers {
                req = req.insert_header((*name, *value));
            }
            req
        };
        let send = || async {
            match &body {
                Some(body) => request().send_json(body).await,
                None => request().send().await,
            }
        };
        // A connection that failed before the request went out (a kept-alive one the server
        // closed at that moment, on a loaded machine) is tried once more: nothing was sent.
        let res = match send().await {
            Err(awc::error::SendRequestError::Connect(_)) => send().await,
            sent => sent,
        }
        .expect("request sent");
        Resp::read(res).await
    }

    /// POST `body` as it is, with `headers` (a chat platform's signed request, a body that is
    /// not JSON).
    pub async fn post_raw(&self, path: &str, headers: &[(&str, String)], body: String) -> Resp {
        let mut req = self.client.post(format!("{}{path}", self.base));
        for (name, value) in headers {
            req = req.insert_header((*name, value.as_str()));
        }
        Resp::read(req.send_body(body).await.expect("request sent")).await
    }

    pub async fn get(&self, path: &str, token: &str) -> Resp {
        self.send("GET", path, Some(token), &[], None).await
    }

    pub async fn post(&self, path: &str, token: &str, body: Value) -> Resp {
        self.send("POST", path, Some(token), &[], Some(body)).await
    }

    pub async fn put(&self, path: &str, token: &str, body: Value) -> Resp {
        self.send("PUT", path, Some(token), &[], Some(body)).await
    }

    pub async fn guest(&self) -> String {
        let r = self.send("POST", "/v1/auth/guest", None, &[], None).await;
        assert_eq!(r.status, 201, "{}", r.text);
        r.body["token"].as_str().unwrap().to_string()
    }

    /// A new registered account (a fresh username, password [`PASSWORD`]): its username and
    /// session token.
    pub async fn register(&self) -> (String, String) {
        let username = format!(
            "player-{}",
            &uuid::Uuid::new_v4().simple().to_string()[..12]
        );
        let r = self
            .send(
                "POST",
                "/v1/auth/register",
                None,
                &[],
                Some(serde_json::json!({"username": username, "password": PASSWORD})),
            )
            .await;
        assert_eq!(r.status, 201, "{}", r.text);
        (username, r.body["token"].as_str().unwrap().to_string())
    }

    pub async fn new_game(&self, token: &str, body: Value) -> Value {
        let r = self.post("/v1/games", token, body).await;
        assert_eq!(r.status, 201, "{}", r.text);
        r.body
    }

    pub async fn act(&self, token: &str, game: &str, action: Value) -> Resp {
        self.post(&format!("/v1/games/{game}/actions"), token, action)
            .await
    }

    pub async fn stop(&self) {
        self.handle.stop(true).await;
    }
}

pub fn id(game: &Value) -> String {
    game["id"].as_str().unwrap().to_string()
}

/// The API form (columns from 1) of an engine action.
pub fn api_action(action: Action) -> Value {
    match action {
        Action::Move { from, to, count } => {
            json!({"type": "move", "from": from + 1, "to": to + 1, "count": count})
        }
        Action::Deal => json!({"type": "deal"}),
        Action::Undo => json!({"type": "undo"}),
        Action::Resign => json!({"type": "resign"}),
    }
}

/// How many cards the view shows, counting every `{rank, suit, text}` object.
pub fn shown_cards(view: &Value) -> usize {
    view["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["face_up"].as_array().unwrap().len())
        .sum()
}

// ---------------------------------------------------------------- A winning line for tests

/// A depth-first search over the full game (test helper, 1-suit deals): prefers runs and
/// turned cards, skips moves that only shuffle cards, never revisits a position.
/// A winning line from `game`: the engine's solver (which proves the winnable deals races and
/// winnable games are dealt from), else a plain depth-first search.
pub fn winning_line(game: &Game) -> Option<Vec<Action>> {
    use spider::engine::solver;
    if let solver::Outcome::Solved(line) = solver::solve(game, &solver::Budget::default()).outcome {
        return Some(line);
    }
    pub fn useful(game: &Game, action: Action) -> bool {
        let Action::Move { from, to, count } = action else {
            return true;
        };
        let (down, up) = game.column(from).unwrap();
        let target_empty = game.column(to).unwrap().1.is_empty();
        if target_empty && down == 0 && count == up.len() {
            return false;
        }
        count == up.len() || !up[up.len() - count].fits_on(up[up.len() - count - 1])
    }
    pub fn search(
        game: &Game,
        seen: &mut HashSet<Position>,
        line: &mut Vec<Action>,
        budget: &mut u32,
    ) -> bool {
        if game.status() == Status::Won {
            return true;
        }
        if *budget == 0 || line.len() > 600 {
            return false;
        }
        *budget -= 1;
        let mut children: Vec<(i32, Action, Game)> = game
            .legal_actions()
            .into_iter()
            .filter(|&a| useful(game, a))
            .filter_map(|a| {
                let mut next = game.clone();
                let outcome = next.apply(a).ok()?;
                let rank = outcome.completed.len() as i32 * 100 + outcome.turned.len() as i32 * 10
                    - i32::from(a == Action::Deal) * 50;
                Some((rank, a, next))
            })
            .collect();
        children.sort_by_key(|(rank, _, _)| -rank);
        for (_, action, next) in children {
            if !seen.insert(next.position().clone()) {
                continue;
            }
            line.push(action);
            if search(&next, seen, line, budget) {
                return true;
            }
            line.pop();
        }
        false
    }
    let game = game.clone();
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let mut line = Vec::new();
            let mut budget = 100_000;
            search(&game, &mut HashSet::new(), &mut line, &mut budget).then_some(line)
        })
        .unwrap()
        .join()
        .unwrap()
}

// ---------------------------------------------------------------- Undo modes

/// A legal move now that turns no card over: one the `no_reveal` undo mode can take back.
pub fn quiet_move(game: &Game) -> Option<Action> {
    game.legal_actions().into_iter().find(|&action| {
        let mut next = game.clone();
        matches!(action, Action::Move { .. })
            && next
                .apply(action)
                .is_ok_and(|outcome| outcome.turned.is_empty())
    })
}

/// The actions that lead from `game` to a position with a [`quiet_move`] (the first legal
/// action each time, at most 30), and that move.
pub fn way_to_a_quiet_move(game: &Game) -> (Vec<Action>, Action) {
    let mut game = game.clone();
    let mut way = Vec::new();
    for _ in 0..30 {
        if let Some(quiet) = quiet_move(&game) {
            return (way, quiet);
        }
        let next = game.legal_actions()[0];
        game.apply(next).unwrap();
        way.push(next);
    }
    panic!("no quiet move within 30 actions");
}

/// Stock `n` made-up proven 1-suit Spider deals of `difficulty` in `app`'s database (what such
/// tests check is how deals are handed out, not the proofs).
pub fn stock(app: &TestApp, first: u64, n: u64, difficulty: spider::engine::Difficulty) {
    for number in first..first + n {
        stock_deal(app, made_up_deal(number, difficulty));
    }
}

/// Stock one made-up proven 1-suit Spider deal whose CPU lines per level are given (what such
/// tests check is which stored line a race's CPUs play).
pub fn stock_with_lines(app: &TestApp, number: u64, [easy, normal, hard]: [&[Action]; 3]) {
    use spider::engine::notation::encode_log;
    let mut deal = made_up_deal(number, spider::engine::Difficulty::Normal);
    deal.cpu_easy = Some(encode_log(easy));
    deal.cpu_normal = Some(encode_log(normal));
    deal.cpu_hard = Some(encode_log(hard));
    stock_deal(app, deal);
}

/// A proven 1-suit standard Spider deal as the prover would store it, without a proof.
fn made_up_deal(
    number: u64,
    difficulty: spider::engine::Difficulty,
) -> spider::store::winnable::ProvenDeal {
    use spider::store::winnable::{Class, ProvenDeal};
    let class = Class {
        variant: spider::engine::Variant::Spider,
        suits: spider::engine::Suits::One,
        empty_column_deal: spider::engine::EmptyColumnDeal::Standard,
    };
    ProvenDeal::new(&class, number, difficulty, 1_000, 100, system_now())
}

fn stock_deal(app: &TestApp, deal: spider::store::winnable::ProvenDeal) {
    let db = app.db();
    spider::store::winnable::insert(&mut db.conn().unwrap(), &deal).unwrap();
}

/// Now as a server whose clock nobody moved reads it (the system's, as stored).
pub fn system_now() -> chrono::NaiveDateTime {
    spider::play::clock::Clock::default().now()
}
