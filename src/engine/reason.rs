//! Why a hint suggests its action, as data: the cards, the columns and the reason. The HTTP
//! layer says it in the reader's language (`http::board::hint`); `Display` is the English,
//! for the command line, logs and tests. Columns are held from 0 and said from 1.

use std::fmt;

use super::card::{Card, Suit};

#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// The game is over.
    GameOver,
    /// Nothing useful is left, but undo is.
    TryUndo,
    /// Nothing useful is left, not even undo.
    Resign,
    /// Deal: no better move is in sight.
    Deal,
    /// Deal (a player that gives no reason).
    DealPlain,
    /// Deal: the last `actions` moves turned no card over and completed no run.
    DealQuiet { actions: usize },
    /// `cards` into the empty column `to`.
    IntoEmpty {
        cards: Vec<Card>,
        from: usize,
        to: usize,
    },
    /// `cards` into the empty column `to`, so that the deal can go.
    FillToDeal {
        cards: Vec<Card>,
        from: usize,
        to: usize,
    },
    /// `cards` into the empty column `to`, freeing the card they sat on.
    IntoEmptyFrees {
        cards: Vec<Card>,
        from: usize,
        to: usize,
        frees: Option<Card>,
    },
    /// `cards` onto `onto`, completing a run of `suit`.
    CompletesRun {
        cards: Vec<Card>,
        onto: Option<Card>,
        to: usize,
        suit: Suit,
    },
    /// `cards` away from `from`, where a card turns over.
    TurnsCard {
        cards: Vec<Card>,
        from: usize,
        to: usize,
    },
    /// `cards` away from `from`, which is left empty.
    EmptiesColumn {
        cards: Vec<Card>,
        from: usize,
        to: usize,
    },
    /// `cards` onto `onto`, of their suit.
    BuildsInSuit {
        cards: Vec<Card>,
        onto: Option<Card>,
        to: usize,
    },
    /// `cards` onto `onto`.
    Build {
        cards: Vec<Card>,
        onto: Option<Card>,
        to: usize,
    },
    /// `count` cards from `from` to `to` (a player that gives no reason).
    MoveCards {
        count: usize,
        from: usize,
        to: usize,
    },
    /// `first`, and the last `actions` moves turned no card over: every hole is to be filled
    /// so that the next row can be dealt.
    FillEveryHole { first: Box<Reason>, actions: usize },
}

/// A group of cards: one card, or the first and the last (`9♠–6♠`).
pub fn group(cards: &[Card]) -> String {
    match cards {
        [one] => one.to_string(),
        [first, .., last] => format!("{first}–{last}"),
        [] => String::new(),
    }
}

fn card(c: &Option<Card>) -> String {
    c.map(|c| c.to_string()).unwrap_or_default()
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = |c: &usize| c + 1;
        match self {
            Reason::GameOver => write!(f, "The game is over."),
            Reason::TryUndo => write!(f, "No useful move is left: try undoing your last moves."),
            Reason::Resign => write!(f, "No useful move or deal is left: you may resign."),
            Reason::Deal => write!(
                f,
                "Deal a new row from the stock: no better move is in sight."
            ),
            Reason::DealPlain => write!(f, "Deal a new row from the stock."),
            Reason::DealQuiet { actions } => write!(
                f,
                "Deal a new row from the stock: your last {actions} moves turned no card over \
                 and completed no run."
            ),
            Reason::IntoEmpty { cards, from, to } => write!(
                f,
                "Move {} from column {} into the empty column {}.",
                group(cards),
                n(from),
                n(to)
            ),
            Reason::FillToDeal { cards, from, to } => write!(
                f,
                "Move {} from column {} into the empty column {}, so that you can deal.",
                group(cards),
                n(from),
                n(to)
            ),
            Reason::IntoEmptyFrees {
                cards,
                from,
                to,
                frees,
            } => write!(
                f,
                "Move {} from column {} into the empty column {}: it frees {} for building.",
                group(cards),
                n(from),
                n(to),
                card(frees)
            ),
            Reason::CompletesRun {
                cards,
                onto,
                to,
                suit,
            } => write!(
                f,
                "Move {} onto {} in column {}: it completes a run of {}.",
                group(cards),
                card(onto),
                n(to),
                suit.symbol()
            ),
            Reason::TurnsCard { cards, from, to } => write!(
                f,
                "Move {} from column {} to column {}: it turns over a card in column {}.",
                group(cards),
                n(from),
                n(to),
                n(from)
            ),
            Reason::EmptiesColumn { cards, from, to } => write!(
                f,
                "Move {} from column {} to column {}: it empties column {}.",
                group(cards),
                n(from),
                n(to),
                n(from)
            ),
            Reason::BuildsInSuit { cards, onto, to } => write!(
                f,
                "Move {} onto {} in column {}: it builds in suit.",
                group(cards),
                card(onto),
                n(to)
            ),
            Reason::Build { cards, onto, to } => write!(
                f,
                "Move {} onto {} in column {}.",
                group(cards),
                card(onto),
                n(to)
            ),
            Reason::MoveCards { count, from, to } => write!(
                f,
                "Move {count} card(s) from column {} to column {}.",
                n(from),
                n(to)
            ),
            Reason::FillEveryHole { first, actions } => write!(
                f,
                "{first} Your last {actions} moves turned no card over: fill every empty column \
                 so the next row can be dealt."
            ),
        }
    }
}
