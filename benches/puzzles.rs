//! Puzzles with a full set (issue 62's goal): 100,000 puzzles and 10,000 rated players, each
//! with 10 rated attempts near their rating. Times, through the use cases the HTTP handlers
//! call (the database, the replay of the puzzle's position, the judgement, the rating write):
//! "next puzzle near my rating" for a random player, a rated first attempt (the answer, so
//! solved), an anonymous attempt, and the daily puzzle. Target: p99 <= 20 ms each.
//!
//! SQLite by default (a temporary file); BENCH_DATABASE_URL=postgres://… for Postgres (the bench
//! makes and drops its own schema). PUZZLES (100000), PLAYERS (10000), CALLS (2000) per
//! figure. The puzzles are copies of real ones, mined here from 1-suit deals 1–8 by the hint
//! player (each copy a new id, a new fingerprint and a rating spread over 600–2600).
//! Run by `bench/puzzles.sh`, on both backends.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or a bench fails loudly on what it did not expect"
)]

mod common;

use std::time::Instant;

use chrono::Utc;
use diesel::prelude::*;
use spider::config::Config;
use spider::engine::{notation, DealSpec, Intent, Rules, Suits, Variant};
use spider::play::puzzles::{self, Shown};
use spider::store::puzzles::{AttemptRow, PlayerRow, PuzzleRow};
use spider::store::schema::{puzzle_attempts, puzzle_players, puzzles as puzzle_table, users};
use spider::store::users::User;
use spider::store::{Db, DbConn};

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn report(name: &str, mut ms: Vec<f64>) {
    ms.sort_by(f64::total_cmp);
    println!(
        "{name}: {} calls, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        ms.len(),
        percentile(&ms, 0.5),
        percentile(&ms, 0.99),
        ms[ms.len() - 1]
    );
}

/// A small deterministic generator (the same seed, the same figures).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
}

fn seed(db: &Db, source: &[PuzzleRow], puzzles: usize, players: usize) {
    let now = Utc::now().naive_utc();
    let yesterday = now - chrono::Duration::days(1);
    let mut conn = db.conn().expect("connection");
    let conn: &mut DbConn = &mut conn;
    let rating_of = |i: usize| 600.0 + ((i * 7919) % 2000) as f64;
    conn.transaction::<_, diesel::result::Error, _>(|conn| {
        for start in (0..puzzles).step_by(1000) {
            let rows: Vec<PuzzleRow> = (start..(start + 1000).min(puzzles))
                .map(|i| {
                    let base = &source[i % source.len()];
                    PuzzleRow {
                        id: format!(
                            "{:010x}",
                            (i as u64).wrapping_mul(2_654_435_761) % (1 << 40)
                        ),
                        fingerprint: format!("bench-{i}"),
                        rating: rating_of(i),
                        deviation: 120.0,
                        created_at: yesterday,
                        ..base.clone()
                    }
                })
                .collect();
            match conn {
                DbConn::Sqlite(c) => diesel::insert_into(puzzle_table::table)
                    .values(&rows)
                    .execute(c)?,
                DbConn::Pg(c) => diesel::insert_into(puzzle_table::table)
                    .values(&rows)
                    .execute(c)?,
            };
        }
        for start in (0..players).step_by(500) {
            let range = start..(start + 500).min(players);
            let people: Vec<User> = range
                .clone()
                .map(|i| User {
                    id: format!("user-{i:06}").into(),
                    username: Some(format!("player{i}")),
                    password_hash: None,
                    is_guest: false,
                    created_at: now,
                    token_version: 0,
                    profile_hidden: false,
                    language: None,
                })
                .collect();
            let standing: Vec<PlayerRow> = range
                .clone()
                .map(|i| PlayerRow {
                    user_id: format!("user-{i:06}").into(),
                    rating: 800.0 + ((i * 104_729) % 1400) as f64,
                    deviation: 80.0,
                    volatility: 0.06,
                    attempts: 10,
                    solved: 6,
                    best_streak: 0,
                    updated_at: now,
                })
                .collect();
            // Ten attempts each, at the puzzles rated nearest the player (so "next" must pass
            // over them).
            let attempts: Vec<AttemptRow> = standing
                .iter()
                .flat_map(|p| {
                    let r = p.rating as usize;
                    (0..10).map(move |k| {
                        // The puzzles whose rating is r + k: i * 7919 % 2000 == r + k - 600.
                        let target = (r + k).saturating_sub(600) % 2000;
                        let i = (0..2000)
                            .find(|&i| (i * 7919) % 2000 == target)
                            .unwrap_or(0);
                        (p.user_id.clone(), i, p.updated_at)
                    })
                })
                .map(|(user_id, i, at)| AttemptRow {
                    user_id,
                    puzzle_id: format!(
                        "{:010x}",
                        (i as u64).wrapping_mul(2_654_435_761) % (1 << 40)
                    ),
                    solved: i % 3 != 0,
                    rating_before: 1500.0,
                    rating_after: 1500.0,
                    attempted_at: at,
                })
                .collect();
            match conn {
                DbConn::Sqlite(c) => {
                    diesel::insert_into(users::table)
                        .values(&people)
                        .execute(c)?;
                    diesel::insert_into(puzzle_players::table)
                        .values(&standing)
                        .execute(c)?;
                    diesel::insert_into(puzzle_attempts::table)
                        .values(&attempts)
                        .execute(c)?;
                }
                DbConn::Pg(c) => {
                    diesel::insert_into(users::table)
                        .values(&people)
                        .execute(c)?;
                    diesel::insert_into(puzzle_players::table)
                        .values(&standing)
                        .execute(c)?;
                    diesel::insert_into(puzzle_attempts::table)
                        .values(&attempts)
                        .execute(c)?;
                }
            }
        }
        Ok(())
    })
    .expect("seeding");
    match conn {
        DbConn::Pg(c) => {
            let _ = diesel::sql_query("VACUUM ANALYZE").execute(c);
        }
        DbConn::Sqlite(c) => {
            let _ = diesel::sql_query("ANALYZE").execute(c);
        }
    }
}

