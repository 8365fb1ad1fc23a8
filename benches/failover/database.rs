//! The database failover bench (run through `bench/db-failover.sh`, which brings up a
//! pg_auto_failover formation and two instances on its multi-host URL). PLAYERS players, half
//! on each instance, each on its own games with an `Idempotency-Key` on every request and
//! sending a request again (same key, same instance) after no answer or a 5xx, every 20 ms.
//! Player 0 plays a long game (4,000 actions) that a stream on each instance follows.
//!
//! 1. For BOARD_SECONDS, BOARD_READERS clients read the all-time board as fast as they are
//!    answered: board reads per second, and how many of the database reads behind them the
//!    standby answered (`spider_db_stale_reads_total`), i.e. left the primary.
//! 2. At KILL_AFTER s the primary's machine is killed (`db-formation.sh kill`: its keeper and
//!    every postgres process, SIGKILL). A probe then tries a write on the other node every
//!    20 ms: when it first commits, the new primary takes writes. Reported: from the kill to
//!    that, and to the first action acknowledged on each instance (sent after the kill); the
//!    service's own share is the second minus the first.
//! 3. With FAILBACK=1: the killed node is started again and rejoins as standby
//!    (`db-formation.sh rejoin`), play goes on SETTLE s, and the new primary is killed the same
//!    way (back to the first node), measured the same way; then it rejoins too.
//! 4. Every game's log is audited against what was acknowledged (lost, doubled: both 0); the
//!    streams' `action` events against the followed game's log (each seq once, none missed;
//!    a stream that ended is resumed with `Last-Event-ID`); each lease's expiry against the
//!    kill: when it was renewed on the new primary (its job runs on).
//!
//! Settings: BASE_URLS (two instances), FORMATION (the formation's folder), FORMATION_SCRIPT
//! (bench/db-formation.sh), PG_URL (the service's multi-host URL), DB (spider_failover),
//! PLAYERS (8), SUITS (2), KILL_AFTER (8), SETTLE (4), FAILBACK (1), BOARD_READERS (4),
//! BOARD_SECONDS (3), LEASE_WAIT (10).

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;
use std::time::{Duration, Instant};

use diesel::RunQueryDsl;
use futures_util::StreamExt;
use serde_json::Value;
use spider::engine::Suits;

use super::players::{audit, env, guest, play, Player, Tally};

