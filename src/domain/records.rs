//! Personal records: what a game counts for, and what its start and its end change in the
//! player's record. The store keeps one record per user, variant and suits, changed in the
//! same transaction as the action that changes it, and can rebuild every record by folding
//! these same rules over the event logs, so the two never disagree.

use chrono::NaiveDateTime;

use super::ids::{GameId, UserId};
use super::origin::OriginKind;
use crate::engine::{Game, Status, Suits, Variant};

/// One player's record at one variant and suit count: what their counting games add up to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub user_id: UserId,
    pub variant: Variant,
    pub suits: Suits,
    pub played: i32,
    pub won: i32,
    pub current_streak: i32,
    pub longest_streak: i32,
    pub best_score: Option<i32>,
    pub best_score_game: Option<GameId>,
    pub best_score_known_deal: bool,
    pub fastest_ms: Option<i64>,
    pub fastest_game: Option<GameId>,
    pub fastest_known_deal: bool,
    pub fewest_actions: Option<i32>,
    pub fewest_game: Option<GameId>,
    pub fewest_known_deal: bool,
    pub ranked_best_score: Option<i32>,
    pub ranked_best_score_at: Option<NaiveDateTime>,
    pub ranked_fastest_ms: Option<i64>,
    pub ranked_fastest_at: Option<NaiveDateTime>,
    pub ranked_fewest_actions: Option<i32>,
    pub ranked_fewest_at: Option<NaiveDateTime>,
    pub last_finished_at: Option<NaiveDateTime>,
}

/// What a game counts for, from how it came to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Practice dailies.
    Nothing,
    /// Personal records only, marked: the player could know the cards (a chosen or replayed deal).
    KnownDeal,
    /// Personal records and the all-time leaderboards: random deals and ranked dailies.
    Ranked,
}

pub fn counting(origin: OriginKind, ranked: bool) -> Counting {
    match origin {
        OriginKind::Random => Counting::Ranked,
        OriginKind::Daily if ranked => Counting::Ranked,
        // Practice dailies.
        OriginKind::Daily => Counting::Nothing,
        // A winnable deal was picked by its difficulty: a personal record, not a ranked one.
        OriginKind::Chosen | OriginKind::Restart | OriginKind::Winnable => Counting::KnownDeal,
        // Races have their own measure: ratings.
        OriginKind::Race => Counting::Nothing,
        // Arenas have theirs: points and places.
        OriginKind::Arena => Counting::Nothing,
        // Played elsewhere (or written by hand): no record, win or streak of the player's.
        OriginKind::Imported => Counting::Nothing,
    }
}

/// The end of a game, as records see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finish {
    pub game_id: GameId,
    pub won: bool,
    pub score: i32,
    pub duration_ms: i64,
    pub actions: i32,
    pub at: NaiveDateTime,
    pub counting: Counting,
}

impl Finish {
    /// The end of game `game_id`, begun at `started` and counting as `counting`, `game` being
    /// its final position, reached at `at`.
    pub fn of(
        game_id: &GameId,
        started: NaiveDateTime,
        counting: Counting,
        game: &Game,
        at: NaiveDateTime,
    ) -> Finish {
        Finish {
            game_id: game_id.clone(),
            won: game.status() == Status::Won,
            score: game.score() as i32,
            duration_ms: (at - started).num_milliseconds(),
            actions: game.actions() as i32,
            at,
            counting,
        }
    }
}

/// Which record a change belongs to.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RecordKey {
    pub user_id: UserId,
    pub variant: Variant,
    pub suits: Suits,
}

fn better<T: PartialOrd>(new: T, old: Option<T>, lower_is_better: bool) -> bool {
    match old {
        None => true,
        Some(old) if lower_is_better => new < old,
        Some(old) => new > old,
    }
}

impl Record {
    pub fn empty(key: &RecordKey) -> Record {
        Record {
            user_id: key.user_id.clone(),
            variant: key.variant,
            suits: key.suits,
            played: 0,
            won: 0,
            current_streak: 0,
            longest_streak: 0,
            best_score: None,
            best_score_game: None,
            best_score_known_deal: false,
            fastest_ms: None,
            fastest_game: None,
            fastest_known_deal: false,
            fewest_actions: None,
            fewest_game: None,
            fewest_known_deal: false,
            ranked_best_score: None,
            ranked_best_score_at: None,
            ranked_fastest_ms: None,
            ranked_fastest_at: None,
            ranked_fewest_actions: None,
            ranked_fewest_at: None,
            last_finished_at: None,
        }
    }

    /// A counting game was started.
    pub fn start(&mut self) {
        self.played += 1;
    }

