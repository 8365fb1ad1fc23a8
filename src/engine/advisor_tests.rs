//! The advisor: what it may know, and that it decides from that alone.

use proptest::prelude::*;

use super::advisor::{close_call, wandering_lines};
use super::card::Card;
use super::deal::{Suits, Variant};
use super::game::{Action, Game, Status};
use super::observation::Observation;
use super::rules::Rules;
use super::solver::Determinized;
use super::tests::properties::with_hidden_cards_shuffled;
use super::{advise, advise_scaled, Level};

/// A move that turns a card: the only face-up card of a column with cards under it.
fn turning_move(game: &Game) -> Option<Action> {
    game.legal_actions().into_iter().find(|a| match *a {
        Action::Move { from, count, .. } => game
            .column(from)
            .is_some_and(|(down, up)| down > 0 && up.len() == count),
        _ => false,
    })
}

#[test]
fn levels_have_names_and_parse_back() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
    }
    assert!("expert".parse::<Level>().is_err());
}

#[test]
fn a_card_an_undo_turns_face_down_again_stays_known() {
    let mut game = Game::new(Variant::Spider, Suits::Four, Rules::default(), 7);
    let before = Observation::new(&game, &[]);
    let action = turning_move(&game).expect("an opening move that turns a card");
    let Action::Move { from, .. } = action else {
        unreachable!()
    };
    game.apply(action).unwrap();
    let (_, up) = game.column(from).unwrap();
    let turned = up[0];
    game.apply(Action::Undo).unwrap();
    let log = [action, Action::Undo];
    let after = Observation::new(&game, &log);
    // The column's top face-down card is known now, and no longer among the unseen.
    assert_eq!(after.known_down(from), vec![turned]);
    assert_eq!(after.unseen_count(turned) + 1, before.unseen_count(turned));
    assert_eq!(after.unseen_len() + 1, before.unseen_len());
    // Turning it over again forgets nothing and knows nothing more.
    game.apply(action).unwrap();
    let again = Observation::new(&game, &[action, Action::Undo, action]);
    assert!(again.known_down(from).is_empty());
    assert_eq!(again.unseen_len(), after.unseen_len());
}

#[test]
fn a_row_dealt_then_taken_back_stays_known() {
    let mut game = Game::new(Variant::Spider, Suits::Two, Rules::default(), 3);
    let before = Observation::new(&game, &[]);
    game.apply(Action::Deal).unwrap();
    let row: Vec<Card> = (0..game.column_count())
        .map(|c| *game.column(c).unwrap().1.last().unwrap())
        .collect();
    game.apply(Action::Undo).unwrap();
    let after = Observation::new(&game, &[Action::Deal, Action::Undo]);
    // The stock keeps its next card last: column 1's card is dealt first.
    let mut next_first = after.known_stock();
    next_first.reverse();
    assert_eq!(next_first, row);
    assert_eq!(after.unseen_len() + row.len(), before.unseen_len());
}

#[test]
fn the_same_visible_game_gets_the_same_hint_and_the_hint_is_legal() {
    let mut game = Game::new(Variant::Spider, Suits::Two, Rules::default(), 11);
    let mut log = Vec::new();
    for _ in 0..12 {
        let first = advise(&game, &log, Level::Easy);
        let second = advise(&game, &log, Level::Easy);
        assert_eq!(first, second);
        let Some(action) = first.action else { break };
        assert!(game.legal_actions().contains(&action), "{action:?}");
        game.apply(action).unwrap();
        log.push(action);
    }
}

#[test]
fn a_scaled_budget_is_the_standard_one_at_100_percent_and_still_legal_below() {
    let game = Game::new(Variant::Spider, Suits::Two, Rules::default(), 5);
    assert_eq!(
        advise_scaled(&game, &[], Level::Easy, 100),
        advise(&game, &[], Level::Easy)
    );
    for percent in [1, 10] {
        let hint = advise_scaled(&game, &[], Level::Hard, percent);
        let action = hint.action.expect("an opening always has an action");
        assert!(game.legal_actions().contains(&action), "{action:?}");
    }
}

