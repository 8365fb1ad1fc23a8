//! Puzzle ratings and the daily puzzle (docs/PUZZLES.md, "Ratings"): each account's first
//! judged attempt at a puzzle is a game between the two under Glicko-2, solved being the
//! player's win; the puzzle's change is capped and only players whose own rating is settled
//! move it. The daily puzzle is the first puzzle at or after a secret mark of the day.

use chrono::NaiveDate;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::engine::{Suits, Variant};

/// A Glicko-2 rating: the rating, its deviation and its volatility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// A new player: 1500, deviation 350, volatility 0.06 (Glickman's suggested start).
pub const NEW_PLAYER: Glicko = Glicko {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
};

/// A new puzzle's deviation and volatility (its rating is estimated from its line).
pub const NEW_PUZZLE_DEVIATION: f64 = 300.0;
pub const NEW_PUZZLE_VOLATILITY: f64 = 0.06;

/// The system constant τ: how fast volatility may change (lichess uses 0.75 for puzzles).
pub const TAU: f64 = 0.75;

/// The most a puzzle's rating moves in one attempt.
pub const PUZZLE_STEP_CAP: f64 = 50.0;

/// A player's deviation must be below this for their attempts to move a puzzle's rating.
pub const SETTLED_DEVIATION: f64 = 250.0;

/// The lowest deviation either side keeps (so a rating can always still learn).
pub const MIN_DEVIATION: f64 = 45.0;

impl From<Glicko> for Glicko2Rating {
    fn from(g: Glicko) -> Glicko2Rating {
        Glicko2Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        }
    }
}

impl From<Glicko2Rating> for Glicko {
    fn from(g: Glicko2Rating) -> Glicko {
        Glicko {
            rating: g.rating,
            deviation: g.deviation.max(MIN_DEVIATION),
            volatility: g.volatility,
        }
    }
}

/// The player's and the puzzle's ratings after one first attempt.
pub fn rate(player: Glicko, puzzle: Glicko, solved: bool) -> (Glicko, Glicko) {
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::default()
    };
    let outcome = if solved {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let (p, q) = glicko2(&player.into(), &puzzle.into(), &outcome, &config);
    let player_after = Glicko::from(p);
    let puzzle_after = if player.deviation < SETTLED_DEVIATION {
        let q = Glicko::from(q);
        Glicko {
            rating: puzzle.rating
                + (q.rating - puzzle.rating).clamp(-PUZZLE_STEP_CAP, PUZZLE_STEP_CAP),
            ..q
        }
    } else {
        puzzle
    };
    (player_after, puzzle_after)
}

/// The daily puzzle's mark for `date`, `variant` and `suits` under `secret`: ten hex digits, the
/// same alphabet and length as puzzle ids. The day's puzzle is the first id at or after it.
pub fn daily_mark(secret: &[u8], date: NaiveDate, variant: Variant, suits: Suits) -> String {
    #[allow(
        clippy::expect_used,
        reason = "HMAC takes keys of any length: new_from_slice never refuses one"
    )]
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes keys of any length");
    mac.update(
        format!(
            "spider-daily-puzzle|{date}|{}|{}",
            variant.name(),
            suits.count()
        )
        .as_bytes(),
    );
    let digest = mac.finalize().into_bytes();
    digest[..5].iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solving_raises_the_player_and_lowers_the_puzzle_failing_the_reverse() {
        let settled = Glicko {
            deviation: 100.0,
            ..NEW_PLAYER
        };
        let puzzle = Glicko {
            rating: 1500.0,
            deviation: NEW_PUZZLE_DEVIATION,
            volatility: NEW_PUZZLE_VOLATILITY,
        };
        let (p, q) = rate(settled, puzzle, true);
        assert!(p.rating > 1500.0 && q.rating < 1500.0, "{p:?} {q:?}");
        assert!(p.deviation < settled.deviation);
        assert!(q.rating >= 1500.0 - PUZZLE_STEP_CAP);
        let (p, q) = rate(settled, puzzle, false);
        assert!(p.rating < 1500.0 && q.rating > 1500.0, "{p:?} {q:?}");
        // A new player's attempt moves the player, not the puzzle.
        let (p, q) = rate(NEW_PLAYER, puzzle, true);
        assert!(p.rating > 1500.0);
        assert_eq!(q, puzzle);
        // Beating a hard puzzle gains more than beating an easy one.
        let hard = Glicko {
            rating: 2000.0,
            ..puzzle
        };
        let easy = Glicko {
            rating: 1000.0,
            ..puzzle
        };
        assert!(rate(settled, hard, true).0.rating > rate(settled, easy, true).0.rating);
    }

    #[test]
    fn the_daily_mark_depends_on_every_input_and_looks_like_an_id() {
        let day = NaiveDate::from_ymd_opt(2026, 12, 7).unwrap();
        let a = daily_mark(b"s", day, Variant::Spider, Suits::One);
        assert_eq!(a.len(), 10);
        assert!(a
            .chars()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
        assert_ne!(a, daily_mark(b"t", day, Variant::Spider, Suits::One));
        assert_ne!(
            a,
            daily_mark(b"s", day.succ_opt().unwrap(), Variant::Spider, Suits::One)
        );
        assert_ne!(a, daily_mark(b"s", day, Variant::Spider, Suits::Two));
        assert_eq!(a, daily_mark(b"s", day, Variant::Spider, Suits::One));
    }
}
