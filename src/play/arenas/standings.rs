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
        p.db.read(|conn| {
            store::one_moment(conn)?;
            let row = found(conn, &id)?;
            let version = row.version;
            let arena = arena_at(conn, row, at)?;
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
