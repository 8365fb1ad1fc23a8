//! docs/RULES.md, Undo: what an undo takes back, and the three undo modes.

use super::*;

#[test]
fn undo_reverses_a_move_with_its_flip_and_its_run() {
    let start = spider(
        allowed(),
        &[("7♦ 3♣", SPADES_K_TO_2), ("Q♥", "A♠"), ("", "K♥")],
        "",
    );
    let mut game = start.clone();
    game.apply(mv(1, 0, 1)).unwrap();
    let outcome = game.apply(Action::Undo).unwrap();
    assert_eq!(outcome.undone, Some(mv(1, 0, 1)));
    assert_eq!(game.position(), start.position());
    // The move (1) and the undo (1) both cost a point; the run's 100 is gone again.
    assert_eq!(game.score(), 498);
    assert_eq!(game.undos(), 1);
    assert_eq!(game.moves(), 1);
}

#[test]
fn repeated_undos_walk_back_to_the_opening_and_then_refuse() {
    let opening = Game::new(Variant::Spider, Suits::One, allowed(), 77);
    let mut game = opening.clone();
    let mut taken = 0;
    for _ in 0..6 {
        if let Some(&action) = game.legal_actions().first() {
            game.apply(action).unwrap();
            taken += 1;
        }
    }
    assert!(taken > 0);
    for _ in 0..taken {
        game.apply(Action::Undo).unwrap();
    }
    assert_eq!(game.position(), opening.position());
    assert_eq!(game.apply(Action::Undo), Err(Illegal::NothingToUndo));
    assert_eq!(game.score(), 500 - 2 * taken as i64);
    assert!(!game.can_undo());
}

#[test]
fn undo_can_be_turned_off() {
    let rules = Rules {
        undo: UndoMode::Off,
        empty_column_deal: EmptyColumnDeal::Standard,
    };
    let mut game = Game::new(Variant::Spider, Suits::One, rules, 5);
    game.apply(Action::Deal).unwrap();
    assert!(!game.can_undo());
    assert_eq!(game.apply(Action::Undo), Err(Illegal::UndoDisabled));
    assert_eq!(Illegal::UndoDisabled.code(), "undo_disabled");
    assert_eq!(game.score(), 499);
}

// docs/RULES.md, Undo: the house rule `undo` has three modes, `full`, `no_reveal` and `off`.

fn rules_with(undo: UndoMode) -> Rules {
    Rules {
        undo,
        empty_column_deal: EmptyColumnDeal::Allowed,
    }
}

/// Column 1 turns a card when its 5♠ leaves; column 3's 4♥ moves (onto 5♣ or 5♦) without
/// turning any; a stock of two deals.
fn undo_table(undo: UndoMode) -> Game {
    spider(
        rules_with(undo),
        &[
            ("7♦", "5♠"),
            ("", "6♥"),
            ("", "9♣ 4♥"),
            ("", "5♣"),
            ("", "5♦"),
        ],
        "A♠ 2♠ 3♠ 4♠ 5♠ A♥ 2♥ 3♥ 4♥ 5♥",
    )
}

#[test]
fn undo_modes_have_stable_names_and_the_old_yes_no_setting_maps_to_full_and_off() {
    assert_eq!(Rules::default().undo, UndoMode::Full, "full is the default");
    for mode in UndoMode::ALL {
        assert_eq!(mode.name().parse(), Ok(mode));
    }
    assert_eq!(
        UndoMode::ALL.map(UndoMode::name),
        ["full", "no_reveal", "off"]
    );
    assert_eq!("sometimes".parse::<UndoMode>(), Err(()));
    assert_eq!(UndoMode::from_allowed(true), UndoMode::Full);
    assert_eq!(UndoMode::from_allowed(false), UndoMode::Off);
    assert_eq!(UndoMode::ALL.map(UndoMode::allows_any), [true, true, false]);
    assert_eq!(Illegal::UndoWouldHideCard.code(), "undo_would_hide_card");
    assert!(Illegal::UndoWouldHideCard.to_string().contains("seen"));
}

#[test]
fn each_undo_mode_answers_an_undo_after_each_kind_of_action() {
    let quiet = mv(2, 3, 1); // 4♥ onto 5♣: nothing turns
    let turning = mv(0, 1, 1); // 5♠ onto 6♥: 7♦ turns
    let expected = [
        (UndoMode::Full, [Ok(()), Ok(()), Ok(())]),
        (
            UndoMode::NoReveal,
            [
                Ok(()),
                Err(Illegal::UndoWouldHideCard),
                Err(Illegal::UndoWouldHideCard),
            ],
        ),
        (UndoMode::Off, [Err(Illegal::UndoDisabled); 3]),
    ];
    for (mode, answers) in expected {
        for (action, answer) in [quiet, turning, Action::Deal].into_iter().zip(answers) {
            let mut game = undo_table(mode);
            let before = game.clone();
            game.apply(action).unwrap();
            assert_eq!(game.can_undo(), answer.is_ok(), "{mode:?} {action:?}");
            let undone = game.apply(Action::Undo).map(|_| ());
            assert_eq!(undone, answer, "{mode:?} {action:?}");
            if answer.is_ok() {
                assert_eq!(game.position(), before.position(), "{mode:?} {action:?}");
            }
        }
    }
}

