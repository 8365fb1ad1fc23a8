//! The research commands: `spider solve` runs the full-information solver over a range of
//! deals and summarises; `spider hint-bot` plays deals by always taking the hint.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::engine::solver::{self, Budget, Outcome};
use crate::engine::{self, EmptyColumnDeal, Game, Level, Rules, Suits, Variant};

struct Row {
    deal: u64,
    outcome: &'static str,
    length: usize,
    nodes: u64,
    time: Duration,
}

/// The suits and variant the arguments name, over a range of deals `from..=to`.
fn kind(suits: u8, variant: &str, from: u64, to: u64) -> Result<(Suits, Variant), String> {
    let suits = Suits::try_from(suits).map_err(|e| e.to_string())?;
    let variant: Variant = variant
        .parse()
        .map_err(|_| "variant must be spider or spiderette".to_string())?;
    if to < from {
        return Err("--to must not be below --from".into());
    }
    Ok((suits, variant))
}

/// Play each deal of `from..=to` with `play` on `jobs` threads (one deal at a time each) and
/// collect what it returns; `seen` looks at the rows so far after each one (a progress bar).
fn each_deal<R: Send>(
    from: u64,
    to: u64,
    jobs: usize,
    play: impl Fn(u64) -> Option<R> + Sync,
    seen: impl Fn(&[R]) + Sync,
) -> Vec<R> {
    let next = AtomicU64::new(from);
    let rows = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let deal = next.fetch_add(1, Ordering::Relaxed);
                if deal > to {
                    break;
                }
                if let Some(row) = play(deal) {
                    let mut rows = rows
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    rows.push(row);
                    seen(&rows);
                }
            });
        }
    });
    rows.into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

pub fn solve(
    suits: u8,
    variant: &str,
    from: u64,
    to: u64,
    empty_column_deal: &str,
    nodes: u64,
    jobs: usize,
) -> Result<(), String> {
    let (suits, variant) = kind(suits, variant, from, to)?;
    let rule: EmptyColumnDeal = empty_column_deal
        .parse()
        .map_err(|_| "empty-column-deal must be standard, strict or allowed".to_string())?;
    let rules = Rules {
        empty_column_deal: rule,
        ..Rules::default()
    };
    let budget = Budget {
        nodes,
        ..Budget::default()
    };
    let count = to - from + 1;
    let bar = indicatif::ProgressBar::new(count);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} deals, {elapsed} ({eta} left) {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut rows = each_deal(
        from,
        to,
        jobs,
        |deal| {
            let game = Game::new(variant, suits, rules, deal);
            let started = Instant::now();
            let report = solver::solve(&game, &budget);
            let time = started.elapsed();
            let (outcome, length) = match &report.outcome {
                Outcome::Solved(line) => ("solved", line.len()),
                Outcome::Unsolvable => ("unsolvable", 0),
                Outcome::Unknown => ("unknown", 0),
            };
            if count == 1 {
                if let Outcome::Solved(line) = &report.outcome {
                    let text: Vec<String> = line.iter().map(|a| format!("{a:?}")).collect();
                    println!("{}", text.join("\n"));
                }
            }
            Some(Row {
                deal,
                outcome,
                length,
                nodes: report.nodes,
                time,
            })
        },
        |rows| {
            let solved = rows.iter().filter(|r| r.outcome == "solved").count();
            bar.set_message(format!("{solved} solved"));
            bar.inc(1);
        },
    );
    bar.finish();
    rows.sort_by_key(|r| r.deal);
    let tally = |name: &str| rows.iter().filter(|r| r.outcome == name).count();
    let mut times: Vec<Duration> = rows.iter().map(|r| r.time).collect();
    times.sort();
    let pick = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    let solved: Vec<&Row> = rows.iter().filter(|r| r.outcome == "solved").collect();
    let mean_len = if solved.is_empty() {
        0.0
    } else {
        solved.iter().map(|r| r.length).sum::<usize>() as f64 / solved.len() as f64
    };
    let mean_time = times.iter().sum::<Duration>() / times.len() as u32;
    let mean_nodes = rows.iter().map(|r| r.nodes).sum::<u64>() / rows.len() as u64;
    println!(
        "{} {} suit(s), {} rule, deals {from}–{to}, budget {nodes} positions",
        variant.name(),
        suits.count(),
        rule.name()
    );
    println!("| deals | solved | unsolvable | unknown | settled | mean time | p50 | p95 | mean line | mean positions |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    println!(
        "| {} | {} | {} | {} | {:.1}% | {:.2?} | {:.2?} | {:.2?} | {:.0} | {} |",
        rows.len(),
        tally("solved"),
        tally("unsolvable"),
        tally("unknown"),
        100.0 * (tally("solved") + tally("unsolvable")) as f64 / rows.len() as f64,
        mean_time,
        pick(0.5),
        pick(0.95),
        mean_len,
        mean_nodes
    );
    let mut effort: Vec<u64> = solved.iter().map(|r| r.nodes).collect();
    effort.sort_unstable();
    if !effort.is_empty() {
        let at = |q: f64| effort[((effort.len() as f64 * q) as usize).min(effort.len() - 1)];
        println!(
            "positions searched to a solution: p33 {}, p50 {}, p67 {}, p95 {}",
            at(0.33),
            at(0.5),
            at(0.67),
            at(0.95)
        );
    }
    let unknown: Vec<String> = rows
        .iter()
        .filter(|r| r.outcome == "unknown")
        .map(|r| r.deal.to_string())
        .collect();
    if !unknown.is_empty() {
        println!("unknown: {}", unknown.join(", "));
    }
    Ok(())
}

