//! Post-game analyses, stored once per finished game so that a second request is a read.

use crate::domain::{GameId, UserId};
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::game_analyses;
use super::{DbConn, StoreError};

#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = game_analyses)]
pub struct AnalysisRow {
    pub game_id: GameId,
    /// The game's version analysed.
    pub version: i32,
    /// The engine's analysis as JSON.
    pub result: String,
    pub nodes: i64,
    pub duration_ms: i64,
    pub computed_at: NaiveDateTime,
    /// The game's player (the key the analysis would be distributed by).
    pub user_id: UserId,
}

/// The stored analysis of a game, if any.
pub fn get(conn: &mut DbConn, game_id: &GameId) -> Result<Option<AnalysisRow>, StoreError> {
    Ok(game_analyses::table
        .find(game_id)
        .select(AnalysisRow::as_select())
        .first(conn)
        .optional()?)
}

/// Store `row` unless the game already has an analysis, and return the one stored: the
/// first writer's, when two computed it at once.
pub fn insert_once(conn: &mut DbConn, row: &AnalysisRow) -> Result<AnalysisRow, StoreError> {
    // ON CONFLICT is per backend in diesel: the same statement written for each.
    match conn {
        DbConn::Pg(c) => diesel::insert_into(game_analyses::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c)?,
        DbConn::Sqlite(c) => diesel::insert_into(game_analyses::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c)?,
    };
    get(conn, &row.game_id)?
        .ok_or_else(|| StoreError::Corrupt(format!("analysis of game {} vanished", row.game_id)))
}
