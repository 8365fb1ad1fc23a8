//! docs/RULES.md, rule by rule, then property tests and perft golden counts.

use super::*;

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(card).collect()
}

/// A hand-made Spider game: each column as (face-down cards, face-up cards), stock in
/// dealing order.
fn spider(rules: Rules, columns: &[(&str, &str)], stock: &str) -> Game {
    let columns = columns
        .iter()
        .map(|(down, up)| {
            let mut all = cards(down);
            let face_down = all.len();
            all.extend(cards(up));
            (face_down, all)
        })
        .collect();
    Game::from_parts(Variant::Spider, Suits::Four, rules, columns, cards(stock))
}

fn mv(from: usize, to: usize, count: usize) -> Action {
    Action::Move { from, to, count }
}

fn allowed() -> Rules {
    Rules {
        undo: UndoMode::Full,
        empty_column_deal: EmptyColumnDeal::Allowed,
    }
}

/// A tableau with no empty column and nothing movable between the given columns.
fn filler(n: usize) -> Vec<(&'static str, &'static str)> {
    vec![("", "A♣"); n]
}

fn stock_cards_for(deals: usize) -> String {
    vec!["A♦"; deals * 10].join(" ")
}

// ---------------------------------------------------------------- The deal

#[test]
fn spider_opening_has_six_six_six_six_then_fives_with_one_card_up_each() {
    for suits in Suits::ALL {
        let game = Game::new(Variant::Spider, suits, Rules::default(), 9);
        let lens: Vec<usize> = (0..10)
            .map(|c| {
                let (down, up) = game.column(c).unwrap();
                assert_eq!(up.len(), 1);
                down + up.len()
            })
            .collect();
        assert_eq!(lens, [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]);
        assert_eq!(game.stock_cards(), 50);
        assert_eq!(game.stock_deals_left(), 5);
        let down: usize = (0..10).map(|c| game.column(c).unwrap().0).sum();
        assert_eq!(down, 44);
    }
}

#[test]
fn spider_deals_the_shuffled_deck_round_robin_then_the_stock_in_order() {
    let deck = shuffled_deck(Variant::Spider, Suits::Four, 5);
    let mut game = Game::new(Variant::Spider, Suits::Four, allowed(), 5);
    // Card i of the deck lands on column i % 10; the last face-up card is the 6th or 5th.
    assert_eq!(game.column(0).unwrap().1[0], deck[50]);
    assert_eq!(game.column(3).unwrap().1[0], deck[53]);
    assert_eq!(game.column(4).unwrap().1[0], deck[44]);
    assert_eq!(game.column(9).unwrap().1[0], deck[49]);
    assert_eq!(game.position().columns[2].cards[0], deck[2]);
    game.apply(Action::Deal).unwrap();
    for c in 0..10 {
        assert_eq!(*game.column(c).unwrap().1.last().unwrap(), deck[54 + c]);
    }
}

#[test]
fn spiderette_is_a_klondike_layout_with_a_7_7_7_3_stock() {
    for suits in Suits::ALL {
        let mut game = Game::new(Variant::Spiderette, suits, allowed(), 11);
        for c in 0..7 {
            let (down, up) = game.column(c).unwrap();
            assert_eq!((down, up.len()), (c, 1));
        }
        assert_eq!(game.stock_cards(), 24);
        let mut dealt = Vec::new();
        while game.stock_cards() > 0 {
            let before: Vec<usize> = (0..7)
                .map(|c| game.position().columns[c].cards.len())
                .collect();
            game.apply(Action::Deal).unwrap();
            let grew: Vec<usize> = (0..7)
                .filter(|&c| game.position().columns[c].cards.len() > before[c])
                .collect();
            dealt.push(grew);
        }
        assert_eq!(dealt.len(), 4);
        assert_eq!(dealt[0], (0..7).collect::<Vec<_>>());
        assert_eq!(dealt[3], vec![0, 1, 2]);
        assert_eq!(game.apply(Action::Deal), Err(Illegal::StockEmpty));
    }
}

