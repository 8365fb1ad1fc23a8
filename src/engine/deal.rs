//! Deterministic numbered deals.
//!
//! A deal number seeds ChaCha20 (the 8 little-endian bytes of the number, then zeros), and our
//! own Fisher–Yates shuffles the deck with unbiased bounded sampling. Nothing here calls a
//! library `shuffle()`, whose algorithm could change between versions; the golden vectors in
//! the tests pin every variant and suit count so a deal number never changes meaning.

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

use super::card::{Card, Rank, Suit};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// Two decks, ten columns, eight runs.
    Spider,
    /// One deck, seven columns in a Klondike layout, four runs.
    Spiderette,
}

impl Variant {
    pub const ALL: [Variant; 2] = [Variant::Spider, Variant::Spiderette];

    pub const fn columns(self) -> usize {
        match self {
            Variant::Spider => 10,
            Variant::Spiderette => 7,
        }
    }

    pub const fn runs(self) -> usize {
        match self {
            Variant::Spider => 8,
            Variant::Spiderette => 4,
        }
    }

    pub const fn cards(self) -> usize {
        self.runs() * 13
    }

    pub fn name(self) -> &'static str {
        match self {
            Variant::Spider => "spider",
            Variant::Spiderette => "spiderette",
        }
    }
}

super::parse_by_name!(Variant);

/// How many suits the deck uses: 1, 2 or 4 (ordered by that count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum Suits {
    // The count itself, so even a cast (`as u8`) says it.
    One = 1,
    Two = 2,
    Four = 4,
}

impl Suits {
    pub const ALL: [Suits; 3] = [Suits::One, Suits::Two, Suits::Four];

    pub const fn count(self) -> u8 {
        match self {
            Suits::One => 1,
            Suits::Two => 2,
            Suits::Four => 4,
        }
    }

