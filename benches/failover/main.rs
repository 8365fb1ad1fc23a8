//! Failover benchmark (run through `bench/failover.sh`, which starts two instances on one
//! Postgres): PLAYERS players spread over the two instances, each playing its own game with an
//! `Idempotency-Key` on every request. At KILL_AFTER seconds the generator kills instance A
//! (KILL_PID) with SIGKILL; a player whose request fails (no answer, or 5xx) sends the same
//! request, same key, to the other instance, and stays there.
//!
//! At the end it reads every game's log from the survivor and compares it with the actions the
//! players were acknowledged: `lost` counts acknowledged actions missing from a log, `doubled`
//! log entries no acknowledged action accounts for (both must be 0). It prints accepted
//! actions per second before and after the kill, the longest a player waited for an answer
//! across the kill, and when each lease the dead instance held (every lease, as A starts
//! first) passed to the survivor, against the lease's expiry.
//!
//! Settings (environment): BASE_URLS (A,B; required), KILL_PID (required), PG_URL (the
//! database both use, for the leases), PLAYERS (32), SECONDS (20), KILL_AFTER (8),
//! LEASE_WAIT (160: how long after the kill to wait for the leases), SUITS (2).
//!
//! With FORMATION set it is the database failover bench instead (`bench/db-failover.sh`,
//! [`database`]): the instances live on, the database's primary machine is killed.

mod database;
mod players;

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::{Duration, Instant};

use diesel::RunQueryDsl;
use players::{audit, env, guest, play, Player, Tally};
use spider::engine::Suits;

