//! Live streams benchmark (run through `bench/streams.sh`, which starts one release instance):
//! STREAMS open Server-Sent Event streams, game and race streams mixed, from STREAMS / PER_USER
//! guest accounts (PER_USER each: 8 by default, the default `STREAMS_PER_USER`). Each account starts a game; every
//! ROOM_STREAMS race streams follow one race room whose round runs with 3 CPU players (their
//! standings move with the clock); the other streams follow their own account's game, a few
//! each (a phone, a TV, a bot).
//!
//! It prints, from the server's `/proc` entry (SERVER_PID):
//! - memory: the server's resident size before the streams, with them all open and idle, and
//!   the difference per stream;
//! - the server's CPU while every stream is open and idle for IDLE seconds (keep-alives only);
//! - delivery: ACTORS players act on their games (a `deal`, then an `undo`, again and again,
//!   GAP_MS apart) for SECONDS; each `action` event a watcher receives is timed from the moment
//!   its action was sent: p50, p99, the longest, and how many of the expected deliveries
//!   arrived.
//!
//! Settings (environment): BASE_URL (required), SERVER_PID (required), STREAMS (10000),
//! RACE_SHARE (percent of streams on race rooms, 20), ROOM_STREAMS (20), ACTORS (100),
//! GAP_MS (200), SECONDS (15), IDLE (10), PER_USER (streams per account, 8; 1 for distinct
//! players).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or a bench fails loudly on what it did not expect"
)]

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{json, Value};

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The server's resident memory (KiB) and CPU time so far (clock ticks).
fn server(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let rss = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0);
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    let after = stat.rsplit_once(')').map_or("", |(_, a)| a);
    let fields: Vec<u64> = after
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0))
        .collect();
    let cpu = fields.get(11).copied().unwrap_or(0) + fields.get(12).copied().unwrap_or(0);
    (rss, cpu)
}

#[derive(Default)]
struct Shared {
    /// Streams that received their first event.
    opened: usize,
    /// Streams refused or ended early, with why.
    failed: Vec<String>,
    /// When each action was sent, by (game, the version it leads to).
    sent: HashMap<(String, i64), Instant>,
    /// From an action's sending to a watcher's receiving it.
    delays: Vec<Duration>,
    /// Events received (keep-alive comments aside).
    events: u64,
    /// Whether deliveries are being timed now.
    timing: bool,
}

async fn post(
    client: &awc::Client,
    base: &str,
    path: &str,
    token: Option<&str>,
    body: Value,
) -> (u16, Value) {
    let mut req = client.post(format!("{base}{path}"));
    if let Some(t) = token {
        req = req.insert_header(("Authorization", format!("Bearer {t}")));
    }
    match req.send_json(&body).await {
        Ok(mut r) => {
            let status = r.status().as_u16();
            let body = r
                .json::<Value>()
                .limit(1 << 20)
                .await
                .unwrap_or(Value::Null);
            (status, body)
        }
        Err(e) => (0, json!({"error": e.to_string()})),
    }
}

