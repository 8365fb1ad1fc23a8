//! The reproduced SpiderSolver player: its runs, evaluation, keys, plies and a whole game.

use super::table::*;
use super::*;
use crate::card::Card;
use crate::card::{Rank, Suit};

fn card(rank: u8, suit: Suit) -> Card {
    Card::new(Rank::new(rank).unwrap(), suit)
}

fn col(down: u8, up: &[(u8, Suit)]) -> Col {
    Col {
        down,
        up: up.iter().map(|&(r, s)| card(r, s)).collect(),
    }
}

use Suit::{Hearts as H, Spades as S};

#[test]
fn runs_are_read_from_the_top_down() {
    let c = col(2, &[(9, S), (8, H), (7, H), (6, S)]);
    let runs = c.runs();
    assert_eq!(runs.len(), 3);
    assert_eq!(
        (rank(runs[0].head), rank(runs[0].tail), runs[0].len),
        (6, 6, 1)
    );
    assert_eq!(
        (rank(runs[1].head), rank(runs[1].tail), runs[1].len),
        (8, 7, 2)
    );
    assert_eq!((rank(runs[2].head), runs[2].len), (9, 1));
}

#[test]
fn the_evaluation_follows_its_description() {
    assert_eq!(run_value(1), 0.0);
    assert!((run_value(13) - 26.4).abs() < 1e-4);
    // A won table: eight runs removed, ten empty columns.
    let won = Table {
        cols: vec![col(0, &[]); 10],
        removed: 8,
    };
    assert!((won.score() - 541.2).abs() < 1e-3, "{}", won.score());
    // An uncovered card counts as turned and adds no run.
    let frozen = Table {
        cols: vec![col(3, &[]), col(2, &[(5, S)])],
        removed: 0,
    };
    assert_eq!(frozen.score(), DOWN[2] + DOWN[2]);
}

#[test]
fn keys_ignore_column_order_and_moves_never_turn_cards() {
    let a = Table {
        cols: vec![col(1, &[(5, S)]), col(0, &[(6, H)]), col(0, &[])],
        removed: 0,
    };
    let b = Table {
        cols: vec![col(0, &[(6, H)]), col(0, &[]), col(1, &[(5, S)])],
        removed: 0,
    };
    assert_eq!(a.key(), b.key());
    let step = vec![Step {
        from: 0,
        count: 1,
        to: 1,
    }];
    let moved = a.after(&step, None);
    // With a guess at the face-down cards, the card turns, showing the guess.
    let guess: Sample = vec![vec![card(9, S)], vec![], vec![card(2, H)]];
    assert_eq!(a.after(&step, Some(&guess)).cols[0], col(0, &[(9, S)]));
    assert_eq!(moved.cols[0], col(1, &[]));
    assert!(!moved.cols[0].eligible());
    // The frozen column offers nothing; the 5 on the 6 may go to the hole.
    let combos = moved.combos();
    assert!(combos
        .iter()
        .all(|c| c.iter().all(|s| s.from != 0 && s.to != 0)));
    assert!(combos.contains(&vec![Step {
        from: 1,
        count: 1,
        to: 2
    }]));
}

#[test]
fn two_runs_move_through_the_hole() {
    // Column 0 holds 8♥ 7♠: two runs (7♠ fits on 8♥ in rank, not in suit).
    let t = Table {
        cols: vec![col(1, &[(8, H), (7, S)]), col(0, &[(9, S)]), col(0, &[])],
        removed: 0,
    };
    let combos = t.combos();
    // Simple: 8♥7♠ is two runs, so only 7♠ moves as a whole run (nothing takes it); the
    // compound takes 7♠ to the hole, 8♥ onto 9♠, and 7♠ back onto it.
    assert!(combos.contains(&vec![
        Step {
            from: 0,
            count: 1,
            to: 2
        },
        Step {
            from: 0,
            count: 1,
            to: 1
        },
        Step {
            from: 2,
            count: 1,
            to: 1
        },
    ]));
}

