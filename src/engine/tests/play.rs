//! The rules tests continued: score, replay, auto-move, hints and the solver.

use super::*;

// ---------------------------------------------------------------- Score

#[test]
fn score_example_40_actions_with_one_run_removed_is_560() {
    let mut game = spider(
        allowed(),
        &[("9♥ 9♥", SPADES_K_TO_2), ("", "A♠"), ("", ""), ("", "K♦")],
        "",
    );
    // 39 moves bouncing the Ace between two columns (a whole column into an empty one)...
    for i in 0..39 {
        let (from, to) = if i % 2 == 0 { (1, 2) } else { (2, 1) };
        game.apply(mv(from, to, 1)).unwrap();
    }
    // ...and the 40th completes the run.
    let outcome = game.apply(mv(2, 0, 1)).unwrap();
    assert!(outcome.completed.contains(0));
    assert_eq!(game.actions(), 40);
    assert_eq!(game.score(), 560);
}

#[test]
fn score_example_two_suit_win_after_158_moves_5_deals_9_undos_is_1128() {
    // Columns 1–8 hold K..8 of their run's suit; the five deals bring 7..3 to each, and
    // columns 9 and 10 collect the 2s and Aces, last run's cards on top.
    let suit = |run: usize| if run < 4 { "♠" } else { "♥" };
    let mut columns: Vec<(usize, Vec<Card>)> = (0..8)
        .map(|run| {
            let up = ["K", "Q", "J", "10", "9", "8"]
                .iter()
                .map(|r| card(&format!("{r}{}", suit(run))))
                .collect();
            (0, up)
        })
        .collect();
    // Column 9 bottom to top: A 2 of run 3, A 2 of run 2, A 2 of run 1, A 2 of run 0.
    let tail = |runs: [usize; 4]| -> Vec<Card> {
        runs.iter()
            .flat_map(|&r| {
                [
                    card(&format!("A{}", suit(r))),
                    card(&format!("2{}", suit(r))),
                ]
            })
            .collect()
    };
    let col9 = tail([3, 2, 1, 0]);
    let col10 = tail([7, 6, 5, 4]);
    columns.push((0, col9[..3].to_vec()));
    columns.push((0, col10[..3].to_vec()));
    let mut stock = Vec::new();
    for deal in 0..5 {
        for run in 0..8 {
            stock.push(card(&format!("{}{}", 7 - deal, suit(run))));
        }
        stock.push(col9[3 + deal]);
        stock.push(col10[3 + deal]);
    }
    let mut game = Game::from_parts(
        Variant::Spider,
        Suits::Two,
        Rules::default(),
        columns,
        stock,
    );
    for _ in 0..5 {
        game.apply(Action::Deal).unwrap();
    }
    for _ in 0..9 {
        game.apply(mv(8, 0, 1)).unwrap();
        game.apply(Action::Undo).unwrap();
    }
    for run in 0..4 {
        game.apply(mv(8, run, 1)).unwrap();
        game.apply(mv(8, run, 1)).unwrap();
    }
    assert_eq!(game.runs_completed(), 4);
    // 2♥ of run 4 wanders between two emptied columns before going home.
    game.apply(mv(9, 0, 1)).unwrap();
    for i in 0..132 {
        let (from, to) = if i % 2 == 0 { (0, 1) } else { (1, 0) };
        game.apply(mv(from, to, 1)).unwrap();
    }
    game.apply(mv(0, 4, 1)).unwrap();
    game.apply(mv(9, 4, 1)).unwrap();
    for run in 5..8 {
        game.apply(mv(9, run, 1)).unwrap();
        game.apply(mv(9, run, 1)).unwrap();
    }
    assert_eq!(game.status(), Status::Won);
    assert_eq!((game.moves(), game.deals(), game.undos()), (158, 5, 9));
    assert_eq!(game.score(), 1128);
}

#[test]
fn score_has_no_floor() {
    let mut game = spider(allowed(), &[("", "5♠"), ("", ""), ("", "K♦")], "");
    for i in 0..600 {
        let (from, to) = if i % 2 == 0 { (0, 1) } else { (1, 0) };
        game.apply(mv(from, to, 1)).unwrap();
    }
    assert_eq!(game.score(), -100);
}

// ---------------------------------------------------------------- Replay

