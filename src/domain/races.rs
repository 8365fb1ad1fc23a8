//! Races: the rules of a party round that are not rules of Spider — standings, CPU players
//! computed from a line and the clock, and ratings. No I/O here.

use crate::engine::{self, Action, Game, Status};

/// After this long from the start, a round's results are fixed using progress so far.
pub const ROUND_CUTOFF_MS: i64 = 60 * 60 * 1000;
/// The countdown between the host's start and the first card shown.
pub const COUNTDOWN_MS: i64 = 3_000;
/// Seats in one race, CPUs included.
pub const MAX_SEATS: usize = 20;
/// The longest line a CPU plays.
const CPU_MAX_ACTIONS: usize = 2_000;

/// How a seat stands in a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    pub seat: i32,
    /// Runs completed so far (at the cutoff, once the round is over).
    pub runs: usize,
    pub runs_total: usize,
    /// Time from the start to the winning action, if the seat won before the cutoff.
    pub finished_ms: Option<i64>,
    pub quit: bool,
}

/// Where a seat stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Standing {
    /// Won within the time limit.
    Finished,
    /// Won after the time limit (before the 60-minute cutoff).
    FinishedLate,
    /// Still playing (or stopped at the cutoff): ranked by progress.
    Playing,
    /// Pressed quit (or resigned): last.
    Quit,
}

impl Standing {
    pub fn name(self) -> &'static str {
        match self {
            Standing::Finished => "finished",
            Standing::FinishedLate => "finished_late",
            Standing::Playing => "playing",
            Standing::Quit => "quit",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// 1 for the best; equal results share a place.
    pub place: usize,
    pub standing: Standing,
    pub progress: Progress,
}

/// Finishers by finishing time (those within the limit first), then the rest by share of
/// runs completed, then players who quit. Equal results share a place.
pub fn standings(mut seats: Vec<Progress>, time_limit_ms: i64) -> Vec<Place> {
    let standing = |p: &Progress| match (p.quit, p.finished_ms) {
        (true, _) => Standing::Quit,
        (false, Some(ms)) if ms <= time_limit_ms => Standing::Finished,
        (false, Some(_)) => Standing::FinishedLate,
        (false, None) => Standing::Playing,
    };
    // The sort key: standing, then time (finishers) or progress (the rest), as a number
    // where smaller is better. Progress compares as runs/total by cross-multiplying into a
    // common scale.
    let key = |p: &Progress| {
        let s = standing(p);
        let measure = match s {
            Standing::Finished | Standing::FinishedLate => p.finished_ms.unwrap_or(i64::MAX),
            Standing::Playing | Standing::Quit => {
                -((p.runs as i64 * 1_000_000) / p.runs_total.max(1) as i64)
            }
        };
        (s, measure)
    };
    seats.sort_by_key(|p| (key(p), p.seat));
    let mut out: Vec<Place> = Vec::with_capacity(seats.len());
    for (i, p) in seats.into_iter().enumerate() {
        let place = match out.last() {
            Some(prev) if key(&prev.progress) == key(&p) => prev.place,
            _ => i + 1,
        };
        out.push(Place {
            place,
            standing: standing(&p),
            progress: p,
        });
    }
    out
}

/// Where a round is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Countdown,
    Running,
    /// Every human finished or quit, or the cutoff passed: the results are fixed.
    Over,
}

/// The phase of a round `elapsed_ms` after its start (negative during the countdown), given
/// its standings and which seats are human.
pub fn phase(elapsed_ms: i64, places: &[Place], human: impl Fn(i32) -> bool) -> Phase {
    if elapsed_ms < 0 {
        return Phase::Countdown;
    }
    let mut humans = places.iter().filter(|p| human(p.progress.seat)).peekable();
    let any_human = humans.peek().is_some();
    let humans_done = humans.all(|p| p.standing != Standing::Playing);
    if elapsed_ms >= ROUND_CUTOFF_MS || (any_human && humans_done) {
        Phase::Over
    } else {
        Phase::Running
    }
}

