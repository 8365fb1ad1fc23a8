//! Puzzles against an independent check (docs/PUZZLES.md): a plain brute-force search, written
//! here apart from `engine::puzzle` (no table, no pruning, no move grouping; only the rules'
//! own `legal_actions` and `apply`), agrees with the engine on every puzzle it finds: the
//! answer reaches the goal, and no other first move does; and the answer reaches it on every
//! other arrangement of the hidden cards the player could not tell from the real one.

use super::*;
use crate::puzzle::{verdict, Goal, Verdict};

/// Every line of at most `left` moves under the known-cards rule, written out plainly: true
/// if one reaches `goal`. `closed` are the columns a turned card closed.
fn brute(game: &Game, closed: &[bool], goal: Goal, left: usize) -> bool {
    if left == 0 {
        return false;
    }
    let empties = |g: &Game| {
        (0..g.column_count())
            .filter(|&c| g.column(c).map(|(_, cards)| cards.len()) == Some(0))
            .count()
    };
    for action in game.legal_actions() {
        let Action::Move { from, to, .. } = action else {
            continue; // never a deal: the stock is hidden
        };
        if closed[from] || closed[to] {
            continue;
        }
        let mut next = game.clone();
        let before = empties(game);
        let Ok(outcome) = next.apply(action) else {
            continue;
        };
        let reached = match goal {
            Goal::Win => next.status() == Status::Won,
            Goal::RemoveRun => next.runs_completed() > game.runs_completed(),
            Goal::EmptyColumn => empties(&next) > before,
            Goal::TurnCard => next.face_down_cards() < game.face_down_cards(),
        };
        if reached {
            return true;
        }
        let mut now_closed = closed.to_vec();
        for (c, flag) in now_closed.iter_mut().enumerate() {
            if outcome.turned.contains(c) {
                *flag = true;
            }
        }
        if next.status() == Status::InProgress && brute(&next, &now_closed, goal, left - 1) {
            return true;
        }
    }
    false
}

/// Plays `line` and says whether its last move reaches `goal` under the known-cards rule, and
/// no earlier one does.
fn line_reaches(game: &Game, line: &[Action], goal: Goal) -> bool {
    let mut g = game.clone();
    let mut closed = vec![false; g.column_count()];
    for (i, &action) in line.iter().enumerate() {
        let Action::Move { from, to, .. } = action else {
            return false;
        };
        if closed[from] || closed[to] {
            return false;
        }
        let (runs, down) = (g.runs_completed(), g.face_down_cards());
        let empties_before = (0..g.column_count())
            .filter(|&c| g.column(c).map(|(_, cards)| cards.len()) == Some(0))
            .count();
        let Ok(outcome) = g.apply(action) else {
            return false;
        };
        let empties = (0..g.column_count())
            .filter(|&c| g.column(c).map(|(_, cards)| cards.len()) == Some(0))
            .count();
        let reached = match goal {
            Goal::Win => g.status() == Status::Won,
            Goal::RemoveRun => g.runs_completed() > runs,
            Goal::EmptyColumn => empties > empties_before,
            Goal::TurnCard => g.face_down_cards() < down,
        };
        if reached {
            return i + 1 == line.len();
        }
        for c in outcome.turned.iter() {
            closed[c] = true;
        }
    }
    false
}

/// Positions met on the way through numbered deals: each deal, after every few of the first
/// moves the rules list (a plain walk, so the set is fixed).
fn positions() -> Vec<(Game, Vec<Action>)> {
    let mut out = Vec::new();
    for (suits, deal) in [
        (Suits::One, 1),
        (Suits::One, 7),
        (Suits::Two, 3),
        (Suits::Four, 5),
    ] {
        let mut game = Game::new(Variant::Spider, suits, Rules::default(), deal);
        let mut log = Vec::new();
        for step in 0..60 {
            if step % 3 == 0 {
                out.push((game.clone(), log.clone()));
            }
            // Moves first (a different one each step), a deal when no move is left.
            let mut moves: Vec<Action> = game
                .legal_actions()
                .into_iter()
                .filter(|a| matches!(a, Action::Move { .. }))
                .collect();
            if moves.is_empty() {
                moves = game.legal_actions();
            }
            let Some(&action) = moves.get(step % moves.len().max(1)) else {
                break;
            };
            if game.apply(action).is_err() || game.status() != Status::InProgress {
                break;
            }
            log.push(action);
        }
    }
    out
}