#[test]
fn same_deal_number_same_game_forever() {
    let a = Game::new(Variant::Spider, Suits::Two, Rules::default(), 123_456_789);
    let b = Game::new(Variant::Spider, Suits::Two, Rules::default(), 123_456_789);
    assert_eq!(a, b);
    assert_ne!(
        a.position(),
        Game::new(Variant::Spider, Suits::Two, Rules::default(), 123_456_790).position()
    );
}

// ---------------------------------------------------------------- Moves

#[test]
fn group_rule_same_suit_run_moves_whole_or_split_anywhere() {
    let mut rules_game = spider(
        allowed(),
        &[("", "Q♦ J♦ 10♦"), ("", "K♣"), ("", "Q♠"), ("", "J♥")],
        "",
    );
    let before = rules_game.clone();
    rules_game.apply(mv(0, 1, 3)).unwrap();
    assert_eq!(rules_game.column(1).unwrap().1, cards("K♣ Q♦ J♦ 10♦"));
    // The lower part alone may move too.
    let mut split = before.clone();
    split.apply(mv(0, 2, 2)).unwrap();
    assert_eq!(split.column(2).unwrap().1, cards("Q♠ J♦ 10♦"));
    let mut single = before;
    single.apply(mv(0, 3, 1)).unwrap();
    assert_eq!(single.column(3).unwrap().1, cards("J♥ 10♦"));
}

#[test]
fn group_rule_mixed_suits_come_apart_one_card_at_a_time() {
    let mut game = spider(allowed(), &[("", "Q♦ J♣ 10♦"), ("", "K♣"), ("", "J♥")], "");
    let before = game.clone();
    assert_eq!(game.apply(mv(0, 1, 3)), Err(Illegal::GroupNotSameSuit));
    assert_eq!(game.apply(mv(0, 2, 2)), Err(Illegal::GroupNotSameSuit));
    assert_eq!(game, before);
    game.apply(mv(0, 2, 1)).unwrap();
}

#[test]
fn group_rule_gapped_sequences_do_not_move_together() {
    let mut game = spider(allowed(), &[("", "Q♦ 10♦"), ("", "K♣"), ("", "J♥")], "");
    assert_eq!(game.apply(mv(0, 1, 2)), Err(Illegal::GroupNotInSequence));
    let mut rising = spider(allowed(), &[("", "9♦ 10♦"), ("", "J♣")], "");
    assert_eq!(rising.apply(mv(0, 1, 2)), Err(Illegal::GroupNotInSequence));
    game.apply(mv(0, 2, 1)).unwrap();
}

#[test]
fn face_down_cards_are_never_selected() {
    let mut game = spider(allowed(), &[("8♠ 7♠", "6♠"), ("", "9♠"), ("", "7♥")], "");
    assert_eq!(
        game.apply(mv(0, 1, 2)),
        Err(Illegal::NotEnoughFaceUp {
            column: 0,
            count: 2,
            face_up: 1
        })
    );
    assert_eq!(
        game.apply(mv(0, 1, 3)).unwrap_err().code(),
        "not_enough_face_up"
    );
    game.apply(mv(0, 2, 1)).unwrap();
}

#[test]
fn landing_rule_one_rank_higher_any_suit_or_an_empty_column() {
    let mut game = spider(
        allowed(),
        &[("", "6♥"), ("", "7♠"), ("", "8♠"), ("", ""), ("", "6♦")],
        "",
    );
    assert_eq!(
        game.apply(mv(0, 2, 1)),
        Err(Illegal::LandingRankMismatch {
            card: card("6♥"),
            onto: card("8♠")
        })
    );
    assert_eq!(
        game.apply(mv(0, 4, 1)).unwrap_err().code(),
        "landing_rank_mismatch"
    );
    game.apply(mv(0, 1, 1)).unwrap();
    game.apply(mv(1, 3, 2)).unwrap_err();
    game.apply(mv(1, 3, 1)).unwrap();
    assert_eq!(game.column(3).unwrap().1, cards("6♥"));
}