/// Multiplayer Elo over pairwise results: each pair of players is one game, a better place
/// a win, an equal place half a win. Returns the new ratings in the order given.
pub fn elo(players: &[(f64, usize)]) -> Vec<f64> {
    const K: f64 = 32.0;
    let n = players.len();
    if n < 2 {
        return players.iter().map(|&(r, _)| r).collect();
    }
    players
        .iter()
        .enumerate()
        .map(|(i, &(ri, pi))| {
            let delta: f64 = players
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &(rj, pj))| {
                    let expected = 1.0 / (1.0 + 10f64.powf((rj - ri) / 400.0));
                    let actual = match pi.cmp(&pj) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                    actual - expected
                })
                .sum();
            ri + K * delta / (n - 1) as f64
        })
        .collect()
}

/// The rating a player starts from.
pub const START_RATING: f64 = 1500.0;

/// The plain hint player's line from `game`: it takes the hint every time (the hint sees only
/// what a player sees), never undoes, and stops when the hint has nothing useful left. What a
/// CPU plays on a deal whose pacer lines are not computed yet.
pub fn cpu_line(game: &Game) -> Vec<Action> {
    engine::follow(game, CPU_MAX_ACTIONS, engine::plain_player()).1
}

/// The next move a stand-in CPU makes for an idle player, from what the player can see: the
/// hint where the player could ask for one, else what a player without hints would do.
pub fn stand_in_move(game: &Game, log: &[Action], hints_allowed: bool) -> Option<Action> {
    if game.status() != Status::InProgress {
        return None;
    }
    if !hints_allowed {
        return engine::unaided_move(game);
    }
    let seen = engine::seen_positions(game, log);
    engine::hint(game, &seen)
        .action
        .filter(|a| *a != Action::Undo)
}

/// A CPU's progress `elapsed_ms` after the start: it plays one action of its line every
/// `pace_ms`. Any instance computes the same from the same line and clock.
pub fn cpu_progress(
    start: &Game,
    line: &[Action],
    pace_ms: i64,
    elapsed_ms: i64,
) -> (usize, Option<i64>) {
    let pace = pace_ms.max(1);
    let done = usize::try_from(elapsed_ms.max(0) / pace)
        .unwrap_or(usize::MAX)
        .min(line.len());
    let mut game = start.clone();
    for &action in &line[..done] {
        if game.apply(action).is_err() {
            break;
        }
    }
    let finished = (game.status() == Status::Won).then(|| done as i64 * pace);
    (game.runs_completed(), finished)
}

