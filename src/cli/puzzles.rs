//! `spider puzzles mine`: the puzzle miner (docs/PUZZLES.md). Plays numbered deals with the
//! hint player and walks each game's positions for puzzles; `--out` prints them as NDJSON.

use std::io::Write as _;
use std::time::Instant;

use crate::engine::puzzle::{self, Goal};
use crate::engine::{self, Suits, Variant};

/// What one mining run found and what it cost.
#[derive(Debug, Default)]
pub struct Tally {
    pub positions: usize,
    pub puzzles: usize,
    pub by_goal: [usize; 4],
    pub by_moves: [usize; puzzle::MAX_MOVES + 1],
    pub cpu_seconds: f64,
}

/// Mines deals `from..=to` of one kind, each played by the hint player (its visible ranking),
/// printing each puzzle as a line of JSON to standard output.
pub fn mine_deals(
    suits: u8,
    variant: &str,
    from: u64,
    to: u64,
    most: usize,
    budget: u64,
) -> Result<Tally, String> {
    let suits = Suits::try_from(suits).map_err(|e| e.to_string())?;
    let variant: Variant = variant
        .parse()
        .map_err(|_| "variant must be spider or spiderette".to_string())?;
    let mut tally = Tally::default();
    let started = Instant::now();
    let mut out = std::io::stdout().lock();
    for number in from..=to {
        let start = engine::Game::new(variant, suits, engine::Rules::default(), number);
        let (_, log) = engine::follow(&start, 1_000, engine::plain_player());
        tally.positions += log.len() + 1;
        for mined in puzzle::mine(&start, &log, most, budget) {
            let p = &mined.puzzle;
            tally.puzzles += 1;
            let goal = Goal::ALL.iter().position(|g| *g == p.goal).unwrap_or(0);
            tally.by_goal[goal] += 1;
            tally.by_moves[p.within] += 1;
            let line = serde_json::json!({
                "deal_number": number,
                "at": mined.at,
                "goal": p.goal.name(),
                "within": p.within,
                "line": p.line.iter().map(|&a| engine::notation::line(a)).collect::<Vec<_>>(),
            });
            let _ = writeln!(out, "{line}");
        }
        eprintln!(
            "deal {number}: {} puzzles so far, {:.1} s",
            tally.puzzles,
            started.elapsed().as_secs_f64()
        );
    }
    tally.cpu_seconds = started.elapsed().as_secs_f64();
    Ok(tally)
}
