//! Arenas (docs/ARENAS.md): a community's tournament on shared deals. Every player meets the
//! same deals in the same order (duplicate format), so a result compares play, not the luck
//! of the cards. Here: the scoring, after lichess's arena, for solitaire, the standings, and
//! the order each player meets the arena's deals in. No I/O.

use chrono::{NaiveDateTime, TimeDelta};
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Points for a won deal.
pub const WIN: u32 = 2;
/// Wins in a row after which each further win counts double ("on fire"), until a deal is not
/// won.
pub const FIRE_AFTER: u32 = 2;
/// Added to a won deal played berserk (no undo), once, not doubled on fire.
pub const BERSERK: u32 = 1;

/// How one deal of a player's arena ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealEnd {
    /// Won, in `ms` (server time from the deal's start to the winning action); `berserk`: the
    /// player chose to play it without undo.
    Won { ms: i64, berserk: bool },
    /// Lost, given up, or still unfinished when the arena ended: 0, and the streak ends.
    NotWon,
}

/// A player's score so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub points: u32,
    pub played: u32,
    pub won: u32,
    /// Total time of the won deals: less is better, among equal points.
    pub won_ms: i64,
    /// Wins in a row now.
    pub streak: u32,
}

impl Score {
    /// Whether the next win counts double.
    pub fn on_fire(&self) -> bool {
        self.streak >= FIRE_AFTER
    }

    /// The score after one more deal, and the points that deal made.
    pub fn after(self, end: DealEnd) -> (Score, u32) {
        let mut next = self;
        next.played += 1;
        match end {
            DealEnd::Won { ms, berserk } => {
                let base = if self.on_fire() { 2 * WIN } else { WIN };
                let made = base + if berserk { BERSERK } else { 0 };
                next.points += made;
                next.won += 1;
                next.won_ms += ms.max(0);
                next.streak += 1;
                (next, made)
            }
            DealEnd::NotWon => {
                next.streak = 0;
                (next, 0)
            }
        }
    }
}

/// A player's score over their deals in order, with the points each deal made.
pub fn score(ends: &[DealEnd]) -> (Score, Vec<u32>) {
    let mut total = Score::default();
    let mut sheet = Vec::with_capacity(ends.len());
    for &end in ends {
        let (next, made) = total.after(end);
        total = next;
        sheet.push(made);
    }
    (total, sheet)
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place<K> {
    /// 1 for the best; equal points and equal time of won deals share a place.
    pub place: usize,
    pub player: K,
    pub score: Score,
}

/// The standings: most points first; among equal points, the least total time of won deals;
/// still equal, the same place (listed by `player`, so that every instance lists them alike).
pub fn standings<K: Ord + Clone>(scores: &[(K, Score)]) -> Vec<Place<K>> {
    let mut sorted: Vec<&(K, Score)> = scores.iter().collect();
    sorted.sort_by(|(ka, a), (kb, b)| {
        b.points
            .cmp(&a.points)
            .then(a.won_ms.cmp(&b.won_ms))
            .then_with(|| ka.cmp(kb))
    });
    let mut out: Vec<Place<K>> = Vec::with_capacity(sorted.len());
    for (i, (player, score)) in sorted.into_iter().enumerate() {
        let place = match out.last() {
            Some(prev)
                if prev.score.points == score.points && prev.score.won_ms == score.won_ms =>
            {
                prev.place
            }
            _ => i + 1,
        };
        out.push(Place {
            place,
            player: player.clone(),
            score: *score,
        });
    }
    out
}

/// Deals in a block: every player plays the arena's deals a block at a time, each block's in
/// an order of their own (docs/ARENAS.md, "Fairness").
pub const BLOCK: usize = 3;

/// Which of the arena's deals (an index into its list) is `player`'s deal number `k` (from 0):
/// the deals of block `k / BLOCK`, in an order drawn for this player and block under the
/// arena's `secret`. Two players who have played the same number of whole blocks have played
/// the same deals; a second account playing ahead learns a block's deals but not the order
/// another player meets them in.
pub fn deal_for(secret: &[u8], player: &str, k: usize) -> usize {
    let block = k / BLOCK;
    block * BLOCK + order(secret, player, block)[k % BLOCK]
}

/// The order of a block's deals for a player: a permutation of `0..BLOCK` (Fisher–Yates on
/// HMAC-SHA256 bytes of the player and the block).
fn order(secret: &[u8], player: &str, block: usize) -> [usize; BLOCK] {
    #[allow(
        clippy::expect_used,
        reason = "HMAC takes keys of any length: new_from_slice never refuses one"
    )]
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes keys of any length");
    mac.update(format!("spider-arena-order|{player}|{block}").as_bytes());
    let bytes = mac.finalize().into_bytes();
    let mut out: [usize; BLOCK] = std::array::from_fn(|i| i);
    for i in (1..BLOCK).rev() {
        let word = u16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]]);
        out.swap(i, usize::from(word) % (i + 1));
    }
    out
}