#[test]
fn a_king_goes_only_to_an_empty_column_and_nothing_goes_on_an_ace() {
    let mut game = spider(
        allowed(),
        &[("", "K♠"), ("", "A♠"), ("", "2♥"), ("", "")],
        "",
    );
    assert!(matches!(
        game.apply(mv(0, 1, 1)),
        Err(Illegal::LandingRankMismatch { .. })
    ));
    assert!(matches!(
        game.apply(mv(0, 2, 1)),
        Err(Illegal::LandingRankMismatch { .. })
    ));
    assert!(matches!(
        game.apply(mv(2, 1, 1)),
        Err(Illegal::LandingRankMismatch { .. })
    ));
    game.apply(mv(0, 3, 1)).unwrap();
}

#[test]
fn moves_onto_the_same_column_bad_columns_and_empty_groups_are_refused() {
    let mut game = spider(allowed(), &[("", "5♠"), ("", "6♠")], "");
    let before = game.clone();
    assert_eq!(game.apply(mv(0, 0, 1)), Err(Illegal::SameColumn));
    assert_eq!(
        game.apply(mv(2, 0, 1)),
        Err(Illegal::NoSuchColumn { column: 2 })
    );
    assert_eq!(
        game.apply(mv(0, 99, 1)),
        Err(Illegal::NoSuchColumn { column: 99 })
    );
    assert_eq!(game.apply(mv(0, 1, 0)), Err(Illegal::EmptyGroup));
    assert_eq!(game, before, "refusals change nothing");
    assert_eq!(game.score(), 500, "refusals cost nothing");
    assert_eq!(
        Illegal::NoSuchColumn { column: 99 }.to_string(),
        "There is no column 100."
    );
}

#[test]
fn the_card_under_a_moved_group_turns_face_up_in_the_same_action() {
    let mut game = spider(
        allowed(),
        &[("9♣ 3♥", "7♦ 5♠ 4♠"), ("", "6♦"), ("", "")],
        "",
    );
    let outcome = game.apply(mv(0, 1, 2)).unwrap();
    assert!(outcome.turned.is_empty(), "a face-up card is still there");
    let outcome = game.apply(mv(0, 2, 1)).unwrap();
    assert_eq!(outcome.turned.iter().collect::<Vec<_>>(), [0]);
    assert_eq!(game.column(0).unwrap(), (1, &cards("3♥")[..]));
}

#[test]
fn moving_a_whole_column_into_an_empty_one_is_legal_and_only_costs_a_point() {
    let mut game = spider(allowed(), &[("", "5♠ 4♠"), ("", ""), ("", "K♦")], "");
    assert!(game.legal_actions().contains(&mv(0, 1, 2)));
    game.apply(mv(0, 1, 2)).unwrap();
    assert_eq!(game.column(1).unwrap().1, cards("5♠ 4♠"));
    assert_eq!(game.column(0).unwrap().1, &[] as &[Card]);
    assert_eq!(game.score(), 499);
}

// ---------------------------------------------------------------- Dealing

