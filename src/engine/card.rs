//! Cards: ranks, suits and their compact text form (`"10♥"`, `"K♠"`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A card rank, Ace (1) low through King (13). Only valid ranks can be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Rank(u8);

impl Rank {
    pub const ACE: Rank = Rank(1);
    pub const KING: Rank = Rank(13);

    /// `None` unless `1 <= value <= 13`.
    pub const fn new(value: u8) -> Option<Rank> {
        if value >= 1 && value <= 13 {
            Some(Rank(value))
        } else {
            None
        }
    }

    pub const fn value(self) -> u8 {
        self.0
    }

    /// Every rank, Ace first.
    pub fn all() -> impl DoubleEndedIterator<Item = Rank> + Clone {
        (1..=13).map(Rank)
    }

    /// The short name used in the text form: `A`, `2`…`10`, `J`, `Q`, `K`.
    pub fn symbol(self) -> &'static str {
        const NAMES: [&str; 14] = [
            "?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ];
        NAMES[self.0 as usize]
    }
}

impl TryFrom<u8> for Rank {
    type Error = ParseCardError;
    fn try_from(value: u8) -> Result<Self, Self::Error> {
        Rank::new(value).ok_or(ParseCardError::Rank)
    }
}

impl From<Rank> for u8 {
    fn from(rank: Rank) -> u8 {
        rank.0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    fn from_char(c: char) -> Option<Suit> {
        match c {
            '♠' | 's' | 'S' => Some(Suit::Spades),
            '♥' | 'h' | 'H' => Some(Suit::Hearts),
            '♦' | 'd' | 'D' => Some(Suit::Diamonds),
            '♣' | 'c' | 'C' => Some(Suit::Clubs),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Card {
    pub rank: Rank,
    pub suit: Suit,
}

impl Card {
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }

    /// True when `self` may be placed on `parent` (one rank lower, any suit).
    pub fn fits_on(self, parent: Card) -> bool {
        parent.rank.0 == self.rank.0 + 1
    }

    /// True when `self` lies on `parent` as part of one movable group:
    /// one rank lower and the same suit.
    pub fn follows_in_suit(self, parent: Card) -> bool {
        self.suit == parent.suit && self.fits_on(parent)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.symbol(), self.suit.symbol())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseCardError {
    #[error("a card is a rank (A, 2-10, J, Q, K) followed by a suit (♠ ♥ ♦ ♣ or S H D C)")]
    Format,
    #[error("a rank is a number from 1 (Ace) to 13 (King)")]
    Rank,
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Accepts the text form (`"10♥"`) and an ASCII form (`"10h"`, `"TH"`, `"qs"`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let suit_char = s.chars().last().ok_or(ParseCardError::Format)?;
        let suit = Suit::from_char(suit_char).ok_or(ParseCardError::Format)?;
        let rank_text = &s[..s.len() - suit_char.len_utf8()];
        let rank = match rank_text.to_ascii_uppercase().as_str() {
            "A" | "1" => 1,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            "T" => 10,
            digits => digits.parse::<u8>().map_err(|_| ParseCardError::Format)?,
        };
        Ok(Card::new(
            Rank::new(rank).ok_or(ParseCardError::Rank)?,
            suit,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_ace_low_to_king_and_nothing_else() {
        assert_eq!(Rank::new(0), None);
        assert_eq!(Rank::new(14), None);
        assert_eq!(Rank::new(1), Some(Rank::ACE));
        assert_eq!(Rank::new(13), Some(Rank::KING));
        assert_eq!(Rank::all().count(), 13);
    }

    #[test]
    fn text_form_round_trips_for_every_card() {
        for suit in Suit::ALL {
            for rank in Rank::all() {
                let card = Card::new(rank, suit);
                let text = card.to_string();
                assert_eq!(text.parse::<Card>(), Ok(card), "{text}");
            }
        }
        assert_eq!(
            Card::new(Rank::new(10).unwrap(), Suit::Hearts).to_string(),
            "10♥"
        );
        assert_eq!(Card::new(Rank::KING, Suit::Spades).to_string(), "K♠");
        assert_eq!(
            "th".parse::<Card>().map(|c| c.to_string()),
            Ok("10♥".into())
        );
        assert_eq!("qs".parse::<Card>().map(|c| c.to_string()), Ok("Q♠".into()));
        assert_eq!("14♠".parse::<Card>(), Err(ParseCardError::Rank));
        assert_eq!("".parse::<Card>(), Err(ParseCardError::Format));
        assert_eq!("Kx".parse::<Card>(), Err(ParseCardError::Format));
    }

    #[test]
    fn building_is_any_suit_one_rank_down_and_nothing_on_an_ace() {
        let seven_spades = Card::new(Rank::new(7).unwrap(), Suit::Spades);
        let six_hearts = Card::new(Rank::new(6).unwrap(), Suit::Hearts);
        let six_spades = Card::new(Rank::new(6).unwrap(), Suit::Spades);
        assert!(six_hearts.fits_on(seven_spades));
        assert!(!six_hearts.follows_in_suit(seven_spades));
        assert!(six_spades.follows_in_suit(seven_spades));
        assert!(!seven_spades.fits_on(six_spades));
        // No wrap-around: a King never fits on an Ace and nothing fits on an Ace.
        let ace = Card::new(Rank::ACE, Suit::Spades);
        let king = Card::new(Rank::KING, Suit::Spades);
        assert!(!king.fits_on(ace));
        for rank in Rank::all() {
            assert!(!Card::new(rank, Suit::Clubs).fits_on(ace));
        }
    }
}
