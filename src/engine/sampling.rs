//! The hint sampler's randomness: a splitmix64 generator, and a stable hash of what the player
//! has seen to seed it (so the same visible game always gets the same hint).

use super::card::Card;
use super::game::Action;

/// splitmix64 steps: the sampler's generator.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// A stable hash of the visible history (the same in every build and on every machine).
pub(super) struct Mix(u64);

impl Mix {
    pub(super) fn new(seed: u64) -> Mix {
        Mix(seed)
    }

    pub(super) fn word(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    pub(super) fn card(&mut self, card: Card) {
        self.word(u64::from(card.rank.value()) | (card.suit as u64) << 8);
    }

    pub(super) fn action(&mut self, action: Action) {
        match action {
            Action::Move { from, to, count } => {
                self.word(1 | (from as u64) << 8 | (to as u64) << 16 | (count as u64) << 24);
            }
            Action::Deal => self.word(2),
            Action::Undo => self.word(3),
            Action::Resign => self.word(4),
        }
    }

    pub(super) fn finish(&self) -> u64 {
        Rng(self.0).next()
    }
}
