//! Where a page of a leaderboard begins, so that a deep page reads from its place in the
//! board's index (a keyset) instead of skipping every row above it (an offset).
//!
//! A board is ordered by a few values and then by an id no reader may see (a game's or a
//! player's). A [`Mark`] holds the visible sort values of the last row shown and how many
//! rows with exactly those values have been shown, so the next page is "from those values on,
//! less that many rows": an index range and an offset that is almost always 0 or 1.

use chrono::{DateTime, NaiveDateTime};

/// Where a page of a board begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageStart {
    /// After this many rows: the first page is `Offset(0)`.
    Offset(i64),
    /// Just past the rows already shown.
    After(Mark),
}

/// Where the last page ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The rank of the last row shown (1 for the first row of the board).
    pub rank: i64,
    /// The part of the board it was in (a daily's wins come before its unfinished attempts).
    pub won: bool,
    /// Its sort values, as [`sort_values`] gives them for the board.
    pub values: [i64; 3],
    /// How many rows with exactly these values (and part) have been shown.
    pub ties: i64,
}

impl PageStart {
    /// The rank of the first row of the page.
    pub fn first_rank(&self) -> i64 {
        match self {
            PageStart::Offset(skip) => skip + 1,
            PageStart::After(mark) => mark.rank + 1,
        }
    }
}

/// A page of a board: its rows and where the next one begins (`None`: this was the last).
#[derive(Debug)]
pub struct Page<T> {
    pub rows: Vec<T>,
    pub next: Option<PageStart>,
}

/// A time as an integer of a mark (nanoseconds since 1970; the store keeps at most
/// microseconds on Postgres, nanoseconds on SQLite, and both round-trip exactly).
pub fn time_value(at: NaiveDateTime) -> Option<i64> {
    at.and_utc().timestamp_nanos_opt()
}

/// The time [`time_value`] gave `value` for.
pub fn time_of(value: i64) -> NaiveDateTime {
    DateTime::from_timestamp_nanos(value).naive_utc()
}

/// Where the page after `keys` (the page's rows' part and sort values, in order, `None` where
/// a value is missing) begins, given where this page began and the page size. Rows whose
/// values are missing cannot be marked; the next page then begins at an offset.
pub fn next_start(
    start: PageStart,
    keys: &[(bool, Option<[i64; 3]>)],
    limit: i64,
) -> Option<PageStart> {
    if (keys.len() as i64) < limit {
        return None;
    }
    let (won, values) = *keys.last()?;
    let rank = start.first_rank() + keys.len() as i64 - 1;
    let Some(values) = values else {
        return Some(PageStart::Offset(rank));
    };
    let same = keys
        .iter()
        .rev()
        .take_while(|&&(w, v)| w == won && v == Some(values))
        .count() as i64;
    let before = match start {
        PageStart::After(mark)
            if same == keys.len() as i64 && mark.won == won && mark.values == values =>
        {
            mark.ties
        }
        _ => 0,
    };
    Some(PageStart::After(Mark {
        rank,
        won,
        values,
        ties: before + same,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(won: bool, a: i64, b: i64) -> (bool, Option<[i64; 3]>) {
        (won, Some([a, b, 0]))
    }

    #[test]
    fn a_short_page_is_the_last() {
        assert_eq!(
            next_start(PageStart::Offset(0), &[key(true, 1, 1)], 2),
            None
        );
        assert_eq!(next_start(PageStart::Offset(0), &[], 1), None);
    }

    #[test]
    fn the_mark_counts_the_rows_that_tie_with_the_last() {
        let keys = [key(true, 9, 1), key(true, 8, 2), key(true, 8, 2)];
        assert_eq!(
            next_start(PageStart::Offset(10), &keys, 3),
            Some(PageStart::After(Mark {
                rank: 13,
                won: true,
                values: [8, 2, 0],
                ties: 2
            }))
        );
    }

    #[test]
    fn ties_carry_over_a_page_that_is_all_one_tie() {
        let start = PageStart::After(Mark {
            rank: 13,
            won: true,
            values: [8, 2, 0],
            ties: 2,
        });
        let keys = [key(true, 8, 2), key(true, 8, 2)];
        let Some(PageStart::After(mark)) = next_start(start, &keys, 2) else {
            panic!("a mark")
        };
        assert_eq!((mark.rank, mark.ties), (15, 4));
        // The same values in the other part of the board are another tie.
        let keys = [key(false, 8, 2), key(false, 8, 2)];
        let Some(PageStart::After(mark)) = next_start(start, &keys, 2) else {
            panic!("a mark")
        };
        assert_eq!((mark.rank, mark.won, mark.ties), (15, false, 2));
    }

    #[test]
    fn a_row_without_values_is_passed_by_offset() {
        let keys = [key(true, 9, 1), (true, None)];
        assert_eq!(
            next_start(
                PageStart::After(Mark {
                    rank: 4,
                    won: true,
                    values: [9, 1, 0],
                    ties: 1
                }),
                &keys,
                2
            ),
            Some(PageStart::Offset(6))
        );
    }

    #[test]
    fn times_round_trip_to_the_nanosecond() {
        let at = DateTime::from_timestamp(1_764_000_000, 123_456_789)
            .unwrap()
            .naive_utc();
        assert_eq!(time_of(time_value(at).unwrap()), at);
    }
}
