//! `spider puzzles mine`: the puzzle miner (docs/PUZZLES.md). Plays numbered deals with the
//! hint player, walks each game's positions for puzzles and adds the new ones to the
//! database's set; says what it found, by goal and by number of moves, and at what cost.

use std::time::Instant;

use crate::engine::puzzle::{Goal, MAX_MOVES};
use crate::engine::{DealSpec, Rules, Suits, Variant};
use crate::play::clock::Clock;
use crate::play::puzzles;
use crate::store::Db;

/// Mines deals `from..=to` of one kind into `db`; prints a line per deal and a summary.
pub fn mine_deals(db: &Db, suits: u8, variant: &str, from: u64, to: u64) -> anyhow::Result<()> {
    let suits = Suits::try_from(suits)?;
    let variant: Variant = variant
        .parse()
        .map_err(|()| anyhow::anyhow!("variant must be spider or spiderette"))?;
    anyhow::ensure!(to >= from, "--to must not be below --from");
    let clock = Clock::default();
    let started = Instant::now();
    let cpu_started = super::research::thread_cpu(true);
    let (mut met, mut added) = (0, 0);
    let mut by_goal = [0usize; 4];
    let mut by_moves = [0usize; MAX_MOVES + 1];
    let mut ratings: Vec<f64> = Vec::new();
    for number in from..=to {
        let spec = DealSpec {
            variant,
            suits,
            rules: Rules::default(),
            deal_number: number,
        };
        let (rows, new) = puzzles::mine_deal(db, &spec, clock.now())?;
        met += rows.len();
        added += new;
        for row in &rows {
            ratings.push(row.rating);
            let goal = Goal::ALL.iter().position(|g| *g == row.goal).unwrap_or(0);
            by_goal[goal] += 1;
            by_moves[usize::try_from(row.within_moves)
                .unwrap_or(0)
                .min(MAX_MOVES)] += 1;
        }
        eprintln!(
            "deal {number}: {} puzzles met, {new} new ({met} met, {added} new so far, {:.0} s)",
            rows.len(),
            started.elapsed().as_secs_f64()
        );
    }
    let cpu = (super::research::thread_cpu(true) - cpu_started).as_secs_f64();
    let per_minute = if cpu > 0.0 {
        met as f64 * 60.0 / cpu
    } else {
        0.0
    };
    println!(
        "mined {} {}-suit deals {from}-{to}: {met} puzzles met, {added} new; {cpu:.1} CPU-s, \
         {per_minute:.0} puzzles per CPU-minute",
        variant.name(),
        suits.count()
    );
    let goals: Vec<String> = Goal::ALL
        .iter()
        .zip(by_goal)
        .map(|(g, n)| format!("{} {n}", g.name()))
        .collect();
    println!("by goal: {}", goals.join(", "));
    let moves: Vec<String> = (1..=MAX_MOVES)
        .filter(|&n| by_moves[n] > 0)
        .map(|n| format!("{n}: {}", by_moves[n]))
        .collect();
    println!("by moves: {}", moves.join(", "));
    ratings.sort_by(f64::total_cmp);
    if !ratings.is_empty() {
        let at = |p: f64| ratings[((ratings.len() - 1) as f64 * p).round() as usize];
        println!(
            "first ratings: min {:.0}, p10 {:.0}, median {:.0}, p90 {:.0}, max {:.0}",
            at(0.0),
            at(0.1),
            at(0.5),
            at(0.9),
            at(1.0)
        );
    }
    Ok(())
}

/// Mines up to `max` players' finished games not mined before into `db`; prints a summary.
pub fn mine_games(db: &Db, max: i64) -> anyhow::Result<()> {
    let clock = Clock::default();
    let cpu_started = super::research::thread_cpu(true);
    let done = puzzles::mine_games(db, clock.today(), clock.now(), max)?;
    let cpu = (super::research::thread_cpu(true) - cpu_started).as_secs_f64();
    println!(
        "mined {} players' games ({} just before the move that lost them): {} puzzles met, {} \
         new; {cpu:.1} CPU-s",
        done.games, done.with_mistake, done.met, done.added
    );
    Ok(())
}