#[test]
fn a_finished_game_gets_no_hint() {
    let mut game = Game::new(Variant::Spider, Suits::One, Rules::default(), 1);
    game.apply(Action::Resign).unwrap();
    assert_eq!(game.status(), Status::Resigned);
    let hint = advise(&game, &[Action::Resign], Level::Normal);
    assert_eq!(hint.action, None);
    assert!(!hint.suggest_undo);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn advice_depends_only_on_what_is_visible(
        suits in prop_oneof![Just(Suits::One), Just(Suits::Two), Just(Suits::Four)],
        deal in any::<u64>(),
        steps in 0usize..40,
        seeds in (any::<u64>(), any::<u64>()),
    ) {
        let mut game = Game::new(Variant::Spider, suits, Rules::default(), deal);
        for i in 0..steps {
            let legal = game.legal_actions();
            if legal.is_empty() { break; }
            game.apply(legal[(i * 7 + deal as usize % 5) % legal.len()]).unwrap();
        }
        let (a, b) = (with_hidden_cards_shuffled(&game, seeds.0), with_hidden_cards_shuffled(&game, seeds.1));
        prop_assert_eq!(a.visible(), b.visible());
        prop_assert_eq!(advise(&a, &[], Level::Easy), advise(&b, &[], Level::Easy));
        // The `expert` level too (the strongest player measured at each suit count).
        let expert = crate::HintLevel::Expert;
        prop_assert_eq!(advise(&a, &[], expert), advise(&b, &[], expert));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The rollout hint (`expert`) plays its candidates out in guesses drawn from what the
    /// player has seen: the same visible game with other face-down cards and another stock
    /// gets the same hint, and its confidence.
    #[test]
    fn rollout_advice_depends_only_on_what_is_visible(
        suits in prop_oneof![Just(Suits::One), Just(Suits::Two), Just(Suits::Four)],
        deal in any::<u64>(),
        steps in 0usize..40,
        seeds in (any::<u64>(), any::<u64>()),
        full in any::<bool>(),
        exact in any::<bool>(),
    ) {
        let mut game = Game::new(Variant::Spider, suits, Rules::default(), deal);
        for i in 0..steps {
            let legal = game.legal_actions();
            if legal.is_empty() { break; }
            game.apply(legal[(i * 7 + deal as usize % 5) % legal.len()]).unwrap();
        }
        let (a, b) = (with_hidden_cards_shuffled(&game, seeds.0), with_hidden_cards_shuffled(&game, seeds.1));
        prop_assert_eq!(a.visible(), b.visible());
        let settings = super::Rollouts {
            candidates: 3,
            guesses: 2,
            root_depth: 2,
            base_depth: 1,
            horizon: (!full).then_some(6),
            max_actions: 150,
            deal: true,
            // The paired test over the guesses, and the solver finishing each guess (every
            // card counts as few here): neither may read a card the player has not seen.
            margin: exact.then_some(0.5),
            exact_below: if exact { 104 } else { 0 },
            exact_nodes: 2_000,
            weights: super::Weights::SPIDERSOLVER,
        };
        prop_assert_eq!(
            super::advise_rollouts(&a, &[], settings),
            super::advise_rollouts(&b, &[], settings)
        );
    }
}

#[test]
fn after_twenty_quiet_actions_the_hint_deals() {
    let mut game = Game::new(Variant::Spider, Suits::Two, Rules::default(), 5);
    game.apply(Action::Deal).unwrap();
    // A move that turns no card, made and taken back: two quiet actions.
    let quiet = game
        .legal_actions()
        .into_iter()
        .find(|&a| match a {
            Action::Move { from, count, .. } => {
                game.column(from).is_some_and(|(_, up)| count < up.len())
            }
            _ => false,
        })
        .expect("a move that turns no card");
    let mut log = vec![Action::Deal];
    for _ in 0..9 {
        game.apply(quiet).unwrap();
        game.apply(Action::Undo).unwrap();
        log.extend([quiet, Action::Undo]);
    }
    // Eighteen quiet actions: the search still decides (not the forced deal).
    let searched = advise(&game, &log, Level::Easy);
    assert!(
        !matches!(searched.reason, super::reason::Reason::DealQuiet { .. }),
        "{searched:?}"
    );
    game.apply(quiet).unwrap();
    game.apply(Action::Undo).unwrap();
    log.extend([quiet, Action::Undo]);
    // Twenty: deal.
    let hint = advise(&game, &log, Level::Easy);
    assert_eq!(hint.action, Some(Action::Deal), "{hint:?}");
    assert!(hint.reason.to_string().contains("20"), "{}", hint.reason);
    // Dealing resets the count.
    game.apply(Action::Deal).unwrap();
    log.push(Action::Deal);
    assert_ne!(
        advise(&game, &log, Level::Easy).reason,
        hint.reason,
        "a row was dealt: the search decides again"
    );
}

/// A 2-suit game with every row dealt, then `pairs` times a move that turns no card made and
/// taken back: a wandering endgame. The game and its log.
fn wandering_endgame(deal: u64, pairs: usize) -> Option<(Game, Vec<Action>)> {
    let mut game = Game::new(Variant::Spider, Suits::Two, Rules::default(), deal);
    let mut log = Vec::new();
    while game.stock_cards() > 0 {
        game.apply(Action::Deal).ok()?;
        log.push(Action::Deal);
    }
    let quiet = game.legal_actions().into_iter().find(|&a| match a {
        Action::Move { from, count, .. } => {
            game.column(from).is_some_and(|(_, up)| count < up.len())
        }
        _ => false,
    })?;
    for _ in 0..pairs {
        game.apply(quiet).ok()?;
        game.apply(Action::Undo).ok()?;
        log.extend([quiet, Action::Undo]);
    }
    Some((game, log))
}

/// `line` plays from `game`, and only its last action turns a card over or completes a run.
fn assert_legal_and_progress_only_at_the_end(game: &Game, line: &[Action]) {
    let progress = |g: &Game| (g.face_down_cards(), g.runs_completed());
    let mut played = game.clone();
    for (i, &action) in line.iter().enumerate() {
        let before = progress(&played);
        played.apply(action).expect("a line is legal");
        assert_eq!(progress(&played) != before, i + 1 == line.len(), "{line:?}");
    }
}

#[test]
fn lines_that_turn_a_card_are_found_from_visible_cards_alone_and_end_there() {
    let mut checked = 0;
    for deal in 1..=20 {
        let Some((game, _)) = wandering_endgame(deal, 0) else {
            continue;
        };
        let roots: Vec<Action> = game
            .legal_actions()
            .into_iter()
            .filter(|a| matches!(a, Action::Move { .. }))
            .collect();
        let blocks = Determinized::new(&game).blocks(&roots, 6, 50_000);
        for seed in [1, 2] {
            let other = with_hidden_cards_shuffled(&game, seed);
            let again = Determinized::new(&other).blocks(&roots, 6, 50_000);
            let lines = |b: &[super::solver::Block]| {
                b.iter()
                    .map(|b| (b.root, b.line.clone(), b.sight))
                    .collect::<Vec<_>>()
            };
            assert_eq!(lines(&blocks), lines(&again), "deal {deal}");
        }
        for block in &blocks {
            assert_eq!(block.line[0], roots[block.root]);
            assert_legal_and_progress_only_at_the_end(&game, &block.line);
            checked += 1;
        }
        // Best-looking first.
        assert!(blocks.windows(2).all(|w| w[0].sight >= w[1].sight));
    }
    assert!(checked > 20, "only {checked} lines checked");
}

#[test]
fn after_twenty_quiet_actions_past_the_last_deal_the_hint_heads_for_a_card_to_turn() {
    let mut checked = 0;
    for deal in 1..=6 {
        let Some((game, log)) = wandering_endgame(deal, 10) else {
            continue;
        };
        // Eighteen quiet actions: moves are searched one at a time.
        assert_eq!(
            wandering_lines(&Observation::new(&game, &log[..log.len() - 2])),
            None
        );
        // Twenty: from the ends of lines that turn a card over or complete a run.
        let Some(lines) = wandering_lines(&Observation::new(&game, &log)) else {
            continue;
        };
        for line in &lines {
            assert_legal_and_progress_only_at_the_end(&game, line);
        }
        let hint = advise(&game, &log, Level::Easy);
        assert_eq!(advise(&game, &log, Level::Easy), hint);
        let action = hint.action.expect("a move");
        assert!(
            lines.iter().any(|line| line[0] == action),
            "{hint:?} starts none of {lines:?}"
        );
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} endgames checked");
}

/// Spades of the ranks in `text` ("K Q 10"), in order.
fn spades(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|rank| format!("{rank}\u{2660}").parse().expect("a card"))
        .collect()
}

