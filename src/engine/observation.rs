//! What the player has seen of a game, and nothing else: the one input of every search that
//! decides over the hidden cards (the sampled search in `advisor`, the rollouts in
//! `combos::rollouts`), and the guesses at the hidden cards drawn from it (docs/HINTS.md, §7).

use std::collections::HashSet;

use super::card::{Card, Suit};
use super::deal::{fresh_deck, Suits, Variant};
use super::game::{Action, Column, Game, Position, Status};
use super::hint::{history, Visible};
use super::rules::Rules;
use super::sampling::{Mix, Rng};

/// A slot that holds a face-down or stock card: the card, if the player has seen it.
type Slot = Option<Card>;

/// Everything the player has seen of a game, and nothing else.
#[derive(Clone, Debug)]
pub struct Observation {
    pub(super) variant: Variant,
    pub(super) suits: Suits,
    pub(super) rules: Rules,
    pub(super) status: Status,
    pub(super) can_undo: bool,
    /// Per column: its face-down slots bottom first, then its face-up cards.
    pub(super) columns: Vec<(Vec<Slot>, Vec<Card>)>,
    /// The stock, the next card to deal last.
    pub(super) stock: Vec<Slot>,
    pub(super) removed: Vec<Suit>,
    /// The cards in the slots the player has not seen, as a multiset (sorted).
    pub(super) unseen: Vec<Card>,
    /// Visible positions already passed through: a hint never leads back to one.
    pub(super) seen: HashSet<Visible>,
    /// How many of the last actions turned no card, removed no run and dealt no row.
    pub(super) quiet: usize,
    /// A hash of the visible history, the sampler's seed.
    pub(super) seed: u64,
}

impl Observation {
    /// What the player of `game`, whose accepted actions were `log`, has seen.
    pub fn new(game: &Game, log: &[Action]) -> Observation {
        let position = game.position();
        let (known_down, known_stock) = game.known_hidden();
        let mut seed = Mix::new(0x5350_4944_4552);
        for action in log {
            seed.action(*action);
        }
        let columns: Vec<(Vec<Slot>, Vec<Card>)> = position
            .columns
            .iter()
            .enumerate()
            .map(|(i, column)| {
                let down = column.face_down;
                let known = usize::from(known_down.get(i).copied().unwrap_or(0)).min(down);
                let slots = column.cards[..down]
                    .iter()
                    .enumerate()
                    .map(|(at, &card)| (at >= down - known).then_some(card))
                    .collect::<Vec<_>>();
                let up = column.face_up().to_vec();
                seed.word(down as u64);
                for card in slots.iter().flatten().chain(&up) {
                    seed.card(*card);
                }
                seed.word(0xff);
                (slots, up)
            })
            .collect();
        let stock_len = position.stock.len();
        let known = known_stock.min(stock_len);
        let stock: Vec<Slot> = position
            .stock
            .iter()
            .enumerate()
            .map(|(at, &card)| (at >= stock_len - known).then_some(card))
            .collect();
        seed.word(stock_len as u64);
        for card in stock.iter().flatten() {
            seed.card(*card);
        }
        // The unseen multiset: the whole deck less every card the player knows the place of.
        let mut unseen = fresh_deck(game.variant(), game.suits());
        let mut take = |card: Card| {
            if let Some(at) = unseen.iter().position(|&c| c == card) {
                unseen.swap_remove(at);
            }
        };
        for (slots, up) in &columns {
            slots.iter().flatten().chain(up).for_each(|&c| take(c));
        }
        stock.iter().flatten().for_each(|&c| take(c));
        for &suit in &position.removed {
            for rank in super::card::Rank::all() {
                take(Card::new(rank, suit));
            }
        }
        unseen.sort_by_key(|c| (c.suit as u8, c.rank.value()));
        let (seen, quiet) = history(game, log);
        Observation {
            variant: game.variant(),
            suits: game.suits(),
            rules: game.rules(),
            status: game.status(),
            can_undo: game.can_undo(),
            columns,
            stock,
            removed: position.removed.clone(),
            unseen,
            seen,
            quiet,
            seed: seed.finish(),
        }
    }

    /// Whether the last row in the stock is all the player has not seen: every card on the
    /// table is face up. No move can turn a card then, so quiet actions are no sign of
    /// wandering: after [`QUIET_ACTIONS`] of them the deal is not forced but searched, with
    /// the moves, through to the end of the game (judged that way from the start, the
    /// search's lines, longer by a whole endgame, found fewer wins: 1 suit, deal 82).
    pub(super) fn last_row_alone_unseen(&self) -> bool {
        !self.stock.is_empty()
            && self.stock.len() <= self.columns.len()
            && self.columns.iter().all(|(down, _)| down.is_empty())
    }

    /// Whether `action` moves a group into an empty column and leaves a card where it was.
    pub(super) fn fills_hole(&self, action: Action) -> bool {
        let Action::Move { from, to, count } = action else {
            return false;
        };
        let cards = |c: usize| {
            self.columns
                .get(c)
                .map_or(0, |(down, up)| down.len() + up.len())
        };
        cards(to) == 0 && cards(from) > count
    }

    /// This observation after `quiet` actions that changed nothing (tests).
    #[cfg(test)]
    pub(crate) fn with_quiet(mut self, quiet: usize) -> Observation {
        self.quiet = quiet;
        self
    }

    /// The known face-down cards of `column`, bottom first (tests).
    #[cfg(test)]
    pub(crate) fn known_down(&self, column: usize) -> Vec<Card> {
        self.columns[column].0.iter().flatten().copied().collect()
    }

    /// The known stock cards, the next to deal last (tests).
    #[cfg(test)]
    pub(crate) fn known_stock(&self) -> Vec<Card> {
        self.stock.iter().flatten().copied().collect()
    }

    #[cfg(test)]
    pub(crate) fn unseen_len(&self) -> usize {
        self.unseen.len()
    }

    #[cfg(test)]
    pub(crate) fn unseen_count(&self, card: Card) -> usize {
        self.unseen.iter().filter(|&&c| c == card).count()
    }

    /// `n` games with this observation's visible cards, each with an ordering of the unseen
    /// ones, drawn from a stream of their own (seeded by the visible history and `salt`).
    pub(crate) fn guesses(&self, n: usize, salt: u64) -> Vec<Game> {
        let mut rng = Rng(self.seed ^ salt);
        (0..n).map(|_| self.sample(&mut rng)).collect()
    }

    /// A game with this observation's visible cards and one ordering of the unseen ones.
    pub(super) fn sample(&self, rng: &mut Rng) -> Game {
        let mut unseen = self.unseen.clone();
        for i in (1..unseen.len()).rev() {
            let j = (rng.next() % (i as u64 + 1)) as usize;
            unseen.swap(i, j);
        }
        let mut fill = unseen.into_iter();
        let mut next = |slot: &Slot| slot.or_else(|| fill.next());
        let columns = self
            .columns
            .iter()
            .map(|(slots, up)| {
                let mut cards: Vec<Card> = slots.iter().filter_map(&mut next).collect();
                cards.extend_from_slice(up);
                Column {
                    face_down: slots.len(),
                    cards,
                }
            })
            .collect();
        let stock = self.stock.iter().filter_map(&mut next).collect();
        let mut game = Game::from_position(
            self.variant,
            self.suits,
            self.rules,
            Position {
                columns,
                stock,
                removed: self.removed.clone(),
            },
        );
        if self.status != Status::InProgress {
            game.set_status(self.status);
        }
        game
    }
}
