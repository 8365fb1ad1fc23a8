//! What a position allows: its legal actions (in a fixed order), the move a player means
//! by "from here to there" or "tap a card", and perft counts.

use super::*;

impl Game {
    /// Calls `visit` with every legal move, then the deal if it is legal, in a fixed order
    /// (by source column, then target, then count). Stops early when `visit` returns false.
    fn visit_legal(&self, mut visit: impl FnMut(Action) -> bool) {
        if self.status != Status::InProgress {
            return;
        }
        let columns = &self.position.columns;
        for (from, source) in columns.iter().enumerate() {
            let movable = source.movable();
            let Some(bottom) = source.last() else {
                continue;
            };
            for (to, target) in columns.iter().enumerate() {
                if to == from {
                    continue;
                }
                match target.last() {
                    None => {
                        for count in 1..=movable {
                            if !visit(Action::Move { from, to, count }) {
                                return;
                            }
                        }
                    }
                    Some(onto) => {
                        // The group's top must be one below `onto`: that fixes the count.
                        let count = usize::from(onto.rank.value())
                            .wrapping_sub(usize::from(bottom.rank.value()));
                        if (1..=movable).contains(&count)
                            && !visit(Action::Move { from, to, count })
                        {
                            return;
                        }
                    }
                }
            }
        }
        if self.check_deal().is_ok() {
            visit(Action::Deal);
        }
    }

    /// Every legal move and deal now (undo and resign are not listed: see `can_undo`).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut actions = Vec::with_capacity(48);
        self.visit_legal(|action| {
            actions.push(action);
            true
        });
        actions
    }

    /// True while some move or deal is legal.
    pub fn has_legal_action(&self) -> bool {
        let mut any = false;
        self.visit_legal(|_| {
            any = true;
            false
        });
        any
    }

    /// The "tap a card" helper: the best destination for the cards at the end of `column`.
    /// With `count`, those cards; without, the longest movable group that has somewhere to go.
    /// Prefers a card one rank higher (same suit first, then the longest group) over an empty
    /// column, and never moves a whole column into an empty one, which would change nothing.
    pub fn auto_move(&self, column: usize, count: Option<usize>) -> Result<Action, Illegal> {
        if self.status != Status::InProgress {
            return Err(Illegal::GameOver);
        }
        let source = self.check_column(column)?;
        let counts = match count {
            Some(count) => {
                self.check_group(column, count)?;
                count..=count
            }
            None if source.cards.is_empty() => {
                return Err(Illegal::NotEnoughFaceUp {
                    column,
                    count: 1,
                    face_up: 0,
                })
            }
            None => 1..=source.movable(),
        };
        let longest = *counts.end();
        let columns = &self.position.columns;
        // Ranked by: lands on a card, group length, lands in suit, resulting in-suit run,
        // lower column number.
        type Preference = (bool, usize, bool, usize, std::cmp::Reverse<usize>);
        let mut best: Option<(Preference, Action)> = None;
        for count in counts {
            let top = source.cards[source.cards.len() - count];
            for (to, target) in columns.iter().enumerate() {
                if to == column {
                    continue;
                }
                let key = match target.last() {
                    Some(onto) if top.fits_on(onto) => {
                        let in_suit = top.suit == onto.suit;
                        let joined = if in_suit {
                            count + target.movable()
                        } else {
                            count
                        };
                        (true, count, in_suit, joined, std::cmp::Reverse(to))
                    }
                    Some(_) => continue,
                    // Into an empty column only the whole group goes, never the whole column.
                    None if count == source.cards.len() || count != longest => continue,
                    None => (false, count, false, count, std::cmp::Reverse(to)),
                };
                if best.as_ref().is_none_or(|(b, _)| key > *b) {
                    best = Some((
                        key,
                        Action::Move {
                            from: column,
                            to,
                            count,
                        },
                    ));
                }
            }
        }
        best.map(|(_, action)| action)
            .ok_or(Illegal::NoDestination { column })
    }

    /// How many cards a move from `from` to `to` takes when the player names no count: the
    /// one group that fits on the target's last card, or the longest movable group for an
    /// empty target.
    pub fn move_count(&self, from: usize, to: usize) -> Result<usize, Illegal> {
        if self.status != Status::InProgress {
            return Err(Illegal::GameOver);
        }
        let source = self.check_column(from)?;
        let target = self.check_column(to)?;
        if from == to {
            return Err(Illegal::SameColumn);
        }
        let movable = source.movable();
        let (Some(bottom), Some(onto)) = (source.last(), target.last()) else {
            // An empty source is refused by the group rule; an empty target takes it all.
            return Ok(movable.max(1));
        };
        let count = usize::from(onto.rank.value()).wrapping_sub(usize::from(bottom.rank.value()));
        if (1..=movable).contains(&count) {
            Ok(count)
        } else {
            // No group fits: report the landing rule for the whole movable group.
            let card = source.cards[source.cards.len() - movable];
            Err(Illegal::LandingRankMismatch { card, onto })
        }
    }

    /// The number of distinct sequences of `depth` legal moves and deals (perft).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let actions = self.legal_actions();
        if depth == 1 {
            return actions.len() as u64;
        }
        actions
            .into_iter()
            .map(|action| {
                let mut next = self.clone();
                match next.apply(action) {
                    Ok(_) => next.perft(depth - 1),
                    Err(_) => 0,
                }
            })
            .sum()
    }
}
