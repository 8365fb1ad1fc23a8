//! How hard a deal is: from the positions the solver searched to prove it winnable.

use super::deal::Suits;

/// How hard a deal is, from the solver's effort to prove it winnable ([`difficulty`]).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    Easy,
    Normal,
    Hard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

    /// `steps` levels harder (easier when negative), within easy to hard.
    pub fn harder(self, steps: i32) -> Difficulty {
        let at = Difficulty::ALL.iter().position(|&d| d == self).unwrap_or(1) as i32;
        Difficulty::ALL[(at + steps).clamp(0, Difficulty::ALL.len() as i32 - 1) as usize]
    }

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }
}

super::parse_by_name!(Difficulty);

/// The difficulty of a proven deal, from the positions the solver searched to prove it. The
/// bounds split deals 1–200 of each suit count into thirds (`spider solve --suits N --from 1
/// --to 200` prints them): easy deals fall to the first greedy dive, hard ones need the
/// widest beams.
pub fn difficulty(suits: Suits, nodes: u64) -> Difficulty {
    let (easy, normal) = match suits {
        Suits::One => (760, 1_100),
        Suits::Two => (8_000, 240_000),
        Suits::Four => (1_570_000, 1_840_000),
    };
    if nodes <= easy {
        Difficulty::Easy
    } else if nodes <= normal {
        Difficulty::Normal
    } else {
        Difficulty::Hard
    }
}