fn answer_of(db: &Db, id: &str) -> Vec<Intent> {
    let mut conn = db.conn().unwrap();
    let row = spider::store::puzzles::by_id(&mut conn, id)
        .unwrap()
        .unwrap();
    notation::decode(&row.line)
        .unwrap()
        .into_iter()
        .map(Intent::from)
        .collect()
}

fn main() {
    let n_puzzles = env("PUZZLES", 100_000);
    let n_players = env("PLAYERS", 10_000);
    let calls = env("CALLS", 2_000);
    let bench = common::BenchDb::open("puzzles", 8);
    let (db, url) = (bench.db.clone(), bench.url.clone());

    // Real puzzles to copy: what the miner finds on 1-suit deals 1–8.
    let started = Instant::now();
    let mut source = Vec::new();
    for number in 1..=8 {
        let spec = DealSpec {
            variant: Variant::Spider,
            suits: Suits::One,
            rules: Rules::default(),
            deal_number: number,
        };
        let (_, log) = spider::engine::follow(&spec.deal(), 1_000, spider::engine::plain_player());
        source.extend(
            puzzles::mined_rows(&spec, &log, "hint_player", Utc::now().naive_utc()).unwrap(),
        );
    }
    println!(
        "mined {} puzzles to copy in {:.1?}",
        source.len(),
        started.elapsed()
    );
    let started = Instant::now();
    seed(&db, &source, n_puzzles, n_players);
    println!(
        "seeded {n_puzzles} puzzles, {n_players} players, {} attempts in {:.1?}",
        n_players * 10,
        started.elapsed()
    );

    let mut config = Config::default();
    config.storage.database_url = url;
    config.jobs.puzzle_pool = 0;
    config.jobs.winnable_pool = 0;
    let searches = spider::app::search_pool(&config);
    let play = spider::app::play(&config, db.clone(), searches).expect("play");

    actix_rt::System::new().block_on(async move {
        let mut rng = Lcg(7);
        let user =
            |i: u64| spider::domain::UserId::from(format!("user-{:06}", i % n_players as u64));
        // "Next near my rating", for random players.
        let mut next_ms = Vec::with_capacity(calls);
        let mut offered: Vec<(spider::domain::UserId, Shown)> = Vec::new();
        for _ in 0..calls {
            let who = user(rng.next());
            let t = Instant::now();
            let shown = puzzles::next(&play, Some(who.clone()), Variant::Spider, Suits::One, None)
                .await
                .expect("a puzzle");
            next_ms.push(t.elapsed().as_secs_f64() * 1e3);
            offered.push((who, shown));
        }
        report("next near my rating", next_ms);
        // A rated first attempt: the answer, for the puzzle `next` offered each player.
        let mut rated_ms = Vec::with_capacity(calls);
        let mut rated = 0;
        let mut seen = std::collections::HashSet::new();
        for (who, shown) in &offered {
            if !seen.insert((who.to_string(), shown.id.clone())) {
                continue;
            }
            let moves = answer_of(&db, &shown.id);
            let t = Instant::now();
            let a = puzzles::attempt(&play, Some(who.clone()), shown.id.clone(), moves)
                .await
                .expect("an attempt");
            rated_ms.push(t.elapsed().as_secs_f64() * 1e3);
            assert!(matches!(
                a.judgement,
                spider::engine::puzzle::Judgement::Solved { .. }
            ));
            rated += usize::from(a.rated.is_some());
        }
        assert!(
            rated * 10 >= rated_ms.len() * 9,
            "most first attempts are rated: {rated}"
        );
        report("rated first attempt (the answer)", rated_ms);
        // Anonymous attempts: the first move of the answer (judged, nothing written).
        let mut anonymous_ms = Vec::with_capacity(calls);
        for (_, shown) in offered.iter().take(calls) {
            let moves = answer_of(&db, &shown.id);
            let t = Instant::now();
            puzzles::attempt(&play, None, shown.id.clone(), moves[..1].to_vec())
                .await
                .expect("an attempt");
            anonymous_ms.push(t.elapsed().as_secs_f64() * 1e3);
        }
        report("anonymous attempt (first move)", anonymous_ms);
        let mut daily_ms = Vec::with_capacity(calls);
        for _ in 0..calls {
            let t = Instant::now();
            puzzles::daily(&play, Variant::Spider, Suits::One)
                .await
                .expect("the daily");
            daily_ms.push(t.elapsed().as_secs_f64() * 1e3);
        }
        report("daily puzzle", daily_ms);
    });

    drop(bench);
}