#[test]
fn replay_rebuilds_the_same_game_and_rejects_a_bad_log() {
    let mut game = Game::new(Variant::Spider, Suits::Two, allowed(), 31);
    let mut log = Vec::new();
    for i in 0..40 {
        let actions = game.legal_actions();
        let action = if i % 7 == 6 && game.can_undo() {
            Action::Undo
        } else if actions.is_empty() {
            break;
        } else {
            actions[(i * 13) % actions.len()]
        };
        game.apply(action).unwrap();
        log.push(action);
    }
    let replayed = Game::replay(Variant::Spider, Suits::Two, allowed(), 31, log.clone()).unwrap();
    assert_eq!(replayed, game);
    let mut bad = log.clone();
    bad.insert(3, mv(0, 0, 1));
    let err = Game::replay(Variant::Spider, Suits::Two, allowed(), 31, bad).unwrap_err();
    assert_eq!(err.index, 3);
    assert_eq!(err.reason, Illegal::SameColumn);
}

// ---------------------------------------------------------------- Auto-move

#[test]
fn auto_move_prefers_a_same_suit_parent_then_any_parent_then_an_empty_column() {
    let game = spider(
        allowed(),
        &[
            ("", "9♣ 8♥ 7♥"),
            ("", "8♠"),
            ("", "9♥"),
            ("", ""),
            ("", "8♥"),
        ],
        "",
    );
    // The longest movable group is 8♥ 7♥; its only parent is 9♥ (same suit).
    assert_eq!(game.auto_move(0, None), Ok(mv(0, 2, 2)));
    // Asked for one card: 7♥ onto 8♥ (same suit) beats 8♠.
    assert_eq!(game.auto_move(0, Some(1)), Ok(mv(0, 4, 1)));
    let only_empty = spider(allowed(), &[("", "9♣ 8♥ 7♥"), ("", "K♠"), ("", "")], "");
    assert_eq!(only_empty.auto_move(0, None), Ok(mv(0, 2, 2)));
    let off_suit = spider(allowed(), &[("", "9♣ 8♥ 7♥"), ("", "9♠"), ("", "")], "");
    assert_eq!(off_suit.auto_move(0, None), Ok(mv(0, 1, 2)));
}

#[test]
fn auto_move_never_moves_a_whole_column_into_an_empty_one_and_explains_refusals() {
    let game = spider(allowed(), &[("", "8♥ 7♥"), ("", "K♠"), ("", "")], "");
    assert_eq!(
        game.auto_move(0, None),
        Err(Illegal::NoDestination { column: 0 })
    );
    let game = spider(allowed(), &[("", "9♣ 8♥ 7♦"), ("", "9♠"), ("", "")], "");
    assert_eq!(game.auto_move(0, Some(2)), Err(Illegal::GroupNotSameSuit));
    assert_eq!(
        game.auto_move(5, None),
        Err(Illegal::NoSuchColumn { column: 5 })
    );
    let empty = spider(allowed(), &[("", ""), ("", "9♠")], "");
    assert!(matches!(
        empty.auto_move(0, None),
        Err(Illegal::NotEnoughFaceUp { .. })
    ));
}

#[test]
fn move_count_finds_the_group_that_fits_or_the_longest_for_an_empty_column() {
    let mut game = spider(
        allowed(),
        &[
            ("", "9♣ 8♥ 7♥ 6♥"),
            ("", "9♠"),
            ("", ""),
            ("", "7♦"),
            ("", "K♠"),
            ("", ""),
        ],
        "",
    );
    assert_eq!(game.move_count(0, 1), Ok(3));
    assert_eq!(game.move_count(0, 3), Ok(1));
    assert_eq!(game.move_count(0, 2), Ok(3));
    assert_eq!(
        game.move_count(0, 4),
        Err(Illegal::LandingRankMismatch {
            card: card("8♥"),
            onto: card("K♠")
        })
    );
    assert_eq!(game.move_count(0, 0), Err(Illegal::SameColumn));
    assert!(matches!(
        game.apply(mv(5, 1, game.move_count(5, 1).unwrap())),
        Err(Illegal::NotEnoughFaceUp { .. })
    ));
}

// ---------------------------------------------------------------- Hints

fn fresh_hint(game: &Game) -> Hint {
    let mut seen = std::collections::HashSet::new();
    seen.insert(game.visible());
    hint(game, &seen)
}

