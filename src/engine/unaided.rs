//! How a player without hints plays: a rule of thumb over the visible cards, for race
//! stand-ins in rooms that turned hints off, so that a stand-in is never a stronger player
//! than the person it plays for could be.
//!
//! It reads only what a player sees (the legal actions, face-up cards, counts of face-down
//! cards, whether the stock is empty), judges each action by the position in front of it
//! without trying any, and never undoes.

use super::game::{Action, Game, Status};

/// The action a player without hints takes now, or `None` when none of these is left:
/// 1. a move that turns a face-down card over (onto a card rather than into an empty column,
///    onto its own suit first, then from the column with the fewest face-down cards);
/// 2. a build onto a card of the same suit, by a group that does not sit on one already;
/// 3. the deal;
/// 4. when only an empty column keeps the deal back: one card from a column that shows more
///    than one (and does not sit on a card of its own suit) into it.
///
/// Ties go to the first in [`Game::legal_actions`] order.
pub fn unaided_move(game: &Game) -> Option<Action> {
    if game.status() != Status::InProgress {
        return None;
    }
    let legal = game.legal_actions();
    let deal_waits = game.stock_cards() > 0 && !legal.contains(&Action::Deal);
    legal
        .iter()
        .filter_map(|&action| Some((preference(game, action, deal_waits)?, action)))
        .min_by_key(|(key, _)| *key)
        .map(|(_, action)| action)
}

/// Smaller is better: (rule, into an empty column, off suit, face-down cards left behind).
type Preference = (u8, bool, bool, usize);

fn preference(game: &Game, action: Action, deal_waits: bool) -> Option<Preference> {
    let Action::Move { from, to, count } = action else {
        return (action == Action::Deal).then_some((3, false, false, 0));
    };
    let (down, up) = game.column(from)?;
    let (_, target) = game.column(to)?;
    let top = up[up.len() - count];
    let parent = (count < up.len()).then(|| up[up.len() - count - 1]);
    let onto = target.last();
    let in_suit = onto.is_some_and(|card| card.suit == top.suit);
    if count == up.len() && down > 0 {
        return Some((1, onto.is_none(), !in_suit, down));
    }
    if parent.is_some_and(|p| top.follows_in_suit(p)) {
        return None;
    }
    if in_suit {
        return Some((2, false, false, 0));
    }
    (deal_waits && onto.is_none() && count == 1 && parent.is_some()).then_some((4, true, true, 0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{follow, Card, EmptyColumnDeal, Rules, Suits, Variant};

    fn table(columns: &[(usize, &str)], stock: &str, rule: EmptyColumnDeal) -> Game {
        let cards = |text: &str| -> Vec<Card> {
            text.split_whitespace()
                .map(|c| c.parse().expect("a card"))
                .collect()
        };
        let rules = Rules {
            empty_column_deal: rule,
            ..Rules::default()
        };
        let columns = columns
            .iter()
            .map(|&(down, text)| {
                // What lies face down does not matter here.
                let mut all = cards(&"K♣ ".repeat(down));
                all.extend(cards(text));
                (down, all)
            })
            .collect();
        Game::from_parts(Variant::Spider, Suits::Four, rules, columns, cards(stock))
    }

    fn mv(from: usize, to: usize, count: usize) -> Option<Action> {
        Some(Action::Move { from, to, count })
    }

    #[test]
    fn it_turns_a_card_first_then_builds_in_suit_then_deals() {
        let standard = EmptyColumnDeal::Standard;
        // 5♠ can turn a card (onto 6♥) or build in suit (onto 6♠ as well): turning wins, and
        // onto its own suit.
        let both = table(
            &[(2, "5♠"), (0, "8♦ 6♥"), (0, "9♣ 6♠"), (0, "J♦")],
            "A♠ A♠ A♠ A♠",
            standard,
        );
        assert_eq!(unaided_move(&both), mv(0, 2, 1));
        // Nothing turns: the in-suit build (5♠ onto 6♠), not the off-suit one (onto 6♥).
        let build = table(
            &[(0, "9♦ 5♠"), (0, "8♦ 6♥"), (0, "9♣ 6♠"), (0, "J♦")],
            "A♠ A♠ A♠ A♠",
            standard,
        );
        assert_eq!(unaided_move(&build), mv(0, 2, 1));
        // An off-suit build only: deal.
        let deal = table(
            &[(0, "9♦ 5♠"), (0, "8♦ 6♥"), (0, "J♣"), (0, "J♦")],
            "A♠ A♠ A♠ A♠",
            standard,
        );
        assert_eq!(unaided_move(&deal), Some(Action::Deal));
        // Nothing left, the stock empty: nothing to do (it never undoes).
        let stuck = table(
            &[(0, "9♦ 5♠"), (0, "8♦ 6♥"), (0, "J♣"), (0, "J♦")],
            "",
            standard,
        );
        assert_eq!(unaided_move(&stuck), None);
    }

    #[test]
    fn it_leaves_runs_in_suit_alone_and_fills_a_hole_only_to_deal() {
        // 5♠ sits on 6♠ already: moving it to the other 6♠ gains nothing.
        let run = table(
            &[(0, "9♦ 6♠ 5♠"), (0, "8♦ 6♠"), (0, "J♣"), (0, "J♦")],
            "",
            EmptyColumnDeal::Standard,
        );
        assert_eq!(unaided_move(&run), None);
        // An empty column keeps the deal back: a single card that sits on no card of its own
        // suit fills it.
        let hole = table(
            &[(0, "9♦ 6♠ 5♠"), (0, "8♦ 2♥"), (0, ""), (0, "J♦")],
            "A♠ A♠ A♠ A♠",
            EmptyColumnDeal::Standard,
        );
        assert_eq!(unaided_move(&hole), mv(1, 2, 1));
        // Where empty columns do not block the deal, it deals instead.
        let allowed = table(
            &[(0, "9♦ 6♠ 5♠"), (0, "8♦ 2♥"), (0, ""), (0, "J♦")],
            "A♠ A♠ A♠ A♠",
            EmptyColumnDeal::Allowed,
        );
        assert_eq!(unaided_move(&allowed), Some(Action::Deal));
    }

    #[test]
    fn played_to_the_end_it_never_undoes_and_always_stops() {
        for deal in 0..20 {
            for suits in Suits::ALL {
                let game = Game::new(Variant::Spider, suits, Rules::default(), deal);
                let (end, line) = follow(&game, 5_000, |g, _| unaided_move(g));
                assert!(line.len() < 5_000, "deal {deal}: it stops by itself");
                assert!(!line.contains(&Action::Undo));
                assert!(end.status().is_over() || unaided_move(&end).is_none());
            }
        }
    }
}
