//! An arena's standings: a page read at one moment with its version, and the look every
//! stream of the arena on this instance shares.

use super::*;

/// The standings' top followed live (`crate::feed`): looked at when a change to the arena is
/// heard (from any instance on Postgres), and every second anyway (the arena starts and ends
/// with the clock).
pub struct StandingsFeed;

impl crate::feed::Followed for StandingsFeed {
    type Key = String;
    type Seen = Standings;

    fn look(play: &Play, id: &String) -> impl Future<Output = Result<Standings, Error>> + Send {
        read_standings(play, id.clone(), 0, FOLLOWED_MOST, None)
    }

    fn watch(id: &String, _: &Standings) -> Vec<String> {
        vec![arena_key(id)]
    }
}

/// A page of arena `id`'s standings from `offset` (at most [`PAGE_MOST`] players), read at
/// one moment with its version; with `viewer`'s own line when they play in it.
pub async fn standings(
    play: &Play,
    id: String,
    offset: i64,
    limit: i64,
    viewer: Option<UserId>,
) -> Result<Standings, Error> {
    read_standings(play, id, offset.max(0), limit.clamp(1, PAGE_MOST), viewer).await
}

async fn read_standings(
    play: &Play,
    id: String,
    offset: i64,
    limit: i64,
    viewer: Option<UserId>,
) -> Result<Standings, Error> {
    let p = play.clone();
    blocking(move || {
        let at = p.clock.now();
        // With a snapshot kept: the arena and the standings changed since its version, in one
        // statement; none changed, the page comes from it, else from it brought up to date.
        if let Some(kept) = p.arenas.snapshots.get(&id) {
            let (row, changed) =
                p.db.read_one(|conn| store::with_changed_since(conn, &id, kept.version))?
                    .ok_or(Error::Arena(ArenaError::NotFound))?;
            if row.version == kept.version {
                return Ok(kept.page(row, at, offset, limit, viewer.as_ref()));
            }
            // (A version older than the one kept, read before, is not expected: read below.)
            if row.version > kept.version {
                let snapshot = Arc::new(kept.advanced(row.version, changed));
                if snapshot.lines.len() as i64 <= SNAPSHOT_PLAYERS {
                    p.arenas.snapshots.keep(&id, snapshot.clone());
                } else {
                    p.arenas.snapshots.forget(&id);
                }
                return Ok(snapshot.page(row, at, offset, limit, viewer.as_ref()));
            }
        }
        // None kept: the arena read whole, at one moment, and kept when it is not too large.
        p.db.read(|conn| {
            store::one_moment(conn)?;
            let row = found(conn, &id)?;
            let count = store::player_count(conn, &id)?;
            if count <= SNAPSHOT_PLAYERS {
                let snapshot = Arc::new(Snapshot::of(row.version, store::players(conn, &id)?));
                p.arenas.snapshots.keep(&id, snapshot.clone());
                return Ok(snapshot.page(row, at, offset, limit, viewer.as_ref()));
            }
            let version = row.version;
            let arena = Arena {
                phase: phase(&row, at),
                row,
                players: count,
                at,
            };
            let (rows, above) = store::standings_page(conn, &id, offset, limit)?;
            let lines = placed(rows, above, offset);
            let mine = match &viewer {
                Some(user) => mine(conn, &id, user)?.map(|m| Standing {
                    place: m.place,
                    player: m.player,
                }),
                None => None,
            };
            Ok(Standings {
                arena,
                version,
                offset,
                lines,
                mine,
            })
        })
    })
    .await
}

/// Arenas of at most this many players are kept whole per version ([`Snapshots`]); larger
/// ones are read a page at a time.
pub const SNAPSHOT_PLAYERS: i64 = 10_000;
/// Arenas whose snapshot one instance keeps at once (the latest read).
pub const SNAPSHOTS_KEPT: usize = 8;

/// An arena's whole standings as of one version: every player in standing order with their
/// place. Every change to what a standing shows counts a version in the transaction that
/// makes it, so two looks at one version see the same, whichever instance reads them.
pub struct Snapshot {
    version: i32,
    lines: Vec<Standing>,
    by_user: std::collections::HashMap<UserId, usize>,
}