/// The `i`-th deal number (from 0) the arena's `secret` draws: the arena's deals are the
/// first of these the prover finds winnable, in this order, so every instance draws the same.
pub fn candidate(secret: &[u8], i: u32) -> u64 {
    #[allow(
        clippy::expect_used,
        reason = "HMAC takes keys of any length: new_from_slice never refuses one"
    )]
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes keys of any length");
    mac.update(format!("spider-arena-deal|{i}").as_bytes());
    let bytes = mac.finalize().into_bytes();
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(word)
}

/// Deals an arena of `minutes` holds: one for every two minutes, at least two blocks and at
/// most twenty, in whole blocks (a player who plays them all has nothing more to play).
pub fn deal_count(minutes: u32) -> usize {
    let wanted = (minutes as usize).div_ceil(2).clamp(2 * BLOCK, 20 * BLOCK);
    wanted.div_ceil(BLOCK) * BLOCK
}

/// A recurring arena an operator sets (docs/ARENAS.md, "Schedules"): one every `every`, the
/// first at `anchor` (UTC), each lasting `lasts` (at most `every`: two of one schedule never
/// overlap).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    pub anchor: NaiveDateTime,
    pub every: TimeDelta,
    pub lasts: TimeDelta,
}

/// Why a schedule cannot be kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadSchedule {
    /// `every` is under a minute.
    TooOften,
    /// An arena would last longer than the time to the next, or not at all.
    BadLength,
}

impl Schedule {
    pub fn new(
        anchor: NaiveDateTime,
        every: TimeDelta,
        lasts: TimeDelta,
    ) -> Result<Schedule, BadSchedule> {
        if every < TimeDelta::minutes(1) {
            return Err(BadSchedule::TooOften);
        }
        if lasts <= TimeDelta::zero() || lasts > every {
            return Err(BadSchedule::BadLength);
        }
        Ok(Schedule {
            anchor,
            every,
            lasts,
        })
    }

    /// The start of the schedule's `n`-th arena (from 0).
    pub fn start(&self, n: i64) -> Option<NaiveDateTime> {
        self.anchor
            .checked_add_signed(self.every.checked_mul(i32::try_from(n).ok()?)?)
    }