/// How `hint-bot` chooses: the visible ranking alone, a search level of the hint, or the
/// reproduction of SpiderSolver's player (`engine::ComboPlayer`) at a depth.
#[derive(Clone, Copy, Debug)]
enum Bot {
    Plain,
    Hint(engine::HintLevel),
    Combos(usize),
    /// The same player asked afresh each turn from the game and its log (as a hint is).
    ComboHint(usize),
    /// The same, each ply judged over guesses at the face-down cards: (depth, guesses).
    Revealing(usize, usize),
    /// The sampled search (`normal`) from SpiderSolver's plies, judged by its evaluation.
    SampledPlies,
    /// SpiderSolver's player with its ties broken over guesses: (depth, guesses, tie depth).
    Ties(usize, usize, usize),
    /// Its best plies played out in guesses at the face-down cards (issue 60).
    Rollouts(engine::Rollouts),
}

/// What `spider hint-bot` is told to play.
pub struct BotSettings<'a> {
    pub suits: u8,
    pub variant: &'a str,
    pub from: u64,
    pub to: u64,
    pub level: &'a str,
    /// For `--level spidersolver…`: plies looked ahead.
    pub depth: usize,
    /// For `--level spidersolver-sampled`: the guesses at the face-down cards.
    pub samples: usize,
    /// For `--level rollouts`: how the rollouts are played.
    pub rollouts: engine::Rollouts,
    /// For the `spidersolver` levels and `rollouts`: the evaluation's weights.
    pub weights: engine::Weights,
    /// The rule for a deal with an empty column: `standard` (this service's), `strict` or
    /// `allowed` (SpiderSolver's).
    pub empty_column_deal: &'a str,
    pub jobs: usize,
    pub proven: bool,
    /// Play SpiderSolver's deals instead of ours: the folder of its deals, one file a seed
    /// (`seed-N-suits-S.txt`: its 104 cards as it deals them, `TC 6D …`).
    pub deals_from: Option<&'a std::path::Path>,
    /// The most actions a game is played for (the service's own cap is 5,000).
    pub max_actions: usize,
    /// Check the reproduced player against SpiderSolver's games in this folder instead of
    /// playing (see [`super::spidersolver::check_plies`]).
    pub check_plies: Option<&'a std::path::Path>,
}