/// Milliseconds per action of a stand-in playing for an idle player in a room whose CPUs are
/// of `level`, varied a little per seat so stand-ins do not move in lockstep. (CPU seats
/// themselves are pacers: `super::pace`.)
pub fn stand_in_pace_ms(level: engine::Level, seat: i32) -> i32 {
    let base = match level {
        engine::Level::Easy => 4_000,
        engine::Level::Normal => 2_500,
        engine::Level::Hard => 1_500,
    };
    base + (seat % 5 - 2) * base / 20
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Rules, Suits, Variant};

    fn p(seat: i32, runs: usize, finished_ms: Option<i64>, quit: bool) -> Progress {
        Progress {
            seat,
            runs,
            runs_total: 8,
            finished_ms,
            quit,
        }
    }

    #[test]
    fn standings_put_finishers_by_time_then_progress_then_quitters() {
        let limit = 600_000;
        let places = standings(
            vec![
                p(1, 3, None, false),
                p(2, 8, Some(700_000), false),
                p(3, 8, Some(300_000), false),
                p(4, 5, None, true),
                p(5, 3, None, false),
                p(6, 8, Some(500_000), false),
                p(7, 0, None, false),
            ],
            limit,
        );
        let order: Vec<(i32, usize, Standing)> = places
            .iter()
            .map(|pl| (pl.progress.seat, pl.place, pl.standing))
            .collect();
        assert_eq!(
            order,
            vec![
                (3, 1, Standing::Finished),
                (6, 2, Standing::Finished),
                (2, 3, Standing::FinishedLate),
                (1, 4, Standing::Playing),
                (5, 4, Standing::Playing),
                (7, 6, Standing::Playing),
                (4, 7, Standing::Quit),
            ]
        );
    }

    #[test]
    fn a_round_is_over_when_every_human_is_done_or_at_the_cutoff() {
        let places = standings(
            vec![
                p(1, 8, Some(1_000), false),
                p(2, 2, None, true),
                p(3, 4, None, false),
            ],
            600_000,
        );
        let humans_12 = |seat: i32| seat != 3;
        assert_eq!(phase(-1, &places, humans_12), Phase::Countdown);
        assert_eq!(
            phase(5_000, &places, humans_12),
            Phase::Over,
            "seat 3 is a CPU"
        );
        assert_eq!(
            phase(5_000, &places, |_| true),
            Phase::Running,
            "seat 3 still plays"
        );
        assert_eq!(phase(ROUND_CUTOFF_MS, &places, |_| true), Phase::Over);
        assert_eq!(
            phase(5_000, &places, |_| false),
            Phase::Running,
            "CPUs alone never end it"
        );
    }

    #[test]
    fn elo_moves_winners_up_losers_down_and_ties_split() {
        let after = elo(&[(1500.0, 1), (1500.0, 2), (1500.0, 3)]);
        assert!(after[0] > 1500.0 && after[2] < 1500.0);
        assert!((after[1] - 1500.0).abs() < 1e-9);
        assert!(
            (after.iter().sum::<f64>() - 4500.0).abs() < 1e-9,
            "zero-sum"
        );
        let tied = elo(&[(1500.0, 1), (1500.0, 1)]);
        assert_eq!(tied, vec![1500.0, 1500.0]);
        // Beating a stronger player gains more than beating a weaker one.
        let upset = elo(&[(1400.0, 1), (1600.0, 2)]);
        let expected = elo(&[(1600.0, 1), (1400.0, 2)]);
        assert!(upset[0] - 1400.0 > expected[0] - 1600.0);
    }

    #[test]
    fn a_stand_in_plays_without_hints_where_the_player_has_none() {
        // Openings where the hint and a player without hints choose differently, so that
        // the stand-in's choice shows which of them it followed.
        let mut differing = 0;
        for deal in 0..40 {
            let game = Game::new(Variant::Spider, Suits::Two, Rules::default(), deal);
            let hinted = engine::hint(&game, &engine::seen_positions(&game, &[])).action;
            let unaided = engine::unaided_move(&game);
            assert_eq!(stand_in_move(&game, &[], false), unaided, "deal {deal}");
            assert_eq!(stand_in_move(&game, &[], true), hinted, "deal {deal}");
            if hinted != unaided {
                differing += 1;
            }
        }
        assert!(differing >= 5, "only {differing} openings tell them apart");
    }

    #[test]
    fn a_cpu_progresses_with_the_clock_along_its_line() {
        let game = Game::new(Variant::Spider, Suits::One, Rules::default(), 3);
        let line = cpu_line(&game);
        assert!(!line.is_empty());
        assert_eq!(cpu_progress(&game, &line, 1_000, 0), (0, None));
        let (mid, _) = cpu_progress(&game, &line, 1_000, 1_000 * line.len() as i64 / 2);
        let (end, finished) = cpu_progress(&game, &line, 1_000, 10_000_000);
        assert!(mid <= end);
        let mut replay = game.clone();
        for &a in &line {
            replay.apply(a).unwrap();
        }
        assert_eq!(end, replay.runs_completed());
        assert_eq!(finished.is_some(), replay.status() == Status::Won);
        if let Some(ms) = finished {
            assert_eq!(ms, 1_000 * line.len() as i64);
        }
    }
}