    /// The suits in play, in the order runs of them are laid into a fresh deck.
    pub fn in_play(self) -> &'static [Suit] {
        match self {
            Suits::One => &[Suit::Spades],
            Suits::Two => &[Suit::Spades, Suit::Hearts],
            Suits::Four => &Suit::ALL,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("suits must be 1, 2 or 4")]
pub struct BadSuitCount;

impl TryFrom<u8> for Suits {
    type Error = BadSuitCount;
    fn try_from(value: u8) -> Result<Self, BadSuitCount> {
        match value {
            1 => Ok(Suits::One),
            2 => Ok(Suits::Two),
            4 => Ok(Suits::Four),
            _ => Err(BadSuitCount),
        }
    }
}

impl TryFrom<i32> for Suits {
    type Error = BadSuitCount;
    /// A suit count as a database column holds it.
    fn try_from(value: i32) -> Result<Self, BadSuitCount> {
        u8::try_from(value)
            .map_err(|_| BadSuitCount)
            .and_then(Suits::try_from)
    }
}

impl From<Suits> for u8 {
    fn from(suits: Suits) -> u8 {
        suits.count()
    }
}

/// The unshuffled deck: whole runs A–K, the suits in play repeated until the variant's run
/// count is reached (Spider 2 suits: ♠ ♥ ♠ ♥ ♠ ♥ ♠ ♥).
pub fn fresh_deck(variant: Variant, suits: Suits) -> Vec<Card> {
    let in_play = suits.in_play();
    (0..variant.runs())
        .flat_map(|run| {
            let suit = in_play[run % in_play.len()];
            Rank::all().map(move |rank| Card::new(rank, suit))
        })
        .collect()
}

/// A uniform integer in `0..bound` (bound ≥ 1) by rejection, so no value is favoured.
fn bounded(rng: &mut ChaCha20Rng, bound: u64) -> u64 {
    // Values below `threshold` would make some residues more likely: draw again.
    let threshold = bound.wrapping_neg() % bound;
    loop {
        let x = rng.next_u64();
        if x >= threshold {
            return x % bound;
        }
    }
}

fn rng_for(deal_number: u64) -> ChaCha20Rng {
    let mut seed = [0u8; 32];
    seed[..8].copy_from_slice(&deal_number.to_le_bytes());
    ChaCha20Rng::from_seed(seed)
}

/// The whole deck in the order it is dealt: the first cards go to the tableau (see
/// [`tableau_order`]), the rest form the stock, first-dealt first.
pub fn shuffled_deck(variant: Variant, suits: Suits, deal_number: u64) -> Vec<Card> {
    let mut deck = fresh_deck(variant, suits);
    let mut rng = rng_for(deal_number);
    for i in (1..deck.len()).rev() {
        let j = bounded(&mut rng, i as u64 + 1) as usize;
        deck.swap(i, j);
    }
    deck
}

/// Which column each tableau card of the shuffled deck goes to, in dealing order, and whether
/// it lands face up. Spider: 54 cards round-robin over ten columns. Spiderette: Klondike rows,
/// so column *i* (0-based) gets *i + 1* cards.
pub fn tableau_order(variant: Variant) -> Vec<usize> {
    match variant {
        Variant::Spider => (0..54).map(|i| i % 10).collect(),
        Variant::Spiderette => (0..7).flat_map(|row| row..7).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(cards: &[Card]) -> String {
        cards
            .iter()
            .map(std::string::ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn decks_have_the_right_composition() {
        for variant in Variant::ALL {
            for suits in Suits::ALL {
                let deck = fresh_deck(variant, suits);
                assert_eq!(deck.len(), variant.cards());
                for suit in Suit::ALL {
                    let n = deck.iter().filter(|c| c.suit == suit).count();
                    let expected = if suits.in_play().contains(&suit) {
                        variant.cards() / suits.count() as usize
                    } else {
                        0
                    };
                    assert_eq!(n, expected, "{variant:?} {suits:?} {suit:?}");
                }
                for rank in Rank::all() {
                    assert_eq!(
                        deck.iter().filter(|c| c.rank == rank).count(),
                        variant.runs()
                    );
                }
            }
        }
        // docs/RULES.md: Spider 2 suits is 4 × spades and 4 × hearts; Spiderette 4 suits one each.
        let two = fresh_deck(Variant::Spider, Suits::Two);
        assert_eq!(two.iter().filter(|c| c.suit == Suit::Hearts).count(), 52);
    }

    #[test]
    fn shuffles_are_permutations_and_depend_on_the_number() {
        for variant in Variant::ALL {
            for suits in Suits::ALL {
                let mut a = shuffled_deck(variant, suits, 7);
                let b = shuffled_deck(variant, suits, 8);
                assert_ne!(a, b);
                assert_eq!(a, shuffled_deck(variant, suits, 7));
                a.sort();
                let mut fresh = fresh_deck(variant, suits);
                fresh.sort();
                assert_eq!(a, fresh);
            }
        }
    }

    #[test]
    fn bounded_sampling_stays_in_range_and_covers_it() {
        let mut rng = rng_for(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[bounded(&mut rng, 7) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800 && n < 1200), "{seen:?}");
        assert_eq!(bounded(&mut rng, 1), 0);
    }

    #[test]
    fn tableau_layouts_match_the_rules() {
        let spider = tableau_order(Variant::Spider);
        let per_column: Vec<usize> = (0..10)
            .map(|c| spider.iter().filter(|&&x| x == c).count())
            .collect();
        assert_eq!(per_column, [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]);
        let klondike = tableau_order(Variant::Spiderette);
        let per_column: Vec<usize> = (0..7)
            .map(|c| klondike.iter().filter(|&&x| x == c).count())
            .collect();
        assert_eq!(per_column, [1, 2, 3, 4, 5, 6, 7]);
    }

    /// Golden vectors: these strings pin the meaning of a deal number forever. If this test
    /// fails, a change has altered every stored game; revert it rather than update the strings.
    #[test]
    fn golden_deals_never_change() {
        let golden: &[(Variant, Suits, u64, &str)] = &[
            (Variant::Spider, Suits::One, 1, GOLDEN_SPIDER_1),
            (Variant::Spider, Suits::Two, 1, GOLDEN_SPIDER_2),
            (Variant::Spider, Suits::Four, 1, GOLDEN_SPIDER_4),
            (Variant::Spider, Suits::Four, u64::MAX, GOLDEN_SPIDER_4_MAX),
            (Variant::Spiderette, Suits::One, 1, GOLDEN_SPIDERETTE_1),
            (Variant::Spiderette, Suits::Two, 1, GOLDEN_SPIDERETTE_2),
            (Variant::Spiderette, Suits::Four, 1, GOLDEN_SPIDERETTE_4),
            (
                Variant::Spiderette,
                Suits::Four,
                0,
                GOLDEN_SPIDERETTE_4_ZERO,
            ),
        ];
        for &(variant, suits, number, expected) in golden {
            let got = text(&shuffled_deck(variant, suits, number));
            assert_eq!(got, expected, "{variant:?} {suits:?} deal {number}");
        }
    }

    const GOLDEN_SPIDER_1: &str = "10♠ 4♠ A♠ 2♠ 2♠ 4♠ 7♠ 9♠ 8♠ 9♠ 9♠ A♠ K♠ 8♠ 6♠ 8♠ K♠ 2♠ 2♠ 7♠ 8♠ 2♠ 6♠ J♠ 9♠ 5♠ 6♠ Q♠ 3♠ 10♠ 5♠ 3♠ 6♠ 3♠ 5♠ J♠ Q♠ A♠ A♠ 6♠ A♠ 7♠ J♠ 9♠ A♠ J♠ 5♠ 5♠ 3♠ Q♠ J♠ 5♠ 8♠ 3♠ Q♠ J♠ 3♠ 8♠ K♠ 4♠ A♠ 9♠ K♠ 6♠ 7♠ 10♠ 10♠ 4♠ 6♠ Q♠ J♠ 8♠ 9♠ 9♠ 7♠ Q♠ 2♠ 2♠ 7♠ 10♠ 10♠ 4♠ K♠ Q♠ 5♠ 4♠ J♠ 3♠ 7♠ 4♠ 10♠ 5♠ Q♠ 2♠ 10♠ 3♠ 4♠ 7♠ K♠ K♠ A♠ K♠ 8♠ 6♠";
    const GOLDEN_SPIDER_2: &str = "10♥ 4♥ A♠ 2♠ 2♥ 4♠ 7♥ 9♠ 8♥ 9♥ 9♠ A♥ K♠ 8♠ 6♠ 8♠ K♠ 2♥ 2♠ 7♠ 8♥ 2♥ 6♥ J♥ 9♥ 5♠ 6♠ Q♠ 3♥ 10♥ 5♠ 3♠ 6♥ 3♥ 5♠ J♠ Q♠ A♥ A♠ 6♥ A♥ 7♥ J♥ 9♥ A♥ J♥ 5♥ 5♥ 3♥ Q♠ J♠ 5♥ 8♥ 3♥ Q♠ J♠ 3♠ 8♠ K♥ 4♠ A♠ 9♠ K♠ 6♠ 7♠ 10♠ 10♥ 4♥ 6♥ Q♥ J♥ 8♥ 9♠ 9♥ 7♥ Q♥ 2♥ 2♠ 7♠ 10♠ 10♠ 4♥ K♥ Q♥ 5♠ 4♠ J♠ 3♠ 7♠ 4♠ 10♥ 5♥ Q♥ 2♠ 10♠ 3♠ 4♥ 7♥ K♥ K♥ A♠ K♠ 8♠ 6♠";
    const GOLDEN_SPIDER_4: &str = "10♥ 4♣ A♦ 2♠ 2♣ 4♠ 7♣ 9♦ 8♣ 9♥ 9♦ A♣ K♦ 8♠ 6♦ 8♠ K♦ 2♥ 2♦ 7♦ 8♣ 2♣ 6♣ J♣ 9♣ 5♠ 6♦ Q♠ 3♥ 10♣ 5♦ 3♦ 6♥ 3♥ 5♠ J♠ Q♦ A♣ A♠ 6♣ A♥ 7♥ J♥ 9♣ A♥ J♥ 5♥ 5♥ 3♣ Q♠ J♦ 5♣ 8♥ 3♣ Q♦ J♠ 3♠ 8♦ K♣ 4♠ A♠ 9♠ K♠ 6♠ 7♦ 10♦ 10♥ 4♥ 6♥ Q♥ J♣ 8♥ 9♠ 9♥ 7♥ Q♣ 2♥ 2♠ 7♠ 10♦ 10♠ 4♥ K♣ Q♥ 5♦ 4♦ J♦ 3♠ 7♠ 4♦ 10♣ 5♣ Q♣ 2♦ 10♠ 3♦ 4♣ 7♣ K♥ K♥ A♦ K♠ 8♦ 6♠";
    const GOLDEN_SPIDER_4_MAX: &str = "7♠ J♠ 10♠ 8♥ 6♦ K♦ 9♣ 3♣ Q♦ K♦ 10♠ J♦ 3♦ J♥ J♣ 3♦ K♥ 3♥ A♣ 7♦ A♦ 5♦ Q♠ 6♥ 8♠ 4♣ 4♣ 4♥ 2♦ 2♠ 3♠ 7♦ Q♦ 7♣ Q♣ 5♦ A♠ 8♦ 4♥ 8♥ 2♣ 4♦ 5♥ A♣ 2♥ 9♥ 2♣ K♥ 6♣ Q♣ 7♥ 9♦ A♦ 10♥ 8♣ 9♦ K♠ A♥ 7♣ 5♠ 5♠ K♣ 3♣ 6♠ J♠ A♠ 3♠ 10♥ Q♥ 4♠ 2♥ J♥ 4♠ 5♥ 9♠ 8♠ 9♥ 7♠ 6♦ 8♦ Q♠ 10♦ 2♦ J♦ K♠ 10♣ 4♦ Q♥ 6♣ 9♠ 7♥ 5♣ 5♣ 6♠ 10♣ 6♥ A♥ 9♣ 3♥ 10♦ J♣ 2♠ 8♣ K♣";
    const GOLDEN_SPIDERETTE_1: &str = "8♠ Q♠ 8♠ K♠ 5♠ 2♠ 3♠ 5♠ K♠ 3♠ Q♠ 8♠ 2♠ J♠ 7♠ 2♠ A♠ 4♠ K♠ 5♠ Q♠ 4♠ 10♠ 10♠ 3♠ 2♠ 7♠ J♠ 9♠ 10♠ J♠ 7♠ 5♠ 6♠ 4♠ 6♠ Q♠ A♠ A♠ 4♠ 9♠ A♠ 7♠ 9♠ K♠ 3♠ 6♠ 10♠ 9♠ J♠ 8♠ 6♠";
    const GOLDEN_SPIDERETTE_2: &str = "8♥ Q♠ 8♠ K♠ 5♥ 2♥ 3♠ 5♠ K♠ 3♠ Q♥ 8♠ 2♥ J♥ 7♥ 2♠ A♠ 4♥ K♥ 5♠ Q♠ 4♥ 10♥ 10♥ 3♥ 2♠ 7♠ J♥ 9♥ 10♠ J♠ 7♠ 5♥ 6♥ 4♠ 6♥ Q♥ A♥ A♠ 4♠ 9♠ A♥ 7♥ 9♠ K♥ 3♥ 6♠ 10♠ 9♥ J♠ 8♥ 6♠";
    const GOLDEN_SPIDERETTE_4: &str = "8♣ Q♠ 8♠ K♦ 5♥ 2♣ 3♦ 5♦ K♠ 3♠ Q♣ 8♦ 2♥ J♣ 7♣ 2♦ A♠ 4♥ K♥ 5♠ Q♦ 4♣ 10♣ 10♥ 3♥ 2♠ 7♠ J♥ 9♣ 10♦ J♠ 7♦ 5♣ 6♣ 4♦ 6♥ Q♥ A♣ A♦ 4♠ 9♦ A♥ 7♥ 9♠ K♣ 3♣ 6♦ 10♠ 9♥ J♦ 8♥ 6♠";
    const GOLDEN_SPIDERETTE_4_ZERO: &str = "9♥ 9♣ 7♦ K♦ 10♥ 3♦ 8♦ 7♣ 8♣ 6♥ J♣ K♣ Q♣ 7♠ 10♦ 2♥ 6♣ 3♥ 5♣ J♦ 10♣ 10♠ A♠ 4♦ 9♦ K♥ 5♥ 7♥ 8♠ A♥ 3♠ 3♣ Q♦ Q♥ 4♠ 6♠ 6♦ Q♠ K♠ 2♠ 5♠ A♣ 4♥ J♥ 9♠ 2♣ A♦ J♠ 5♦ 2♦ 8♥ 4♣";
}
