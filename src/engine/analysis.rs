//! Post-game analysis: was the deal winnable, which action lost it, and how it could have
//! been won. The game is over, so this reads every card (the full-information solver).
//!
//! Winnability is a property of a position, and it only ever goes one way along forward
//! play: a position after a move is winnable only if the one before it was. Undo steps back
//! to an earlier position, so along the raw log winnability can come and go. The analysis
//! therefore works on the game's *final line*: the moves and deals of the log that were never
//! taken back. Along it, positions are winnable up to some point and lost after it, and the
//! game never again stood in a winnable position after the last winnable one on it (an undo
//! back to that position would have put it there). A binary search with a few solves finds
//! the boundary. A solve that runs out of budget proves nothing, and is never reported as if
//! it did.

use serde::{Deserialize, Serialize};

use super::deal::{Suits, Variant};
use super::game::{Action, Game, ReplayError, Status};
use super::rules::Rules;
use super::solver::{self, Outcome};

/// How much searching one analysis may do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisBudget {
    /// Positions all the solves of one analysis may generate together.
    pub nodes: u64,
    /// Positions one solve may generate (at most what is left of `nodes`).
    pub per_solve: u64,
}

impl Default for AnalysisBudget {
    /// About 10–20 s on one core when the positions do not settle (a release build
    /// generates 3–6 million positions a second), as in most lost 4-suit games; games whose
    /// positions settle quickly (many 1- and 2-suit ones) take milliseconds. Proofs that a
    /// mid-game 4-suit position is lost rarely fit any budget, so many small solves narrow
    /// the gap between proven winnable and proven lost better than a few big ones.
    fn default() -> Self {
        AnalysisBudget {
            nodes: 50_000_000,
            per_solve: 4_000_000,
        }
    }
}

impl AnalysisBudget {
    /// At most `nodes` positions in all, each solve at most the default's share.
    pub fn of(nodes: u64) -> Self {
        let default = AnalysisBudget::default();
        AnalysisBudget {
            nodes,
            per_solve: default.per_solve.min(nodes),
        }
    }
}

/// Whether a position can still be won, as far as the budget let the solver tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Winnability {
    Winnable,
    NotWinnable,
    /// The budget ran out before a line or a proof was found.
    Unknown,
}

impl Winnability {
    pub const ALL: [Winnability; 3] = [
        Winnability::Winnable,
        Winnability::NotWinnable,
        Winnability::Unknown,
    ];
}

/// The analysis in a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The game was won.
    Won,
    /// No line wins the deal from the opening.
    NeverWinnable,
    /// The losing action is known.
    Lost,
    /// The game ended (or stands) in a position that can still be won.
    StillWinnable,
    /// The budget ran out before the losing action was pinned down.
    Unknown,
}

impl Verdict {
    pub const ALL: [Verdict; 5] = [
        Verdict::Won,
        Verdict::NeverWinnable,
        Verdict::Lost,
        Verdict::StillWinnable,
        Verdict::Unknown,
    ];
}

/// One action of the log, numbered from 1 as the events are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NumberedAction {
    pub number: usize,
    pub action: Action,
}

/// Actions that win from the position the game stood in after its first `after` actions
/// (0: from the opening deal).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WinningLine {
    pub after: usize,
    pub actions: Vec<Action>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Analysis {
    /// Whether the deal could be won from the opening.
    pub deal: Winnability,
    pub verdict: Verdict,
    /// The action after which the game could no longer be won (a move or a deal), once
    /// proven: the position before it is winnable and the one after it is not.
    pub losing_action: Option<NumberedAction>,
    /// The latest point (actions played, 0 for the opening) after which the position is
    /// proven winnable.
    pub last_winnable_after: Option<usize>,
    /// The earliest point after which the position is proven lost for good.
    pub first_lost_after: Option<usize>,
    /// A winning line from the last proven winnable position.
    pub winning_line: Option<WinningLine>,
    /// Positions the solver generated, all solves together.
    pub nodes: u64,
    pub solves: u32,
}

