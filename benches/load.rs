//! Load generator for a running server: many concurrent players, each playing its own game
//! through the real API (create, then legal actions chosen with a local copy of the engine,
//! with an undo now and then; a new game when one ends or grows long).
//!
//! With HINTERS > 0, that many more clients flood the hint endpoint at the same time (each
//! asks for a hint on its own game again as soon as it has an answer, ignoring
//! `Retry-After`): moves must stay fast while the bounded search pool turns the excess away
//! with 503.
//!
//! With VIA=commands or VIA=discord, each player instead sends chat commands on its game,
//! `d` then `u` over and over (a deal and its undo: accepted actions whatever the deal), to
//! `POST /v1/games/{id}/commands` with its guest token, or as a Discord member through
//! `POST /v1/integrations/discord`, each request signed with the test key whose public half
//! the server is given (`DISCORD_PUBLIC_KEY`, see bench/load.sh): the round trips of one
//! command through the chat platform's endpoint, signature check and replay record included,
//! against the plain commands endpoint.
//!
//! Run through `bench/load.sh`, which starts the release server on SQLite and on Postgres.
//! Settings (environment): BASE_URL (required), PLAYERS (32), SECONDS (15), WARMUP (3),
//! SUITS (2), MAX_ACTIONS (300) actions per game before starting another, HINTERS (0),
//! HINT_LEVEL (normal), VIA (actions).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or a bench fails loudly on what it did not expect"
)]