    /// A counting game ended. A resignation ends the streak; a win extends it and may set
    /// new bests (a tie keeps the earlier one).
    pub fn finish(&mut self, f: &Finish) {
        if f.counting == Counting::Nothing {
            return;
        }
        self.last_finished_at = Some(f.at);
        if !f.won {
            self.current_streak = 0;
            return;
        }
        self.won += 1;
        self.current_streak += 1;
        self.longest_streak = self.longest_streak.max(self.current_streak);
        let known = f.counting == Counting::KnownDeal;
        if better(f.score, self.best_score, false) {
            self.best_score = Some(f.score);
            self.best_score_game = Some(f.game_id.clone());
            self.best_score_known_deal = known;
        }
        if better(f.duration_ms, self.fastest_ms, true) {
            self.fastest_ms = Some(f.duration_ms);
            self.fastest_game = Some(f.game_id.clone());
            self.fastest_known_deal = known;
        }
        if better(f.actions, self.fewest_actions, true) {
            self.fewest_actions = Some(f.actions);
            self.fewest_game = Some(f.game_id.clone());
            self.fewest_known_deal = known;
        }
        if f.counting == Counting::Ranked {
            if better(f.score, self.ranked_best_score, false) {
                self.ranked_best_score = Some(f.score);
                self.ranked_best_score_at = Some(f.at);
            }
            if better(f.duration_ms, self.ranked_fastest_ms, true) {
                self.ranked_fastest_ms = Some(f.duration_ms);
                self.ranked_fastest_at = Some(f.at);
            }
            if better(f.actions, self.ranked_fewest_actions, true) {
                self.ranked_fewest_actions = Some(f.actions);
                self.ranked_fewest_at = Some(f.at);
            }
        }
    }
}

/// A change to one record.
#[derive(Clone, Debug)]
pub enum Change {
    Start,
    Finish(Finish),
}

/// What an all-time leaderboard ranks by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Measure {
    Score,
    Time,
    Moves,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> RecordKey {
        RecordKey {
            user_id: "u".into(),
            variant: Variant::Spider,
            suits: Suits::Two,
        }
    }

    fn at(s: i64) -> NaiveDateTime {
        chrono::DateTime::from_timestamp(1_800_000_000 + s, 0)
            .unwrap()
            .naive_utc()
    }

    fn win(id: &str, score: i32, ms: i64, actions: i32, t: i64, counting: Counting) -> Finish {
        Finish {
            game_id: id.into(),
            won: true,
            score,
            duration_ms: ms,
            actions,
            at: at(t),
            counting,
        }
    }

    #[test]
    fn wins_set_bests_and_streaks_and_a_resignation_ends_the_streak() {
        let mut r = Record::empty(&key());
        for _ in 0..4 {
            r.start();
        }
        r.finish(&win("a", 1100, 90_000, 200, 1, Counting::Ranked));
        r.finish(&win("b", 1150, 120_000, 150, 2, Counting::Ranked));
        assert_eq!((r.won, r.current_streak, r.longest_streak), (2, 2, 2));
        r.finish(&Finish {
            won: false,
            ..win("c", 480, 10, 20, 3, Counting::Ranked)
        });
        assert_eq!(
            (r.played, r.won, r.current_streak, r.longest_streak),
            (4, 2, 0, 2)
        );
        assert_eq!(r.best_score, Some(1150));
        assert_eq!(r.best_score_game.as_deref(), Some("b"));
        assert_eq!(r.fastest_ms, Some(90_000));
        assert_eq!(r.fewest_actions, Some(150));
        assert_eq!(r.ranked_best_score_at, Some(at(2)));
    }

    #[test]
    fn known_deals_are_marked_and_kept_off_the_leaderboards_and_practice_counts_for_nothing() {
        let mut r = Record::empty(&key());
        r.finish(&win("a", 1100, 90_000, 200, 1, Counting::Ranked));
        r.finish(&win("k", 1200, 60_000, 100, 2, Counting::KnownDeal));
        assert_eq!(r.best_score, Some(1200));
        assert!(r.best_score_known_deal);
        assert_eq!(r.ranked_best_score, Some(1100));
        assert_eq!(r.ranked_fastest_ms, Some(90_000));
        let before = r.clone();
        r.finish(&win("p", 1290, 1_000, 10, 3, Counting::Nothing));
        assert_eq!(r, before);
        // A tie keeps the earlier best.
        r.finish(&win("t", 1200, 60_000, 100, 4, Counting::Ranked));
        assert_eq!(r.best_score_game.as_deref(), Some("k"));
        assert_eq!(counting(OriginKind::Random, false), Counting::Ranked);
        assert_eq!(counting(OriginKind::Daily, true), Counting::Ranked);
        assert_eq!(counting(OriginKind::Daily, false), Counting::Nothing);
        assert_eq!(counting(OriginKind::Chosen, false), Counting::KnownDeal);
        assert_eq!(counting(OriginKind::Restart, false), Counting::KnownDeal);
        assert_eq!(counting(OriginKind::Winnable, false), Counting::KnownDeal);
        assert_eq!(counting(OriginKind::Race, false), Counting::Nothing);
    }
}