fn main() {
    if std::env::var("FORMATION").is_ok() {
        database::run();
        return;
    }
    let (Ok(bases), Ok(pid)) = (std::env::var("BASE_URLS"), std::env::var("KILL_PID")) else {
        println!("failover: skipped (run bench/failover.sh, which starts two instances for it)");
        return;
    };
    let bases: Vec<String> = bases.split(',').map(str::to_string).collect();
    let players: usize = env("PLAYERS", 32);
    let seconds: u64 = env("SECONDS", 20);
    let kill_after: u64 = env("KILL_AFTER", 8);
    let lease_wait: u64 = env("LEASE_WAIT", 160);
    let suits = Suits::try_from(env("SUITS", 2u8)).unwrap_or(Suits::Two);
    let pg_url: String = env("PG_URL", String::new());
    // The holder names A's leases carry (bench/failover.sh reads them while A runs alone).
    let dead_holders: Vec<String> = env("DEAD_HOLDERS", String::new())
        .split(',')
        .filter(|h| !h.is_empty())
        .map(str::to_string)
        .collect();
    let tally = Rc::new(RefCell::new(Tally::default()));
    let start = Instant::now();
    let until = Rc::new(Cell::new(start + Duration::from_secs(seconds)));
    let kill_at = Duration::from_secs(kill_after);
    let lease_watch = Rc::new(RefCell::new(None));
    actix_rt::System::new().block_on({
        let tally = tally.clone();
        let bases = bases.clone();
        let lease_watch = lease_watch.clone();
        let pg_url = pg_url.clone();
        let dead_holders = dead_holders.clone();
        async move {
            let client = awc::Client::builder().timeout(Duration::from_secs(5)).finish();
            let mut tasks = Vec::new();
            for name in 0..players {
                let at = name % bases.len();
                let token = match guest(&client, &bases[at]).await {
                    Ok(token) => token,
                    Err(e) => {
                        eprintln!("{e}");
                        return;
                    }
                };
                let player = Player {
                    client: client.clone(),
                    bases: bases.clone(),
                    at,
                    stay: false,
                    token,
                    name,
                    sent: 0,
                    game_length: 300,
                    current: Rc::default(),
                };
                tasks.push(actix_rt::spawn(play(
                    player,
                    suits,
                    start,
                    until.clone(),
                    tally.clone(),
                )));
            }
            let killer = actix_rt::spawn(async move {
                actix_rt::time::sleep(kill_at.saturating_sub(start.elapsed())).await;
                // A's leases as the kill finds them.
                if let Ok(mut pg) = spider::store::pg::establish(&pg_url) {
                    #[derive(diesel::QueryableByName)]
                    struct Lease {
                        #[diesel(sql_type = diesel::sql_types::Text)]
                        name: String,
                        #[diesel(sql_type = diesel::sql_types::Text)]
                        holder: String,
                        #[diesel(sql_type = diesel::sql_types::Double)]
                        left: f64,
                    }
                    let rows: Vec<Lease> = diesel::sql_query(
                        "SELECT name, holder, EXTRACT(EPOCH FROM (expires_at - (now() AT TIME ZONE 'UTC')))::float8 AS left FROM leases",
                    )
                    .load(&mut pg)
                    .unwrap_or_default();
                    let held: Vec<(String, f64)> = rows
                        .into_iter()
                        .filter(|l| dead_holders.contains(&l.holder))
                        .map(|l| (l.name, l.left))
                        .collect();
                    let _ = std::process::Command::new("kill").args(["-9", &pid]).status();
                    if !held.is_empty() {
                        *lease_watch.borrow_mut() = Some(watch_leases(
                            pg_url.clone(),
                            held,
                            dead_holders.clone(),
                            Duration::from_secs(lease_wait),
                        ));
                    }
                } else {
                    let _ = std::process::Command::new("kill").args(["-9", &pid]).status();
                }
            });
            for task in tasks {
                let _ = task.await;
            }
            let _ = killer.await;
        }
    });
    let killed = kill_at.as_secs_f64();
    let t = tally.borrow();
    let before = t
        .acks
        .iter()
        .filter(|a| a.at.as_secs_f64() < killed)
        .count();
    let after = t.acks.len() - before;
    let after_secs = seconds as f64 - killed;
    println!(
        "players={players} seconds={seconds} killed A at {killed:.0} s: accepted={} games={}",
        t.acks.len(),
        t.games.len()
    );
    println!(
        "throughput: before the kill {:.0} actions/s (two instances), after {:.0} actions/s (the survivor); longest wait for one answer {:.0} ms; {} answers came after moving to the other instance",
        before as f64 / killed,
        after as f64 / after_secs,
        t.longest_wait.as_secs_f64() * 1000.0,
        t.moved_over
    );
    for refused in t.refused.iter().take(5) {
        println!("refused: {refused}");
    }
    let survivor = bases.last().cloned().unwrap_or_default();
    let (lost, doubled, unreadable) = audit(&survivor, &t.games);
    println!(
        "audit on the survivor: lost={lost} doubled={doubled} unreadable={unreadable} refused={} (all must be 0)",
        t.refused.len()
    );
    // The leases A held: when each stopped being A's.
    let watched = lease_watch.borrow_mut().take().and_then(|w| w.join().ok());
    match watched {
        None => println!(
            "leases: not watched (no PG_URL, or A held none: DEAD_HOLDERS {dead_holders:?})"
        ),
        Some(leases) => {
            for (name, left, moved) in leases {
                match moved {
                    Some(s) => println!(
                        "lease {name}: A's lease had {left:.1} s left at the kill; no longer A's {s:.1} s after the kill"
                    ),
                    None => println!(
                        "lease {name}: A's lease had {left:.1} s left at the kill; still A's {lease_wait} s after the kill (LEASE_WAIT)"
                    ),
                }
            }
        }
    }
}

/// Watch `leases` (name, seconds left at the kill) from the kill on: for each, how long
/// after the kill it was held by another holder or cleared, within `wait`.
fn watch_leases(
    url: String,
    leases: Vec<(String, f64)>,
    dead: Vec<String>,
    wait: Duration,
) -> std::thread::JoinHandle<Vec<(String, f64, Option<f64>)>> {
    std::thread::spawn(move || {
        let killed = Instant::now();
        let mut moved: Vec<Option<f64>> = vec![None; leases.len()];
        let Ok(mut pg) = spider::store::pg::establish(&url) else {
            return Vec::new();
        };
        #[derive(diesel::QueryableByName)]
        struct Held {
            #[diesel(sql_type = diesel::sql_types::Text)]
            name: String,
            #[diesel(sql_type = diesel::sql_types::Text)]
            holder: String,
        }
        while killed.elapsed() < wait && moved.iter().any(Option::is_none) {
            let held: Vec<Held> = diesel::sql_query("SELECT name, holder FROM leases")
                .load(&mut pg)
                .unwrap_or_default();
            for (i, (name, _)) in leases.iter().enumerate() {
                let still_dead = held
                    .iter()
                    .any(|h| &h.name == name && dead.contains(&h.holder));
                if moved[i].is_none() && !still_dead {
                    moved[i] = Some(killed.elapsed().as_secs_f64());
                }
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        leases
            .into_iter()
            .zip(moved)
            .map(|((name, left), moved)| (name, left, moved))
            .collect()
    })
}