#[test]
fn no_reveal_refuses_to_take_back_a_deal_and_the_refusal_changes_nothing_and_costs_nothing() {
    let mut game = undo_table(UndoMode::NoReveal);
    game.apply(Action::Deal).unwrap();
    let dealt = game.clone();
    assert!(!game.can_undo());
    assert_eq!(game.apply(Action::Undo), Err(Illegal::UndoWouldHideCard));
    assert_eq!(game, dealt, "nothing changed");
    assert_eq!(game.score(), 499, "only the deal cost a point");
    assert_eq!(game.undos(), 0);
    assert_eq!(game.stock_cards(), 5, "the dealt row stays dealt");
}

#[test]
fn no_reveal_refuses_to_take_back_a_move_that_turned_a_card() {
    let mut game = undo_table(UndoMode::NoReveal);
    let outcome = game.apply(mv(0, 1, 1)).unwrap();
    assert!(outcome.turned.contains(0));
    let turned = game.clone();
    assert_eq!(game.apply(Action::Undo), Err(Illegal::UndoWouldHideCard));
    assert_eq!(game, turned);
    assert_eq!(game.column(0).unwrap(), (0, &cards("7♦")[..]));
}

#[test]
fn no_reveal_counts_a_card_turned_under_a_completed_run_as_shown() {
    // A♠ leaves a face-up Q♥ behind, but the run it completes uncovers 3♣.
    let table = |undo| {
        spider(
            rules_with(undo),
            &[("7♦ 3♣", SPADES_K_TO_2), ("", "Q♥ A♠"), ("", "K♥")],
            "",
        )
    };
    let mut game = table(UndoMode::NoReveal);
    let outcome = game.apply(mv(1, 0, 1)).unwrap();
    assert!(outcome.completed.contains(0) && outcome.turned.contains(0));
    assert!(!outcome.turned.contains(1));
    let after = game.clone();
    assert_eq!(game.apply(Action::Undo), Err(Illegal::UndoWouldHideCard));
    assert_eq!(game, after);
    assert_eq!(game.runs_completed(), 1, "the run stays removed");
    // A run removed with nothing under it shows no card: that move can be taken back.
    let mut bare = spider(
        rules_with(UndoMode::NoReveal),
        &[("", SPADES_K_TO_2), ("", "Q♥ A♠"), ("", "K♥")],
        "",
    );
    let start = bare.clone();
    bare.apply(mv(1, 0, 1)).unwrap();
    assert_eq!(bare.runs_completed(), 1);
    bare.apply(Action::Undo).unwrap();
    assert_eq!(bare.position(), start.position());
    assert_eq!(bare.score(), 498, "the run's 100 went with it");
}

#[test]
fn no_reveal_still_takes_back_moves_that_showed_nothing_one_after_another() {
    let mut game = undo_table(UndoMode::NoReveal);
    let start = game.clone();
    game.apply(mv(2, 3, 1)).unwrap(); // 4♥ onto 5♣
    game.apply(mv(3, 4, 1)).unwrap(); // and on to 5♦
    game.apply(Action::Undo).unwrap();
    game.apply(Action::Undo).unwrap();
    assert_eq!(game.position(), start.position());
    assert_eq!(game.apply(Action::Undo), Err(Illegal::NothingToUndo));
    assert_eq!(game.score(), 496);
}

#[test]
fn no_reveal_leaves_earlier_actions_out_of_reach_behind_a_refused_undo() {
    let mut game = undo_table(UndoMode::NoReveal);
    game.apply(mv(2, 3, 1)).unwrap(); // shows nothing
    let before_deal = game.clone();
    game.apply(Action::Deal).unwrap(); // shows a row
    let after_deal = game.clone();
    game.apply(mv(0, 1, 1)).unwrap(); // A♠ onto 2♠, 5♠ still face up: shows nothing
    game.apply(Action::Undo).unwrap();
    assert_eq!(game.position(), after_deal.position());
    // The deal blocks the way back to the first move, however often the player asks.
    for _ in 0..3 {
        assert_eq!(game.apply(Action::Undo), Err(Illegal::UndoWouldHideCard));
        assert!(!game.can_undo());
    }
    assert_ne!(game.position(), before_deal.position());
    assert_eq!(
        game.column(3).unwrap().1,
        cards("5♣ 4♥ 4♠"),
        "the first move stands"
    );
}