use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use spider::engine::{Action, Game, Rules, Status, Suits, Variant};

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[derive(Default)]
struct Tally {
    latencies_us: Vec<u64>,
    accepted: u64,
    refused: u64,
    errors: u64,
    games: u64,
    hints_ok: u64,
    hints_busy: u64,
    hints_other: u64,
    hint_latencies_us: Vec<u64>,
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

struct Player {
    client: awc::Client,
    base: String,
    token: String,
    rng: u64,
}

impl Player {
    fn next(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    /// Posts `body`; the answer's JSON is parsed only when `parse` (or on a refusal), so the
    /// load generator spends its share of the two cores sending, not decoding.
    async fn post(&self, path: &str, body: Value, parse: bool) -> Result<(u16, Value), String> {
        let mut res = self
            .client
            .post(format!("{}{path}", self.base))
            .insert_header(("Authorization", format!("Bearer {}", self.token)))
            .send_json(&body)
            .await
            .map_err(|e| e.to_string())?;
        let status = res.status().as_u16();
        let bytes = res.body().limit(1 << 20).await.map_err(|e| e.to_string())?;
        let body = if parse || status >= 300 {
            serde_json::from_slice(&bytes).map_err(|e| e.to_string())?
        } else {
            Value::Null
        };
        Ok((status, body))
    }

    async fn get(&self, path: &str) -> Result<u16, String> {
        let mut res = self
            .client
            .get(format!("{}{path}", self.base))
            .insert_header(("Authorization", format!("Bearer {}", self.token)))
            .send()
            .await
            .map_err(|e| e.to_string())?;
        let status = res.status().as_u16();
        res.body().limit(1 << 20).await.map_err(|e| e.to_string())?;
        Ok(status)
    }

    async fn new_game(&mut self, suits: Suits) -> Result<(String, Game), String> {
        let deal = self.next() >> 1;
        let (status, body) = self
            .post(
                "/v1/games",
                json!({"suits": suits.count(), "deal_number": deal.to_string()}),
                true,
            )
            .await?;
        if status != 201 {
            return Err(format!("create game: {status} {body}"));
        }
        let id = body["id"].as_str().unwrap_or_default().to_string();
        Ok((
            id,
            Game::new(Variant::Spider, suits, Rules::default(), deal),
        ))
    }
}

async fn play(
    mut player: Player,
    suits: Suits,
    max_actions: u32,
    measure_from: Instant,
    until: Instant,
    tally: Rc<RefCell<Tally>>,
) {
    let Ok((mut id, mut game)) = player.new_game(suits).await else {
        tally.borrow_mut().errors += 1;
        return;
    };
    while Instant::now() < until {
        let legal = game.legal_actions();
        let roll = player.next();
        let action = if game.can_undo() && (legal.is_empty() || roll.is_multiple_of(10)) {
            Action::Undo
        } else if let Some(&a) = legal.get((roll >> 8) as usize % legal.len().max(1)) {
            a
        } else {
            Action::Resign
        };
        let started = Instant::now();
        let result = player
            .post(
                &format!("/v1/games/{id}/actions"),
                api_action(action),
                false,
            )
            .await;
        let elapsed = started.elapsed();
        let measuring = started >= measure_from;
        match result {
            Ok((200, _)) => {
                if measuring {
                    let mut t = tally.borrow_mut();
                    t.accepted += 1;
                    t.latencies_us.push(elapsed.as_micros() as u64);
                }
                let _ = game.apply(action);
            }
            Ok((status, body)) => {
                tally.borrow_mut().refused += 1;
                eprintln!("refused {status}: {body}");
            }
            Err(e) => {
                tally.borrow_mut().errors += 1;
                eprintln!("error: {e}");
                return;
            }
        }
        if game.status() != Status::InProgress || game.actions() >= max_actions {
            match player.new_game(suits).await {
                Ok((new_id, new_game)) => {
                    id = new_id;
                    game = new_game;
                    tally.borrow_mut().games += 1;
                }
                Err(e) => {
                    eprintln!("{e}");
                    tally.borrow_mut().errors += 1;
                    return;
                }
            }
        }
    }
}

/// The key the load generator signs Discord requests with (its public half, in hex, is
/// `DISCORD_TEST_PUBLIC_KEY`).
fn discord_key() -> ed25519_dalek::SigningKey {
    ed25519_dalek::SigningKey::from_bytes(&[7u8; 32])
}

impl Player {
    /// Send chat command `text`: to the commands endpoint of game `id`, or (`id` empty) as
    /// Discord member `member`. Whether it was accepted, and the answer's text.
    async fn command(
        &mut self,
        id: &str,
        member: usize,
        text: &str,
    ) -> Result<(bool, String), String> {
        use ed25519_dalek::Signer;
        let request = if id.is_empty() {
            let body = json!({
                "id": (self.next() >> 2).to_string(), "application_id": "1200000000000000001",
                "type": 2, "token": "t", "version": 1, "entitlements": [],
                "authorizing_integration_owners": {"0": "1100000000000000001"},
                "attachment_size_limit": 8388608, "guild_id": "1100000000000000001",
                "member": {"user": {"id": (1_000 + member).to_string(), "username": format!("load{member}"),
                           "discriminator": "0", "avatar": null}, "roles": [], "deaf": false,
                           "mute": false, "flags": 0, "joined_at": null},
                "data": {"id": "1400000000000000001", "name": "spider", "type": 1,
                         "options": [{"name": "text", "type": 3, "value": text}]},
            })
            .to_string();
            let ts = chrono::Utc::now().timestamp().to_string();
            let signature = discord_key().sign(format!("{ts}{body}").as_bytes());
            self.client
                .post(format!("{}/v1/integrations/discord", self.base))
                .insert_header(("Content-Type", "application/json"))
                .insert_header(("X-Signature-Ed25519", hex::encode(signature.to_bytes())))
                .insert_header(("X-Signature-Timestamp", ts))
                .send_body(body)
        } else {
            self.client
                .post(format!("{}/v1/games/{id}/commands", self.base))
                .insert_header(("Authorization", format!("Bearer {}", self.token)))
                .insert_header(("Content-Type", "text/plain"))
                .insert_header(("Accept", "text/plain"))
                .send_body(text.to_string())
        };
        let mut res = request.await.map_err(|e| e.to_string())?;
        let status = res.status().as_u16();
        let bytes = res.body().limit(1 << 20).await.map_err(|e| e.to_string())?;
        let answer = String::from_utf8_lossy(&bytes).to_string();
        if status != 200 {
            return Ok((false, format!("{status} {answer}")));
        }
        // Through Discord a refusal is a sentence too: an accepted command says what it did.
        let did = ["Dealt a new row", "Took back", "New game"];
        let accepted = id.is_empty() && did.iter().any(|d| answer.contains(d)) || !id.is_empty();
        Ok((accepted, answer))
    }
}

/// Send chat commands (`d`, `u`, …) through VIA (`commands` or `discord`), as fast as answers
/// come; a new game every MAX_ACTIONS.
/// `discord`: the Discord member the player is (none: the plain commands endpoint).
async fn chat(
    mut player: Player,
    discord: Option<usize>,
    suits: Suits,
    max_actions: u32,
    measure_from: Instant,
    until: Instant,
    tally: Rc<RefCell<Tally>>,
) {
    let mut id = String::new();
    let member = discord.unwrap_or_default();
    let mut actions = max_actions;
    while Instant::now() < until {
        if actions >= max_actions {
            if discord.is_some() {
                match player
                    .command("", member, &format!("new {}", suits.count()))
                    .await
                {
                    Ok((true, _)) => {}
                    other => {
                        eprintln!("new game by chat: {other:?}");
                        tally.borrow_mut().errors += 1;
                        return;
                    }
                }
            } else {
                match player.new_game(suits).await {
                    Ok((new_id, _)) => id = new_id,
                    Err(e) => {
                        eprintln!("{e}");
                        tally.borrow_mut().errors += 1;
                        return;
                    }
                }
            }
            tally.borrow_mut().games += 1;
            actions = 0;
        }
        let text = if actions.is_multiple_of(2) { "d" } else { "u" };
        let started = Instant::now();
        let result = player.command(&id, member, text).await;
        let elapsed = started.elapsed();
        match result {
            Ok((true, _)) => {
                actions += 1;
                if started >= measure_from {
                    let mut t = tally.borrow_mut();
                    t.accepted += 1;
                    t.latencies_us.push(elapsed.as_micros() as u64);
                }
            }
            Ok((false, answer)) => {
                tally.borrow_mut().refused += 1;
                eprintln!("refused: {answer}");
                actions = max_actions;
            }
            Err(e) => {
                tally.borrow_mut().errors += 1;
                eprintln!("error: {e}");
                return;
            }
        }
    }
}

/// Ask for hints on one game, one after another, as fast as answers come.
async fn flood(
    mut player: Player,
    suits: Suits,
    level: String,
    measure_from: Instant,
    until: Instant,
    tally: Rc<RefCell<Tally>>,
) {
    let Ok((id, _)) = player.new_game(suits).await else {
        tally.borrow_mut().errors += 1;
        return;
    };
    let path = format!("/v1/games/{id}/hint?level={level}");
    while Instant::now() < until {
        let started = Instant::now();
        let result = player.get(&path).await;
        let elapsed = started.elapsed();
        if started < measure_from {
            continue;
        }
        let mut t = tally.borrow_mut();
        match result {
            Ok(200) => {
                t.hints_ok += 1;
                t.hint_latencies_us.push(elapsed.as_micros() as u64);
            }
            Ok(503) => t.hints_busy += 1,
            Ok(status) => {
                t.hints_other += 1;
                eprintln!("hint answered {status}");
            }
            Err(e) => {
                t.errors += 1;
                eprintln!("hint error: {e}");
                return;
            }
        }
    }
}

/// The value at share `p` of sorted `values` (microseconds), in milliseconds.
fn percentile(values: &[u64], p: f64) -> f64 {
    match values.len() {
        0 => 0.0,
        n => values[((n as f64 * p) as usize).min(n - 1)] as f64 / 1000.0,
    }
}

fn main() {
    let Ok(base) = std::env::var("BASE_URL") else {
        println!("load: skipped (set BASE_URL, or run bench/load.sh to start a server for it)");
        return;
    };
    let players: usize = env("PLAYERS", 32);
    let seconds: u64 = env("SECONDS", 15);
    let warmup: u64 = env("WARMUP", 3);
    let max_actions: u32 = env("MAX_ACTIONS", 300);
    let suits = Suits::try_from(env("SUITS", 2u8)).unwrap_or(Suits::Two);
    let hinters: usize = env("HINTERS", 0);
    let level: String = env("HINT_LEVEL", "normal".to_string());
    let via: String = env("VIA", "actions".to_string());
    let tally = Rc::new(RefCell::new(Tally::default()));
    let measure_from = Instant::now() + Duration::from_secs(warmup);
    let until = measure_from + Duration::from_secs(seconds);
    actix_rt::System::new().block_on({
        let tally = tally.clone();
        let level = level.clone();
        let via = via.clone();
        async move {
            let client = awc::Client::builder()
                .timeout(Duration::from_secs(30))
                .finish();
            let mut tasks = Vec::new();
            for i in 0..players + hinters {
                let mut res = match client.post(format!("{base}/v1/auth/guest")).send().await {
                    Ok(res) => res,
                    Err(e) => {
                        eprintln!("cannot reach {base}: {e}");
                        return;
                    }
                };
                let body: Value = res.json().await.unwrap_or_default();
                let player = Player {
                    client: client.clone(),
                    base: base.clone(),
                    token: body["token"].as_str().unwrap_or_default().to_string(),
                    rng: 0x9E37_79B9_7F4A_7C15 ^ (i as u64 + 1).wrapping_mul(0xBF58_476D_1CE4_E5B9),
                };
                if i < players && via != "actions" {
                    tasks.push(actix_rt::spawn(chat(
                        player,
                        (via == "discord").then_some(i),
                        suits,
                        max_actions,
                        measure_from,
                        until,
                        tally.clone(),
                    )));
                } else if i < players {
                    tasks.push(actix_rt::spawn(play(
                        player,
                        suits,
                        max_actions,
                        measure_from,
                        until,
                        tally.clone(),
                    )));
                } else {
                    tasks.push(actix_rt::spawn(flood(
                        player,
                        suits,
                        level.clone(),
                        measure_from,
                        until,
                        tally.clone(),
                    )));
                }
            }
            for task in tasks {
                let _ = task.await;
            }
        }
    });
    let mut t = tally.borrow_mut();
    t.latencies_us.sort_unstable();
    t.hint_latencies_us.sort_unstable();
    println!(
        "via={via} players={players} hinters={hinters} seconds={seconds} suits={} accepted={} refused={} errors={} games_started={}",
        suits.count(),
        t.accepted,
        t.refused,
        t.errors,
        t.games
    );
    println!(
        "accepted actions/s={:.0} p50={:.2}ms p90={:.2}ms p99={:.2}ms max={:.2}ms",
        t.accepted as f64 / seconds as f64,
        percentile(&t.latencies_us, 0.50),
        percentile(&t.latencies_us, 0.90),
        percentile(&t.latencies_us, 0.99),
        percentile(&t.latencies_us, 1.0)
    );
    if hinters > 0 {
        println!(
            "hints ({level}): 200={} 503={} other={} answered/s={:.1} p50={:.1}ms p99={:.1}ms",
            t.hints_ok,
            t.hints_busy,
            t.hints_other,
            t.hints_ok as f64 / seconds as f64,
            percentile(&t.hint_latencies_us, 0.50),
            percentile(&t.hint_latencies_us, 0.99)
        );
    }
}