#[test]
fn with_only_the_last_row_unseen_the_search_judges_the_deal_to_the_end_of_the_game() {
    // One suit, five runs home, every card on the table face up, one row left.
    let columns: Vec<(usize, Vec<Card>)> = [
        "K Q J 10 9 8 7 6",
        "K Q J 10 9 8 7",
        "K Q J 10 9 8",
        "7",
        "6",
        "6",
        "5",
        "5",
        "5 4",
        "4",
    ]
    .iter()
    .map(|c| (0, spades(c)))
    .collect();
    let game = Game::from_parts(
        Variant::Spider,
        Suits::One,
        Rules::default(),
        columns,
        spades("A A A 2 2 2 3 3 3 4"),
    )
    .with_removed(vec![super::card::Suit::Spades; 5]);
    // Twenty quiet actions do not force the deal: it is searched, through to the end, and
    // chosen as no move wins more often (every ordering of the last row wins).
    let observation = Observation::new(&game, &[]).with_quiet(20);
    let hint = super::search(&observation, Level::Normal);
    assert_eq!(hint.action, Some(Action::Deal), "{hint:?}");
    assert_eq!(hint.confidence, Some(1.0), "{hint:?}");
    // Before, lines end at the deal as everywhere else (worth the position after it): no
    // sample can be won yet, so the hint cannot say how often its action wins (not "0").
    let hint = super::search(&Observation::new(&game, &[]), Level::Normal);
    assert_eq!(hint.confidence, None, "{hint:?}");
}

