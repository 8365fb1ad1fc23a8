//! Personal records and the all-time leaderboards.

use crate::t;
use actix_web::{get, web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::records::{Measure, Record};
use crate::domain::GameId;
use crate::engine;
use crate::error::ApiError;
use crate::identity::{Caller, MaybeCaller, Scope};
use crate::play::boards::{BoardPage, Mark, PageStart, RatingRow, RecordsBoard};
use crate::play::public_names;
use crate::wire::VariantName;
use crate::AppState;

/// What a leaderboard ranks by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RankBy {
    /// Highest score first.
    #[default]
    Score,
    /// Fastest win first (server time from start to the winning action).
    Time,
    /// Fewest actions in a win first.
    Moves,
}

impl From<RankBy> for Measure {
    fn from(by: RankBy) -> Measure {
        match by {
            RankBy::Score => Measure::Score,
            RankBy::Time => Measure::Time,
            RankBy::Moves => Measure::Moves,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BoardQuery {
    #[param(value_type = crate::edge::contract::SuitCount)]
    pub suits: u8,
    /// Default `spider`.
    #[param(value_type = Option<crate::document::names::VariantName>)]
    pub variant: Option<VariantName>,
    /// Default `score`.
    pub by: Option<RankBy>,
    /// 1–100, default 20.
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
    /// `next_cursor` from the previous page.
    pub cursor: Option<String>,
}

/// A checked board query: variant, suits, measure, page.
pub struct Board {
    pub variant: engine::Variant,
    pub suits: engine::Suits,
    pub by: RankBy,
    pub start: PageStart,
    pub limit: i64,
}

impl BoardQuery {
    pub fn check(&self) -> Result<Board, ApiError> {
        let suits = engine::Suits::try_from(self.suits)?;
        let limit = self.limit.unwrap_or(20);
        if !(1..=100).contains(&limit) {
            return Err(ApiError::invalid_request(t!("bad-limit")));
        }
        let by = self.by.unwrap_or_default();
        let start = match &self.cursor {
            None => PageStart::Offset(0),
            Some(cursor) => {
                let cursor = crate::edge::contract::check(
                    crate::edge::contract::BOARD_CURSOR,
                    cursor,
                    t!("bad-cursor"),
                )?;
                read_cursor(cursor, by)
            }
        };
        Ok(Board {
            variant: self.variant.unwrap_or(VariantName::Spider),
            suits,
            by,
            start,
            limit,
        })
    }
}

/// The letter of a measure in a cursor.
fn measure_letter(by: RankBy) -> char {
    match by {
        RankBy::Score => 's',
        RankBy::Time => 't',
        RankBy::Moves => 'm',
    }
}

/// A board's cursor: an offset (`120`), or a mark (`sw.120.1250.1764….0.1`: the measure, the
/// part of the board, the last rank shown, its sort values, the ties shown). Opaque to
/// clients; it holds only what the page showed.
pub fn cursor(start: PageStart, by: RankBy) -> String {
    match start {
        PageStart::Offset(skip) => skip.to_string(),
        PageStart::After(mark) => format!(
            "{}{}.{}.{}.{}.{}.{}",
            measure_letter(by),
            if mark.won { 'w' } else { 'r' },
            mark.rank,
            mark.values[0],
            mark.values[1],
            mark.values[2],
            mark.ties
        ),
    }
}

/// The page start `cursor` (already matched against the contract's pattern) stands for. Every
/// cursor the pattern admits is read (the document promises it): one made for another measure,
/// or with a value out of range, goes on after its rank by offset.
fn read_cursor(cursor: &str, by: RankBy) -> PageStart {
    if let Ok(skip) = cursor.parse::<i64>() {
        return PageStart::Offset(skip);
    }
    let mut parts = cursor.split('.');
    let head = parts.next().unwrap_or_default();
    let numbers: Vec<Option<i64>> = parts.map(|p| p.parse().ok()).collect();
    let rank = numbers.first().copied().flatten().unwrap_or(0);
    let mut letters = head.chars();
    let measure = letters.next();
    let won = letters.next() == Some('w');
    match numbers[..] {
        [Some(rank), Some(a), Some(b), Some(c), Some(ties)]
            if measure == Some(measure_letter(by)) =>
        {
            PageStart::After(Mark {
                rank,
                won,
                values: [a, b, c],
                ties,
            })
        }
        _ => PageStart::Offset(rank),
    }
}

/// A best result and whether it came from a deal the player could know (a chosen or replayed
/// deal): such bests count for personal records but not for leaderboards.
#[derive(Debug, Serialize, ToSchema)]
pub struct Best {
    /// The score, the milliseconds or the actions (one schema for all three, so generated
    /// clients get one type).
    pub value: i64,
    pub game_id: Option<String>,
    pub known_deal: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RecordView {
    #[schema(value_type = crate::document::names::VariantName)]
    pub variant: VariantName,
    #[schema(value_type = crate::edge::contract::SuitCount)]
    pub suits: u8,
    /// Games started that count for records (random deals, ranked dailies, chosen or replayed deals).
    pub played: i32,
    pub won: i32,
    pub best_score: Option<Best>,
    /// Fastest win, in milliseconds of server time.
    pub fastest_win_ms: Option<Best>,
    /// Fewest actions (moves, deals and undos) in a win.
    pub fewest_actions: Option<Best>,
    pub current_streak: i32,
    pub longest_streak: i32,
}

impl RecordView {
    pub(crate) fn from_record(r: Record) -> Result<RecordView, ApiError> {
        Ok(RecordView {
            variant: r.variant,
            suits: r.suits.count(),
            played: r.played,
            won: r.won,
            best_score: r.best_score.map(|value| Best {
                value: i64::from(value),
                game_id: r.best_score_game.as_ref().map(GameId::to_string),
                known_deal: r.best_score_known_deal,
            }),
            fastest_win_ms: r.fastest_ms.map(|value| Best {
                value,
                game_id: r.fastest_game.as_ref().map(GameId::to_string),
                known_deal: r.fastest_known_deal,
            }),
            fewest_actions: r.fewest_actions.map(|value| Best {
                value: i64::from(value),
                game_id: r.fewest_game.as_ref().map(GameId::to_string),
                known_deal: r.fewest_known_deal,
            }),
            current_streak: r.current_streak,
            longest_streak: r.longest_streak,
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Records {
    pub records: Vec<RecordView>,
    /// Race ratings per variant and suits (from ranked race rounds).
    pub ratings: Vec<RatingView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RatingView {
    #[schema(value_type = crate::document::names::VariantName)]
    pub variant: VariantName,
    #[schema(value_type = crate::edge::contract::SuitCount)]
    pub suits: u8,
    /// Elo over pairwise race results; everyone starts at 1500.
    pub rating: f64,
    /// Ranked rounds played.
    pub rounds: i32,
}

impl RatingView {
    pub(crate) fn of(r: &RatingRow) -> RatingView {
        RatingView {
            variant: r.variant,
            suits: r.suits.count(),
            rating: r.rating,
            rounds: r.rounds,
        }
    }
}

/// The caller's personal records per variant and suits.
#[utoipa::path(
    tag = "records",
    operation_id = "getMyRecords",
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "One entry per variant and suits played", body = Records),
    )
)]
#[get("/users/me/records")]
pub async fn my_records(
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let (rows, ratings) = state.play.records_of(&caller.user_id).await?;
    let records = rows
        .into_iter()
        .map(RecordView::from_record)
        .collect::<Result<Vec<_>, _>>()?;
    let ratings = ratings.iter().map(RatingView::of).collect();
    Ok(HttpResponse::Ok().json(Records { records, ratings }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BoardEntry {
    /// 1 for the first place.
    pub rank: i64,
    /// The player's username; `guest-` and the start of a guest's id; `(hidden)` for a player
    /// who hid their profile (named nowhere in public).
    pub player: String,
    /// The ranked best on this board's measure: a score, milliseconds or actions.
    pub value: i64,
    /// When that best was reached.
    pub achieved_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Leaderboard {
    #[schema(value_type = crate::document::names::VariantName)]
    pub variant: VariantName,
    #[schema(value_type = crate::edge::contract::SuitCount)]
    pub suits: u8,
    pub by: RankBy,
    pub entries: Vec<BoardEntry>,
    pub next_cursor: Option<String>,
    /// The caller's own place, when signed in and on the board.
    pub you: Option<BoardEntry>,
}

fn entry(rank: i64, player: String, r: &Record, by: Measure) -> BoardEntry {
    let (value, at) = match by {
        Measure::Score => (r.ranked_best_score.map(i64::from), r.ranked_best_score_at),
        Measure::Time => (r.ranked_fastest_ms, r.ranked_fastest_at),
        Measure::Moves => (r.ranked_fewest_actions.map(i64::from), r.ranked_fewest_at),
    };
    BoardEntry {
        rank,
        player,
        value: value.unwrap_or_default(),
        achieved_at: at.map(|t| t.and_utc()),
    }
}

/// All-time leaderboard: each player's best from random deals and ranked dailies.
#[utoipa::path(
    tag = "records",
    operation_id = "getLeaderboard",
    params(BoardQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "A page of the leaderboard", body = Leaderboard),
        (status = 400, description = "Bad suits, measure, limit or cursor"),
        (status = 401, description = "A token was sent but is not valid (leave it out to read anonymously)"),
    )
)]
#[get("/leaderboards")]
pub async fn leaderboard(
    state: web::Data<AppState>,
    caller: MaybeCaller,
    query: web::Query<BoardQuery>,
) -> Result<HttpResponse, ApiError> {
    let board = query.check()?;
    let (variant, suits, by) = (board.variant, board.suits, Measure::from(board.by));
    let start = board.start;
    let asker = caller.0.map(|c| c.user_id);
    let RecordsBoard { page, you, hidden } = state
        .play
        .records_board(
            asker,
            BoardPage {
                variant,
                suits,
                by,
                start,
                limit: board.limit,
            },
        )
        .await?;
    let first = start.first_rank();
    let name = |r: &Record, username| {
        public_names::public_name(&r.user_id, username, hidden.contains(&r.user_id))
    };
    let entries = page
        .rows
        .into_iter()
        .enumerate()
        .map(|(i, (r, username))| entry(first + i as i64, name(&r, username), &r, by))
        .collect();
    // The caller's own place is shown to them alone: under their own name.
    let you = you.map(|(rank, r, username)| {
        let shown = public_names::public_name(&r.user_id, username, false);
        entry(rank, shown, &r, by)
    });
    Ok(HttpResponse::Ok().json(Leaderboard {
        variant,
        suits: suits.count(),
        by: board.by,
        entries,
        next_cursor: page.next.map(|next| cursor(next, board.by)),
        you,
    }))
}
