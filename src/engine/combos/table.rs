//! The table as SpiderSolver's player sees it (docs/HINTS.md §11): columns of face-down counts
//! and face-up cards, its suited runs, its plies (single moves and the compounds through a
//! hole, in the order it makes them), how a ply is played (a card it uncovers frozen, or turned
//! from a guess), the position's key and its evaluation.

use super::super::card::Card;
use super::super::game::{Action, Game};

/// One column as the search sees it: how many face-down cards, and the face-up cards, bottom
/// first. Face-up cards gone with face-down cards left means a card the search uncovered: it
/// stays face down (unknown) and the column is frozen for the rest of the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Col {
    pub(super) down: u8,
    pub(super) up: Vec<Card>,
}

impl Col {
    /// Something to move from or onto: a face-up top card.
    pub(super) fn eligible(&self) -> bool {
        !self.up.is_empty()
    }

    pub(super) fn empty(&self) -> bool {
        self.down == 0 && self.up.is_empty()
    }

    pub(super) fn clean(&self) -> bool {
        self.down == 0
    }

    pub(super) fn top(&self) -> Option<Card> {
        self.up.last().copied()
    }

    /// The suited runs from the top down, each as (index of its lowest card in `up`, its
    /// length): run 0 is the top run. A run's head is its lowest card (highest rank), its
    /// tail the top one.
    pub(super) fn runs(&self) -> Vec<Run> {
        let mut runs = Vec::new();
        let mut end = self.up.len();
        while end > 0 {
            let mut start = end - 1;
            while start > 0 && self.up[start].follows_in_suit(self.up[start - 1]) {
                start -= 1;
            }
            runs.push(Run {
                head: self.up[start],
                tail: self.up[end - 1],
                len: end - start,
            });
            end = start;
        }
        runs
    }
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Run {
    pub(super) head: Card,
    pub(super) tail: Card,
    pub(super) len: usize,
}

pub(super) fn rank(card: Card) -> u8 {
    card.rank.value()
}

/// One single move: `count` cards from the top of `from` onto `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Step {
    pub(super) from: usize,
    pub(super) count: usize,
    pub(super) to: usize,
}

/// A ply: one move, or a compound through a hole.
pub(super) type Combo = Vec<Step>;

/// One guess at the face-down cards (drawn from the unseen ones, never read from the game):
/// per column, its face-down cards bottom first.
pub(crate) type Sample = Vec<Vec<Card>>;

/// The table as the search sees it.
#[derive(Clone, Debug)]
pub(super) struct Table {
    pub(super) cols: Vec<Col>,
    /// Runs removed, in the game and in the search.
    pub(super) removed: u32,
}

/// The evaluation's weights (docs/HINTS.md §11.6).
pub(super) const DOWN: [f32; 6] = [15.0, 10.0, 6.0, 3.0, 1.0, 0.0];
pub(super) const HOLES: [f32; 11] = [0.0, 5.0, 7.0, 9.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0];

/// A suited run of `len` cards: (L−1) + (L−1)²/10.
#[cfg(test)]
pub(super) fn run_value(len: usize) -> f32 {
    Weights::SPIDERSOLVER.run(len)
}

/// The evaluation's multipliers (issue 60 (d)): SpiderSolver's are 1 for a run's length,
/// 1/10 for its square, 10 for the holes' table, 1 for the face-down table, 10 per removed
/// run (beside the removed run's own 13-card run value).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Per card of a suited run beyond its first (L−1).
    pub runs: f32,
    /// (L−1)² is divided by this.
    pub square_divisor: f32,
    /// The holes' table is multiplied by this.
    pub holes: f32,
    /// The face-down table is multiplied by this.
    pub down: f32,
    /// Per removed run, beyond its run value.
    pub removed: f32,
}

impl Weights {
    /// SpiderSolver's own (docs/HINTS.md §11.6): the reproduced player's.
    pub const SPIDERSOLVER: Weights = Weights {
        runs: 1.0,
        square_divisor: 10.0,
        holes: 10.0,
        down: 1.0,
        removed: 10.0,
    };

    /// A suited run of `len` cards.
    fn run(&self, len: usize) -> f32 {
        let l = (len as f32) - 1.0;
        self.runs * l + l * l / self.square_divisor
    }
}

impl Default for Weights {
    fn default() -> Self {
        Weights::SPIDERSOLVER
    }
}

impl std::str::FromStr for Weights {
    type Err = String;

    /// Five numbers, comma-separated, in the fields' order.
    fn from_str(s: &str) -> Result<Weights, String> {
        let n: Vec<f32> = s
            .split(',')
            .map(|x| x.trim().parse::<f32>().map_err(|e| format!("{x}: {e}")))
            .collect::<Result<_, _>>()?;
        let [runs, square_divisor, holes, down, removed] = n[..] else {
            return Err("weights are five numbers: runs,square_divisor,holes,down,removed".into());
        };
        if square_divisor <= 0.0 {
            return Err("the square's divisor must be above 0".into());
        }
        Ok(Weights {
            runs,
            square_divisor,
            holes,
            down,
            removed,
        })
    }
}