/// One stream: open it, then read events until it ends, noting deliveries.
async fn follow(
    client: awc::Client,
    url: String,
    token: String,
    game: Option<String>,
    shared: Rc<RefCell<Shared>>,
) {
    let res = client
        .get(&url)
        .insert_header(("Authorization", format!("Bearer {token}")))
        .send()
        .await;
    let mut res = match res {
        Ok(r) if r.status().as_u16() == 200 => r,
        Ok(r) => {
            shared
                .borrow_mut()
                .failed
                .push(format!("{url}: {}", r.status()));
            return;
        }
        Err(e) => {
            shared.borrow_mut().failed.push(format!("{url}: {e}"));
            return;
        }
    };
    let mut buf = String::new();
    let mut first = true;
    while let Some(chunk) = res.next().await {
        let Ok(chunk) = chunk else { break };
        let now = Instant::now();
        buf.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buf.find("\n\n") {
            let block: String = buf.drain(..end + 2).collect();
            if block.starts_with(':') {
                continue;
            }
            let field = |name: &str| {
                block
                    .lines()
                    .find_map(|l| l.strip_prefix(name).map(|v| v.trim().to_string()))
            };
            let mut s = shared.borrow_mut();
            s.events += 1;
            if first {
                first = false;
                s.opened += 1;
            }
            match field("event:").as_deref() {
                Some("action") => {
                    if let (Some(game), Some(seq)) =
                        (&game, field("id:").and_then(|i| i.parse().ok()))
                    {
                        if let Some(at) = s.sent.get(&(game.clone(), seq)).copied() {
                            if s.timing {
                                s.delays.push(now - at);
                            }
                        }
                    }
                }
                Some("error" | "idle") => {
                    s.failed.push(format!("{url}: {block}"));
                }
                _ => {}
            }
        }
    }
    if !first {
        shared.borrow_mut().failed.push(format!("{url}: ended"));
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

fn main() {
    actix_rt::System::new().block_on(run());
}

async fn run() {
    let base: String = std::env::var("BASE_URL").expect("BASE_URL");
    let pid: u32 = env("SERVER_PID", 0);
    let streams: usize = env("STREAMS", 10_000);
    let race_share: usize = env("RACE_SHARE", 20);
    let room_streams: usize = env("ROOM_STREAMS", 20).max(1);
    let actors: usize = env("ACTORS", 100);
    let gap = Duration::from_millis(env("GAP_MS", 200));
    let seconds: u64 = env("SECONDS", 15);
    let idle: u64 = env("IDLE", 10);
    // Streams per account: 8 (the default STREAMS_PER_USER: a phone, a TV, a bot, ...) or 1
    // (every stream its own player, account and token).
    let per_user: usize = env("PER_USER", 8).clamp(1, 8);
    let users = streams.div_ceil(per_user);
    let race_streams = streams * race_share / 100;
    let rooms = race_streams.div_ceil(room_streams);
    let ticks = 100.0; // clock ticks a second (USER_HZ)

    let client = awc::Client::builder()
        .connector(awc::Connector::new().limit(0))
        .timeout(Duration::from_secs(60))
        .finish();

    // Accounts and their games.
    let started = Instant::now();
    let mut tokens = Vec::with_capacity(users);
    let mut games = Vec::with_capacity(users);
    for wave in (0..users).collect::<Vec<_>>().chunks(64) {
        let made = futures_util::future::join_all(wave.iter().map(|&i| {
            let (client, base) = (client.clone(), base.clone());
            async move {
                let (s, b) = post(&client, &base, "/v1/auth/guest", None, json!({})).await;
                assert_eq!(s, 201, "a guest: {b}");
                let token = b["token"].as_str().unwrap_or_default().to_string();
                let (s, g) = post(
                    &client,
                    &base,
                    "/v1/games",
                    Some(&token),
                    json!({"suits": 1, "deal_number": i as u64 + 1}),
                )
                .await;
                assert_eq!(s, 201, "a game: {g}");
                (token, g["id"].as_str().unwrap_or_default().to_string())
            }
        }))
        .await;
        for (t, g) in made {
            tokens.push(t);
            games.push(g);
        }
    }
    // Race rooms, hosted by the last accounts, each with a round under way.
    let mut codes = Vec::new();
    let mut running = 0;
    for r in 0..rooms {
        let host = &tokens[users - 1 - r % users];
        let (s, b) = post(
            &client,
            &base,
            "/v1/races",
            Some(host),
            json!({"suits": 1, "cpu_players": 3}),
        )
        .await;
        assert_eq!(s, 201, "a room: {b}");
        let code = b["code"].as_str().unwrap_or_default().to_string();
        let give_up = Instant::now() + Duration::from_secs(60);
        loop {
            let (s, b) = post(
                &client,
                &base,
                &format!("/v1/races/{code}/start"),
                Some(host),
                json!({}),
            )
            .await;
            match s {
                200 => {
                    running += 1;
                    break;
                }
                503 if Instant::now() < give_up => {
                    actix_rt::time::sleep(Duration::from_millis(100)).await;
                }
                _ => {
                    eprintln!("room {code} not started: {s} {b}");
                    break;
                }
            }
        }
        codes.push(code);
    }
    println!(
        "set up: {users} accounts and games, {rooms} race rooms ({running} with a round under way) in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    actix_rt::time::sleep(Duration::from_secs(2)).await;
    let (rss_before, _) = server(pid);
    let threads_before = threads(pid);

    // The streams: each account's 8, race streams first.
    let shared = Rc::new(RefCell::new(Shared::default()));
    let opening = Instant::now();
    let mut watchers: HashMap<String, usize> = HashMap::new();
    for (n, wave) in (0..streams).collect::<Vec<_>>().chunks(500).enumerate() {
        for &i in wave {
            let user = i / per_user;
            let (url, game) = if i < race_streams {
                (
                    format!("{base}/v1/races/{}/stream", codes[i / room_streams]),
                    None,
                )
            } else {
                *watchers.entry(games[user].clone()).or_default() += 1;
                (
                    format!("{base}/v1/games/{}/stream", games[user]),
                    Some(games[user].clone()),
                )
            };
            actix_rt::spawn(follow(
                client.clone(),
                url,
                tokens[user].clone(),
                game,
                shared.clone(),
            ));
        }
        let want = (n * 500 + wave.len()).min(streams);
        let give_up = Instant::now() + Duration::from_secs(60);
        while shared.borrow().opened + shared.borrow().failed.len() < want
            && Instant::now() < give_up
        {
            actix_rt::time::sleep(Duration::from_millis(20)).await;
        }
    }
    let open_s = opening.elapsed().as_secs_f64();
    {
        let s = shared.borrow();
        println!(
            "opened: {} of {streams} streams ({race_streams} race, {} game streams on {} games) in {open_s:.1} s; refused or ended: {}",
            s.opened,
            streams - race_streams,
            watchers.len(),
            s.failed.len()
        );
        for f in s.failed.iter().take(5) {
            println!("  {f}");
        }
    }

    // Idle: every stream open, nothing happening but the clock.
    actix_rt::time::sleep(Duration::from_secs(3)).await;
    let (rss_open, cpu_0) = server(pid);
    let events_0 = shared.borrow().events;
    actix_rt::time::sleep(Duration::from_secs(idle)).await;
    let (rss_idle, cpu_1) = server(pid);
    let events_1 = shared.borrow().events;
    println!(
        "threads: {threads_before} before the streams, {} with them open",
        threads(pid)
    );
    let per_stream = |rss: u64| (rss.saturating_sub(rss_before)) as f64 / streams as f64;
    println!(
        "memory: {:.1} MiB before the streams, {:.1} MiB with them open, {:.1} MiB after {idle} s idle: {:.1} KiB per stream ({:.1} after idling)",
        rss_before as f64 / 1024.0,
        rss_open as f64 / 1024.0,
        rss_idle as f64 / 1024.0,
        per_stream(rss_open),
        per_stream(rss_idle)
    );
    println!(
        "idle: the server used {:.1}% of one core over {idle} s with {streams} streams open ({} race events, {:.0} a second)",
        (cpu_1 - cpu_0) as f64 / ticks / idle as f64 * 100.0,
        events_1 - events_0,
        (events_1 - events_0) as f64 / idle as f64
    );

    // Delivery: actors act on their games; every watcher of a game times each action.
    let actor_games: Vec<usize> = (race_streams.div_ceil(per_user)..users)
        .take(actors)
        .collect();
    shared.borrow_mut().timing = true;
    let until = Instant::now() + Duration::from_secs(seconds);
    let acted = Rc::new(RefCell::new((0u64, 0u64)));
    let mut handles = Vec::new();
    for &u in &actor_games {
        let (client, base, token, game) = (
            client.clone(),
            base.clone(),
            tokens[u].clone(),
            games[u].clone(),
        );
        let (shared, acted) = (shared.clone(), acted.clone());
        let watching = watchers.get(&game).copied().unwrap_or(0) as u64;
        handles.push(actix_rt::spawn(async move {
            let mut version = 0i64;
            while Instant::now() < until {
                let kind = if version % 2 == 0 { "deal" } else { "undo" };
                shared
                    .borrow_mut()
                    .sent
                    .insert((game.clone(), version + 1), Instant::now());
                let (s, b) = post(
                    &client,
                    &base,
                    &format!("/v1/games/{game}/actions"),
                    Some(&token),
                    json!({"type": kind}),
                )
                .await;
                if s != 200 {
                    eprintln!("an action: {s} {b}");
                    break;
                }
                version = b["version"].as_i64().unwrap_or(version + 1);
                {
                    let mut a = acted.borrow_mut();
                    a.0 += 1;
                    a.1 += watching;
                }
                actix_rt::time::sleep(gap).await;
            }
        }));
    }
    for h in handles {
        let _ = h.await;
    }
    // The last deliveries.
    actix_rt::time::sleep(Duration::from_secs(2)).await;
    let (actions, expected) = *acted.borrow();
    let mut delays = std::mem::take(&mut shared.borrow_mut().delays);
    delays.sort();
    println!(
        "delivery: {actions} actions by {} players over {seconds} s, {} of {expected} deliveries to their watchers arrived; from sending to a watcher: p50 {:.1} ms, p99 {:.1} ms, longest {:.1} ms",
        actor_games.len(),
        delays.len(),
        percentile(&delays, 0.50).as_secs_f64() * 1e3,
        percentile(&delays, 0.99).as_secs_f64() * 1e3,
        delays.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
    {
        let s = shared.borrow();
        println!(
            "streams still open: {} (ended or refused: {})",
            s.opened.saturating_sub(s.failed.len()),
            s.failed.len()
        );
        for f in s.failed.iter().take(5) {
            println!("  {f}");
        }
    }

    // The script closes every stream by ending this process, and reads what the server gives
    // back: what the streams held.
    let (rss_last, _) = server(pid);
    println!("rss_at_end_kib {rss_last} streams {streams}");
}

fn threads(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0)
}