#[test]
fn hints_prefer_turning_a_card_then_in_suit_builds_then_builds_then_a_deal() {
    // 5♥ can turn a card (column 1); 9♠ can build in suit on 10♠; 4♣ can go on 5♦.
    let game = spider(
        Rules::default(),
        &[
            ("Q♣", "5♥"),
            ("", "6♣"),
            ("A♦", "10♠"),
            ("", "K♦ 9♠"),
            ("2♦", "5♦ 4♣"),
            ("", "J♥"),
        ],
        &stock_cards_for(1),
    );
    let h = fresh_hint(&game);
    assert_eq!(h.action, Some(mv(0, 1, 1)));
    assert_eq!(h.kind, HintKind::TurnCard);
    assert!(
        h.reason
            .to_string()
            .contains("turns over a card in column 1"),
        "{}",
        h.reason
    );

    let game = spider(
        Rules::default(),
        &[
            ("", "Q♣"),
            ("", "6♣"),
            ("A♦", "10♠"),
            ("K♦", "J♥ 9♠"),
            ("", "5♦ 4♣"),
        ],
        &stock_cards_for(1),
    );
    let h = fresh_hint(&game);
    assert_eq!(h.action, Some(mv(3, 2, 1)));
    assert_eq!(h.kind, HintKind::BuildInSuit);

    let game = spider(
        Rules::default(),
        &[
            ("", "Q♣"),
            ("", "6♣"),
            ("A♦", "10♠"),
            ("K♦", "J♥ 9♦"),
            ("", "2♥"),
        ],
        &stock_cards_for(1),
    );
    let h = fresh_hint(&game);
    assert_eq!(h.action, Some(mv(3, 2, 1)));
    assert_eq!(h.kind, HintKind::Build);

    let game = spider(Rules::default(), &filler(10), &stock_cards_for(1));
    let h = fresh_hint(&game);
    assert_eq!((h.action, h.kind), (Some(Action::Deal), HintKind::Deal));
}

#[test]
fn hints_use_empty_columns_to_turn_cards_and_to_let_the_deal_go() {
    // J♠ alone on a face-down card, a hole beside it, nothing else to do: turning the card
    // is worth the hole.
    let mut columns = vec![("Q♣ 3♦", "J♠"), ("", "")];
    columns.extend(filler(8));
    let game = spider(Rules::default(), &columns, &stock_cards_for(1));
    let h = fresh_hint(&game);
    assert_eq!(h.kind, HintKind::TurnCard, "{h:?}");
    assert_eq!(h.action, Some(mv(0, 1, 1)));

    // The deal waits for a hole, and every group sits on a parent it fits: one still has to
    // go into the hole so that the deal can.
    let mut columns = vec![("", "K♠ Q♥"), ("", ""), ("", "9♦ 8♣")];
    columns.extend(filler(7));
    let game = spider(Rules::default(), &columns, &stock_cards_for(1));
    let h = fresh_hint(&game);
    assert_eq!(h.kind, HintKind::FillColumn, "{h:?}");
    assert!(
        matches!(
            h.action,
            Some(Action::Move {
                to: 1,
                count: 1,
                ..
            })
        ),
        "{h:?}"
    );
}

#[test]
fn hints_never_lead_back_to_a_seen_position_and_say_when_nothing_is_left() {
    // 8♦ can go onto 9♣, freeing 10♦: a hint, unless that position was seen before.
    let game = spider(
        Rules::default(),
        &[("", "10♦ 8♦"), ("", "9♣"), ("", "K♥"), ("", "K♥")],
        "",
    );
    let mut seen = std::collections::HashSet::new();
    seen.insert(game.visible());
    let first = hint(&game, &seen);
    assert_eq!(first.action, Some(mv(0, 1, 1)));
    assert_eq!(first.kind, HintKind::Build);
    let mut after = game.clone();
    after.apply(mv(0, 1, 1)).unwrap();
    seen.insert(after.visible());
    let second = hint(&game, &seen);
    assert_eq!(second.action, None, "{second:?}");
    assert_eq!(second.kind, HintKind::Nothing);
    assert!(!second.suggest_undo, "nothing to undo at the start");
    let mut played = after.clone();
    let back = hint(&played, &seen);
    assert_eq!(back.action, None, "no move leads anywhere new: {back:?}");
    assert!(back.suggest_undo);
    assert!(back.reason.to_string().contains("undo"));
    played.apply(Action::Undo).unwrap();
    let stuck = spider(
        Rules {
            undo: UndoMode::Off,
            ..Rules::default()
        },
        &filler(10),
        "",
    );
    let h = fresh_hint(&stuck);
    assert!(!h.suggest_undo);
    assert!(h.reason.to_string().contains("resign"));
}

