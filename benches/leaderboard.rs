//! Leaderboard reads with 100,000 finished games in the database: a daily with 100,000 ranked
//! wins and an all-time board of 100,000 players. Target: a page in under 20 ms.
//!
//! SQLite by default (a temporary file); set BENCH_DATABASE_URL=postgres://… for Postgres
//! (the bench creates and drops its own schema there). GAMES sets the count (100000).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or a bench fails loudly on what it did not expect"
)]

mod common;

use std::time::{Duration, Instant};

use chrono::Utc;
use criterion::{black_box, Criterion};
use diesel::prelude::*;
use spider::domain::origin::OriginKind;
use spider::domain::records::{Measure, Record};
use spider::engine::{EmptyColumnDeal, Status, Suits, UndoMode, Variant};
use spider::play::ranks::Ranks;
use spider::store::games::GameRow;
use spider::store::pages::{Page, PageStart};
use spider::store::records::RecordRow;
use spider::store::schema::{daily_players, games, records, users};
use spider::store::users::User;
use spider::store::{daily, records as record_store, Db, DbConn};

fn seed(db: &Db, n: usize, date: &str) {
    let now = Utc::now().naive_utc();
    let mut conn = db.conn().expect("connection");
    let conn: &mut DbConn = &mut conn;
    conn.transaction::<_, diesel::result::Error, _>(|conn| {
        for chunk_start in (0..n).step_by(1000) {
            let chunk = chunk_start..(chunk_start + 1000).min(n);
            let people: Vec<User> = chunk
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
            // A spread of results with many ties, as real boards have.
            let score = |i: usize| 1300 - 100 - (i * 7919 % 400) as i32;
            let ms = |i: usize| 60_000 + (i * 104_729 % 3_000_000) as i64;
            let actions = |i: usize| 100 + (i * 31 % 400) as i32;
            let at = |i: usize| now - chrono::Duration::seconds((i % 86_000) as i64);
            let rows: Vec<GameRow> = chunk
                .clone()
                .map(|i| GameRow {
                    id: format!("game-{i:06}").into(),
                    user_id: format!("user-{i:06}").into(),
                    variant: Variant::Spider,
                    suits: Suits::One,
                    undo_allowed: true,
                    undo_mode: UndoMode::Full,
                    empty_column_deal: EmptyColumnDeal::Standard,
                    deal_number: 7,
                    deal_chosen: false,
                    origin: OriginKind::Daily,
                    daily_date: Some(date.to_string()),
                    ranked: true,
                    // One in ten did not finish.
                    status: if i % 10 == 0 {
                        Status::InProgress
                    } else {
                        Status::Won
                    },
                    version: actions(i),
                    log: String::new(),
                    score: score(i),
                    actions: actions(i),
                    runs_completed: if i % 10 == 0 { (i % 8) as i32 } else { 8 },
                    created_at: at(i) - chrono::Duration::milliseconds(ms(i)),
                    updated_at: at(i),
                    finished_at: (i % 10 != 0).then(|| at(i)),
                    duration_ms: (i % 10 != 0).then(|| ms(i)),
                    difficulty: None,
                    hints_allowed: true,
                    race_id: None,
                })
                .collect();
            let bests: Vec<RecordRow> = chunk
                .clone()
                .filter(|i| i % 10 != 0)
                .map(|i| RecordRow {
                    user_id: format!("user-{i:06}").into(),
                    variant: Variant::Spider,
                    suits: Suits::One,
                    played: 1,
                    won: 1,
                    current_streak: 1,
                    longest_streak: 1,
                    best_score: Some(score(i)),
                    best_score_game: Some(format!("game-{i:06}").into()),
                    best_score_known_deal: false,
                    fastest_ms: Some(ms(i)),
                    fastest_game: Some(format!("game-{i:06}").into()),
                    fastest_known_deal: false,
                    fewest_actions: Some(actions(i)),
                    fewest_game: Some(format!("game-{i:06}").into()),
                    fewest_known_deal: false,
                    ranked_best_score: Some(score(i)),
                    ranked_best_score_at: Some(at(i)),
                    ranked_fastest_ms: Some(ms(i)),
                    ranked_fastest_at: Some(at(i)),
                    ranked_fewest_actions: Some(actions(i)),
                    ranked_fewest_at: Some(at(i)),
                    last_finished_at: Some(at(i)),
                })
                .collect();
            // Batch inserts work per backend, not through the multi-backend connection.
            match conn {
                DbConn::Sqlite(c) => {
                    diesel::insert_into(users::table)
                        .values(&people)
                        .execute(c)?;
                    diesel::insert_into(games::table).values(&rows).execute(c)?;
                    diesel::insert_into(records::table)
                        .values(&bests)
                        .execute(c)?;
                }
                DbConn::Pg(c) => {
                    diesel::insert_into(users::table)
                        .values(&people)
                        .execute(c)?;
                    diesel::insert_into(games::table).values(&rows).execute(c)?;
                    diesel::insert_into(records::table)
                        .values(&bests)
                        .execute(c)?;
                }
            }
        }
        // The daily leaderboard reads one entry per ranked attempt (as the migration that
        // introduced it fills them from existing games).
        diesel::sql_query(
            "INSERT INTO daily_entries (game_id, daily_date, variant, suits, status, score, \
             actions, runs_completed, created_at, finished_at, duration_ms, user_id) \
             SELECT id, daily_date, variant, suits, status, score, actions, runs_completed, \
             created_at, finished_at, duration_ms, user_id FROM games WHERE ranked",
        )
        .execute(conn)?;
        diesel::insert_into(daily_players::table)
            .values((
                daily_players::daily_date.eq(date),
                daily_players::variant.eq("spider"),
                daily_players::suits.eq(1),
                daily_players::players.eq(n as i64),
            ))
            .execute(conn)?;
        Ok(())
    })
    .expect("seeding");
    // As autovacuum leaves a table that has settled: statistics, and the visibility map that
    // lets a count or a page read the index alone (without it, every index entry is checked
    // against the table: the own-rank counts took a quarter longer here).
    if let DbConn::Pg(c) = conn {
        let _ = diesel::sql_query("VACUUM ANALYZE").execute(c);
    }
}