#[test]
fn a_layout_by_hand_deals_its_rows_in_order() {
    use crate::{Rules, Suits, Variant};
    let columns: Vec<Vec<Card>> = (0..10)
        .map(|c| vec![card(13, H), card(2 + c as u8, S)])
        .collect();
    let rows: Vec<Vec<Card>> = (0..5)
        .map(|r| (0..10).map(|c| card(1 + ((r + c) % 13) as u8, H)).collect())
        .collect();
    let mut game = Game::from_layout(
        Variant::Spider,
        Suits::Two,
        Rules::default(),
        columns.clone(),
        rows.clone(),
    )
    .expect("a layout");
    assert_eq!(game.column(3), Some((1, &columns[3][1..])));
    assert_eq!(game.stock_cards(), 50);
    game.apply(Action::Deal).unwrap();
    for (c, dealt) in rows[0].iter().enumerate() {
        assert_eq!(game.column(c).unwrap().1.last(), Some(dealt));
    }
    // A column without a card, or a short row, is no layout.
    let mut short = rows.clone();
    short[4].pop();
    assert!(Game::from_layout(
        Variant::Spider,
        Suits::Two,
        Rules::default(),
        columns,
        short
    )
    .is_none());
}

#[test]
fn a_one_suit_deal_is_played_to_its_end() {
    use crate::{Rules, Suits, Variant};
    let mut game = Game::new(Variant::Spider, Suits::One, Rules::default(), 7);
    let mut player = ComboPlayer::new(3);
    let mut actions = 0;
    while let Some(action) = player.choose(&game) {
        game.apply(action).expect("the player plays legal actions");
        player.played(&game);
        actions += 1;
        assert!(actions < 3000, "the game ends");
    }
    assert!(game.status() != Status::InProgress || game.stock_cards() == 0);
}

/// Asked for whole plies and told the positions they reach, the player plays the game it plays
/// one action at a time: the per-position check against SpiderSolver's games relies on it.
#[test]
fn whole_plies_are_the_actions_chosen_one_at_a_time() {
    use crate::{Rules, Suits, Variant};
    let mut compounds = 0;
    for deal in 1..=10 {
        let start = Game::new(Variant::Spider, Suits::One, Rules::default(), deal);
        let mut one = ComboPlayer::new(3);
        let mut game = start.clone();
        let mut actions = Vec::new();
        while let Some(action) = one.choose(&game) {
            game.apply(action).unwrap();
            one.played(&game);
            actions.push(action);
            assert!(actions.len() < 3000, "the game ends");
        }
        let mut whole = ComboPlayer::new(3);
        let mut game = start;
        let mut by_plies = Vec::new();
        while let Some(ply) = whole.ply(&game) {
            compounds += usize::from(ply.len() > 1);
            for &action in &ply {
                game.apply(action).unwrap();
            }
            by_plies.extend(ply);
            whole.remember(&game);
        }
        assert_eq!(by_plies, actions, "deal {deal}");
        assert_eq!(whole.plies, one.plies, "deal {deal}");
    }
    assert!(compounds > 0, "the games hold compound plies");
}

/// The weights reach every judgement the player makes: twice SpiderSolver's (every term
/// doubled exactly) plays the same games, and a player blind to face-down cards plays others.
#[test]
fn the_evaluation_weights_steer_the_whole_player() {
    use crate::{Rules, Suits, Variant};
    let play = |weights: Weights, deal: u64| {
        let mut game = Game::new(Variant::Spider, Suits::Two, Rules::default(), deal);
        let mut player = ComboPlayer::new(3).with_weights(weights);
        let mut line = Vec::new();
        while let Some(action) = player.choose(&game) {
            game.apply(action).unwrap();
            player.played(&game);
            line.push(action);
            if line.len() >= 400 {
                break;
            }
        }
        line
    };
    let doubled: Weights = "2,5,20,2,20".parse().unwrap();
    let blind = Weights {
        down: 0.0,
        ..Weights::SPIDERSOLVER
    };
    let mut differ = 0;
    for deal in 1..=3 {
        let line = play(Weights::SPIDERSOLVER, deal);
        assert_eq!(play(doubled, deal), line, "deal {deal}");
        differ += usize::from(play(blind, deal) != line);
    }
    assert!(
        differ > 0,
        "a player blind to face-down cards played the same games"
    );
    assert!("1,10,10".parse::<Weights>().is_err());
    assert!("1,0,10,1,10".parse::<Weights>().is_err());
    assert_eq!("1,10,10,1,10".parse::<Weights>(), Ok(Weights::SPIDERSOLVER));
}
