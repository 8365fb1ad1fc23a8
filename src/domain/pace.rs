//! How a race's CPU players race: pacers. A race deal is proven winnable, so a CPU plays a
//! winning line found with every card known (it knows the deal; the room says so) and always
//! finishes. Its level is its pace and its waste: each level aims at a finishing time, a
//! multiple of the median time people take to win that kind of game, reached by its time per
//! action and by detours (a move a player makes and takes back) woven into the line.
//! No I/O: the store keeps the human medians, the play layer asks here.

use crate::engine::{Action, Game, Level, Suits, Variant};

/// Won games of a kind needed before their median replaces the default.
pub const MIN_SAMPLES: usize = 30;

/// The most recent won games of a kind whose times make the median.
pub const MAX_SAMPLES: usize = 500;

/// The median time, in ms, people are taken to need to win a game of this kind before the
/// server has seen [`MIN_SAMPLES`] of them (race and daily wins).
pub fn default_human_ms(variant: Variant, suits: Suits) -> i64 {
    let minutes = match (variant, suits) {
        (Variant::Spider, Suits::One) => 6,
        (Variant::Spider, Suits::Two) => 12,
        (Variant::Spider, Suits::Four) => 20,
        (Variant::Spiderette, Suits::One) => 4,
        (Variant::Spiderette, Suits::Two) => 7,
        (Variant::Spiderette, Suits::Four) => 10,
    };
    minutes * 60_000
}

/// A race room's time limit when its host sets none: twice the default median time people
/// take to win that kind of game (capped at an hour), so a CPU of every level finishes in it.
pub fn default_time_limit_s(variant: Variant, suits: Suits) -> u32 {
    u32::try_from((2 * default_human_ms(variant, suits) / 1000).min(3600)).unwrap_or(3600)
}

/// A level's finishing time as a share of the human median, in percent: `easy` takes half as
/// long again as a typical winner, `normal` as long, `hard` six tenths.
pub fn target_percent(level: Level) -> i64 {
    match level {
        Level::Easy => 150,
        Level::Normal => 100,
        Level::Hard => 60,
    }
}

/// Detours a level plays, as a share of its winning line's actions, in percent.
pub fn waste_percent(level: Level) -> usize {
    match level {
        Level::Easy => 20,
        Level::Normal => 10,
        Level::Hard => 0,
    }
}

/// The finishing time a CPU of `level` aims at, given the human median.
pub fn target_ms(human_median_ms: i64, level: Level) -> i64 {
    human_median_ms.max(1) * target_percent(level) / 100
}

/// The median of `times` (the lower middle one of an even count); `None` below
/// [`MIN_SAMPLES`].
pub fn median(mut times: Vec<i64>) -> Option<i64> {
    if times.len() < MIN_SAMPLES {
        return None;
    }
    times.sort_unstable();
    Some(times[(times.len() - 1) / 2])
}

/// Milliseconds per action for a CPU seat playing a line of `actions` towards `target_ms`,
/// varied by up to 8% per seat so CPUs of one level do not move in lockstep.
pub fn pace_ms(target_ms: i64, actions: usize, seat: i32) -> i32 {
    let base = target_ms / i64::try_from(actions.max(1)).unwrap_or(i64::MAX);
    let varied = base + base * i64::from(seat.rem_euclid(5) - 2) * 4 / 100;
    i32::try_from(varied.max(1)).unwrap_or(i32::MAX)
}

/// The line a CPU of `level` plays: `winning` (a winning line from `start`) with the level's
/// detours woven in, each a move and the move that takes it back, leaving the position as it
/// was. Spread evenly, placed by `seed` (the deal number), so every instance computes the
/// same line. Where no move can be taken back at a spot, the next spot is tried.
pub fn pacer_line(start: &Game, winning: &[Action], level: Level, seed: u64) -> Vec<Action> {
    let pairs = winning.len() * waste_percent(level) / 200;
    let mut spots: Vec<usize> = (1..=pairs)
        .map(|k| k * winning.len() / (pairs + 1))
        .collect();
    spots.reverse();
    let mut game = start.clone();
    let mut line = Vec::with_capacity(winning.len() + 2 * pairs);
    for (i, &action) in winning.iter().enumerate() {
        if spots.last().is_some_and(|&spot| i >= spot) {
            if let Some((there, back)) = detour(&game, seed.wrapping_add(i as u64)) {
                line.extend([there, back]);
                spots.pop();
                let _ = game.apply(there);
                let _ = game.apply(back);
            }
        }
        if game.apply(action).is_err() {
            // Not a winning line from `start`: play it as it is.
            return winning.to_vec();
        }
        line.push(action);
    }
    line
}

