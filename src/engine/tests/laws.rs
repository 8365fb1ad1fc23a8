//! Property tests (legal actions and apply agree, hidden cards never leak) and perft.

use super::*;

// ---------------------------------------------------------------- Properties

pub(crate) mod properties {
    use super::*;
    use proptest::prelude::*;

    fn census(game: &Game) -> Vec<Card> {
        let pos = game.position();
        let mut all: Vec<Card> = pos
            .columns
            .iter()
            .flat_map(|c| c.cards.iter().copied())
            .chain(pos.stock.iter().copied())
            .chain(
                pos.removed
                    .iter()
                    .flat_map(|&suit| Rank::all().map(move |r| Card::new(r, suit))),
            )
            .collect();
        all.sort();
        all
    }

    /// Every move a client could send (columns one past the end, counts up to 14) and a deal.
    fn candidates(columns: usize) -> impl Iterator<Item = Action> {
        (0..=columns)
            .flat_map(move |from| {
                (0..=columns).flat_map(move |to| (0..=14).map(move |count| mv(from, to, count)))
            })
            .chain(std::iter::once(Action::Deal))
    }

    fn variant_strategy() -> impl Strategy<Value = (Variant, Suits, Rules)> {
        (
            prop_oneof![Just(Variant::Spider), Just(Variant::Spiderette)],
            prop_oneof![Just(Suits::One), Just(Suits::Two), Just(Suits::Four)],
            prop_oneof![
                Just(EmptyColumnDeal::Standard),
                Just(EmptyColumnDeal::Strict),
                Just(EmptyColumnDeal::Allowed)
            ],
        )
            .prop_map(|(v, s, e)| {
                (
                    v,
                    s,
                    Rules {
                        undo: UndoMode::Full,
                        empty_column_deal: e,
                    },
                )
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        #[test]
        fn random_games_keep_every_invariant(
            (variant, suits, rules) in variant_strategy(),
            deal in any::<u64>(),
            choices in proptest::collection::vec(any::<u32>(), 1..160),
        ) {
            let mut game = Game::new(variant, suits, rules, deal);
            let deck = { let mut d = fresh_deck(variant, suits); d.sort(); d };
            let mut log = Vec::new();
            let (mut moves, mut deals, mut undos) = (0u32, 0u32, 0u32);
            for choice in choices {
                let legal = game.legal_actions();
                prop_assert_eq!(game.has_legal_action(), !legal.is_empty());
                // legal_actions() and apply() agree on every candidate action.
                let snapshot = game.clone();
                for action in candidates(game.column_count()) {
                    let mut trial = snapshot.clone();
                    let accepted = trial.apply(action).is_ok();
                    prop_assert_eq!(accepted, legal.contains(&action), "{:?}", action);
                    if !accepted {
                        prop_assert_eq!(&trial, &snapshot);
                    }
                }
                // Pick: mostly a legal action, sometimes an undo.
                let pick = choice as usize % (legal.len() + 1);
                let action = if pick == legal.len() || legal.is_empty() { Action::Undo } else { legal[pick] };
                let before = game.clone();
                match game.apply(action) {
                    Ok(_) => {
                        log.push(action);
                        match action {
                            Action::Move { .. } => moves += 1,
                            Action::Deal => deals += 1,
                            Action::Undo => undos += 1,
                            Action::Resign => {}
                        }
                        if action != Action::Undo && game.status() == Status::InProgress {
                            // Undo after any action restores the previous position.
                            let mut back = game.clone();
                            back.apply(Action::Undo).unwrap();
                            prop_assert_eq!(back.position(), before.position());
                        }
                    }
                    Err(reason) => {
                        prop_assert_eq!(action, Action::Undo);
                        prop_assert_eq!(reason, Illegal::NothingToUndo);
                        prop_assert_eq!(&game, &before);
                    }
                }
                prop_assert_eq!(census(&game), deck.clone());
                for c in 0..game.column_count() {
                    let (down, up) = game.column(c).unwrap();
                    prop_assert!(down == 0 || !up.is_empty(), "a column with hidden cards shows one");
                }
                let runs = game.runs_completed() as i64;
                prop_assert_eq!(game.score(), 500 - i64::from(moves + deals + undos) + 100 * runs);
                if game.status() != Status::InProgress { break; }
            }
            let replayed = Game::replay(variant, suits, rules, deal, log).unwrap();
            prop_assert_eq!(replayed, game);
        }

        #[test]
        fn under_no_reveal_no_seen_card_turns_down_again_and_the_stock_never_undeals(
            (variant, suits, rules) in variant_strategy(),
            deal in any::<u64>(),
            choices in proptest::collection::vec(any::<u32>(), 1..200),
        ) {
            let rules = Rules { undo: UndoMode::NoReveal, ..rules };
            let mut game = Game::new(variant, suits, rules, deal);
            for choice in choices {
                let legal = game.legal_actions();
                // An undo about a third of the time, so runs of undos come up too.
                let action = if choice % 3 == 0 || legal.is_empty() {
                    Action::Undo
                } else {
                    legal[(choice / 3) as usize % legal.len()]
                };
                let before = game.clone();
                let could_undo = game.can_undo();
                let result = game.apply(action);
                if action == Action::Undo {
                    prop_assert_eq!(could_undo, result.is_ok());
                }
                if let Err(reason) = result {
                    prop_assert!(
                        matches!(reason, Illegal::NothingToUndo | Illegal::UndoWouldHideCard),
                        "{:?}", reason
                    );
                    prop_assert_eq!(&game, &before, "a refusal changes nothing");
                }
                for c in 0..game.column_count() {
                    let (down_now, _) = game.column(c).unwrap();
                    let (down_before, _) = before.column(c).unwrap();
                    prop_assert!(down_now <= down_before, "column {} hid a card again", c + 1);
                }
                prop_assert!(game.stock_cards() <= before.stock_cards(), "the stock took cards back");
                if game.status() != Status::InProgress { break; }
            }
        }

        #[test]
        fn hints_depend_only_on_what_is_visible(
            (variant, suits, rules) in variant_strategy(),
            deal in any::<u64>(),
            steps in 0usize..60,
            shuffle_seed in any::<u64>(),
        ) {
            let game = walked(Game::new(variant, suits, rules, deal), steps, deal as usize);
            let twin = with_hidden_cards_shuffled(&game, shuffle_seed);
            prop_assert_eq!(twin.visible(), game.visible());
            let mut seen = std::collections::HashSet::new();
            seen.insert(game.visible());
            let (a, b) = (hint(&twin, &seen), hint(&game, &seen));
            // The twin has no history to undo; the chosen action and its reason must agree.
            prop_assert_eq!((a.action, a.kind), (b.action, b.kind));
            if a.action.is_some() {
                prop_assert_eq!(a.reason, b.reason);
            }
        }

        #[test]
        fn a_player_without_hints_chooses_from_what_is_visible_only(
            (variant, suits, rules) in variant_strategy(),
            deal in any::<u64>(),
            steps in 0usize..80,
            shuffle_seed in any::<u64>(),
        ) {
            let game = walked(Game::new(variant, suits, rules, deal), steps, deal as usize);
            let twin = with_hidden_cards_shuffled(&game, shuffle_seed);
            prop_assert_eq!(twin.visible(), game.visible());
            prop_assert_eq!(unaided_move(&twin), unaided_move(&game));
        }
    }

    /// `game` after up to `steps` legal actions, picked by a fixed rule from `seed`.
    fn walked(mut game: Game, steps: usize, seed: usize) -> Game {
        for i in 0..steps {
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            game.apply(legal[(i * 7 + seed % 5) % legal.len()]).unwrap();
        }
        game
    }

    /// The same visible position with the face-down cards and the stock dealt differently.
    pub(crate) fn with_hidden_cards_shuffled(game: &Game, seed: u64) -> Game {
        let pos = game.position();
        let mut hidden: Vec<Card> = pos
            .columns
            .iter()
            .flat_map(|c| c.cards[..c.face_down].iter().copied())
            .collect();
        hidden.extend(pos.stock.iter().copied());
        let mut state = seed | 1;
        for i in (1..hidden.len()).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            hidden.swap(i, (state % (i as u64 + 1)) as usize);
        }
        let mut next = hidden.into_iter();
        let columns = pos
            .columns
            .iter()
            .map(|c| {
                let mut cards: Vec<Card> = next.by_ref().take(c.face_down).collect();
                cards.extend_from_slice(c.face_up());
                (c.face_down, cards)
            })
            .collect();
        let mut stock: Vec<Card> = next.collect();
        stock.reverse();
        Game::from_parts(game.variant(), game.suits(), game.rules(), columns, stock)
            .with_removed(pos.removed.clone())
    }
}

// ---------------------------------------------------------------- Perft

/// Sequences counted by trying every conceivable move through `apply`, independent of the
/// move generator.
fn perft_by_trial(game: &Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let n = game.column_count();
    let mut total = 0;
    let all = (0..n)
        .flat_map(|from| (0..n).flat_map(move |to| (1..=13).map(move |count| mv(from, to, count))))
        .chain(std::iter::once(Action::Deal));
    for action in all {
        let mut next = game.clone();
        if next.apply(action).is_ok() {
            total += perft_by_trial(&next, depth - 1);
        }
    }
    total
}

#[test]
fn perft_golden_counts() {
    // (variant, suits, deal number, deals made first, counts at depth 1..=4)
    let cases: &[(Variant, Suits, u64, usize, [u64; 4])] = &[
        (Variant::Spider, Suits::One, 1, 0, [3, 8, 58, 517]),
        (Variant::Spider, Suits::Four, 2, 0, [8, 63, 496, 3864]),
        (Variant::Spider, Suits::Two, 4, 2, [5, 31, 229, 1791]),
        (Variant::Spiderette, Suits::Two, 3, 0, [4, 15, 61, 274]),
        (Variant::Spiderette, Suits::Four, 6, 1, [3, 5, 18, 59]),
    ];
    for &(variant, suits, deal, deals_first, expected) in cases {
        let mut game = Game::new(variant, suits, allowed(), deal);
        for _ in 0..deals_first {
            game.apply(Action::Deal).unwrap();
        }
        let got = [game.perft(1), game.perft(2), game.perft(3), game.perft(4)];
        assert_eq!(got, expected, "{variant:?} {suits:?} deal {deal}");
        assert_eq!(perft_by_trial(&game, 2), got[1]);
    }
}