impl Snapshot {
    /// The standings at `version` of the arena whose players are `rows` (in any order).
    fn of(version: i32, mut rows: Vec<PlayerRow>) -> Snapshot {
        // The standings' order (as the index keeps it), sorted here so that a snapshot read
        // whole and one brought up to date agree whatever the database's collation.
        rows.sort_by(|a, b| {
            b.points
                .cmp(&a.points)
                .then(a.won_ms.cmp(&b.won_ms))
                .then_with(|| a.user_id.as_str().cmp(b.user_id.as_str()))
        });
        let lines = placed(rows, 0, 0);
        let by_user = lines
            .iter()
            .enumerate()
            .map(|(i, l)| (l.player.user_id.clone(), i))
            .collect();
        Snapshot {
            version,
            lines,
            by_user,
        }
    }

    /// This snapshot brought to `version`, given every standing that changed since its own.
    fn advanced(&self, version: i32, changed: Vec<PlayerRow>) -> Snapshot {
        let mut rows: Vec<PlayerRow> = self.lines.iter().map(|l| l.player.clone()).collect();
        for player in changed {
            match self.by_user.get(&player.user_id) {
                Some(&i) => rows[i] = player,
                None => rows.push(player),
            }
        }
        Snapshot::of(version, rows)
    }

    /// The page from `offset` of at most `limit`, with `viewer`'s line, for the arena `row`
    /// (of this snapshot's version).
    fn page(
        &self,
        row: ArenaRow,
        at: NaiveDateTime,
        offset: i64,
        limit: i64,
        viewer: Option<&UserId>,
    ) -> Standings {
        let from = usize::try_from(offset).unwrap_or(0).min(self.lines.len());
        let to = from
            .saturating_add(usize::try_from(limit).unwrap_or(0))
            .min(self.lines.len());
        let mine = viewer
            .and_then(|user| self.by_user.get(user))
            .and_then(|&i| self.lines.get(i))
            .cloned();
        Standings {
            arena: Arena {
                phase: phase(&row, at),
                row,
                players: self.lines.len() as i64,
                at,
            },
            version: self.version,
            offset,
            lines: self.lines[from..to].to_vec(),
            mine,
        }
    }
}

/// The snapshots this instance keeps: at most [`SNAPSHOTS_KEPT`] arenas, each at the latest
/// version read; the one read longest ago goes first.
#[derive(Default)]
pub struct Snapshots {
    kept: std::sync::Mutex<std::collections::VecDeque<(String, Arc<Snapshot>)>>,
}

impl Snapshots {
    /// Arena `id`'s latest snapshot kept, if any.
    fn get(&self, id: &str) -> Option<Arc<Snapshot>> {
        let kept = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        kept.iter().find(|(k, _)| k == id).map(|(_, s)| s.clone())
    }

    /// Keep no snapshot of arena `id` (it grew past [`SNAPSHOT_PLAYERS`]).
    fn forget(&self, id: &str) {
        let mut kept = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        kept.retain(|(k, _)| k != id);
    }

    /// Keep `snapshot` for arena `id`, unless a newer one is kept already.
    fn keep(&self, id: &str, snapshot: Arc<Snapshot>) {
        let mut kept = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(at) = kept.iter().position(|(k, _)| k == id) {
            if kept[at].1.version >= snapshot.version {
                return;
            }
            kept.remove(at);
        }
        kept.push_back((id.to_string(), snapshot));
        while kept.len() > SNAPSHOTS_KEPT {
            kept.pop_front();
        }
    }
}