#[test]
fn the_hint_player_never_undoes_and_makes_progress() {
    let mut runs = 0;
    for deal in 1..=10 {
        let end = play_by_hints(
            Game::new(Variant::Spider, Suits::One, Rules::default(), deal),
            2_000,
        );
        assert_eq!(end.undos(), 0, "the hint player never undoes");
        runs += end.runs_completed();
    }
    assert!(runs > 0, "a 1-suit hint player completes runs");
}

// ---------------------------------------------------------------- Solver

#[test]
fn the_solvers_line_replayed_through_apply_wins() {
    use super::solver::{solve, Budget, Outcome};
    for deal in [3, 8] {
        let game = Game::new(Variant::Spider, Suits::One, Rules::default(), deal);
        let report = solve(&game, &Budget::default());
        let Outcome::Solved(line) = report.outcome else {
            panic!("deal {deal}: {:?}", report.outcome);
        };
        let replayed =
            Game::replay(Variant::Spider, Suits::One, Rules::default(), deal, line).unwrap();
        assert_eq!(replayed.status(), Status::Won);
        assert!(report.nodes > 0);
    }
    // From the middle of a game too.
    let mut game = Game::new(Variant::Spiderette, Suits::One, Rules::default(), 5);
    game.apply(Action::Deal).unwrap();
    if let Outcome::Solved(line) = solve(&game, &Budget::default()).outcome {
        for action in line {
            game.apply(action).unwrap();
        }
        assert_eq!(game.status(), Status::Won);
    }
}

#[test]
fn the_solver_wins_two_suit_deals_and_spiderettes_short_last_deal() {
    use super::solver::{solve, Budget, Outcome};
    for (variant, suits, deal) in [
        (Variant::Spider, Suits::Two, 1),
        (Variant::Spider, Suits::Two, 2),
        (Variant::Spiderette, Suits::Two, 4),
    ] {
        let game = Game::new(variant, suits, Rules::default(), deal);
        let report = solve(&game, &Budget::default());
        let Outcome::Solved(line) = report.outcome else {
            panic!("{variant:?} {suits:?} deal {deal}: {:?}", report.outcome);
        };
        let replayed = Game::replay(variant, suits, Rules::default(), deal, line.clone()).unwrap();
        assert_eq!(replayed.status(), Status::Won);
        // Every deal in the stock was needed, the short last one of Spiderette included.
        let deals = line.iter().filter(|&&a| a == Action::Deal).count();
        assert_eq!(deals, game.stock_deals_left());
    }
}

#[test]
fn a_position_without_a_winning_line_is_proved_unsolvable() {
    use super::solver::{solve, Budget, Outcome};
    // Three runs home; the last cannot be built: there is no 2♠.
    let game = Game::from_parts(
        Variant::Spiderette,
        Suits::Four,
        allowed(),
        vec![
            (0, cards("K♠ Q♠ J♠")),
            (0, cards("A♠")),
            (0, cards("2♥")),
            (0, cards("10♥")),
            (0, cards("A♣")),
            (0, vec![]),
            (1, cards("A♦ 9♥")),
        ],
        vec![],
    )
    .with_removed(vec![Suit::Hearts, Suit::Clubs, Suit::Diamonds]);
    let report = solve(&game, &Budget::default());
    assert_eq!(report.outcome, Outcome::Unsolvable);
    assert!(report.nodes > 0);
}

#[test]
fn the_solver_says_unknown_when_its_budget_runs_out() {
    use super::solver::{solve, Budget, Outcome};
    let game = Game::new(Variant::Spider, Suits::Four, Rules::default(), 1);
    let budget = Budget {
        nodes: 2_000,
        ..Budget::default()
    };
    let report = solve(&game, &budget);
    assert_eq!(report.outcome, Outcome::Unknown);
    assert!(report.nodes <= 2_000 + 200);
}
