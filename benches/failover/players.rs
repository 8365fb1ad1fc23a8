//! The players both failover benches share: each plays its own games with an
//! `Idempotency-Key` on every request, resending a request that got no answer or a 5xx with
//! the same key, and notes every acknowledged action; then an audit compares each game's log
//! with what was acknowledged.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use spider::engine::{Action, Game, Rules, Status, Suits, Variant};

pub fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

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

/// One acknowledged action.
#[derive(Clone, Copy)]
pub struct Ack {
    /// When its answer came, since the start.
    pub at: Duration,
    /// When the attempt that was answered was sent, since the start.
    pub sent: Duration,
    /// Which instance answered (an index into the bases).
    pub instance: usize,
}

#[derive(Default)]
pub struct Tally {
    pub acks: Vec<Ack>,
    /// The longest wait for one answer, retries included.
    pub longest_wait: Duration,
    pub moved_over: u64,
    /// Answers with a 5xx (each then sent again), by status and problem code.
    pub unavailable: std::collections::BTreeMap<String, u64>,
    pub refused: Vec<String>,
    /// Each game: its id, its player's token and the actions acknowledged, in order.
    pub games: Vec<(String, String, Vec<Action>)>,
}

pub struct Player {
    pub client: awc::Client,
    pub bases: Vec<String>,
    /// The instance this player talks to now.
    pub at: usize,
    /// Send again to the same instance instead of moving to the next (the database failover
    /// bench: both instances live, the database is what fails).
    pub stay: bool,
    pub token: String,
    pub name: usize,
    pub sent: u64,
    /// Acknowledged actions (undos included) before the player starts a new game; under the
    /// service's limit of 5,000 a game.
    pub game_length: u32,
    /// The game the player is on now (for a stream that follows it).
    pub current: Rc<RefCell<Option<String>>>,
}

/// A guest account's token from `base`.
pub async fn guest(client: &awc::Client, base: &str) -> Result<String, String> {
    let mut res = client
        .post(format!("{base}/v1/auth/guest"))
        .send()
        .await
        .map_err(|e| format!("cannot reach {base}: {e}"))?;
    let body: Value = res.json().await.unwrap_or_default();
    body["token"]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| format!("no guest token from {base}: {body}"))
}