/// `db-formation.sh CMD FORMATION ARGS…`, its output.
fn formation(cmd: &str, args: &[&str]) -> Result<String, String> {
    let script: String = env("FORMATION_SCRIPT", "bench/db-formation.sh".to_string());
    let dir: String = env("FORMATION", String::new());
    let out = std::process::Command::new("bash")
        .arg(&script)
        .arg(cmd)
        .arg(&dir)
        .args(args)
        .output()
        .map_err(|e| format!("{script} {cmd}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{script} {cmd}: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

async fn formation_async(cmd: &'static str, args: Vec<String>) -> Result<String, String> {
    actix_rt::task::spawn_blocking(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        formation(cmd, &args)
    })
    .await
    .map_err(|e| e.to_string())?
}

/// Try a write on the node at `port` every 20 ms until one commits (or `wait` passes): when.
fn first_write(port: &str, db: &str, wait: Duration) -> Option<Instant> {
    let url = format!(
        "postgres://postgres@127.0.0.1:{port}/{db}?target_session_attrs=read-write&connect_timeout=2"
    );
    let begun = Instant::now();
    while begun.elapsed() < wait {
        if let Ok(mut pg) = spider::store::pg::establish(&url) {
            let wrote = diesel::connection::SimpleConnection::batch_execute(
                &mut pg,
                "SET statement_timeout = 1000; \
                 CREATE TABLE IF NOT EXISTS failover_probe (at timestamptz); \
                 INSERT INTO failover_probe VALUES (now())",
            );
            if wrote.is_ok() {
                return Some(Instant::now());
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

/// Each lease and its expiry, from the primary (seconds since the epoch).
fn leases(url: &str) -> BTreeMap<String, f64> {
    #[derive(diesel::QueryableByName)]
    struct Lease {
        #[diesel(sql_type = diesel::sql_types::Text)]
        name: String,
        #[diesel(sql_type = diesel::sql_types::Double)]
        until: f64,
    }
    let Ok(mut pg) = spider::store::pg::establish(url) else {
        return BTreeMap::new();
    };
    diesel::sql_query("SELECT name, EXTRACT(EPOCH FROM expires_at)::float8 AS until FROM leases")
        .load::<Lease>(&mut pg)
        .unwrap_or_default()
        .into_iter()
        .map(|l| (l.name, l.until))
        .collect()
}

/// From `killed`, for each lease in `held`: seconds until its expiry moved past the one it
/// had at the kill (its job renewed it on the new primary), within `wait`.
fn renewals(
    url: String,
    held: BTreeMap<String, f64>,
    killed: Instant,
    wait: Duration,
) -> BTreeMap<String, Option<f64>> {
    let mut renewed: BTreeMap<String, Option<f64>> =
        held.keys().map(|k| (k.clone(), None)).collect();
    while killed.elapsed() < wait && renewed.values().any(Option::is_none) {
        for (name, until) in leases(&url) {
            if let (Some(slot @ None), Some(&then)) = (renewed.get_mut(&name), held.get(&name)) {
                if until > then {
                    *slot = Some(killed.elapsed().as_secs_f64());
                }
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    renewed
}

/// What one stream saw.
#[derive(Default)]
struct Followed {
    /// The `seq` of each `action` event, in order of arrival.
    seqs: Vec<i64>,
    /// Times the stream ended (an `error` event, or the connection closed) and was opened
    /// again with `Last-Event-ID`.
    resumed: u32,
    errors: BTreeMap<String, u32>,
}

/// Follow `game` on `base` until `stop` is set and the stream has caught up with
/// `final_version` (or 10 s after `stop`), resuming with `Last-Event-ID` whenever it ends.
async fn follow(
    base: String,
    token: String,
    game: String,
    stop: Rc<Cell<Option<(Instant, i64)>>>,
    seen: Rc<RefCell<Followed>>,
) {
    let client = awc::Client::builder().disable_timeout().finish();
    // From the game's start: every action is an event.
    let mut last: Option<i64> = Some(0);
    let caught_up = |last: Option<i64>| match stop.get() {
        Some((at, version)) => {
            last.unwrap_or(0) >= version || at.elapsed() > Duration::from_secs(10)
        }
        None => false,
    };
    loop {
        if caught_up(last) {
            return;
        }
        let mut req = client
            .get(format!("{base}/v1/games/{game}/stream"))
            .insert_header(("Authorization", format!("Bearer {token}")));
        if let Some(id) = last {
            req = req.insert_header(("Last-Event-ID", id.to_string()));
        }
        match req.send().await {
            Ok(mut res) if res.status().is_success() => {
                let mut buffer = String::new();
                let (mut event, mut data) = (String::new(), String::new());
                'read: loop {
                    let chunk =
                        actix_rt::time::timeout(Duration::from_millis(500), res.next()).await;
                    let chunk = match chunk {
                        Ok(Some(Ok(bytes))) => bytes,
                        Ok(Some(Err(_)) | None) => break 'read,
                        // Nothing for a while: check whether to stop.
                        Err(_) if caught_up(last) => return,
                        Err(_) => continue,
                    };
                    buffer.push_str(&String::from_utf8_lossy(&chunk));
                    while let Some(end) = buffer.find('\n') {
                        let line: String = buffer.drain(..=end).collect();
                        let line = line.trim_end_matches(['\n', '\r']);
                        if line.is_empty() {
                            match event.as_str() {
                                "action" => {
                                    let v: Value = serde_json::from_str(&data).unwrap_or_default();
                                    if let Some(seq) = v["seq"].as_i64() {
                                        seen.borrow_mut().seqs.push(seq);
                                    }
                                }
                                "error" => {
                                    let v: Value = serde_json::from_str(&data).unwrap_or_default();
                                    let code = v["code"].as_str().unwrap_or("-").to_string();
                                    *seen.borrow_mut().errors.entry(code).or_default() += 1;
                                }
                                "end" => return,
                                _ => {}
                            }
                            event.clear();
                            data.clear();
                        } else if let Some(v) = line.strip_prefix("id: ") {
                            if let Ok(id) = v.trim().parse() {
                                last = Some(id);
                            }
                        } else if let Some(v) = line.strip_prefix("event: ") {
                            event = v.trim().to_string();
                        } else if let Some(v) = line.strip_prefix("data: ") {
                            data.push_str(v);
                        }
                    }
                }
            }
            Ok(res) => {
                *seen
                    .borrow_mut()
                    .errors
                    .entry(format!("open: {}", res.status().as_u16()))
                    .or_default() += 1;
            }
            Err(_) => {
                *seen
                    .borrow_mut()
                    .errors
                    .entry("open: no answer".into())
                    .or_default() += 1;
            }
        }
        if caught_up(last) {
            return;
        }
        seen.borrow_mut().resumed += 1;
        actix_rt::time::sleep(Duration::from_millis(100)).await;
    }
}

/// `spider_db_stale_reads_total` on `base`: (standby, primary).
async fn stale_reads(client: &awc::Client, base: &str) -> (f64, f64) {
    let Ok(mut res) = client.get(format!("{base}/metrics")).send().await else {
        return (0.0, 0.0);
    };
    let body = res.body().limit(1 << 22).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&body);
    let count = |who: &str| {
        text.lines()
            .find_map(|l| {
                l.strip_prefix(&format!(
                    "spider_db_stale_reads_total{{served_by=\"{who}\"}} "
                ))
            })
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0.0)
    };
    (count("standby"), count("primary"))
}

/// What each failover needs to know.
struct Setup<'a> {
    start: Instant,
    bases: &'a [String],
    tally: &'a Rc<RefCell<Tally>>,
    pg_url: &'a str,
    db: &'a str,
    lease_wait: Duration,
}

/// One failover, at `at` since the start: kill the primary's machine, wait for each
/// instance's first acknowledged action sent after the kill. Prints the measurements; the
/// killed node's name.
async fn failover(round: u32, at: Duration, setup: &Setup<'_>) -> Result<String, String> {
    let Setup {
        start,
        bases,
        tally,
        pg_url,
        db,
        lease_wait,
    } = *setup;
    // "node1 6001", then "node2 6002": the primary, then the node to be promoted.
    let nodes = formation_async("primary", vec![]).await?;
    let lines: Vec<Vec<&str>> = nodes
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    let (Some([node, _]), Some([_, other_port])) = (
        lines.first().map(Vec::as_slice),
        lines.get(1).map(Vec::as_slice),
    ) else {
        return Err(format!("no primary and standby in {nodes:?}"));
    };
    let (node, other_port) = (node.to_string(), other_port.to_string());
    actix_rt::time::sleep(at.saturating_sub(start.elapsed())).await;
    let held = {
        let url = pg_url.to_string();
        actix_rt::task::spawn_blocking(move || leases(&url))
            .await
            .unwrap_or_default()
    };
    formation_async("kill", vec![node.clone()]).await?;
    // The kill is the script's last step: its processes are gone once it returns.
    let killed = Instant::now();
    let killed_at = killed.duration_since(start);
    let promoted = {
        let db = db.to_string();
        let port = other_port.clone();
        actix_rt::task::spawn_blocking(move || first_write(&port, &db, Duration::from_secs(60)))
    };
    let renewed = {
        let url = pg_url.to_string();
        actix_rt::task::spawn_blocking(move || renewals(url, held, killed, lease_wait))
    };
    let promoted = promoted.await.ok().flatten();
    // Each instance's first acknowledged action sent after the kill.
    let mut first: Vec<Option<Duration>> = vec![None; bases.len()];
    while killed.elapsed() < Duration::from_secs(60) && first.iter().any(Option::is_none) {
        for ack in tally.borrow().acks.iter().filter(|a| a.sent > killed_at) {
            let slot = &mut first[ack.instance];
            if slot.is_none_or(|f| ack.at < f) {
                *slot = Some(ack.at);
            }
        }
        actix_rt::time::sleep(Duration::from_millis(50)).await;
    }
    let secs = |d: Duration| d.as_secs_f64();
    let promoted_after = promoted.map(|p| secs(p.duration_since(killed)));
    println!(
        "failover {round}: killed {node}'s machine (its keeper and postgres, SIGKILL) at {:.1} s; \
         the other node took a write {}",
        secs(killed_at),
        promoted_after.map_or("never (60 s)".into(), |s| format!(
            "{s:.2} s after the kill"
        ))
    );
    for (i, f) in first.iter().enumerate() {
        match f {
            Some(at) => {
                let after = secs(*at) - secs(killed_at);
                let share = promoted_after.map_or("?".into(), |p| format!("{:.2} s", after - p));
                println!(
                    "failover {round}: instance {} acknowledged an action {after:.2} s after the kill (the service's own share: {share})",
                    (b'A' + i as u8) as char
                );
            }
            None => println!(
                "failover {round}: instance {} acknowledged nothing within 60 s of the kill",
                (b'A' + i as u8) as char
            ),
        }
    }
    for (name, at) in renewed.await.unwrap_or_default() {
        match at {
            Some(s) => println!(
                "failover {round}: lease {name} renewed on the new primary {s:.1} s after the kill"
            ),
            None => println!(
                "failover {round}: lease {name} not renewed within {:.0} s of the kill (its job's period is longer)",
                lease_wait.as_secs_f64()
            ),
        }
    }
    Ok(node)
}

pub fn run() {
    let bases: Vec<String> = env("BASE_URLS", String::new())
        .split(',')
        .filter(|b| !b.is_empty())
        .map(str::to_string)
        .collect();
    let players: usize = env("PLAYERS", 8).max(2);
    let suits = Suits::try_from(env("SUITS", 2u8)).unwrap_or(Suits::Two);
    let kill_after = Duration::from_secs(env("KILL_AFTER", 8));
    let settle = Duration::from_secs(env("SETTLE", 4));
    let failback: bool = env("FAILBACK", 1u8) == 1;
    let board_readers: usize = env("BOARD_READERS", 4);
    let board_seconds = Duration::from_secs(env("BOARD_SECONDS", 3));
    let lease_wait = Duration::from_secs(env("LEASE_WAIT", 10));
    let pg_url: String = env("PG_URL", String::new());
    let db: String = env("DB", "spider_failover".to_string());
    if bases.len() != 2 {
        println!("db failover: needs BASE_URLS with two instances (run bench/db-failover.sh)");
        return;
    }
    let tally = Rc::new(RefCell::new(Tally::default()));
    let streams: Vec<Rc<RefCell<Followed>>> = bases.iter().map(|_| Rc::default()).collect();
    let followed_game: Rc<RefCell<Option<(String, String)>>> = Rc::default();
    let start = Instant::now();
    let outcome: Result<(), String> = actix_rt::System::new().block_on({
        let (tally, bases, streams, followed_game) = (
            tally.clone(),
            bases.clone(),
            streams.clone(),
            followed_game.clone(),
        );
        async move {
            let client = awc::Client::builder()
                .timeout(Duration::from_secs(20))
                .finish();
            let until = Rc::new(Cell::new(start + Duration::from_secs(3600)));
            let mut tasks = Vec::new();
            let mut first_game = None;
            for name in 0..players {
                let at = name % bases.len();
                let token = guest(&client, &bases[at]).await?;
                let current: Rc<RefCell<Option<String>>> = Rc::default();
                if name == 0 {
                    first_game = Some((token.clone(), current.clone()));
                }
                let player = Player {
                    client: client.clone(),
                    bases: bases.clone(),
                    at,
                    stay: true,
                    token,
                    name,
                    sent: 0,
                    game_length: if name == 0 { 4_000 } else { 300 },
                    current,
                };
                tasks.push(actix_rt::spawn(play(
                    player,
                    suits,
                    start,
                    until.clone(),
                    tally.clone(),
                )));
            }
            // Streams on both instances follow player 0's game.
            let stop: Rc<Cell<Option<(Instant, i64)>>> = Rc::default();
            let mut followers = Vec::new();
            if let Some((token, current)) = first_game {
                let id = loop {
                    if let Some(id) = current.borrow().clone() {
                        break id;
                    }
                    actix_rt::time::sleep(Duration::from_millis(20)).await;
                };
                *followed_game.borrow_mut() = Some((id.clone(), token.clone()));
                for (base, seen) in bases.iter().zip(&streams) {
                    followers.push(actix_rt::spawn(follow(
                        base.clone(),
                        token.clone(),
                        id.clone(),
                        stop.clone(),
                        seen.clone(),
                    )));
                }
            }
            println!(
                "{players} players ({} per instance) playing, streams open, at {:.1} s",
                players / bases.len(),
                start.elapsed().as_secs_f64()
            );
            // Board reads.
            let before: Vec<(f64, f64)> = futures_util::future::join_all(
                bases.iter().map(|b| stale_reads(&client, b)),
            )
            .await;
            let reads = Rc::new(Cell::new(0u64));
            let board_until = Instant::now() + board_seconds;
            let readers: Vec<_> = (0..board_readers)
                .map(|i| {
                    let (client, base, reads) =
                        (client.clone(), bases[i % bases.len()].clone(), reads.clone());
                    actix_rt::spawn(async move {
                        while Instant::now() < board_until {
                            if let Ok(res) = client
                                .get(format!("{base}/v1/leaderboards?suits=2"))
                                .send()
                                .await
                            {
                                if res.status().is_success() {
                                    reads.set(reads.get() + 1);
                                }
                            }
                        }
                    })
                })
                .collect();
            futures_util::future::join_all(readers).await;
            let after: Vec<(f64, f64)> = futures_util::future::join_all(
                bases.iter().map(|b| stale_reads(&client, b)),
            )
            .await;
            let secs = board_seconds.as_secs_f64();
            let standby: f64 = after.iter().zip(&before).map(|(a, b)| a.0 - b.0).sum();
            let primary: f64 = after.iter().zip(&before).map(|(a, b)| a.1 - b.1).sum();
            println!(
                "board reads ({board_readers} clients, {secs:.0} s, beside the players): {:.0}/s answered; \
                 database reads behind them: {:.0}/s by the standby (leaving the primary), {:.0}/s by the primary",
                reads.get() as f64 / secs,
                standby / secs,
                primary / secs
            );
            let setup = Setup {
                start,
                bases: &bases,
                tally: &tally,
                pg_url: &pg_url,
                db: &db,
                lease_wait,
            };
            let first = failover(1, kill_after, &setup).await?;
            actix_rt::time::sleep(settle).await;
            if failback {
                let begun = Instant::now();
                formation_async("rejoin", vec![first.clone()]).await?;
                println!(
                    "{first} rejoined as standby in {:.1} s (started again, caught up, secondary)",
                    begun.elapsed().as_secs_f64()
                );
                let at = start.elapsed() + settle;
                let second = failover(2, at, &setup).await?;
                actix_rt::time::sleep(settle).await;
                let begun = Instant::now();
                formation_async("rejoin", vec![second.clone()]).await?;
                println!(
                    "{second} rejoined as standby in {:.1} s",
                    begun.elapsed().as_secs_f64()
                );
            }
            until.set(Instant::now());
            for task in tasks {
                let _ = task.await;
            }
            // The followed game's last version, for the streams to catch up with.
            let version = tally
                .borrow()
                .games
                .iter()
                .find(|g| followed_game.borrow().as_ref().is_some_and(|(id, _)| *id == g.0))
                .map_or(0, |g| g.2.len() as i64);
            stop.set(Some((Instant::now(), version)));
            futures_util::future::join_all(followers).await;
            Ok(())
        }
    });
    if let Err(e) = outcome {
        println!("db failover: stopped: {e}");
        std::process::exit(1);
    }
    let t = tally.borrow();
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "players={players} seconds={seconds:.0}: acknowledged={} games={} longest wait for one answer {:.0} ms",
        t.acks.len(),
        t.games.len(),
        t.longest_wait.as_secs_f64() * 1000.0
    );
    println!("answers sent again: {:?}", t.unavailable);
    for refused in t.refused.iter().take(5) {
        println!("refused: {refused}");
    }
    let (lost, doubled, unreadable) = audit(&bases[0], &t.games);
    println!(
        "audit: lost={lost} doubled={doubled} unreadable={unreadable} refused={} (all must be 0)",
        t.refused.len()
    );
    // The streams: every action of the followed game, each once, in order.
    let logged = followed_game
        .borrow()
        .as_ref()
        .and_then(|(id, _)| t.games.iter().find(|g| g.0 == *id))
        .map_or(0, |g| g.2.len() as i64);
    for (i, seen) in streams.iter().enumerate() {
        let seen = seen.borrow();
        let want: Vec<i64> = (1..=logged).collect();
        let whole = seen.seqs == want;
        println!(
            "stream on instance {}: {} of {logged} actions seen{}, resumed {} times with Last-Event-ID, errors {:?}",
            (b'A' + i as u8) as char,
            seen.seqs.len(),
            if whole { ", each once, in order" } else { ": MISSED OR REPEATED SOME" },
            seen.resumed,
            seen.errors
        );
    }
}
