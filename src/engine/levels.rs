//! How hard a hint thinks: the levels a hint is asked at, and what the sampled search may
//! spend at each. A CPU race player's [`Level`] is the same word: it names the pace and the
//! detours of its line (`domain::pace`), and a hint at that level.

use serde::{Deserialize, Serialize};

/// How hard the search thinks: the same search with a bigger budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The first and widest beam a sample is searched with.
    #[cfg(test)]
    pub(crate) fn beams(self) -> (usize, usize) {
        (self.budget().narrowest, self.budget().widest)
    }

    pub(super) fn budget(self) -> Budget {
        let (samples, nodes, widest, refine) = match self {
            Level::Easy => (1, 20_000, 32, 0),
            Level::Normal => (8, 800_000, 128, 64),
            Level::Hard => (16, 1_600_000, 128, 128),
        };
        Budget {
            refine,
            samples,
            candidates: 24,
            nodes,
            narrowest: 32,
            widest,
            through_last_deal: false,
            spidersolver: false,
        }
    }
}

super::parse_by_name!(Level);

/// The level a hint is asked at: one of the search levels, or `spidersolver`, the public
/// program SpiderSolver's player as reproduced here (docs/HINTS.md §4) at every variant and
/// suit count, looking [`SPIDERSOLVER_DEPTH`] plies ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HintLevel {
    Easy,
    Normal,
    Hard,
    Spidersolver,
    /// The strongest player measured at each suit count, whatever its method (issue 60,
    /// docs/HINTS.md): today what `Normal` plays, because rollouts over guessed cards
    /// (`combos::rollouts`) did not beat it on deals 1–300.
    Expert,
}

/// How many plies the `spidersolver` hint level looks ahead: the depth of SpiderSolver's
/// published 19% at four suits.
pub const SPIDERSOLVER_DEPTH: usize = 5;

impl HintLevel {
    pub const ALL: [HintLevel; 5] = [
        HintLevel::Easy,
        HintLevel::Normal,
        HintLevel::Hard,
        HintLevel::Spidersolver,
        HintLevel::Expert,
    ];

    pub fn name(self) -> &'static str {
        match self {
            HintLevel::Easy => "easy",
            HintLevel::Normal => "normal",
            HintLevel::Hard => "hard",
            HintLevel::Spidersolver => "spidersolver",
            HintLevel::Expert => "expert",
        }
    }

    /// The search level it stands for, if it is one.
    pub fn search(self) -> Option<Level> {
        match self {
            HintLevel::Easy => Some(Level::Easy),
            HintLevel::Normal => Some(Level::Normal),
            HintLevel::Hard => Some(Level::Hard),
            HintLevel::Spidersolver | HintLevel::Expert => None,
        }
    }
}

super::parse_by_name!(HintLevel);

impl From<Level> for HintLevel {
    fn from(level: Level) -> HintLevel {
        match level {
            Level::Easy => HintLevel::Easy,
            Level::Normal => HintLevel::Normal,
            Level::Hard => HintLevel::Hard,
        }
    }
}

/// What one search may spend.
#[derive(Clone, Copy, Debug)]
pub(super) struct Budget {
    /// Sampled orderings of the unseen cards.
    pub(super) samples: usize,
    /// The best-looking candidate actions searched (by the visible ranking).
    pub(super) candidates: usize,
    /// Positions the whole search may generate, shared equally by the samples.
    pub(super) nodes: u64,
    /// More samples searched from the best few lines alone when their results are close.
    pub(super) refine: usize,
    /// Each sample's beam starts this wide and is widened four times over until a line
    /// wins, its share of positions runs out, or it reaches `widest`.
    pub(super) narrowest: usize,
    pub(super) widest: usize,
    /// Lines go on past the last deal (see `Observation::last_row_alone_unseen`).
    pub(super) through_last_deal: bool,
    /// Issue 48, part 2 (b): the roots are SpiderSolver's plies (compounds as lines) and
    /// positions are judged by its evaluation.
    pub(super) spidersolver: bool,
}

impl Budget {
    pub(super) fn scaled(self, percent: u32) -> Budget {
        let nodes = self.nodes.saturating_mul(u64::from(percent)) / 100;
        Budget {
            nodes: nodes.max(self.samples as u64),
            ..self
        }
    }
}