/// The all-time board's first page of 20.
fn first_page(conn: &mut DbConn, by: Measure) -> Page<(Record, Option<String>)> {
    record_store::board(
        conn,
        Variant::Spider,
        Suits::One,
        by,
        PageStart::Offset(0),
        20,
    )
    .expect("a page")
}

fn main() {
    let n: usize = std::env::var("GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let bench = common::BenchDb::open("board", 4);
    let db = bench.db.clone();
    let backend = if bench.url.starts_with("sqlite") {
        "SQLite"
    } else {
        "Postgres"
    };
    println!("database: {backend}");
    let date = Utc::now().date_naive().to_string();
    let started = Instant::now();
    seed(&db, n, &date);
    println!(
        "seeded {n} finished or started games in {:.1?}",
        started.elapsed()
    );
    // What is timed below must be real pages: a leaderboard that reads nothing is fast.
    {
        let mut conn = db.conn().expect("a connection");
        let first = daily::leaderboard(
            &mut conn,
            &date,
            Variant::Spider,
            Suits::One,
            Measure::Score,
            PageStart::Offset(0),
            20,
        )
        .expect("a page");
        assert_eq!(
            first.rows.len(),
            20.min(n),
            "the daily leaderboard's first page is full"
        );
    }

    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let mut conn = db.conn().expect("connection");
    for (name, by) in [
        ("score", Measure::Score),
        ("time", Measure::Time),
        ("moves", Measure::Moves),
    ] {
        criterion.bench_function(
            &format!("daily leaderboard, first page of 20, by {name}"),
            |b| {
                b.iter(|| {
                    let page = daily::leaderboard(
                        &mut conn,
                        &date,
                        Variant::Spider,
                        Suits::One,
                        by,
                        PageStart::Offset(0),
                        20,
                    )
                    .unwrap();
                    let players =
                        daily::players(&mut conn, &date, Variant::Spider, Suits::One).unwrap();
                    black_box((page, players))
                });
            },
        );
    }
    // Deep pages: by offset (every row above skipped), and as a reader who paged down gets
    // them, by the cursor of the page before (a keyset: from its place in the index).
    let daily_page = |conn: &mut DbConn, by: Measure, start: PageStart| {
        daily::leaderboard(conn, &date, Variant::Spider, Suits::One, by, start, 20).unwrap()
    };
    criterion.bench_function(
        "daily leaderboard, page of 20 at rank 95,001 (unfinished part), by offset",
        |b| {
            b.iter(|| {
                black_box(daily_page(
                    &mut conn,
                    Measure::Score,
                    PageStart::Offset(95_000),
                ))
            });
        },
    );
    for (name, by, rank) in [
        ("score", Measure::Score, 95_000),
        ("score", Measure::Score, 85_000),
        ("time", Measure::Time, 85_000),
        ("moves", Measure::Moves, 85_000),
    ] {
        let before = daily_page(&mut conn, by, PageStart::Offset(rank - 20));
        let start = before.next.expect("a full page before");
        assert!(matches!(start, PageStart::After(_)), "a keyset cursor");
        // The cursor's page is the offset's page.
        let by_offset = daily_page(&mut conn, by, PageStart::Offset(rank));
        let by_cursor = daily_page(&mut conn, by, start);
        let ids = |p: &Page<_>| {
            p.rows
                .iter()
                .map(|(g, _): &(GameRow, _)| g.id.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(&by_cursor), ids(&by_offset));
        assert_eq!(by_cursor.rows.len(), 20);
        let part = if rank >= 90_000 {
            "unfinished part"
        } else {
            "wins"
        };
        criterion.bench_function(
            &format!(
                "daily leaderboard, page of 20 at rank {},001 ({part}), by {name}, by cursor",
                rank / 1000
            ),
            |b| b.iter(|| black_box(daily_page(&mut conn, by, start))),
        );
    }
    for (name, by) in [
        ("score", Measure::Score),
        ("time", Measure::Time),
        ("moves", Measure::Moves),
    ] {
        let board = |conn: &mut DbConn, start: PageStart| {
            record_store::board(conn, Variant::Spider, Suits::One, by, start, 20).unwrap()
        };
        let start = board(&mut conn, PageStart::Offset(84_980))
            .next
            .expect("a full page");
        let ids = |p: &Page<(Record, Option<String>)>| {
            p.rows
                .iter()
                .map(|(r, _)| r.user_id.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            ids(&board(&mut conn, start)),
            ids(&board(&mut conn, PageStart::Offset(85_000)))
        );
        criterion.bench_function(
            &format!("all-time leaderboard (90,000 players), page of 20 at rank 85,001, by {name}, by offset"),
            |b| b.iter(|| black_box(board(&mut conn, PageStart::Offset(85_000)))),
        );
        criterion.bench_function(
            &format!("all-time leaderboard (90,000 players), page of 20 at rank 85,001, by {name}, by cursor"),
            |b| b.iter(|| black_box(board(&mut conn, start))),
        );
    }
    for (name, by) in [
        ("score", Measure::Score),
        ("time", Measure::Time),
        ("moves", Measure::Moves),
    ] {
        criterion.bench_function(
            &format!("all-time leaderboard, first page of 20 and your rank, by {name}"),
            |b| {
                b.iter(|| {
                    let page = first_page(&mut conn, by);
                    let you = record_store::rank_of(
                        &mut conn,
                        &"user-050001".into(),
                        Variant::Spider,
                        Suits::One,
                        by,
                    )
                    .unwrap();
                    black_box((page, you))
                });
            },
        );
    }
    // The same, your rank read from the board's snapshot (`play::ranks`) corrected by what
    // changed since it was taken: 500 records marked as changed a moment ago.
    diesel::update(records::table.filter(records::user_id.lt("user-000500")))
        .set(records::ranked_changed_at.eq(Utc::now().naive_utc()))
        .execute(&mut *conn)
        .expect("marking changes");
    let ranks = Ranks::default();
    for (name, by) in [
        ("score", Measure::Score),
        ("time", Measure::Time),
        ("moves", Measure::Moves),
    ] {
        ranks
            .take_now(&db, Variant::Spider, Suits::One, by)
            .expect("a snapshot");
        let placed = ranks
            .place(
                &db,
                &mut conn,
                &"user-050001".into(),
                Variant::Spider,
                Suits::One,
                by,
            )
            .unwrap()
            .expect("on the board");
        let counted = record_store::rank_of(
            &mut conn,
            &"user-050001".into(),
            Variant::Spider,
            Suits::One,
            by,
        )
        .unwrap()
        .expect("on the board");
        assert!(!placed.counted);
        assert_eq!(
            placed.rank, counted.0,
            "the snapshot's rank is the counted one"
        );
        criterion.bench_function(
            &format!("all-time leaderboard, first page of 20 and your rank by snapshot, by {name}"),
            |b| {
                b.iter(|| {
                    let page = first_page(&mut conn, by);
                    let you = ranks
                        .place(
                            &db,
                            &mut conn,
                            &"user-050001".into(),
                            Variant::Spider,
                            Suits::One,
                            by,
                        )
                        .unwrap();
                    black_box((page, you))
                });
            },
        );
    }
    {
        let mut group = criterion.benchmark_group("snapshots");
        group.sample_size(10);
        group.bench_function(
            "taking the snapshot of the all-time board (90,000 places), by score",
            |b| b.iter(|| ranks.take_now(&db, Variant::Spider, Suits::One, Measure::Score)),
        );
        group.finish();
    }
    criterion.final_summary();
    drop(conn);
    drop(bench);
}
