//! Arenas with a crowd (issue 65's goals), run by `bench/arenas.sh` against a release instance:
//!
//! - `MODE=setup`: one registered host makes a 180-minute 1-suit arena; PLAYERS guests (1,000)
//!   join it; waits until its deals are drawn; writes the arena and the players' tokens to STATE.
//! - `MODE=load`: WORKERS players at a time play their next deal through the API, an action
//!   every GAP_MS: the solver's winning line (found here from the database, which an operator's
//!   bench may read; no answer shows a deal), or, one deal in four, resigned halfway. Meanwhile
//!   OBSERVERS of the players follow the arena's standings stream, and READERS clients read
//!   random pages of the standings. For SECONDS. Prints how long a finished deal (its last
//!   action sent) takes to show in its player's stream (p50, p99, max: goal p99 <= 1 s), the
//!   standings page reads (goal p99 <= 10 ms) beside `/healthz` read the same way (the
//!   instance's bare floor in the same run), and the rates. Every finish the server
//!   acknowledged is appended to ACKS. A request that fails to connect (the instance was
//!   killed: `bench/arenas.sh` does that in its second run) is sent again until it is answered.
//! - `MODE=audit`: from the database (DATABASE_URL), once the scheduled work has had its turn:
//!   every acknowledged finish is scored with its result (else lost), every deal ended is
//!   scored once and every player's standing is exactly the scoring of their ended deals
//!   (else doubled or wrong), and no ended game is left unscored.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or a bench fails loudly on what it did not expect"
)]

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::Write;
use std::rc::Rc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{json, Value};
use spider::engine::solver::{self, Budget, Outcome};
use spider::engine::Action;
use spider::store::{Db, DbOptions};

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn api_action(action: Action) -> Value {
    match action {
        Action::Move { from, to, count } => {
            json!({"type": "move", "from": from + 1, "to": to + 1, "count": count})
        }
        Action::Deal => json!({"type": "deal"}),
        Action::Undo => json!({"type": "undo"}),
        Action::Resign => json!({"type": "resign"}),
    }
}