#[test]
fn every_puzzle_found_holds_under_a_plain_brute_force_search() {
    let mut checked = 0;
    let mut refused = 0;
    for (game, log) in positions() {
        // The same table with the hidden cards in other places: what the player could not tell
        // from the real game.
        let others = Observation::new(&game, &log).guesses(3, 61);
        for goal in [Goal::RemoveRun, Goal::EmptyColumn, Goal::TurnCard] {
            for within in 1..=4 {
                match verdict(&game, goal, within, 2_000_000) {
                    Verdict::Unique(line) => {
                        assert!(line.len() <= within, "{line:?}");
                        assert!(line_reaches(&game, &line, goal), "{goal:?} {line:?}");
                        // The known-cards rule: the line reaches the goal whatever is hidden.
                        for other in &others {
                            assert!(line_reaches(other, &line, goal), "{goal:?} {line:?}");
                        }
                        let first = line[0];
                        // No other first move reaches the goal within the bound (moving the
                        // same cards to another empty column is the same move).
                        for action in game.legal_actions() {
                            let Action::Move { from, to, count } = action else {
                                continue;
                            };
                            let same = match first {
                                Action::Move {
                                    from: f,
                                    to: t,
                                    count: n,
                                } => {
                                    f == from
                                        && n == count
                                        && (t == to
                                            || [t, to].iter().all(|&c| {
                                                game.column(c).map(|(_, cards)| cards.len())
                                                    == Some(0)
                                            }))
                                }
                                _ => false,
                            };
                            if same {
                                continue;
                            }
                            let alone = brute_from(&game, action, goal, within);
                            assert!(
                                !alone,
                                "{goal:?} within {within}: {action:?} also reaches it"
                            );
                        }
                        checked += 1;
                    }
                    verdict => {
                        // The brute force agrees: no first move reaches it, or two do.
                        let reaching = game
                            .legal_actions()
                            .into_iter()
                            .filter(|&a| brute_from(&game, a, goal, within))
                            .count();
                        match verdict {
                            Verdict::Unreachable => assert_eq!(reaching, 0, "{goal:?} {within}"),
                            Verdict::Several => assert!(reaching >= 2, "{goal:?} {within}"),
                            _ => panic!("a small bound ran out of budget"),
                        }
                        refused += 1;
                    }
                }
            }
        }
    }
    assert!(
        checked >= 20,
        "only {checked} puzzles found ({refused} refused)"
    );
}

/// Whether some line that starts with `action` reaches `goal` within `within` moves, by the
/// brute force.
fn brute_from(game: &Game, action: Action, goal: Goal, within: usize) -> bool {
    let Action::Move { .. } = action else {
        return false;
    };
    if !goal.fits(game) {
        return false;
    }
    if line_reaches(game, &[action], goal) {
        return true;
    }
    let mut next = game.clone();
    let Ok(outcome) = next.apply(action) else {
        return false;
    };
    let mut closed = vec![false; game.column_count()];
    for c in outcome.turned.iter() {
        closed[c] = true;
    }
    next.status() == Status::InProgress && brute(&next, &closed, goal, within - 1)
}