#[test]
fn a_deal_puts_one_face_up_card_on_every_column_in_order() {
    let stock = "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♥ Q♥ K♥ A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥";
    let mut game = spider(Rules::default(), &filler(10), stock);
    assert_eq!(game.stock_deals_left(), 2);
    game.apply(Action::Deal).unwrap();
    let ends: Vec<Card> = (0..10)
        .map(|c| *game.column(c).unwrap().1.last().unwrap())
        .collect();
    assert_eq!(ends, cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠"));
    assert_eq!(game.stock_deals_left(), 1);
    assert_eq!(game.deals(), 1);
    assert_eq!(game.score(), 499);
}

#[test]
fn a_deal_with_an_empty_stock_is_refused() {
    let mut game = spider(Rules::default(), &filler(10), "");
    assert_eq!(game.apply(Action::Deal), Err(Illegal::StockEmpty));
    assert!(!game.legal_actions().contains(&Action::Deal));
}

fn with_one_empty_column(rules: Rules, tableau_cards: usize) -> Game {
    // Column 10 empty; the rest hold `tableau_cards` cards in all.
    let mut columns: Vec<(&str, &str)> = vec![("", ""); 10];
    for i in 0..tableau_cards {
        columns[i % 9] = match columns[i % 9] {
            ("", "") => ("", "A♣"),
            _ => ("A♣", "A♣"),
        };
    }
    spider(rules, &columns, &stock_cards_for(1))
}

#[test]
fn standard_rule_refuses_a_deal_with_an_empty_column_unless_too_few_cards() {
    let rules = Rules::default();
    let mut game = with_one_empty_column(rules, 10);
    assert_eq!(game.apply(Action::Deal), Err(Illegal::DealWithEmptyColumn));
    // Fewer cards in the whole tableau than columns: the deal goes ahead.
    let mut sparse = spider(
        rules,
        &[
            ("", "5♠"),
            ("", "9♥"),
            ("", ""),
            ("", ""),
            ("", ""),
            ("", ""),
            ("", ""),
            ("", ""),
            ("", ""),
            ("", ""),
        ],
        &stock_cards_for(1),
    );
    sparse.apply(Action::Deal).unwrap();
    // Exactly as many cards as columns still blocks it.
    let mut ten = spider(
        rules,
        &[
            ("A♣ A♣", "5♠"),
            ("", "9♥"),
            ("", "9♥"),
            ("", "9♥"),
            ("", "9♥"),
            ("", "9♥"),
            ("", "9♥"),
            ("", "9♥"),
            ("", ""),
            ("", ""),
        ],
        &stock_cards_for(1),
    );
    assert_eq!(ten.apply(Action::Deal), Err(Illegal::DealWithEmptyColumn));
}

#[test]
fn strict_rule_refuses_a_deal_with_any_empty_column_always() {
    let rules = Rules {
        undo: UndoMode::Full,
        empty_column_deal: EmptyColumnDeal::Strict,
    };
    let mut sparse = spider(
        rules,
        &[
            ("", "5♠"),
            ("", ""),
            ("", ""),
            ("", ""),
            ("", ""),
            ("", ""),
            ("", ""),
            ("", ""),
            ("", ""),
            ("", ""),
        ],
        &stock_cards_for(1),
    );
    assert_eq!(
        sparse.apply(Action::Deal),
        Err(Illegal::DealWithEmptyColumn)
    );
    let mut full = spider(rules, &filler(10), &stock_cards_for(1));
    full.apply(Action::Deal).unwrap();
}

#[test]
fn allowed_rule_never_blocks_a_deal_for_empty_columns() {
    let mut game = with_one_empty_column(allowed(), 30);
    game.apply(Action::Deal).unwrap();
    assert_eq!(game.column(9).unwrap().1.len(), 1);
}

// ---------------------------------------------------------------- Runs and winning

const SPADES_K_TO_2: &str = "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠";

#[test]
fn a_completed_run_is_removed_at_once_and_the_card_under_it_turns() {
    let mut game = spider(
        allowed(),
        &[("7♦ 3♣", SPADES_K_TO_2), ("", "A♠"), ("", "K♥")],
        "",
    );
    let outcome = game.apply(mv(1, 0, 1)).unwrap();
    assert!(outcome.completed.contains(0));
    assert!(outcome.turned.contains(0));
    assert_eq!(game.column(0).unwrap(), (1, &cards("3♣")[..]));
    assert_eq!(game.runs_completed(), 1);
    assert_eq!(game.completed_suits(), &[Suit::Spades]);
    assert_eq!(game.score(), 500 - 1 + 100);
}

#[test]
fn a_run_that_completes_below_other_face_up_cards_leaves_them() {
    let mut game = spider(
        allowed(),
        &[("", &format!("5♥ {SPADES_K_TO_2}")), ("", "A♠"), ("", "K♥")],
        "",
    );
    let outcome = game.apply(mv(1, 0, 1)).unwrap();
    assert!(outcome.completed.contains(0));
    assert!(outcome.turned.is_empty());
    assert_eq!(game.column(0).unwrap(), (0, &cards("5♥")[..]));
}

#[test]
fn a_mixed_suit_king_to_ace_never_completes() {
    let mixed = "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠";
    let mut game = spider(allowed(), &[("", mixed), ("", "A♥")], "");
    let outcome = game.apply(mv(1, 0, 1)).unwrap();
    assert!(outcome.completed.is_empty());
    assert_eq!(game.column(0).unwrap().1.len(), 13);
    assert_eq!(game.runs_completed(), 0);
}

#[test]
fn a_deal_can_complete_runs_in_several_columns_at_once() {
    let mut columns: Vec<(&str, &str)> = filler(10);
    columns[2] = ("4♦", SPADES_K_TO_2);
    columns[7] = ("", "K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥");
    let stock = "2♣ 2♣ A♠ 2♣ 2♣ 2♣ 2♣ A♥ 2♣ 2♣";
    let mut game = spider(Rules::default(), &columns, stock);
    let outcome = game.apply(Action::Deal).unwrap();
    assert_eq!(outcome.completed.iter().collect::<Vec<_>>(), [2, 7]);
    assert_eq!(outcome.turned.iter().collect::<Vec<_>>(), [2]);
    assert_eq!(game.runs_completed(), 2);
    assert_eq!(game.column(7).unwrap().1.len(), 0);
    assert_eq!(game.score(), 500 - 1 + 200);
    // Undo takes the whole deal back, both runs and the flip included.
    let before_deal = spider(Rules::default(), &columns, stock);
    game.apply(Action::Undo).unwrap();
    assert_eq!(game.position(), before_deal.position());
    assert_eq!(game.score(), 500 - 2);
}

#[test]
fn the_game_is_won_when_every_run_is_removed_and_then_accepts_nothing() {
    // Spiderette with three runs already home: the last one completes the game.
    let mut game = Game::from_parts(
        Variant::Spiderette,
        Suits::One,
        allowed(),
        vec![
            (0, cards(SPADES_K_TO_2)),
            (0, cards("A♠")),
            (0, vec![]),
            (0, vec![]),
            (0, vec![]),
            (0, vec![]),
            (0, vec![]),
        ],
        vec![],
    )
    .with_removed(vec![Suit::Spades; 3]);
    let outcome = game.apply(mv(1, 0, 1)).unwrap();
    assert_eq!(outcome.status, Status::Won);
    assert_eq!(game.status(), Status::Won);
    assert!(!game.has_legal_action());
    assert!(game.legal_actions().is_empty());
    let won = game.clone();
    for action in [Action::Undo, Action::Deal, Action::Resign, mv(0, 1, 1)] {
        assert_eq!(game.apply(action), Err(Illegal::GameOver));
    }
    assert_eq!(game, won);
}

#[test]
fn there_is_no_automatic_loss_but_the_view_reports_when_nothing_is_left() {
    // Every card an Ace on a full tableau with an empty stock: nothing can move.
    let mut game = spider(Rules::default(), &filler(10), "");
    assert!(!game.has_legal_action());
    assert_eq!(game.status(), Status::InProgress);
    assert!(!game.view().has_legal_action);
    game.apply(Action::Resign).unwrap();
    assert_eq!(game.status(), Status::Resigned);
    assert_eq!(game.score(), 500, "resigning costs no point");
    assert_eq!(game.apply(Action::Undo), Err(Illegal::GameOver));
}

mod laws;
mod play;
mod puzzles;
mod undo;

pub(super) use laws::properties;
