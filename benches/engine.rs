//! Engine speed: replaying a 1,000-action log and listing legal actions mid-game.
//! Targets on a 2-core machine: replay under 100 µs, `legal_actions()` under 1 µs.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or a bench fails loudly on what it did not expect"
)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use spider::engine::{Action, Game, Rules, Suits, Variant};

const DEAL: u64 = 2024;

/// A deterministic 1,000-action log: pseudo-random legal actions with an undo now and then,
/// and the busiest position seen along the way.
fn play_log(deal: u64, len: usize) -> (Vec<Action>, Game) {
    let mut game = Game::new(Variant::Spider, Suits::Two, Rules::default(), deal);
    let mut log = Vec::with_capacity(len);
    let mut busiest = game.clone();
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    while log.len() < len {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let legal = game.legal_actions();
        if legal.len() > busiest.legal_actions().len() {
            busiest = game.clone();
        }
        let roll = (state >> 33) as usize;
        let action = if legal.is_empty() || (roll.is_multiple_of(8) && game.can_undo()) {
            Action::Undo
        } else {
            legal[roll % legal.len()]
        };
        if game.apply(action).is_ok() {
            log.push(action);
        }
        if game.status() != spider::engine::Status::InProgress {
            break;
        }
    }
    (log, busiest)
}

fn benches(c: &mut Criterion) {
    let (log, _) = play_log(DEAL, 1000);
    assert_eq!(log.len(), 1000, "the generated game ended early");
    // The busiest position over a few random games: empty columns make many moves legal.
    let busiest = (1..=40)
        .map(|deal| play_log(deal, 1000).1)
        .max_by_key(|game| game.legal_actions().len())
        .expect("at least one game");
    c.bench_function("replay 1000 actions (spider, 2 suits)", |b| {
        b.iter(|| {
            Game::replay(
                Variant::Spider,
                Suits::Two,
                Rules::default(),
                DEAL,
                black_box(log.iter().copied()),
            )
        });
    });
    let count = busiest.legal_actions().len();
    c.bench_function(
        &format!("legal_actions on a busy mid-game position ({count} actions)"),
        |b| b.iter(|| black_box(&busiest).legal_actions()),
    );
    c.bench_function("has_legal_action", |b| {
        b.iter(|| black_box(&busiest).has_legal_action());
    });
    c.bench_function("new game (shuffle and deal)", |b| {
        b.iter(|| {
            Game::new(
                Variant::Spider,
                Suits::Four,
                Rules::default(),
                black_box(DEAL),
            )
        });
    });
}

criterion_group!(engine, benches);
criterion_main!(engine);
