//! A bounded cache of the positions this instance last wrote, so the next action on a game
//! needs neither a read nor a replay. It is only a guess: an append still moves the game from
//! the version it decided on (`UPDATE … WHERE version = n`), so a position another instance
//! (or request) moved past loses that race, is dropped, and the action is decided again on a
//! fresh read. A taken position is out of the cache while its action is decided, so two
//! requests on one game never decide on the same copy.

use crate::domain::GameId;
use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use crate::engine::Game;
use crate::store::games::GameRow;

/// The game's row and position at `row.version`.
pub struct Position {
    pub row: GameRow,
    pub game: Game,
}

struct Slots {
    map: HashMap<GameId, (u64, Position)>,
    /// Games in the order they were put, with the put's number: the oldest go first.
    order: VecDeque<(GameId, u64)>,
    next: u64,
}

pub struct Positions {
    capacity: usize,
    slots: Mutex<Slots>,
}

impl Positions {
    /// At most `capacity` positions (0: cache nothing).
    pub fn new(capacity: usize) -> Positions {
        Positions {
            capacity,
            slots: Mutex::new(Slots {
                map: HashMap::new(),
                order: VecDeque::new(),
                next: 0,
            }),
        }
    }

    fn slots(&self) -> std::sync::MutexGuard<'_, Slots> {
        // The map is consistent after every statement: a panic elsewhere cannot break it.
        self.slots
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Take the cached position of `game_id`, if any, out of the cache.
    pub fn take(&self, game_id: &GameId) -> Option<Position> {
        if self.capacity == 0 {
            return None;
        }
        self.slots().map.remove(game_id).map(|(_, p)| p)
    }

    /// Remember `position` as its game's latest, evicting the oldest beyond capacity.
    pub fn put(&self, position: Position) {
        if self.capacity == 0 {
            return;
        }
        let mut slots = self.slots();
        let id = position.row.id.clone();
        let n = slots.next;
        slots.next += 1;
        slots.map.insert(id.clone(), (n, position));
        slots.order.push_back((id, n));
        while slots.map.len() > self.capacity || slots.order.len() > 2 * self.capacity + 16 {
            let Some((old, put)) = slots.order.pop_front() else {
                break;
            };
            // A game put again since has a newer number: that entry stays.
            if slots.map.get(&old).is_some_and(|(m, _)| *m == put) {
                slots.map.remove(&old);
            }
        }
    }

    pub fn len(&self) -> usize {
        self.slots().map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{DealSpec, Rules, Suits, Variant};
    use crate::store::games::{new_row, Origin};

    fn position(id: &str) -> Position {
        let spec = DealSpec {
            variant: Variant::Spider,
            suits: Suits::One,
            rules: Rules::default(),
            deal_number: 1,
        };
        let origin = Origin {
            kind: crate::domain::origin::OriginKind::Random,
            deal_known: false,
            daily_date: None,
            ranked: false,
            difficulty: None,
        };
        Position {
            row: new_row(
                id.into(),
                "u".into(),
                spec,
                &origin,
                chrono::DateTime::UNIX_EPOCH.naive_utc(),
            ),
            game: spec.deal(),
        }
    }

    #[test]
    fn holds_at_most_its_capacity_and_evicts_the_oldest() {
        let cache = Positions::new(2);
        cache.put(position("a"));
        cache.put(position("b"));
        cache.put(position("a"));
        cache.put(position("c"));
        assert_eq!(cache.len(), 2);
        assert!(cache.take(&GameId::from("b")).is_none(), "b was the oldest");
        assert!(cache.take(&GameId::from("a")).is_some());
        assert!(cache.take(&GameId::from("a")).is_none(), "taking removes");
        assert!(cache.take(&GameId::from("c")).is_some());
        for i in 0..1000 {
            cache.put(position(&format!("g{}", i % 7)));
        }
        assert_eq!(cache.len(), 2);
        assert!(
            cache.slots().order.len() <= 2 * 2 + 16,
            "the order list stays bounded"
        );
    }

    #[test]
    fn capacity_zero_caches_nothing() {
        let cache = Positions::new(0);
        cache.put(position("a"));
        assert!(cache.take(&GameId::from("a")).is_none());
        assert!(cache.is_empty());
    }
}