impl Player {
    /// POST with a key until answered (anything but a 5xx) or `give_up`, resending after no
    /// answer or a 5xx: the status, the body, and when the answered attempt was sent.
    async fn post(
        &mut self,
        path: &str,
        body: &Value,
        give_up: Instant,
        tally: &RefCell<Tally>,
    ) -> Option<(u16, Value, Instant)> {
        self.sent += 1;
        let key = format!("failover-{}-{}", self.name, self.sent);
        loop {
            let attempt = Instant::now();
            let sent = self
                .client
                .post(format!("{}{path}", self.bases[self.at]))
                .insert_header(("Authorization", format!("Bearer {}", self.token)))
                .insert_header(("Idempotency-Key", key.as_str()))
                .send_json(body)
                .await;
            let answer = match sent {
                Ok(mut res) => {
                    let status = res.status().as_u16();
                    let body: Value = res.json().limit(1 << 20).await.unwrap_or_default();
                    if status >= 500 {
                        let code = body["code"].as_str().unwrap_or("-");
                        *tally
                            .borrow_mut()
                            .unavailable
                            .entry(format!("{status} {code}"))
                            .or_default() += 1;
                    }
                    (status < 500).then_some((status, body, attempt))
                }
                Err(_) => {
                    *tally
                        .borrow_mut()
                        .unavailable
                        .entry("no answer".into())
                        .or_default() += 1;
                    None
                }
            };
            if answer.is_some() {
                return answer;
            }
            if Instant::now() > give_up {
                return None;
            }
            if !self.stay {
                self.at = (self.at + 1) % self.bases.len();
            }
            actix_rt::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// Play games until `until` (which may be moved while playing), each of at most
/// `player.game_length` actions, noting every acknowledged action in `tally`.
pub async fn play(
    mut player: Player,
    suits: Suits,
    start: Instant,
    until: Rc<Cell<Instant>>,
    tally: Rc<RefCell<Tally>>,
) {
    let give_up = || until.get() + Duration::from_secs(30);
    let mut round = 0u64;
    while Instant::now() < until.get() {
        round += 1;
        let deal = (player.name as u64) * 1_000_000 + round;
        let Some((201, game, _)) = player
            .post(
                "/v1/games",
                &json!({"suits": suits.count(), "deal_number": deal.to_string()}),
                give_up(),
                &tally,
            )
            .await
        else {
            tally
                .borrow_mut()
                .refused
                .push(format!("player {}: no game", player.name));
            return;
        };
        let id = game["id"].as_str().unwrap_or_default().to_string();
        *player.current.borrow_mut() = Some(id.clone());
        let slot = {
            let mut t = tally.borrow_mut();
            t.games.push((id.clone(), player.token.clone(), Vec::new()));
            t.games.len() - 1
        };
        let mut local = Game::new(Variant::Spider, suits, Rules::default(), deal);
        let mut roll = deal;
        // Acknowledged actions, undos included (the log's length; the game's own count goes
        // back with each undo).
        let mut logged = 0u32;
        while Instant::now() < until.get()
            && local.status() == Status::InProgress
            && logged < player.game_length
        {
            roll = roll
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let legal = local.legal_actions();
            let action =
                if local.can_undo() && (legal.is_empty() || (roll >> 33).is_multiple_of(10)) {
                    Action::Undo
                } else if let Some(&a) = legal.get((roll >> 40) as usize % legal.len().max(1)) {
                    a
                } else {
                    Action::Resign
                };
            let before = player.at;
            let asked = Instant::now();
            match player
                .post(
                    &format!("/v1/games/{id}/actions"),
                    &api_action(action),
                    give_up(),
                    &tally,
                )
                .await
            {
                Some((200, _, attempt)) => {
                    let _ = local.apply(action);
                    logged += 1;
                    let mut t = tally.borrow_mut();
                    t.acks.push(Ack {
                        at: start.elapsed(),
                        sent: attempt.duration_since(start),
                        instance: player.at,
                    });
                    t.longest_wait = t.longest_wait.max(asked.elapsed());
                    t.moved_over += u64::from(player.at != before);
                    t.games[slot].2.push(action);
                }
                Some((status, body, _)) => {
                    tally
                        .borrow_mut()
                        .refused
                        .push(format!("{action:?} on {id}: {status} {body}"));
                    break;
                }
                None => {
                    tally
                        .borrow_mut()
                        .refused
                        .push(format!("{action:?} on {id}: no instance answered"));
                    return;
                }
            }
        }
    }
}

/// Compare each game's log on `base` with what its player was acknowledged: (lost, doubled,
/// unreadable). Runs on a runtime of its own, after the players' has ended.
pub fn audit(base: &str, games: &[(String, String, Vec<Action>)]) -> (u64, u64, u64) {
    actix_rt::System::new().block_on(async {
        let client = awc::Client::builder()
            .timeout(Duration::from_secs(30))
            .finish();
        audit_on(&client, base, games).await
    })
}

async fn audit_on(
    client: &awc::Client,
    base: &str,
    games: &[(String, String, Vec<Action>)],
) -> (u64, u64, u64) {
    let (mut lost, mut doubled, mut unreadable) = (0, 0, 0);
    for (id, token, acked) in games {
        let res = client
            .get(format!("{base}/v1/games/{id}/events"))
            .insert_header(("Authorization", format!("Bearer {token}")))
            .send()
            .await;
        let Ok(mut res) = res else {
            unreadable += 1;
            continue;
        };
        let body: Value = res.json().limit(16 << 20).await.unwrap_or_default();
        let Some(events) = body["events"].as_array() else {
            unreadable += 1;
            continue;
        };
        let same = |event: &Value, action: &Action| {
            let want = api_action(*action);
            ["type", "from", "to", "count"]
                .iter()
                .all(|f| event["action"][f] == want[f])
        };
        let matching = events
            .iter()
            .zip(acked)
            .take_while(|(e, a)| same(e, a))
            .count();
        lost += (acked.len() - matching) as u64;
        doubled += (events.len() - matching) as u64;
    }
    (lost, doubled, unreadable)
}