/// `spider hint-bot`: the hint-following player over a range of deals; its win rate is the
/// honest measure of hint quality. `level` is `plain` (the visible ranking alone, no search),
/// a search level, or `spidersolver` (the reproduction of that program's player, at
/// `depth`). Each job plays one deal at a time on its own thread.
pub fn hint_bot(settings: BotSettings) -> Result<(), String> {
    let BotSettings {
        suits,
        variant,
        from,
        to,
        level,
        depth,
        samples,
        rollouts,
        weights,
        empty_column_deal,
        jobs,
        proven,
        deals_from,
        max_actions,
        check_plies: plies_from,
    } = settings;
    let (suits, variant) = kind(suits, variant, from, to)?;
    let bot = match level {
        "plain" => Bot::Plain,
        "spidersolver" => Bot::Combos(depth),
        "spidersolver-afresh" => Bot::ComboHint(depth),
        "spidersolver-sampled" => Bot::Revealing(depth, samples.max(1)),
        "sampled-spidersolver" => Bot::SampledPlies,
        "spidersolver-ties" => Bot::Ties(depth, samples.max(1), 3),
        "rollouts" => Bot::Rollouts(rollouts),
        other => Bot::Hint(other.parse().map_err(|_| {
            "level must be plain, easy, normal, hard, expert, spidersolver, spidersolver-afresh, \
             spidersolver-sampled, sampled-spidersolver, spidersolver-ties or rollouts"
                .to_string()
        })?),
    };
    let empty_column_deal: EmptyColumnDeal = empty_column_deal
        .parse()
        .map_err(|_| "--empty-column-deal must be standard, strict or allowed".to_string())?;
    let rules = Rules {
        empty_column_deal,
        ..Rules::default()
    };
    if let Some(plies) = plies_from {
        let (Bot::Combos(depth), Some(deals)) = (bot, deals_from) else {
            return Err("--check-plies needs --level spidersolver and --deals-from".to_string());
        };
        return super::spidersolver::check_plies(deals, plies, suits, rules, depth, from, to);
    }
    let level = match bot {
        Bot::Hint(level) => level.search(),
        _ => None,
    };
    if proven {
        let cpu = match bot {
            Bot::Hint(_) => level.ok_or("--proven plays the CPU levels: easy, normal or hard")?,
            _ => Level::Normal,
        };
        return cpu_bot(variant, suits, from, to, cpu, jobs);
    }
    let started = Instant::now();
    // Every hint of every game, to stderr (for studying what the search does).
    let trace = std::env::var_os("HINT_BOT_TRACE").is_some();
    // Per deal: (deal, won, runs, actions, hint times).
    let rows = each_deal(
        from,
        to,
        jobs,
        |deal| {
            let game = match deals_from {
                Some(folder) => match super::spidersolver::deal(folder, deal, suits, rules) {
                    Ok(game) => game,
                    Err(e) => {
                        eprintln!("deal {deal}: {e}");
                        return None;
                    }
                },
                None => Game::new(variant, suits, rules, deal),
            };
            let mut times = Vec::new();
            let mut cpu = Vec::new();
            let mut plain = engine::plain_player();
            let mut combos = engine::ComboPlayer::new(depth).with_weights(weights);
            let mut last: Option<usize> = None;
            let (end, line) = engine::follow(&game, max_actions, |game, log| {
                // The reproduced player notes where its last action led.
                if last.is_some_and(|n| n + 1 == log.len()) {
                    combos.played(game);
                }
                last = Some(log.len());
                let t = Instant::now();
                let c = thread_cpu(jobs == 1);
                let action = match bot {
                    Bot::Combos(_) => combos.choose(game),
                    Bot::ComboHint(depth) => {
                        engine::ComboPlayer::at_weighted(game, log, depth, weights).choose(game)
                    }
                    Bot::Revealing(depth, samples) => {
                        engine::advise_revealing(game, log, depth, samples, 0).action
                    }
                    Bot::Ties(depth, samples, tie_depth) => {
                        engine::advise_revealing(game, log, depth, samples, tie_depth).action
                    }
                    Bot::SampledPlies => {
                        engine::advise_sampled_plies(game, log, Level::Normal).action
                    }
                    Bot::Rollouts(settings) => {
                        let hint = engine::advise_rollouts(game, log, settings);
                        if trace {
                            eprintln!(
                                "deal {deal} #{}: {:?} ({:?}) down {} stock {} runs {}",
                                log.len(),
                                hint.action,
                                hint.confidence,
                                game.face_down_cards(),
                                game.stock_cards(),
                                game.runs_completed()
                            );
                        }
                        hint.action
                    }
                    Bot::Plain => plain(game, log),
                    Bot::Hint(level) => {
                        let hint = engine::advise(game, log, level);
                        if trace {
                            eprintln!(
                                "deal {deal} #{}: {:?} {} ({:?}) down {} stock {} runs {}",
                                log.len(),
                                hint.action,
                                hint.kind.name(),
                                hint.confidence,
                                game.face_down_cards(),
                                game.stock_cards(),
                                game.runs_completed()
                            );
                        }
                        hint.action
                    }
                };
                times.push(t.elapsed());
                cpu.push(thread_cpu(jobs == 1).saturating_sub(c));
                action
            });
            let won = end.status() == engine::Status::Won;
            if !won && std::env::var_os("HINT_BOT_DIAGNOSE").is_some() {
                diagnose(variant, suits, deal, &line);
            }
            if std::env::var_os("HINT_BOT_VERBOSE").is_some() {
                eprintln!(
                    "deal {deal}: {} with {} runs after {} actions ({} plies)",
                    if won { "won" } else { "lost" },
                    end.runs_completed(),
                    line.len(),
                    combos.plies
                );
            }
            if std::env::var_os("HINT_BOT_VERBOSE").is_some() {
                let spent: Duration = cpu.iter().sum();
                eprintln!("deal {deal}: {:.1?} CPU over {} hints", spent, cpu.len());
            }
            Some((deal, won, end.runs_completed(), line.len(), times, cpu))
        },
        |_| {},
    );
    let n = rows.len() as f64;
    let won = rows.iter().filter(|r| r.1).count();
    let runs: usize = rows.iter().map(|r| r.2).sum();
    let mut times: Vec<Duration> = rows.iter().flat_map(|r| r.4.iter().copied()).collect();
    times.sort();
    let mut cpu: Vec<Duration> = rows.iter().flat_map(|r| r.5.iter().copied()).collect();
    cpu.sort();
    let cpu_at = |q: f64| {
        cpu.get(((cpu.len() as f64 * q) as usize).min(cpu.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    let pick = |q: f64| {
        times
            .get(((times.len() as f64 * q) as usize).min(times.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    let (low, high) = wilson(won as f64, n);
    println!(
        "{} {} suit(s), {} empty-column deal, level {}{}, deals {from}–{to}: won {won}/{} ({:.1}%, 95% interval {:.1}–{:.1}%), mean runs completed {:.2}, hint p50 {:.1?} p99 {:.1?} over {} hints (CPU p50 {:.1?} p99 {:.1?}, {:.1?} in all), {:.1?} in all",
        variant.name(),
        suits.count(),
        empty_column_deal.name(),
        match bot {
            Bot::Plain => "plain".to_string(),
            Bot::Hint(level) => level.name().to_string(),
            Bot::Combos(depth) => format!("spidersolver depth {depth}"),
            Bot::ComboHint(depth) => format!("spidersolver afresh each turn, depth {depth}"),
            Bot::Ties(depth, samples, tie) => format!(
                "spidersolver depth {depth}, ties broken over {samples} guesses {tie} deep"
            ),
            Bot::SampledPlies => {
                "normal from SpiderSolver's plies, by its evaluation".to_string()
            }
            Bot::Revealing(depth, samples) => {
                format!("spidersolver over {samples} guesses at the face-down cards, depth {depth}")
            }
            Bot::Rollouts(r) => format!(
                "rollouts: {} plies (depth {}){}, played out in {} guesses by depth {} to {}{}{}",
                r.candidates,
                r.root_depth,
                if r.deal { " and the deal" } else { "" },
                r.guesses,
                r.base_depth,
                r.horizon
                    .map_or("the end".to_string(), |h| format!("{h} plies, then scored")),
                r.margin
                    .map_or(String::new(), |z| format!(", the first kept within {z} SE")),
                if r.exact_below > 0 {
                    format!(
                        ", the solver ({} positions) at {} cards hidden or fewer",
                        r.exact_nodes, r.exact_below
                    )
                } else {
                    String::new()
                }
            ),
        },
        if weights == engine::Weights::SPIDERSOLVER {
            String::new()
        } else {
            format!(" (weights {weights:?})")
        },
        rows.len(),
        100.0 * won as f64 / n,
        100.0 * low,
        100.0 * high,
        runs as f64 / n,
        pick(0.5),
        pick(0.99),
        times.len(),
        cpu_at(0.5),
        cpu_at(0.99),
        cpu.iter().sum::<Duration>(),
        started.elapsed()
    );
    let mut lost: Vec<u64> = rows.iter().filter(|r| !r.1).map(|r| r.0).collect();
    lost.sort_unstable();
    if !lost.is_empty() && lost.len() <= 60 {
        let text: Vec<String> = lost.iter().map(u64::to_string).collect();
        println!("lost: {}", text.join(", "));
    }
    Ok(())
}

/// Where a lost game of the hint-following player was lost (for studying the hint): the
/// action after which no line wins, and how far the game was then.
fn diagnose(variant: Variant, suits: Suits, deal: u64, line: &[engine::Action]) {
    let analysis = match engine::analyse(
        variant,
        suits,
        Rules::default(),
        deal,
        line,
        &engine::AnalysisBudget::of(20_000_000),
    ) {
        Ok(analysis) => analysis,
        Err(e) => {
            eprintln!("deal {deal}: replay failed: {e:?}");
            return;
        }
    };
    let describe = |after: usize| {
        let mut game = Game::new(variant, suits, Rules::default(), deal);
        for &action in &line[..after] {
            let _ = game.apply(action);
        }
        format!(
            "after {after}: stock {} down {} runs {}",
            game.stock_cards(),
            game.face_down_cards(),
            game.runs_completed()
        )
    };
    eprintln!(
        "DIAG deal {deal}: {:?} of {} actions; losing {:?}; last winnable {}; first lost {}",
        analysis.verdict,
        line.len(),
        analysis.losing_action.map(|a| (a.number, a.action)),
        analysis.last_winnable_after.map_or("-".into(), describe),
        analysis.first_lost_after.map_or("-".into(), describe),
    );
}

/// The CPU time this thread has used (a hint's cost apart from what other threads do), or
/// with `whole_process` (one job: the solver's helper threads count too) the process's.
#[cfg(not(target_os = "linux"))]
pub(super) fn thread_cpu(_whole_process: bool) -> Duration {
    Duration::ZERO
}

/// The CPU time this thread has used (a hint's cost apart from what other threads do), or
/// with `whole_process` (one job: the solver's helper threads count too) the process's.
#[cfg(target_os = "linux")]
pub(super) fn thread_cpu(whole_process: bool) -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    let clock = if whole_process {
        libc::CLOCK_PROCESS_CPUTIME_ID
    } else {
        libc::CLOCK_THREAD_CPUTIME_ID
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant libc knows.
    #[allow(
        unsafe_code,
        reason = "libc's clock_gettime; sound as the SAFETY line says"
    )]
    let ok = unsafe { libc::clock_gettime(clock, &mut ts) } == 0;
    if !ok {
        return Duration::ZERO;
    }
    Duration::new(
        u64::try_from(ts.tv_sec).unwrap_or(0),
        u32::try_from(ts.tv_nsec).unwrap_or(0),
    )
}

/// The Wilson score interval for `k` successes in `n` trials, at 95%.
fn wilson(k: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let z = 1.96f64;
    let p = k / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z * z / n;
    (
        ((centre - spread) / scale).max(0.0),
        ((centre + spread) / scale).min(1.0),
    )
}

/// `spider hint-bot --proven --level L`: each deal the prover proves, raced as a CPU of level
/// `L` races it: its pacer line (the winning line with the level's detours) at the level's
/// pace for the default human median (`domain::pace`). Prints how many it finishes (all, or
/// something is wrong) and its median finishing time.
fn cpu_bot(
    variant: Variant,
    suits: Suits,
    from: u64,
    to: u64,
    level: Level,
    jobs: usize,
) -> Result<(), String> {
    use crate::domain::pace;
    use crate::jobs::winnable::prove;
    use crate::store::winnable::Class;
    let class = Class {
        variant,
        suits,
        empty_column_deal: EmptyColumnDeal::Standard,
    };
    let human_ms = pace::default_human_ms(variant, suits);
    let target_ms = pace::target_ms(human_ms, level);
    // Per proven deal: (won, finish ms, actions, detours).
    let rows = each_deal(
        from,
        to,
        jobs,
        |deal| {
            let proof = prove(&class, deal)?;
            let start = Game::new(variant, suits, Rules::default(), deal);
            let line = pace::pacer_line(&start, &proof.line, level, deal);
            let mut game = start;
            let won =
                line.iter().all(|&a| game.apply(a).is_ok()) && game.status() == engine::Status::Won;
            // Seat 2: the middle of the seats' spread.
            let pace = i64::from(pace::pace_ms(target_ms, line.len(), 2));
            Some((
                won,
                pace * line.len() as i64,
                line.len(),
                line.len() - proof.line.len(),
            ))
        },
        |_| {},
    );
    let won = rows.iter().filter(|r| r.0).count();
    let middle = |mut v: Vec<i64>| {
        v.sort_unstable();
        v.get(v.len().saturating_sub(1) / 2).copied().unwrap_or(0)
    };
    let finish = middle(rows.iter().map(|r| r.1).collect());
    let actions = middle(rows.iter().map(|r| r.2 as i64).collect());
    let detours = middle(rows.iter().map(|r| r.3 as i64).collect());
    println!(
        "{} {} suit(s), CPU level {}, proven deals among {from}–{to}: won {won}/{}, median finish {:.1} min (target {:.1} min = {}% of a {:.1} min human median), median line {actions} actions ({detours} of them detours)",
        variant.name(),
        suits.count(),
        level.name(),
        rows.len(),
        finish as f64 / 60_000.0,
        target_ms as f64 / 60_000.0,
        pace::target_percent(level),
        human_ms as f64 / 60_000.0,
    );
    if won < rows.len() {
        return Err(format!(
            "{} proven deals were not finished",
            rows.len() - won
        ));
    }
    Ok(())
}
