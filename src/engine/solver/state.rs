//! The compact state the searches run on (docs/HINTS.md, §8): 104 card bytes column after
//! column, the column lengths and face-down counts, the deals made and the runs removed; the
//! moves on it and the evaluations of it.

use super::*;

/// A face-down card, or a card turned over during a look-ahead: unknown, so inert (no rank
/// fits on it and it never moves).
pub(super) const UNKNOWN: u8 = 0xff;

pub(super) const MAX_COLUMNS: usize = 10;
pub(super) const MAX_CARDS: usize = 104;

/// A card as one byte: rank 1–13 in the low nibble, suit in the high one. 0 is no card.
pub(super) fn encode(card: crate::card::Card) -> u8 {
    card.rank.value() | ((card.suit as u8) << 4)
}

pub(super) fn rank(card: u8) -> u8 {
    card & 15
}

pub(super) fn suit(card: u8) -> u8 {
    card >> 4
}

/// `child` lies on `parent` in one movable group: one rank lower, the same suit.
pub(super) fn follows(child: u8, parent: u8) -> bool {
    parent == child + 1
}

/// What does not change while searching: the stock in dealing order and the rules.
pub(super) struct Table {
    pub(super) columns: usize,
    /// Deals left at the start, each the cards for columns 0, 1, ….
    pub(super) rows: Vec<Vec<u8>>,
    pub(super) runs: u8,
    pub(super) rule: EmptyColumnDeal,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct State {
    /// Column 0's cards bottom to top, then column 1's, …; zero past the last card.
    pub(super) cards: [u8; MAX_CARDS],
    pub(super) len: [u8; MAX_COLUMNS],
    pub(super) down: [u8; MAX_COLUMNS],
    pub(super) dealt: u8,
    pub(super) removed: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Mv {
    /// `DEAL` for a deal.
    pub(super) from: u8,
    pub(super) to: u8,
    pub(super) count: u8,
}

pub(super) const DEAL: u8 = u8::MAX;

/// How deep the exhaustive search may go (its thread's stack is sized for it).
pub(super) const EXHAUSTIVE_DEPTH: usize = 200_000;

impl Mv {
    pub(super) const DEAL: Mv = Mv {
        from: DEAL,
        to: 0,
        count: 0,
    };

    /// The move or deal `action` is; `None` for an undo or a resignation.
    pub(super) fn of(action: Action) -> Option<Mv> {
        match action {
            Action::Move { from, to, count } => Some(Mv {
                from: from as u8,
                to: to as u8,
                count: count as u8,
            }),
            Action::Deal => Some(Mv::DEAL),
            Action::Undo | Action::Resign => None,
        }
    }

    pub(super) fn action(self) -> Action {
        if self.from == DEAL {
            Action::Deal
        } else {
            Action::Move {
                from: self.from.into(),
                to: self.to.into(),
                count: self.count.into(),
            }
        }
    }
}

/// What a move did besides itself.
#[derive(Clone, Copy, Default)]
pub(super) struct Effect {
    pub(super) turned: u8,
    pub(super) completed: u8,
}

impl State {
    pub(super) fn from_game(game: &Game) -> (State, Table) {
        let position = game.position();
        let mut state = State {
            cards: [0; MAX_CARDS],
            len: [0; MAX_COLUMNS],
            down: [0; MAX_COLUMNS],
            dealt: 0,
            removed: position.removed.len() as u8,
        };
        let mut at = 0;
        for (i, column) in position.columns.iter().enumerate() {
            for &card in &column.cards {
                state.cards[at] = encode(card);
                at += 1;
            }
            state.len[i] = column.cards.len() as u8;
            state.down[i] = column.face_down as u8;
        }
        let columns = position.columns.len();
        let order: Vec<u8> = position.stock.iter().rev().map(|&c| encode(c)).collect();
        let table = Table {
            columns,
            rows: order.chunks(columns).map(<[u8]>::to_vec).collect(),
            runs: game.variant().runs() as u8,
            rule: game.rules().empty_column_deal,
        };
        (state, table)
    }

    pub(super) fn start(&self, column: usize) -> usize {
        self.len[..column].iter().map(|&l| usize::from(l)).sum()
    }

    pub(super) fn total(&self) -> usize {
        self.len.iter().map(|&l| usize::from(l)).sum()
    }

    pub(super) fn column(&self, column: usize) -> &[u8] {
        let start = self.start(column);
        &self.cards[start..start + usize::from(self.len[column])]
    }

    pub(super) fn top(&self, column: usize) -> Option<u8> {
        self.column(column).last().copied()
    }

    /// The same-suit descending group at the end of `column`.
    pub(super) fn movable(&self, column: usize) -> usize {
        let cards = self.column(column);
        let up = cards.len() - usize::from(self.down[column]);
        if up == 0 {
            return 0;
        }
        let mut n = 1;
        while n < up && follows(cards[cards.len() - n], cards[cards.len() - n - 1]) {
            n += 1;
        }
        n
    }

    pub(super) fn key(&self) -> u64 {
        let mut h = Fx::default();
        for chunk in self.cards.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            h.write_u64(u64::from_le_bytes(word));
        }
        let mut word = [0u8; 8];
        word.copy_from_slice(&self.len[..8]);
        h.write_u64(u64::from_le_bytes(word));
        word.copy_from_slice(&self.down[..8]);
        h.write_u64(u64::from_le_bytes(word));
        h.write_u64(u64::from_le_bytes([
            self.len[8],
            self.len[9],
            self.down[8],
            self.down[9],
            self.dealt,
            self.removed,
            0,
            0,
        ]));
        h.finish()
    }

    pub(super) fn flip(&mut self, column: usize) -> bool {
        let down = &mut self.down[column];
        if *down > 0 && *down == self.len[column] {
            *down -= 1;
            true
        } else {
            false
        }
    }

    pub(super) fn remove_run(&mut self, column: usize, effect: &mut Effect) {
        let len = usize::from(self.len[column]);
        let up = len - usize::from(self.down[column]);
        if up < 13
            || rank(self.cards[self.start(column) + len - 1]) != 1
            || self.movable(column) < 13
        {
            return;
        }
        let total = self.total();
        let end = self.start(column) + len;
        self.cards.copy_within(end..total, end - 13);
        self.cards[total - 13..total].fill(0);
        self.len[column] -= 13;
        self.removed += 1;
        effect.completed += 1;
        if self.flip(column) {
            effect.turned += 1;
        }
    }

    pub(super) fn apply(&mut self, mv: Mv, table: &Table) -> Effect {
        let mut effect = Effect::default();
        if mv.from == DEAL {
            let row = &table.rows[usize::from(self.dealt)];
            for (column, &card) in row.iter().enumerate() {
                let total = self.total();
                let end = self.start(column) + usize::from(self.len[column]);
                self.cards.copy_within(end..total, end + 1);
                self.cards[end] = card;
                self.len[column] += 1;
            }
            self.dealt += 1;
            for column in 0..row.len() {
                self.remove_run(column, &mut effect);
            }
            return effect;
        }
        let (from, to, count) = (
            usize::from(mv.from),
            usize::from(mv.to),
            usize::from(mv.count),
        );
        let total = self.total();
        let source = self.start(from) + usize::from(self.len[from]) - count;
        let mut group = [0u8; 13];
        group[..count].copy_from_slice(&self.cards[source..source + count]);
        self.cards.copy_within(source + count..total, source);
        self.len[from] -= count as u8;
        let end = self.start(to) + usize::from(self.len[to]);
        self.cards.copy_within(end..total - count, end + count);
        self.cards[end..end + count].copy_from_slice(&group[..count]);
        self.len[to] += count as u8;
        if self.flip(from) {
            effect.turned += 1;
        }
        self.remove_run(to, &mut effect);
        effect
    }

    pub(super) fn won(&self, table: &Table) -> bool {
        self.removed == table.runs
    }

    pub(super) fn can_deal(&self, table: &Table) -> bool {
        if usize::from(self.dealt) >= table.rows.len() {
            return false;
        }
        let columns = &self.len[..table.columns];
        let any_empty = columns.contains(&0);
        match table.rule {
            EmptyColumnDeal::Allowed => true,
            EmptyColumnDeal::Strict => !any_empty,
            EmptyColumnDeal::Standard => !any_empty || self.total() < table.columns,
        }
    }

    /// Moves worth searching, and the deal when the rules allow it.
    ///
    /// Always dropped (they change nothing that matters once the stock is gone): a whole
    /// column into an empty one, and a second empty column as target for the same group.
    /// With `heuristic`, also dropped: a whole column into a hole while stock remains, a
    /// suited run split without lengthening a suited run, a part of a suited run into a
    /// hole, an off-suit group leaving a parent it fits for another off-suit parent, and all
    /// holes but the first. Those rarely matter, but might, so a search that drops them
    /// proves nothing.
    pub(super) fn moves(&self, table: &Table, heuristic: bool, out: &mut Vec<Mv>) {
        out.clear();
        let columns = table.columns;
        let stock_empty = usize::from(self.dealt) >= table.rows.len();
        let first_hole = (0..columns).find(|&c| self.len[c] == 0);
        let tops: [u8; MAX_COLUMNS] = std::array::from_fn(|c| {
            if c < columns {
                self.top(c).unwrap_or(0)
            } else {
                0
            }
        });
        for from in 0..columns {
            let cards = self.column(from);
            let len = cards.len();
            if len == 0 {
                continue;
            }
            let down = usize::from(self.down[from]);
            let run = self.movable(from);
            for count in 1..=run {
                let card = cards[len - count];
                if card == UNKNOWN {
                    // A card turned over during a look-ahead: not known, so it stays put.
                    break;
                }
                let whole = count == len;
                let parent = (len - count > down).then(|| cards[len - count - 1]);
                for (to, &onto) in tops.iter().enumerate().take(columns) {
                    if to == from {
                        continue;
                    }
                    if onto == 0 {
                        let pointless = if heuristic {
                            whole || count < run || Some(to) != first_hole
                        } else {
                            stock_empty && (whole || Some(to) != first_hole)
                        };
                        if !pointless {
                            out.push(Mv {
                                from: from as u8,
                                to: to as u8,
                                count: count as u8,
                            });
                        }
                        continue;
                    }
                    if rank(onto) != rank(card) + 1 {
                        continue;
                    }
                    if heuristic {
                        let same_suit = suit(onto) == suit(card);
                        if count < run {
                            // Splitting a suited run pays only if the target's run grows longer.
                            if !same_suit || self.movable(to) + count <= run {
                                continue;
                            }
                        } else if let Some(parent) = parent {
                            if rank(parent) == rank(card) + 1 && !same_suit {
                                continue;
                            }
                        }
                    }
                    out.push(Mv {
                        from: from as u8,
                        to: to as u8,
                        count: count as u8,
                    });
                }
            }
        }
        if self.can_deal(table) {
            out.push(Mv::DEAL);
        }
    }

    /// Higher is better: runs removed, few face-down cards (convex per column), long suited
    /// runs (superlinear), few sequence breaks, empty columns (with diminishing returns).
    /// SpiderSolver's evaluation (docs/HINTS.md §11.6) in tenths, as integers: each suited run
    /// of L face-up cards 10(L−1) + (L−1)², each completed run that of 13 cards and 100 more,
    /// holes 100 × [0, 5, 7, 9, 10, …], per column 10 × [15, 10, 6, 3, 1, 0] by its face-down
    /// cards (an empty column counts as none).
    pub(super) fn spidersolver_score(&self, table: &Table) -> i32 {
        const DOWN: [i32; 6] = [15, 10, 6, 3, 1, 0];
        const HOLES: [i32; 5] = [0, 5, 7, 9, 10];
        let run = |len: i32| 10 * (len - 1) + (len - 1) * (len - 1);
        let mut s = i32::from(self.removed) * (run(13) + 100);
        let mut holes = 0;
        let mut at = 0;
        for c in 0..table.columns {
            let len = usize::from(self.len[c]);
            let down = usize::from(self.down[c]);
            s += 10 * DOWN[down.min(5)];
            if len == 0 {
                holes += 1;
                continue;
            }
            let up = &self.cards[at + down..at + len];
            at += len;
            let mut length = 1;
            for w in up.windows(2) {
                if follows(w[1], w[0]) {
                    length += 1;
                } else {
                    s += run(length);
                    length = 1;
                }
            }
            if !up.is_empty() {
                s += run(length);
            }
        }
        s + 100 * HOLES[holes.min(4)]
    }

    pub(super) fn score(&self, table: &Table) -> i32 {
        let mut s = i32::from(self.removed) * 10_000;
        let mut holes = 0;
        let mut at = 0;
        for c in 0..table.columns {
            let len = usize::from(self.len[c]);
            if len == 0 {
                holes += 1;
                continue;
            }
            let cards = &self.cards[at..at + len];
            at += len;
            let down = i32::from(self.down[c]);
            s -= down * 60 + down * down * 8;
            let up = &cards[usize::from(self.down[c])..];
            let mut run = 1i32;
            for w in up.windows(2) {
                if follows(w[1], w[0]) {
                    run += 1;
                } else {
                    s += (run - 1) * 12 + (run - 1) * (run - 1);
                    run = 1;
                    s -= if rank(w[0]) == rank(w[1]) + 1 { 6 } else { 25 };
                }
            }
            s += (run - 1) * 12 + (run - 1) * (run - 1);
            if down == 0 && rank(up[0]) == 13 {
                s += 15;
            }
        }
        s + [0, 120, 200, 260, 300, 330, 350, 360, 370, 380, 390][holes.min(10)]
    }
}

// ------------------------------------------------------------------------------ Searches