impl Table {
    pub(super) fn of(game: &Game) -> Table {
        let cols = (0..game.column_count())
            .filter_map(|c| game.column(c))
            .map(|(down, up)| Col {
                down: u8::try_from(down).unwrap_or(u8::MAX),
                up: up.to_vec(),
            })
            .collect();
        Table {
            cols,
            removed: game.runs_completed() as u32,
        }
    }

    /// The lowest-numbered empty column.
    pub(super) fn hole(&self) -> Option<usize> {
        self.cols.iter().position(Col::empty)
    }

    /// The position's key: each column as its face-down count and face-up cards, the columns
    /// sorted, so the order of columns does not matter; stock and removed runs left out.
    pub(super) fn key(&self) -> Vec<u8> {
        let mut cols: Vec<Vec<u8>> = self
            .cols
            .iter()
            .map(|c| {
                let mut bytes = Vec::with_capacity(c.up.len() + 2);
                bytes.push(0xff);
                bytes.push(c.down);
                bytes.extend(c.up.iter().map(|card| rank(*card) * 4 + card.suit as u8));
                bytes
            })
            .collect();
        cols.sort();
        cols.concat()
    }

    /// Play `step`; a 13-card suited run on top of the destination leaves. A card it
    /// uncovers stays face down (SpiderSolver's frozen column) unless a `sample` of the
    /// face-down cards is given: then it turns, showing the sample's card.
    pub(super) fn play(&mut self, step: Step, sample: Option<&Sample>) {
        let from = &mut self.cols[step.from];
        let at = from.up.len() - step.count;
        let moving: Vec<Card> = from.up.drain(at..).collect();
        let to = &mut self.cols[step.to];
        to.up.extend(moving);
        if to.runs().first().is_some_and(|r| r.len == 13) {
            let keep = to.up.len() - 13;
            to.up.truncate(keep);
            self.removed += 1;
        }
        let Some(sample) = sample else {
            return;
        };
        for c in [step.from, step.to] {
            let col = &mut self.cols[c];
            if col.up.is_empty() && col.down > 0 {
                col.down -= 1;
                if let Some(&card) = sample
                    .get(c)
                    .and_then(|down| down.get(usize::from(col.down)))
                {
                    col.up.push(card);
                }
            }
        }
    }

    pub(super) fn after(&self, combo: &Combo, sample: Option<&Sample>) -> Table {
        let mut next = self.clone();
        for &step in combo {
            next.play(step, sample);
        }
        next
    }

    /// The evaluation with SpiderSolver's weights.
    #[cfg(test)]
    pub(super) fn score(&self) -> f32 {
        self.score_with(&Weights::SPIDERSOLVER)
    }

    /// The evaluation: suited runs, holes, face-down cards per column, removed runs.
    pub(super) fn score_with(&self, w: &Weights) -> f32 {
        let mut runs = 0.0f32;
        for col in &self.cols {
            for run in col.runs() {
                runs += w.run(run.len);
            }
        }
        runs += self.removed as f32 * w.run(13);
        let holes = self.cols.iter().filter(|c| c.empty()).count();
        let mut down = 0.0f32;
        for col in &self.cols {
            let hidden = if col.up.is_empty() && col.down > 0 {
                col.down - 1
            } else {
                col.down
            };
            down += DOWN[usize::from(hidden).min(5)];
        }
        let mut score = 0.0f32;
        score += runs;
        score += w.holes * HOLES[holes.min(10)];
        score += w.down * down;
        score += w.removed * self.removed as f32;
        score
    }