/// A request, sent again while the instance does not answer (killed, restarting), for at most
/// a minute: (status, body).
async fn send(
    client: &awc::Client,
    method: &str,
    url: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> (u16, Value) {
    let started = Instant::now();
    loop {
        let mut req = client.request(
            awc::http::Method::from_bytes(method.as_bytes()).unwrap(),
            url,
        );
        if let Some(t) = token {
            req = req.insert_header(("Authorization", format!("Bearer {t}")));
        }
        let sent = match body {
            Some(b) => req.send_json(b).await,
            None => req.send().await,
        };
        match sent {
            Ok(mut r) => {
                let status = r.status().as_u16();
                let body = r
                    .json::<Value>()
                    .limit(4 << 20)
                    .await
                    .unwrap_or(Value::Null);
                return (status, body);
            }
            Err(e) if started.elapsed() < Duration::from_secs(60) => {
                let _ = e;
                actix_rt::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => return (0, json!({"error": e.to_string()})),
        }
    }
}

fn db() -> Db {
    Db::connect(&DbOptions {
        url: std::env::var("DATABASE_URL").expect("DATABASE_URL"),
        pool_size: 4,
        sqlite_synchronous: "NORMAL".into(),
    })
    .expect("the instance's database")
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

fn report(name: &str, mut all: Vec<Duration>) {
    all.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{name}: {} samples, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        all.len(),
        ms(percentile(&all, 0.5)),
        ms(percentile(&all, 0.99)),
        ms(all.last().copied().unwrap_or_default())
    );
}

fn main() {
    actix_rt::System::new().block_on(run());
}

async fn run() {
    match std::env::var("MODE").as_deref() {
        Ok("setup") => setup().await,
        Ok("load") => load().await,
        Ok("audit") => audit(),
        _ => panic!("MODE=setup, load or audit"),
    }
}

fn client() -> awc::Client {
    awc::Client::builder()
        .timeout(Duration::from_secs(30))
        .connector(awc::Connector::new().limit(2000))
        .finish()
}

async fn setup() {
    let base: String = std::env::var("BASE_URL").expect("BASE_URL");
    let state = std::env::var("STATE").expect("STATE");
    let players: usize = env("PLAYERS", 1000);
    let client = client();
    let name = format!("host{}", std::process::id());
    let (status, host) = send(
        &client,
        "POST",
        &format!("{base}/v1/auth/register"),
        None,
        Some(&json!({"username": name, "password": "bench-password-123"})),
    )
    .await;
    assert_eq!(status, 201, "{host}");
    let host = host["token"].as_str().unwrap().to_string();
    let (status, arena) = send(
        &client,
        "POST",
        &format!("{base}/v1/arenas"),
        Some(&host),
        Some(&json!({"suits": 1, "minutes": 180, "title": "Bench arena"})),
    )
    .await;
    assert_eq!(status, 201, "{arena}");
    let id = arena["id"].as_str().unwrap().to_string();
    let started = Instant::now();
    let mut tokens = Vec::with_capacity(players);
    for chunk in 0..players.div_ceil(50) {
        let mut joins = Vec::new();
        for _ in 0..50.min(players - chunk * 50) {
            let (client, base, id) = (client.clone(), base.clone(), id.clone());
            joins.push(async move {
                let (status, guest) = send(
                    &client,
                    "POST",
                    &format!("{base}/v1/auth/guest"),
                    None,
                    None,
                )
                .await;
                assert_eq!(status, 201, "{guest}");
                let token = guest["token"].as_str().unwrap().to_string();
                let (status, joined) = send(
                    &client,
                    "POST",
                    &format!("{base}/v1/arenas/{id}/players"),
                    Some(&token),
                    Some(&json!({})),
                )
                .await;
                assert_eq!(status, 200, "{joined}");
                token
            });
        }
        tokens.extend(futures_util::future::join_all(joins).await);
    }
    println!(
        "setup: {} players joined arena {id} in {:.1} s",
        tokens.len(),
        started.elapsed().as_secs_f64()
    );
    // The deals, drawn by the scheduled work.
    let db = db();
    let want = arena["deals"].as_i64().unwrap() as usize;
    let drawn = Instant::now();
    loop {
        let (arena_id, d) = (id.clone(), db.clone());
        let have = d
            .read(|conn| spider::store::arenas::deals(conn, &arena_id))
            .unwrap()
            .len();
        if have >= want {
            break;
        }
        assert!(
            drawn.elapsed() < Duration::from_secs(300),
            "{have} of {want} deals drawn"
        );
        actix_rt::time::sleep(Duration::from_millis(500)).await;
    }
    println!(
        "setup: {want} deals drawn in {:.1} s",
        drawn.elapsed().as_secs_f64()
    );
    let out = json!({"arena": id, "tokens": tokens});
    std::fs::write(state, out.to_string()).unwrap();
}

#[derive(Default)]
struct Shared {
    /// Per observed player: the deals they have ended so far as acknowledged, and when the
    /// finishing action of the next one was sent (its delay runs until the stream shows it).
    waiting: HashMap<usize, (i64, Instant)>,
    /// From a finishing action's sending to its player's stream showing it.
    delays: Vec<Duration>,
    stream_failures: Vec<String>,
    finishes: u64,
    actions: u64,
    reads: Vec<Duration>,
    floor: Vec<Duration>,
    unknown: u64,
}

/// The winning lines of the arena's deals, by deal number (the solver, with every card known:
/// the bench reads the deals from the database).
fn lines(arena: &str) -> HashMap<i64, Vec<Action>> {
    let db = db();
    let id = arena.to_string();
    let deals = db
        .read(|conn| spider::store::arenas::deals(conn, &id))
        .unwrap();
    let row = db
        .read(|conn| spider::store::arenas::by_id(conn, &id))
        .unwrap()
        .unwrap();
    deals
        .iter()
        .map(|d| {
            let spec = spider::play::arenas::spec_of(&row, d.deal_number as u64, false);
            let Outcome::Solved(line) = solver::solve(&spec.deal(), &Budget::default()).outcome
            else {
                panic!("deal {} of the arena is not solved", d.k)
            };
            (d.deal_number, line)
        })
        .collect()
}

/// One observer's stream: each `standings` event's own line tells how many deals the player
/// has ended.
async fn observe(
    client: awc::Client,
    url: String,
    token: String,
    player: usize,
    shared: Rc<RefCell<Shared>>,
) {
    let res = client
        .get(&url)
        .insert_header(("Authorization", format!("Bearer {token}")))
        .send()
        .await;
    let mut res = match res {
        Ok(r) if r.status().as_u16() == 200 => r,
        other => {
            shared
                .borrow_mut()
                .stream_failures
                .push(format!("{url}: {:?}", other.map(|r| r.status())));
            return;
        }
    };
    let mut buf = String::new();
    while let Some(chunk) = res.next().await {
        let Ok(chunk) = chunk else { break };
        let now = Instant::now();
        buf.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buf.find("\n\n") {
            let block: String = buf.drain(..end + 2).collect();
            if !block.starts_with("event: standings") {
                continue;
            }
            let data = block
                .lines()
                .find_map(|l| l.strip_prefix("data: "))
                .unwrap_or("null");
            let view: Value = serde_json::from_str(data).unwrap_or(Value::Null);
            let played = view["you"]["played"].as_i64().unwrap_or(0);
            let mut s = shared.borrow_mut();
            if let Some((want, sent)) = s.waiting.get(&player).copied() {
                if played >= want {
                    s.waiting.remove(&player);
                    s.delays.push(now - sent);
                }
            }
        }
    }
}

/// One player's part: their next deal, played to its end.
#[allow(
    clippy::too_many_arguments,
    reason = "a bench's worker: its settings, named"
)]
async fn play_one(
    client: &awc::Client,
    base: &str,
    arena: &str,
    token: &str,
    player: usize,
    lines: &HashMap<i64, Vec<Action>>,
    db: &Db,
    gap: Duration,
    ended: &mut i64,
    observed: bool,
    shared: &Rc<RefCell<Shared>>,
    acks: &Rc<RefCell<std::fs::File>>,
) -> bool {
    let (status, dealt) = send(
        client,
        "POST",
        &format!("{base}/v1/arenas/{arena}/deals"),
        Some(token),
        Some(&json!({})),
    )
    .await;
    let game = match status {
        201 => dealt["game"]["id"].as_str().unwrap().to_string(),
        409 if dealt["code"] == "arena_deal_in_play" => {
            // A finish that went unanswered (the instance stopped) did not land: go on with it.
            let (_, mine) = send(
                client,
                "GET",
                &format!("{base}/v1/arenas/{arena}"),
                Some(token),
                None,
            )
            .await;
            mine["you"]["playing"]["game_id"]
                .as_str()
                .unwrap()
                .to_string()
        }
        409 if dealt["code"] == "arena_no_more_deals" => return false,
        _ => {
            eprintln!("next deal: {status} {dealt}");
            return false;
        }
    };
    let (id, d) = (game.clone(), db.clone());
    let row = d
        .read(|conn| spider::store::games::by_id(conn, &id.into()))
        .unwrap()
        .unwrap();
    let line = &lines[&row.deal_number];
    let played = row.version as usize;
    // One deal in four is resigned halfway (a deal given up: 0, and the streak ends).
    let resign_at = (row.deal_number.rem_euclid(4) == 0).then_some(line.len() / 2);
    let mut actions: Vec<Action> = line.clone();
    if let Some(at) = resign_at {
        actions.truncate(at);
        actions.push(Action::Resign);
    }
    let total = actions.len();
    for (i, action) in actions.into_iter().enumerate().skip(played.min(total)) {
        let last = i + 1 == total;
        let sent = Instant::now();
        if last && observed {
            shared
                .borrow_mut()
                .waiting
                .insert(player, (*ended + 1, sent));
        }
        let (status, body) = send(
            client,
            "POST",
            &format!("{base}/v1/games/{game}/actions"),
            Some(token),
            Some(&api_action(action)),
        )
        .await;
        {
            let mut s = shared.borrow_mut();
            match status {
                200 => {
                    s.actions += 1;
                    if last {
                        s.finishes += 1;
                        *ended += 1;
                        let result = if action == Action::Resign {
                            "resigned"
                        } else {
                            "won"
                        };
                        writeln!(acks.borrow_mut(), "{game} {result}").unwrap();
                    }
                }
                0 => {
                    // Not answered: it may or may not have landed.
                    s.unknown += 1;
                    s.waiting.remove(&player);
                    return true;
                }
                _ => {
                    s.waiting.remove(&player);
                    eprintln!("action {i} of {game}: {status} {body}");
                    return true;
                }
            }
        }
        if !last {
            actix_rt::time::sleep(gap).await;
        }
    }
    true
}