/// A move from `game` and the move that takes it back to the same position (no card turned,
/// no run removed), chosen among all such by `seed`.
fn detour(game: &Game, seed: u64) -> Option<(Action, Action)> {
    let pairs: Vec<(Action, Action)> = game
        .legal_actions()
        .into_iter()
        .filter_map(|action| {
            let Action::Move { from, to, count } = action else {
                return None;
            };
            let back = Action::Move {
                from: to,
                to: from,
                count,
            };
            let mut there = game.clone();
            there.apply(action).ok()?;
            there.apply(back).ok()?;
            (there.position() == game.position()).then_some((action, back))
        })
        .collect();
    if pairs.is_empty() {
        return None;
    }
    let pick = (seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33) as usize % pairs.len();
    Some(pairs[pick])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solver::{self, Outcome};
    use crate::engine::{Rules, Status};

    fn won_line(game: &Game) -> Vec<Action> {
        match solver::solve(game, &solver::Budget::default()).outcome {
            Outcome::Solved(line) => line,
            other => panic!("deal {} not solved: {other:?}", game.deal_number()),
        }
    }

    #[test]
    fn a_pacer_of_every_level_finishes_with_its_share_of_detours() {
        for (suits, deal) in [(Suits::One, 3), (Suits::Two, 5), (Suits::Four, 2)] {
            let start = Game::new(Variant::Spider, suits, Rules::default(), deal);
            let winning = won_line(&start);
            let mut lengths = Vec::new();
            for level in Level::ALL {
                let line = pacer_line(&start, &winning, level, deal);
                let mut game = start.clone();
                for &action in &line {
                    game.apply(action)
                        .expect("every action of a pacer line is legal");
                }
                assert_eq!(game.status(), Status::Won, "{suits:?} {level:?}");
                let detours = line.len() - winning.len();
                let wanted = winning.len() * waste_percent(level) / 200 * 2;
                assert!(
                    detours <= wanted && detours + 4 >= wanted,
                    "{level:?}: {detours}"
                );
                assert_eq!(
                    line,
                    pacer_line(&start, &winning, level, deal),
                    "the same line"
                );
                lengths.push(line.len());
            }
            assert!(
                lengths[0] > lengths[1] && lengths[1] > lengths[2],
                "{lengths:?}"
            );
        }
    }

    #[test]
    fn easy_is_slower_than_normal_slower_than_hard_on_every_seat() {
        let human = default_human_ms(Variant::Spider, Suits::Four);
        for seat in 0..20 {
            let finish = |level: Level, actions: usize| {
                i64::from(pace_ms(target_ms(human, level), actions, seat)) * actions as i64
            };
            // The same winning line of 300 actions, with each level's detours.
            let (easy, normal, hard) = (
                finish(Level::Easy, 360),
                finish(Level::Normal, 330),
                finish(Level::Hard, 300),
            );
            assert!(
                easy > normal && normal > hard,
                "seat {seat}: {easy} {normal} {hard}"
            );
            assert!(
                (hard - human * 6 / 10).abs() <= human * 6 / 10 / 10,
                "{hard}"
            );
        }
    }

    #[test]
    fn the_median_needs_enough_wins() {
        assert_eq!(median(vec![5; MIN_SAMPLES - 1]), None);
        let times: Vec<i64> = (1..=31).rev().collect();
        assert_eq!(median(times), Some(16));
        assert_eq!(median((1..=30).collect()), Some(15));
    }
}