/// Places for a page of players in standing order, whose first has `above` players ranked
/// strictly above it: equal points and time share a place (`domain::arenas::standings`).
fn placed(rows: Vec<PlayerRow>, above: i64, offset: i64) -> Vec<Standing> {
    let mut lines: Vec<Standing> = Vec::with_capacity(rows.len());
    for (i, player) in rows.into_iter().enumerate() {
        let place = match lines.last() {
            None => above + 1,
            Some(prev)
                if prev.player.points == player.points && prev.player.won_ms == player.won_ms =>
            {
                prev.place
            }
            Some(_) => offset + i as i64 + 1,
        };
        lines.push(Standing { place, player });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(user: &str, points: i32, won_ms: i64) -> PlayerRow {
        PlayerRow {
            arena_id: "a".into(),
            user_id: user.into(),
            name: user.into(),
            joined_at: NaiveDateTime::default(),
            active: true,
            points,
            played: 1,
            won: 1,
            won_ms,
            streak: 0,
            dealt: 1,
            place: None,
            changed: 0,
        }
    }

    fn row(version: i32) -> ArenaRow {
        ArenaRow {
            id: "a".into(),
            title: "t".into(),
            variant: Variant::Spider,
            suits: Suits::One,
            undo_mode: UndoMode::Full,
            hints_allowed: false,
            rated: false,
            starts_at: NaiveDateTime::default(),
            ends_at: NaiveDateTime::default() + TimeDelta::minutes(30),
            deal_count: 15,
            secret: String::new(),
            creator_id: None,
            schedule: None,
            schedule_n: None,
            place: None,
            version,
            finished_at: None,
            created_at: NaiveDateTime::default(),
        }
    }

    #[test]
    fn a_snapshot_pages_with_shared_places_and_the_viewers_line() {
        let s = Snapshot::of(
            3,
            vec![
                player("u1", 6, 100),
                player("u2", 4, 90),
                player("u3", 4, 90),
                player("u4", 2, 50),
            ],
        );
        let page = s.page(row(3), NaiveDateTime::default(), 1, 2, Some(&"u4".into()));
        assert_eq!(page.version, 3);
        assert_eq!(page.arena.players, 4);
        let places: Vec<i64> = page.lines.iter().map(|l| l.place).collect();
        assert_eq!(places, vec![2, 2]);
        assert_eq!(page.mine.map(|m| m.place), Some(4));
        let past = s.page(row(3), NaiveDateTime::default(), 10, 5, None);
        assert!(past.lines.is_empty() && past.mine.is_none());
    }

    #[test]
    fn a_snapshot_is_brought_up_to_date_with_what_changed() {
        let s = Snapshot::of(
            3,
            vec![
                player("u2", 4, 90),
                player("u1", 6, 100),
                player("u3", 2, 50),
            ],
        );
        let names: Vec<&str> = s.lines.iter().map(|l| l.player.name.as_str()).collect();
        assert_eq!(
            names,
            vec!["u1", "u2", "u3"],
            "sorted whatever the order read"
        );
        let later = s.advanced(5, vec![player("u3", 8, 70), player("u4", 0, 0)]);
        assert_eq!(later.version, 5);
        let lines: Vec<(&str, i64)> = later
            .lines
            .iter()
            .map(|l| (l.player.name.as_str(), l.place))
            .collect();
        assert_eq!(lines, vec![("u3", 1), ("u1", 2), ("u2", 3), ("u4", 4)]);
        assert_eq!(later.by_user.len(), 4);
        let page = later.page(row(5), NaiveDateTime::default(), 0, 10, Some(&"u2".into()));
        assert_eq!(page.mine.map(|m| m.place), Some(3));
    }

    #[test]
    fn snapshots_keep_the_latest_version_and_are_bounded() {
        let kept = Snapshots::default();
        kept.keep("a", Arc::new(Snapshot::of(2, vec![player("u1", 2, 1)])));
        assert_eq!(kept.get("a").map(|s| s.version), Some(2));
        kept.keep("a", Arc::new(Snapshot::of(1, Vec::new())));
        assert_eq!(
            kept.get("a").map(|s| s.version),
            Some(2),
            "an older look does not replace a newer"
        );
        kept.keep("a", Arc::new(Snapshot::of(4, Vec::new())));
        assert_eq!(kept.get("a").map(|s| s.version), Some(4));
        for i in 0..SNAPSHOTS_KEPT {
            kept.keep(&format!("b{i}"), Arc::new(Snapshot::of(0, Vec::new())));
        }
        assert!(
            kept.get("a").is_none(),
            "the one kept longest ago goes first"
        );
        assert_eq!(
            kept.kept.lock().map(|k| k.len()).unwrap_or_default(),
            SNAPSHOTS_KEPT
        );
    }
}