/// A `win` puzzle is set only where nothing is hidden; near the end of a won 1-suit deal, the
/// engine and the brute force agree on whether the last moves are one answer.
#[test]
fn a_win_is_asked_only_where_nothing_is_hidden_and_both_searches_agree() {
    use crate::solver::{self, Outcome};
    let mut game = Game::new(Variant::Spider, Suits::One, Rules::default(), 1);
    assert!(!Goal::Win.fits(&game), "cards are hidden at the start");
    let Outcome::Solved(line) = solver::solve(&game, &solver::Budget::default()).outcome else {
        panic!("deal 1 at one suit is won by the solver");
    };
    let mut asked = 0;
    for (i, &action) in line.iter().enumerate() {
        let left = line.len() - i;
        if Goal::Win.fits(&game) && left <= 2 {
            let verdict = verdict(&game, Goal::Win, left, 2_000_000);
            let reaching = game
                .legal_actions()
                .into_iter()
                .filter(|&a| brute_from(&game, a, Goal::Win, left))
                .count();
            match verdict {
                Verdict::Unique(answer) => {
                    assert!(line_reaches(&game, &answer, Goal::Win), "{answer:?}");
                    assert!(reaching >= 1, "the brute force finds the answer");
                }
                Verdict::Several => assert!(reaching >= 2),
                other => panic!("the solver's own line wins from here: {other:?}"),
            }
            asked += 1;
        }
        game.apply(action).expect("the solver's line is legal");
    }
    assert!(asked > 0, "the end of the line has nothing hidden");
    assert_eq!(game.status(), Status::Won);
}

#[test]
fn goals_have_stable_names() {
    for goal in Goal::ALL {
        assert_eq!(goal.name().parse::<Goal>(), Ok(goal));
    }
    assert_eq!(
        Goal::ALL.map(Goal::name),
        ["win", "remove_run", "empty_column", "turn_card"]
    );
}

/// What `find` offers is a puzzle with the fewest moves: the brute force finds no line shorter
/// than its N, its answer reaches the goal, and no other first move does within N.
#[test]
fn found_puzzles_ask_for_the_fewest_moves_and_have_one_answer() {
    use crate::puzzle::find;
    let mut found = 0;
    for (game, _) in positions().into_iter().step_by(4) {
        for puzzle in find(&game, 2_000_000) {
            let (goal, within) = (puzzle.goal, puzzle.within);
            if within > 3 {
                continue; // past what the brute force checks quickly
            }
            assert_eq!(puzzle.line.len(), within, "{puzzle:?}");
            assert!(line_reaches(&game, &puzzle.line, goal), "{puzzle:?}");
            let shorter = game
                .legal_actions()
                .into_iter()
                .any(|a| within > 1 && brute_from(&game, a, goal, within - 1));
            assert!(!shorter, "a shorter line reaches {goal:?}: {puzzle:?}");
            let reaching = game
                .legal_actions()
                .into_iter()
                .filter(|&a| brute_from(&game, a, goal, within))
                .count();
            assert!(reaching >= 1, "{puzzle:?}");
            found += 1;
        }
    }
    assert!(found >= 5, "only {found} puzzles found");
}

/// The cheap filter never hides a puzzle: where `could` says a run cannot be removed or a
/// column emptied, the brute force finds no line of up to three moves that does.
#[test]
fn the_cheap_filter_never_hides_a_reachable_goal() {
    use crate::puzzle::could;
    let mut filtered = 0;
    for (game, _) in positions() {
        for goal in [Goal::RemoveRun, Goal::EmptyColumn] {
            if !goal.fits(&game) || could(goal, &game) {
                continue;
            }
            let reaching = game
                .legal_actions()
                .into_iter()
                .any(|a| brute_from(&game, a, goal, 3));
            assert!(!reaching, "{goal:?} is reachable but filtered");
            filtered += 1;
        }
    }
    assert!(filtered >= 20, "only {filtered} positions filtered");
}

/// One table per goal for every bound finds what a fresh search for each bound finds.
#[test]
fn a_shared_table_finds_what_fresh_searches_find() {
    use crate::puzzle::{find_within, reach, Puzzle, Reach};
    for (game, _) in positions().into_iter().step_by(2) {
        let mut fresh = Vec::new();
        for goal in Goal::ALL {
            if !goal.fits(&game) {
                continue;
            }
            for within in 1..=4 {
                match reach(&game, goal, within, 2_000_000) {
                    Reach::Never => continue,
                    Reach::Unknown => panic!("a small bound ran out of budget"),
                    Reach::Line(_) => {
                        if let Verdict::Unique(line) = verdict(&game, goal, within, 2_000_000) {
                            fresh.push(Puzzle { goal, within, line });
                        }
                        break;
                    }
                }
            }
        }
        assert_eq!(find_within(&game, 4, 2_000_000), fresh);
    }
}