    /// At `now`: the arena running (its number and start), if any, and the next one's number
    /// and start. Before the anchor, nothing runs and the next is the first.
    pub fn at(&self, now: NaiveDateTime) -> (Option<(i64, NaiveDateTime)>, (i64, NaiveDateTime)) {
        let since = now - self.anchor;
        if since < TimeDelta::zero() {
            return (None, (0, self.anchor));
        }
        let every_ms = self.every.num_milliseconds().max(1);
        let n = since.num_milliseconds() / every_ms;
        let start = self.start(n).unwrap_or(self.anchor);
        let running = (now < start + self.lasts).then_some((n, start));
        let next = (n + 1, self.start(n + 1).unwrap_or(start));
        (running, next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: DealEnd = DealEnd::Won {
        ms: 1_000,
        berserk: false,
    };
    const B: DealEnd = DealEnd::Won {
        ms: 1_000,
        berserk: true,
    };
    const L: DealEnd = DealEnd::NotWon;

    #[test]
    fn the_table_of_docs_arenas() {
        // Two wins, then on fire: 4 a win until a deal is not won.
        assert_eq!(score(&[W, W, W, W, L, W]).1, [2, 2, 4, 4, 0, 2]);
        // Berserk adds 1 to a win, not doubled on fire; a berserk deal not won makes nothing.
        assert_eq!(score(&[B, B, B, L]).1, [3, 3, 5, 0]);
        let (total, _) = score(&[W, W, W, L, W]);
        assert_eq!(
            total,
            Score {
                points: 10,
                played: 5,
                won: 4,
                won_ms: 4_000,
                streak: 1
            }
        );
        assert!(!total.on_fire());
        assert_eq!(score(&[]).0, Score::default());
    }

    /// Every sequence of up to eight deals (won, won berserk, not won): the points lie between
    /// 2 and 5 a win, a deal not won makes nothing and ends the streak, and a win never makes
    /// fewer points than the same deal not won.
    #[test]
    fn every_short_arena_keeps_the_rules() {
        let kinds = [W, B, L];
        for len in 0..=8u32 {
            for mut code in 0..3usize.pow(len) {
                let mut ends = Vec::new();
                for _ in 0..len {
                    ends.push(kinds[code % 3]);
                    code /= 3;
                }
                let (total, sheet) = score(&ends);
                assert_eq!(sheet.iter().sum::<u32>(), total.points);
                assert!(total.points >= WIN * total.won, "{ends:?}");
                assert!(total.points <= (2 * WIN + BERSERK) * total.won, "{ends:?}");
                for (i, (&end, &made)) in ends.iter().zip(&sheet).enumerate() {
                    if end == L {
                        assert_eq!(made, 0);
                    }
                    // Fire needs the two deals before to be wins.
                    if made >= 2 * WIN {
                        assert!(i >= 2 && ends[i - 1] != L && ends[i - 2] != L, "{ends:?}");
                    }
                }
                // One more deal not won ends any streak.
                let mut lost = ends.clone();
                lost.push(L);
                assert_eq!(score(&lost).0.streak, 0);
                let mut won = ends;
                won.push(W);
                assert!(score(&won).0.points > score(&lost).0.points);
            }
        }
    }

    #[test]
    fn every_player_meets_each_block_s_deals_in_an_order_of_their_own() {
        let secret = b"an arena's own secret";
        let players: Vec<String> = (0..200).map(|i| format!("player-{i}")).collect();
        let mut same_order = 0;
        let mut pairs = 0;
        for block in 0..10 {
            let mut orders = Vec::new();
            for p in &players {
                let mut got: Vec<usize> = (0..BLOCK)
                    .map(|j| deal_for(secret, p, block * BLOCK + j))
                    .collect();
                orders.push(got.clone());
                // The block's deals, each once, whatever the order.
                got.sort_unstable();
                assert_eq!(
                    got,
                    (block * BLOCK..(block + 1) * BLOCK).collect::<Vec<_>>()
                );
            }
            // Neighbours in time (players next to each other) mostly meet them in another order:
            // the same order by chance is 1 in BLOCK! = 6.
            for pair in orders.windows(2) {
                pairs += 1;
                same_order += usize::from(pair[0] == pair[1]);
            }
            // Every order turns up: none is favoured.
            let distinct: std::collections::BTreeSet<_> = orders.iter().collect();
            assert_eq!(distinct.len(), 6, "block {block}");
        }
        let share = same_order as f64 / pairs as f64;
        assert!((0.10..0.25).contains(&share), "{same_order} of {pairs}");
        // The same arena, player and number: the same deal; another arena's secret: another order.
        assert_eq!(deal_for(secret, "ada", 7), deal_for(secret, "ada", 7));
        let differs = (0..30).any(|k| deal_for(secret, "ada", k) != deal_for(b"other", "ada", k));
        assert!(differs);
    }

    #[test]
    fn a_schedule_says_what_runs_now_and_what_comes_next() {
        let at = |h: u32, m: u32| {
            chrono::NaiveDate::from_ymd_opt(2026, 12, 7)
                .and_then(|d| d.and_hms_opt(h, m, 0))
                .unwrap()
        };
        // Hourly, on the hour, 45 minutes each.
        let hourly = Schedule::new(at(0, 0), TimeDelta::hours(1), TimeDelta::minutes(45)).unwrap();
        assert_eq!(
            hourly.at(at(18, 10)),
            (Some((18, at(18, 0))), (19, at(19, 0)))
        );
        assert_eq!(
            hourly.at(at(18, 45)),
            (None, (19, at(19, 0))),
            "over at :45"
        );
        assert_eq!(
            hourly.at(at(19, 0)),
            (Some((19, at(19, 0))), (20, at(20, 0)))
        );
        // Before the first: nothing runs, the first is next.
        let evening = Schedule::new(at(20, 0), TimeDelta::days(1), TimeDelta::hours(2)).unwrap();
        assert_eq!(evening.at(at(18, 0)), (None, (0, at(20, 0))));
        assert_eq!(
            evening.at(at(21, 59)),
            (Some((0, at(20, 0))), (1, at(20, 0) + TimeDelta::days(1)))
        );
        // Refused: too often, longer than the gap, no length.
        assert_eq!(
            Schedule::new(at(0, 0), TimeDelta::seconds(30), TimeDelta::seconds(10)),
            Err(BadSchedule::TooOften)
        );
        assert_eq!(
            Schedule::new(at(0, 0), TimeDelta::hours(1), TimeDelta::minutes(61)),
            Err(BadSchedule::BadLength)
        );
        assert_eq!(
            Schedule::new(at(0, 0), TimeDelta::hours(1), TimeDelta::zero()),
            Err(BadSchedule::BadLength)
        );
        // Every minute of two days: what runs started at most `lasts` ago, the next is later.
        for minute in 0..(2 * 24 * 60) {
            let now = at(0, 0) + TimeDelta::minutes(minute);
            let (running, (n, next)) = hourly.at(now);
            assert!(next > now);
            if let Some((m, start)) = running {
                assert!(start <= now && now < start + hourly.lasts);
                assert_eq!(m + 1, n);
            }
        }
    }

    #[test]
    fn standings_by_points_then_time_of_won_deals() {
        let s = |points, won_ms| Score {
            points,
            won_ms,
            ..Score::default()
        };
        let table = standings(&[
            ("cat", s(6, 9_000)),
            ("ada", s(8, 20_000)),
            ("bob", s(6, 7_000)),
            ("dan", s(6, 9_000)),
            ("eve", s(0, 0)),
        ]);
        let order: Vec<(usize, &str)> = table.iter().map(|p| (p.place, p.player)).collect();
        assert_eq!(
            order,
            [(1, "ada"), (2, "bob"), (3, "cat"), (3, "dan"), (5, "eve")]
        );
    }

    #[test]
    fn an_arena_draws_its_own_deal_numbers_and_whole_blocks_of_them() {
        let a: Vec<u64> = (0..50).map(|i| candidate(b"arena a", i)).collect();
        let b: Vec<u64> = (0..50).map(|i| candidate(b"arena b", i)).collect();
        assert_eq!(
            a,
            (0..50)
                .map(|i| candidate(b"arena a", i))
                .collect::<Vec<_>>()
        );
        assert!(a.iter().zip(&b).all(|(x, y)| x != y));
        let distinct: std::collections::HashSet<_> = a.iter().collect();
        assert_eq!(distinct.len(), 50);
        for (minutes, deals) in [
            (1, 6),
            (5, 6),
            (14, 9),
            (45, 24),
            (60, 30),
            (180, 60),
            (600, 60),
        ] {
            assert_eq!(deal_count(minutes), deals, "{minutes} minutes");
            assert_eq!(deal_count(minutes) % BLOCK, 0);
        }
    }
}