/// Totals as the search adds them up: a won sample is worth far more than any position.
fn totals_of(wins: &[usize], samples: usize, score: i64) -> Vec<i64> {
    wins.iter()
        .map(|&w| w as i64 * 900_000 + (samples - w) as i64 * score)
        .collect()
}

#[test]
fn lines_a_few_wins_apart_are_searched_again_and_a_clear_best_is_not() {
    // 3 and 3 of 8 samples won, a third line 2 behind, two more 3 behind: a close call
    // between the first three, best first.
    let wins = [1, 3, 3, 0, 0];
    let totals = totals_of(&wins, 8, 20_000);
    assert_eq!(close_call(&totals, &wins, 8), Some(vec![1, 2, 0]));
    // 6 against 2: decided.
    let wins = [2, 6, 0];
    assert_eq!(close_call(&totals_of(&wins, 8, 20_000), &wins, 8), None);
    // Won in every sample: nothing to gain from more.
    let wins = [8, 7, 7];
    assert_eq!(close_call(&totals_of(&wins, 8, 20_000), &wins, 8), None);
    // At most four lines are searched again, the best four.
    let wins = [2, 2, 2, 2, 2, 3];
    assert_eq!(
        close_call(&totals_of(&wins, 8, 20_000), &wins, 8),
        Some(vec![5, 0, 1, 2])
    );
}

#[test]
fn without_a_win_no_line_is_searched_again() {
    // Means 1000 and 999 over 8 samples, no sample won: the scores decide at once.
    let wins = [0, 0, 0];
    assert_eq!(close_call(&[8_000, 7_992, 7_200], &wins, 8), None);
    // One line alone is never a close call.
    assert_eq!(close_call(&[8_000], &[0], 8), None);
    let wins = [3];
    assert_eq!(close_call(&totals_of(&wins, 8, 20_000), &wins, 8), None);
}

#[test]
fn after_twenty_quiet_actions_holes_that_stop_the_deal_are_filled_then_the_row_is_dealt() {
    // One suit, six runs home, one row left in the stock: sixteen cards in two columns,
    // each a single run, so the eight holes take split runs to fill before the deal.
    let mut columns: Vec<(usize, Vec<Card>)> = ["K Q J 10 9 8 7 6", "K Q J 10 9 8 7 6"]
        .iter()
        .map(|c| (0, spades(c)))
        .collect();
    columns.resize(10, (0, Vec::new()));
    let mut game = Game::from_parts(
        Variant::Spider,
        Suits::One,
        Rules::default(),
        columns,
        spades("5 5 4 4 3 3 2 2 A A"),
    )
    .with_removed(vec![super::card::Suit::Spades; 6]);
    let holes = |g: &Game| {
        (0..10)
            .filter(|&c| g.column(c).is_some_and(|(_, up)| up.is_empty()))
            .count()
    };
    for played in 0..8 {
        let before = holes(&game);
        let observation = Observation::new(&game, &[]).with_quiet(20 + played);
        let hint = super::search(&observation, Level::Easy);
        let action = hint.action.expect("a move");
        assert!(
            hint.reason.to_string().contains("fill every empty column"),
            "{hint:?}"
        );
        game.apply(action).unwrap();
        assert_eq!(holes(&game), before - 1, "{action:?} fills a hole");
    }
    let observation = Observation::new(&game, &[]).with_quiet(28);
    assert_eq!(
        super::search(&observation, Level::Easy).action,
        Some(Action::Deal)
    );
}

/// Every level searches: its widest beam is at least its first (`easy` once searched none,
/// its widest, 16, being narrower than the first, 32).
#[test]
fn every_level_searches_at_least_one_beam() {
    for level in Level::ALL {
        let (narrowest, widest) = level.beams();
        assert!(widest >= narrowest, "{level:?}: {narrowest} > {widest}");
    }
}