/// What the miner offers along a hint player's game holds when checked again from the stored
/// position: a fresh verdict gives the same answer, the brute force agrees for short ones, and
/// the themes say what the line does.
#[test]
fn mined_puzzles_hold_from_their_stored_position() {
    use crate::puzzle::{mine, themes, Theme};
    let mut checked = 0;
    for (suits, deal) in [(Suits::One, 2), (Suits::Two, 4)] {
        let start = Game::new(Variant::Spider, suits, Rules::default(), deal);
        let (_, log) = crate::follow(&start, 300, crate::plain_player());
        for mined in mine(&start, &log, 4, 20_000) {
            let spec = crate::DealSpec {
                variant: Variant::Spider,
                suits,
                rules: Rules::default(),
                deal_number: deal,
            };
            let game = spec
                .replay(log[..mined.at].to_vec())
                .expect("a logged prefix");
            let p = &mined.puzzle;
            assert_eq!(
                verdict(&game, p.goal, p.within, 2_000_000),
                Verdict::Unique(p.line.clone())
            );
            assert!(line_reaches(&game, &p.line, p.goal), "{p:?}");
            if p.within <= 3 {
                let reaching = game
                    .legal_actions()
                    .into_iter()
                    .filter(|&a| brute_from(&game, a, p.goal, p.within))
                    .count();
                assert!(reaching >= 1, "{p:?}");
            }
            let t = themes(&game, &p.line);
            assert_eq!(t.contains(&Theme::Long), p.line.len() >= 5);
            assert_eq!(
                t.contains(&Theme::SuitRemoval),
                p.goal == Goal::RemoveRun || p.goal == Goal::Win,
                "{p:?} {t:?}"
            );
            let into_empty = {
                let mut g = game.clone();
                p.line.iter().any(|&a| {
                    let Action::Move { to, .. } = a else {
                        return false;
                    };
                    let empty = g.column(to).map(|(_, c)| c.len()) == Some(0);
                    g.apply(a).expect("the answer is legal");
                    empty
                })
            };
            assert_eq!(t.contains(&Theme::EmptyColumn), into_empty, "{p:?}");
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} puzzles mined");
}

#[test]
fn themes_have_stable_names() {
    use crate::puzzle::Theme;
    for theme in Theme::ALL {
        assert_eq!(theme.name().parse::<Theme>(), Ok(theme));
    }
}

/// An attempt is judged move by move: the answer solves, any other first move fails at once,
/// a prefix of the answer goes on, and a move the rules refuse is named, not judged.
#[test]
fn attempts_are_judged_by_whether_the_goal_stays_in_reach() {
    use crate::puzzle::{find_within, judge, Judgement};
    let mut judged = 0;
    for (game, _) in positions() {
        for p in find_within(&game, 4, 200_000) {
            let (j, _) = judge(&game, p.goal, p.within, &p.line, 200_000).unwrap();
            assert_eq!(
                j,
                Judgement::Solved {
                    by: p.line.len() - 1
                },
                "{p:?}"
            );
            if p.line.len() > 1 {
                let (j, _) = judge(&game, p.goal, p.within, &p.line[..1], 200_000).unwrap();
                assert_eq!(j, Judgement::Going, "{p:?}");
            }
            for other in game.legal_actions() {
                let Action::Move { from, count, .. } = other else {
                    continue;
                };
                let Action::Move {
                    from: f, count: n, ..
                } = p.line[0]
                else {
                    unreachable!()
                };
                if (from, count) == (f, n) {
                    continue; // the answer's cards, perhaps to another empty column
                }
                let (j, _) = judge(&game, p.goal, p.within, &[other], 200_000).unwrap();
                assert_eq!(j, Judgement::Failed { at: 0 }, "{p:?} {other:?}");
            }
            assert_eq!(
                judge(&game, p.goal, p.within, &[Action::Deal], 200_000).map(|j| j.0),
                Err(0)
            );
            judged += 1;
        }
    }
    assert!(judged >= 10, "only {judged} puzzles judged");
}