    /// Every ply from here, in SpiderSolver's order: whole top runs onto a card one higher,
    /// suited part-runs that lengthen a suited run, whole top runs into the first hole, then
    /// the compounds through that hole.
    #[allow(
        clippy::needless_range_loop,
        reason = "column numbers are what the steps are made of: loops over them read as the rules do"
    )]
    pub(super) fn combos(&self) -> Vec<Combo> {
        let n = self.cols.len();
        let runs: Vec<Vec<Run>> = self.cols.iter().map(Col::runs).collect();
        let mut out: Vec<Combo> = Vec::new();
        let single = |from, count, to| vec![Step { from, count, to }];
        // Whole top runs onto a card one rank higher, any suit.
        for s in 0..n {
            for d in 0..n {
                if s == d || !self.cols[s].eligible() || !self.cols[d].eligible() {
                    continue;
                }
                let (Some(run), Some(top)) = (runs[s].first(), self.cols[d].top()) else {
                    continue;
                };
                if rank(run.head) + 1 == rank(top) {
                    out.push(single(s, run.len, d));
                }
            }
        }
        // Part of a suited run onto the same suit, when that makes the longer suited run.
        for s in 0..n {
            for d in 0..n {
                if s == d || !self.cols[s].eligible() || !self.cols[d].eligible() {
                    continue;
                }
                let (Some(ours), Some(theirs)) = (runs[s].first(), runs[d].first()) else {
                    continue;
                };
                if ours.tail.suit != theirs.tail.suit {
                    continue;
                }
                let (h, t, d_top) = (rank(ours.head), rank(ours.tail), rank(theirs.tail));
                if t < d_top && d_top <= h && theirs.len + usize::from(d_top - t) > ours.len {
                    out.push(single(s, usize::from(d_top - t), d));
                }
            }
        }
        let Some(h) = self.hole() else {
            return out;
        };
        // Whole top runs into the first hole.
        for s in 0..n {
            if s != h && self.cols[s].eligible() {
                out.push(single(s, runs[s][0].len, h));
            }
        }
        self.compounds(h, &runs, &mut out);
        out
    }

    /// The compound plies through the hole `h`.
    #[allow(
        clippy::needless_range_loop,
        reason = "column numbers are what the steps are made of: loops over them read as the rules do"
    )]
    pub(super) fn compounds(&self, h: usize, runs: &[Vec<Run>], out: &mut Vec<Combo>) {
        let n = self.cols.len();
        let cols = &self.cols;
        let step = |from, count, to| Step { from, count, to };
        let top_rank = |c: usize| cols[c].top().map(rank);
        // Two runs that fit in rank (not suit) onto a third column, the top one through the
        // hole.
        for s in 0..n {
            let r = &runs[s];
            if r.len() < 2 || rank(r[1].tail) != rank(r[0].head) + 1 {
                continue;
            }
            for d in 0..n {
                if d != s && top_rank(d) == Some(rank(r[1].head) + 1) {
                    out.push(vec![
                        step(s, r[0].len, h),
                        step(s, r[1].len, d),
                        step(h, r[0].len, d),
                    ]);
                }
            }
        }
        // A clean column of two runs turned into one in the hole.
        for s in 0..n {
            let r = &runs[s];
            if cols[s].clean()
                && r.len() == 2
                && top_rank(s).is_some_and(|t| t == rank(r[1].head) + 1)
            {
                out.push(vec![step(s, r[0].len, h), step(s, r[1].len, h)]);
            }
        }
        // A run slipped in between a column's top run and the run under it.
        for t in 0..n {
            let rt = &runs[t];
            if rt.len() < 2 || rank(rt[1].tail) <= rank(rt[0].head) + 1 {
                continue;
            }
            for s in 0..n {
                let Some(rs) = runs[s].first() else {
                    continue;
                };
                if s != t
                    && rank(rs.head) + 1 == rank(rt[1].tail)
                    && rank(rs.tail) == rank(rt[0].head) + 1
                {
                    out.push(vec![
                        step(t, rt[0].len, h),
                        step(s, rs.len, t),
                        step(h, rt[0].len, t),
                    ]);
                }
            }
        }
        // The middle of three runs taken out onto another column.
        for s in 0..n {
            let r = &runs[s];
            if r.len() < 3 || rank(r[2].tail) != rank(r[0].head) + 1 {
                continue;
            }
            for t in 0..n {
                if t != s && top_rank(t) == Some(rank(r[1].head) + 1) {
                    out.push(vec![
                        step(s, r[0].len, h),
                        step(s, r[1].len, t),
                        step(h, r[0].len, s),
                    ]);
                }
            }
        }
        // A clean one-run column moves onto a column's second run, its top run into the hole.
        for s in 0..n {
            let r = &runs[s];
            if !(cols[s].clean() && r.len() == 1) {
                continue;
            }
            for d in 0..n {
                let rd = &runs[d];
                if d != s && rd.len() >= 2 && rank(rd[1].tail) == rank(r[0].head) + 1 {
                    out.push(vec![step(d, rd[0].len, h), step(s, r[0].len, d)]);
                }
            }
        }
        // A clean two-run column: its top run into the hole, the other onto a column.
        for s in 0..n {
            let r = &runs[s];
            if !(cols[s].clean() && r.len() == 2) {
                continue;
            }
            for d in 0..n {
                if d != s && top_rank(d) == Some(rank(r[1].head) + 1) {
                    out.push(vec![step(s, r[0].len, h), step(s, r[1].len, d)]);
                }
            }
        }
        // Two columns swap their top runs where that puts a run on its own suit.
        for c1 in 0..n {
            for c2 in c1 + 1..n {
                let (r1, r2) = (&runs[c1], &runs[c2]);
                let fits = |r: &[Run]| r.len() >= 2 && rank(r[0].head) + 1 == rank(r[1].tail);
                if !fits(r1) || !fits(r2) {
                    continue;
                }
                if rank(r1[0].head) != rank(r2[0].head) || rank(r1[1].tail) != rank(r2[1].tail) {
                    continue;
                }
                if r1[1].tail.suit == r2[0].tail.suit || r2[1].tail.suit == r1[0].tail.suit {
                    out.push(vec![
                        step(c1, r1[0].len, h),
                        step(c2, r2[0].len, c1),
                        step(h, r1[0].len, c2),
                    ]);
                }
            }
        }
    }
}

impl Step {
    pub(super) fn action(self) -> Action {
        Action::Move {
            from: self.from,
            to: self.to,
            count: self.count,
        }
    }
}