/// What is known about one position of the final line.
enum Probe {
    Winnable(Vec<Action>),
    Lost,
    Unknown,
}

/// Analyse a game from its deal and its log of accepted actions.
pub fn analyse(
    variant: Variant,
    suits: Suits,
    rules: Rules,
    deal_number: u64,
    log: &[Action],
    budget: &AnalysisBudget,
) -> Result<Analysis, ReplayError> {
    // The final line: each move or deal never taken back, with its number in the log.
    let mut game = Game::new(variant, suits, rules, deal_number);
    let mut line: Vec<NumberedAction> = Vec::new();
    for (index, &action) in log.iter().enumerate() {
        game.apply(action).map_err(|reason| ReplayError {
            index,
            action,
            reason,
        })?;
        match action {
            Action::Move { .. } | Action::Deal => line.push(NumberedAction {
                number: index + 1,
                action,
            }),
            Action::Undo => {
                line.pop();
            }
            Action::Resign => {}
        }
    }
    let depth = line.len();
    // After how many actions of the log the game stood, for the last time, at depth `k` of
    // the final line: just before the action that went one deeper and was never undone.
    let resigned = matches!(log.last(), Some(Action::Resign));
    let last_at = |k: usize| match line.get(k) {
        Some(next) => next.number - 1,
        None => log.len() - usize::from(resigned),
    };
    // After how many actions the game first stood at depth `k` (it stayed below it since).
    let first_at = |k: usize| k.checked_sub(1).map_or(0, |i| line[i].number);
    let position = |k: usize| {
        let mut at = Game::new(variant, suits, rules, deal_number);
        for step in &line[..k] {
            // Each of these was accepted in the replay above, in this order.
            let _ = at.apply(step.action);
        }
        at
    };

    if game.status() == Status::Won {
        return Ok(Analysis {
            deal: Winnability::Winnable,
            verdict: Verdict::Won,
            losing_action: None,
            last_winnable_after: Some(last_at(depth)),
            first_lost_after: None,
            winning_line: Some(WinningLine {
                after: last_at(depth),
                actions: Vec::new(),
            }),
            nodes: 0,
            solves: 0,
        });
    }

    let (mut nodes, mut solves) = (0u64, 0u32);
    let probe = |k: usize, nodes: &mut u64, solves: &mut u32| -> Probe {
        let left = budget.nodes.saturating_sub(*nodes);
        if left == 0 {
            return Probe::Unknown;
        }
        let solver_budget = solver::Budget {
            nodes: left.min(budget.per_solve),
            ..solver::Budget::default()
        };
        let report = solver::solve(&position(k), &solver_budget);
        *nodes += report.nodes;
        *solves += 1;
        match report.outcome {
            Outcome::Solved(actions) => Probe::Winnable(actions),
            Outcome::Unsolvable => Probe::Lost,
            Outcome::Unknown => Probe::Unknown,
        }
    };

    // `lo`: the deepest point proven winnable, with its line; `hi`: the shallowest proven
    // lost (`depth + 1`: none). Every point strictly between them is open.
    let mut lo: Option<(usize, Vec<Action>)> = None;
    let mut hi = depth + 1;
    let mut tried = vec![false; depth + 1];
    // The end first (did the player give up a won game?), then the opening (was it ever
    // winnable?), then halve the gap between what is proven.
    let mut next = Some(depth);
    while let Some(k) = next {
        tried[k] = true;
        match probe(k, &mut nodes, &mut solves) {
            Probe::Winnable(actions) => lo = Some((k, actions)),
            Probe::Lost => hi = k,
            Probe::Unknown => {}
        }
        if budget.nodes <= nodes {
            break;
        }
        let low = lo.as_ref().map_or(0, |(k, _)| k + 1);
        next = if !tried[0] && lo.is_none() && hi > 0 {
            Some(0)
        } else {
            // The untried open point nearest the middle of the gap.
            let middle = (low + hi) / 2;
            (low..hi)
                .filter(|&k| !tried[k])
                .min_by_key(|&k| (k.abs_diff(middle), k))
        };
    }

    let deal = match (&lo, hi) {
        (Some(_), _) => Winnability::Winnable,
        (None, 0) => Winnability::NotWinnable,
        (None, _) => Winnability::Unknown,
    };
    let losing_action = match &lo {
        Some((k, _)) if *k + 1 == hi => line.get(*k).copied(),
        _ => None,
    };
    let verdict = match (&lo, hi, losing_action) {
        (None, 0, _) => Verdict::NeverWinnable,
        (Some((k, _)), _, _) if *k == depth => Verdict::StillWinnable,
        (_, _, Some(_)) => Verdict::Lost,
        _ => Verdict::Unknown,
    };
    Ok(Analysis {
        deal,
        verdict,
        losing_action,
        last_winnable_after: lo.as_ref().map(|(k, _)| last_at(*k)),
        first_lost_after: (hi <= depth).then(|| first_at(hi)),
        winning_line: lo.map(|(k, actions)| WinningLine {
            after: last_at(k),
            actions,
        }),
        nodes,
        solves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{solve, Budget};

    fn one_suit(deal: u64) -> Game {
        Game::new(Variant::Spider, Suits::One, Rules::default(), deal)
    }

    fn analyse_log(deal: u64, log: &[Action], budget: &AnalysisBudget) -> Analysis {
        analyse(
            Variant::Spider,
            Suits::One,
            Rules::default(),
            deal,
            log,
            budget,
        )
        .unwrap()
    }

    fn winning_line(game: &Game) -> Vec<Action> {
        match solve(game, &Budget::default()).outcome {
            Outcome::Solved(line) => line,
            other => panic!("no line: {other:?}"),
        }
    }

    /// The line plays and wins from where it says it starts.
    fn check_line(deal: u64, log: &[Action], line: &WinningLine) {
        let mut game = Game::replay(
            Variant::Spider,
            Suits::One,
            Rules::default(),
            deal,
            log[..line.after].to_vec(),
        )
        .unwrap();
        for &action in &line.actions {
            game.apply(action).unwrap();
        }
        assert_eq!(game.status(), Status::Won);
    }

    /// A 1-suit deal, the first `k` actions of a winning line, and then a legal action the
    /// solver proves loses: found by trying (deal 4 has one past the middle of its line), so
    /// the test needs no position picked by hand.
    fn blunder() -> (u64, Vec<Action>, Action) {
        let proof = Budget {
            nodes: 20_000,
            ..Budget::default()
        };
        for deal in [4, 1, 2, 3, 5, 6, 7, 8] {
            let start = one_suit(deal);
            let line = winning_line(&start);
            let mut game = start.clone();
            for (k, &step) in line.iter().enumerate() {
                if k >= line.len() / 2 {
                    for action in game.legal_actions() {
                        if action == step {
                            continue;
                        }
                        let mut after = game.clone();
                        after.apply(action).unwrap();
                        if solve(&after, &proof).outcome == Outcome::Unsolvable {
                            return (deal, line[..k].to_vec(), action);
                        }
                    }
                }
                game.apply(step).unwrap();
            }
        }
        panic!("no provable blunder found");
    }

    #[test]
    fn a_blunder_then_resigning_is_found() {
        let (deal, prefix, bad) = blunder();
        // Wander and take it back first, to check the numbering along an undo.
        let mut log = prefix.clone();
        let mut at = Game::replay(
            Variant::Spider,
            Suits::One,
            Rules::default(),
            deal,
            log.clone(),
        )
        .unwrap();
        let detour = at.legal_actions()[0];
        at.apply(detour).unwrap();
        log.push(detour);
        log.push(Action::Undo);
        log.push(bad);
        // A few more moves after the blunder, where there are any, then resign.
        let mut after = Game::replay(
            Variant::Spider,
            Suits::One,
            Rules::default(),
            deal,
            log.clone(),
        )
        .unwrap();
        for _ in 0..3 {
            let Some(&more) = after.legal_actions().iter().find(|a| **a != Action::Deal) else {
                break;
            };
            after.apply(more).unwrap();
            log.push(more);
        }
        log.push(Action::Resign);

        let analysis = analyse_log(deal, &log, &AnalysisBudget::default());
        assert_eq!(analysis.deal, Winnability::Winnable);
        assert_eq!(analysis.verdict, Verdict::Lost, "{analysis:?}");
        let losing = analysis.losing_action.unwrap();
        assert_eq!(losing.number, prefix.len() + 3);
        assert_eq!(losing.action, bad);
        assert_eq!(log[losing.number - 1], bad);
        assert_eq!(analysis.last_winnable_after, Some(prefix.len() + 2));
        assert_eq!(analysis.first_lost_after, Some(prefix.len() + 3));
        let line = analysis.winning_line.unwrap();
        assert_eq!(line.after, prefix.len() + 2);
        check_line(deal, &log, &line);
        assert!(analysis.solves >= 2 && analysis.nodes > 0);
    }

    #[test]
    fn a_won_game_has_no_losing_action() {
        let deal = 3;
        let log = winning_line(&one_suit(deal));
        let analysis = analyse_log(deal, &log, &AnalysisBudget::default());
        assert_eq!(analysis.verdict, Verdict::Won);
        assert_eq!(analysis.deal, Winnability::Winnable);
        assert_eq!(analysis.losing_action, None);
        assert_eq!(analysis.first_lost_after, None);
        assert_eq!(
            analysis.winning_line,
            Some(WinningLine {
                after: log.len(),
                actions: vec![]
            })
        );
        assert_eq!(analysis.solves, 0);
    }

    #[test]
    fn resigning_a_winnable_game_gives_the_line_from_there() {
        let deal = 3;
        let line = winning_line(&one_suit(deal));
        let mut log = line[..5].to_vec();
        log.push(Action::Resign);
        let analysis = analyse_log(deal, &log, &AnalysisBudget::default());
        assert_eq!(analysis.verdict, Verdict::StillWinnable);
        assert_eq!(analysis.losing_action, None);
        assert_eq!(analysis.last_winnable_after, Some(5));
        let found = analysis.winning_line.unwrap();
        assert_eq!(found.after, 5);
        check_line(deal, &log, &found);
        assert_eq!(
            analysis.solves, 1,
            "the end was winnable: nothing else to ask"
        );
    }

    #[test]
    fn a_tiny_budget_says_unknown_and_claims_nothing() {
        let game = Game::new(Variant::Spider, Suits::Four, Rules::default(), 1);
        let log = vec![game.legal_actions()[0], Action::Resign];
        let budget = AnalysisBudget {
            nodes: 3_000,
            per_solve: 1_000,
        };
        let analysis = analyse(
            Variant::Spider,
            Suits::Four,
            Rules::default(),
            1,
            &log,
            &budget,
        )
        .unwrap();
        assert_eq!(analysis.deal, Winnability::Unknown);
        assert_eq!(analysis.verdict, Verdict::Unknown);
        assert_eq!(analysis.losing_action, None);
        assert_eq!(analysis.last_winnable_after, None);
        assert_eq!(analysis.first_lost_after, None);
        assert_eq!(analysis.winning_line, None);
        assert!(analysis.nodes <= 3_000 + 600, "{}", analysis.nodes);
    }

    #[test]
    fn a_log_the_rules_refuse_is_an_error() {
        let bad = Action::Move {
            from: 0,
            to: 0,
            count: 1,
        };
        let error = analyse(
            Variant::Spider,
            Suits::One,
            Rules::default(),
            1,
            &[bad],
            &AnalysisBudget::default(),
        )
        .unwrap_err();
        assert_eq!(error.index, 0);
    }
}