async fn load() {
    let base: String = std::env::var("BASE_URL").expect("BASE_URL");
    let state: Value =
        serde_json::from_str(&std::fs::read_to_string(std::env::var("STATE").unwrap()).unwrap())
            .unwrap();
    let arena = state["arena"].as_str().unwrap().to_string();
    let tokens: Vec<String> = state["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    let workers: usize = env("WORKERS", 40);
    let observers: usize = env("OBSERVERS", 100).min(tokens.len());
    let readers: usize = env("READERS", 4);
    let gap = Duration::from_millis(env("GAP_MS", 50));
    let seconds: u64 = env("SECONDS", 60);
    let acks = Rc::new(RefCell::new(
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(std::env::var("ACKS").expect("ACKS"))
            .unwrap(),
    ));
    let lines = Rc::new(lines(&arena));
    let db = db();
    let client = client();
    let shared = Rc::new(RefCell::new(Shared::default()));
    for (player, token) in tokens.iter().enumerate().take(observers) {
        actix_rt::spawn(observe(
            client.clone(),
            format!("{base}/v1/arenas/{arena}/stream"),
            token.clone(),
            player,
            shared.clone(),
        ));
    }
    actix_rt::time::sleep(Duration::from_secs(2)).await;
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for w in 0..workers {
        let (client, base, arena, tokens) =
            (client.clone(), base.clone(), arena.clone(), tokens.clone());
        let (lines, db, shared, acks) = (lines.clone(), db.clone(), shared.clone(), acks.clone());
        tasks.push(actix_rt::spawn(async move {
            let mine: Vec<usize> = (w..tokens.len()).step_by(workers).collect();
            let mut ended = vec![0i64; tokens.len()];
            let mut done = vec![false; tokens.len()];
            let mut turn = 0;
            while Instant::now() < deadline && !done.iter().all(|d| *d) {
                let player = mine[turn % mine.len()];
                turn += 1;
                if done[player] {
                    continue;
                }
                let more = play_one(
                    &client,
                    &base,
                    &arena,
                    &tokens[player],
                    player,
                    &lines,
                    &db,
                    gap,
                    &mut ended[player],
                    player < observers,
                    &shared,
                    &acks,
                )
                .await;
                done[player] = !more;
            }
        }));
    }
    for r in 0..readers {
        let (client, base, arena, shared) =
            (client.clone(), base.clone(), arena.clone(), shared.clone());
        let players = tokens.len();
        tasks.push(actix_rt::spawn(async move {
            let mut n = r;
            while Instant::now() < deadline {
                n = (n * 7919 + 13) % players.max(1);
                let started = Instant::now();
                let (status, _) = send(
                    &client,
                    "GET",
                    &format!("{base}/v1/arenas/{arena}/standings?offset={n}&limit=20"),
                    None,
                    None,
                )
                .await;
                let took = started.elapsed();
                if status == 200 {
                    shared.borrow_mut().reads.push(took);
                }
                let started = Instant::now();
                let (status, _) =
                    send(&client, "GET", &format!("{base}/healthz"), None, None).await;
                let took = started.elapsed();
                if status == 200 {
                    shared.borrow_mut().floor.push(took);
                }
                actix_rt::time::sleep(Duration::from_millis(20)).await;
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    // Let the last finishes reach their streams.
    actix_rt::time::sleep(Duration::from_secs(2)).await;
    let s = shared.borrow();
    println!(
        "load: {} players, {workers} playing at once, an action every {} ms each, {seconds} s: {} actions ({:.0}/s), {} deals finished ({:.1}/s), {} requests unanswered",
        tokens.len(),
        gap.as_millis(),
        s.actions,
        s.actions as f64 / seconds as f64,
        s.finishes,
        s.finishes as f64 / seconds as f64,
        s.unknown,
    );
    if observers > 0 {
        report(
            &format!("a finished deal in its player's standings stream ({observers} streams open)"),
            s.delays.clone(),
        );
        println!(
            "  finishes of observed players still not seen: {}; streams that failed: {}",
            s.waiting.len(),
            s.stream_failures.len()
        );
    }
    if readers > 0 {
        report("standings page (limit 20, random offset)", s.reads.clone());
        report("/healthz, the same clients (the floor)", s.floor.clone());
    }
}

fn audit() {
    let db = db();
    let acks = std::fs::read_to_string(std::env::var("ACKS").expect("ACKS")).unwrap_or_default();
    let acked: Vec<(String, String)> = acks
        .lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(g, r)| (g.to_string(), r.to_string()))
        .collect();
    // The scheduled work scores what a stopped instance left unscored: give it its turns.
    let started = Instant::now();
    loop {
        let left = db
            .read(|conn| spider::store::arenas::ended_unscored(conn, 10_000))
            .unwrap()
            .len();
        if left == 0 || started.elapsed() > Duration::from_secs(20) {
            println!("audit: ended games left unscored: {left}");
            break;
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    let mut lost = 0;
    for (game, result) in &acked {
        let g = game.clone();
        let play = db
            .read(|conn| spider::store::arenas::play_of_game(conn, &g))
            .unwrap();
        let want = if result == "won" { "won" } else { "not_won" };
        if play.and_then(|p| p.result).as_deref() != Some(want) {
            lost += 1;
            eprintln!("lost: {game} {result}");
        }
    }
    // Every player's standing is the scoring of their ended deals, each once.
    let arenas: Vec<String> = db
        .read(|conn| {
            use diesel::prelude::*;
            Ok::<_, spider::store::StoreError>(
                spider::store::schema::arenas::table
                    .select(spider::store::schema::arenas::id)
                    .load::<String>(conn)?,
            )
        })
        .unwrap();
    let (mut players, mut wrong) = (0, 0);
    for arena in arenas {
        let a = arena.clone();
        let all = db
            .read(|conn| spider::store::arenas::players(conn, &a))
            .unwrap();
        for p in all {
            players += 1;
            let (a, u) = (arena.clone(), p.user_id.clone());
            let plays = db
                .read(|conn| spider::store::arenas::plays_of(conn, &a, &u))
                .unwrap();
            let ends: Vec<_> = plays
                .iter()
                .filter_map(|d| match d.result.as_deref() {
                    Some("won") => Some(spider::domain::arenas::DealEnd::Won {
                        ms: d.ms.unwrap_or(0),
                        berserk: d.berserk,
                    }),
                    Some(_) => Some(spider::domain::arenas::DealEnd::NotWon),
                    None => None,
                })
                .collect();
            let (score, points) = spider::domain::arenas::score(&ends);
            let stored: Vec<i32> = plays.iter().filter_map(|d| d.points).collect();
            let same = i64::from(p.points) == i64::from(score.points)
                && i64::from(p.played) == i64::from(score.played)
                && i64::from(p.won) == i64::from(score.won)
                && p.won_ms == score.won_ms
                && i64::from(p.streak) == i64::from(score.streak)
                && stored == points.iter().map(|&x| x as i32).collect::<Vec<_>>();
            if !same {
                wrong += 1;
                eprintln!("wrong standing: {p:?} against {score:?}");
            }
        }
    }
    println!(
        "audit: {} acknowledged finishes, lost {lost}; {players} players' standings, doubled or wrong {wrong}",
        acked.len()
    );
    if lost > 0 || wrong > 0 {
        std::process::exit(1);
    }
}
