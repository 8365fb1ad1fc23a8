//! Deals the solver has proven winnable, cached so that a request never waits for a search.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::winnable_deals;
use super::{DbConn, StoreError};
use crate::engine::{DealSpec, EmptyColumnDeal, Level, Rules, Suits, UndoMode, Variant};

use crate::engine::Difficulty;

/// A kind of deal a player can ask for: variant, suits and the empty-column rule (the rule
/// decides what is winnable; undo does not).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Class {
    pub variant: Variant,
    pub suits: Suits,
    pub empty_column_deal: EmptyColumnDeal,
}

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = winnable_deals)]
pub struct ProvenDeal {
    pub variant: Variant,
    pub suits: Suits,
    pub empty_column_deal: EmptyColumnDeal,
    /// The `u64` deal number, stored bit for bit.
    pub deal_number: i64,
    pub difficulty: Difficulty,
    pub nodes: i64,
    pub line_length: i32,
    pub proven_at: chrono::NaiveDateTime,
    /// The lines CPU players of each level play on this deal (compact log notation), once
    /// the prover has computed them.
    pub cpu_easy: Option<String>,
    pub cpu_normal: Option<String>,
    pub cpu_hard: Option<String>,
}

impl ProvenDeal {
    pub fn new(
        class: &Class,
        deal_number: u64,
        difficulty: Difficulty,
        nodes: u64,
        line_length: usize,
        proven_at: NaiveDateTime,
    ) -> ProvenDeal {
        ProvenDeal {
            variant: class.variant,
            suits: class.suits,
            empty_column_deal: class.empty_column_deal,
            deal_number: deal_number as i64,
            difficulty,
            nodes: i64::try_from(nodes).unwrap_or(i64::MAX),
            line_length: i32::try_from(line_length).unwrap_or(i32::MAX),
            proven_at,
            cpu_easy: None,
            cpu_normal: None,
            cpu_hard: None,
        }
    }

    /// The stored CPU line for `level`, if computed.
    pub fn cpu_line(&self, level: Level) -> Option<&str> {
        match level {
            Level::Easy => self.cpu_easy.as_deref(),
            Level::Normal => self.cpu_normal.as_deref(),
            Level::Hard => self.cpu_hard.as_deref(),
        }
    }
}

impl Class {
    /// Deal `number` of this kind, with every undo allowed (the prover's view: undo does not
    /// decide what is winnable).
    pub fn deal(&self, number: u64) -> DealSpec {
        DealSpec {
            variant: self.variant,
            suits: self.suits,
            rules: Rules {
                undo: UndoMode::Full,
                empty_column_deal: self.empty_column_deal,
            },
            deal_number: number,
        }
    }
}

impl ProvenDeal {
    /// The kind of deal this is.
    pub fn class(&self) -> Class {
        Class {
            variant: self.variant,
            suits: self.suits,
            empty_column_deal: self.empty_column_deal,
        }
    }
}

/// The lease on the proving of deals of `class`: one instance at a time proves each kind.
pub fn proving_lease(class: &Class) -> String {
    format!(
        "prove:{}:{}:{}",
        class.variant.name(),
        class.suits.count(),
        class.empty_column_deal.name()
    )
}

/// The lease on computing the CPU lines of `deal`: one instance at a time works on a deal.
pub fn lines_lease(deal: &ProvenDeal) -> String {
    format!(
        "cpu-lines:{}:{}:{}:{}",
        deal.variant.name(),
        deal.suits.count(),
        deal.empty_column_deal.name(),
        deal.deal_number
    )
}

/// Claim a waiting deal that lacks a CPU line, for `holder` until `until`: the longest
/// waiting whose lease ([`lines_lease`]) nobody else holds. `None` when no deal lacks a line,
/// or other instances are working on every one that does.
pub fn claim_without_lines(
    conn: &mut DbConn,
    holder: &str,
    at: NaiveDateTime,
    until: NaiveDateTime,
) -> Result<Option<ProvenDeal>, StoreError> {
    let waiting: Vec<ProvenDeal> = winnable_deals::table
        .filter(
            winnable_deals::cpu_easy
                .is_null()
                .or(winnable_deals::cpu_normal.is_null())
                .or(winnable_deals::cpu_hard.is_null()),
        )
        .order((winnable_deals::proven_at, winnable_deals::deal_number))
        .select(ProvenDeal::as_select())
        .limit(16)
        .load(conn)?;
    for deal in waiting {
        if super::leases::take(conn, &lines_lease(&deal), holder, at, until)? {
            return Ok(Some(deal));
        }
    }
    Ok(None)
}

/// Store the line CPU players of `level` play on a proven deal (nothing happens if the deal
/// was taken meanwhile).
pub fn set_line(
    conn: &mut DbConn,
    deal: &ProvenDeal,
    level: Level,
    line: &str,
) -> Result<(), StoreError> {
    let row = winnable_deals::table
        .filter(winnable_deals::variant.eq(&deal.variant))
        .filter(winnable_deals::suits.eq(deal.suits))
        .filter(winnable_deals::empty_column_deal.eq(&deal.empty_column_deal))
        .filter(winnable_deals::deal_number.eq(deal.deal_number));
    let update = diesel::update(row);
    match level {
        Level::Easy => update
            .set(winnable_deals::cpu_easy.eq(line))
            .execute(conn)?,
        Level::Normal => update
            .set(winnable_deals::cpu_normal.eq(line))
            .execute(conn)?,
        Level::Hard => update
            .set(winnable_deals::cpu_hard.eq(line))
            .execute(conn)?,
    };
    Ok(())
}

/// How many proven deals of `class` wait, per difficulty.
pub fn counts(conn: &mut DbConn, class: &Class) -> Result<Vec<(Difficulty, i64)>, StoreError> {
    let rows: Vec<(Difficulty, i64)> = winnable_deals::table
        .filter(winnable_deals::variant.eq(&class.variant))
        .filter(winnable_deals::suits.eq(class.suits))
        .filter(winnable_deals::empty_column_deal.eq(&class.empty_column_deal))
        .group_by(winnable_deals::difficulty)
        .select((winnable_deals::difficulty, diesel::dsl::count_star()))
        .load(conn)?;
    Ok(Difficulty::ALL
        .into_iter()
        .map(|d| {
            let n = rows
                .iter()
                .find(|(stored, _)| *stored == d)
                .map_or(0, |(_, n)| *n);
            (d, n)
        })
        .collect())
}

/// How many proven deals wait, per kind and difficulty: every kind with at least one. A read.
pub fn stock(conn: &mut DbConn) -> Result<Vec<(Class, Difficulty, i64)>, StoreError> {
    let rows: Vec<(Variant, Suits, EmptyColumnDeal, Difficulty, i64)> = winnable_deals::table
        .group_by((
            winnable_deals::variant,
            winnable_deals::suits,
            winnable_deals::empty_column_deal,
            winnable_deals::difficulty,
        ))
        .select((
            winnable_deals::variant,
            winnable_deals::suits,
            winnable_deals::empty_column_deal,
            winnable_deals::difficulty,
            diesel::dsl::count_star(),
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(variant, suits, empty_column_deal, difficulty, n)| {
            let class = Class {
                variant,
                suits,
                empty_column_deal,
            };
            (class, difficulty, n)
        })
        .collect())
}

/// Store a proven deal; one already stored is left as it is.
pub fn insert(conn: &mut DbConn, deal: &ProvenDeal) -> Result<(), StoreError> {
    match diesel::insert_into(winnable_deals::table)
        .values(deal)
        .execute(conn)
    {
        Ok(_) => Ok(()),
        Err(diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::UniqueViolation,
            _,
        )) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Take one proven deal of `class` and `difficulty` out of the cache (the oldest first), or
/// `None` when no more than `keep` wait (those are kept for others: race rounds). Two takers
/// never get the same deal: the delete decides.
pub fn take(
    conn: &mut DbConn,
    class: &Class,
    difficulty: Difficulty,
    keep: i64,
) -> Result<Option<ProvenDeal>, StoreError> {
    if keep > 0 {
        let waiting: i64 = winnable_deals::table
            .filter(winnable_deals::variant.eq(&class.variant))
            .filter(winnable_deals::suits.eq(class.suits))
            .filter(winnable_deals::empty_column_deal.eq(&class.empty_column_deal))
            .filter(winnable_deals::difficulty.eq(difficulty))
            .count()
            .get_result(conn)?;
        if waiting <= keep {
            return Ok(None);
        }
    }
    for _ in 0..8 {
        let found: Option<ProvenDeal> = winnable_deals::table
            .filter(winnable_deals::variant.eq(&class.variant))
            .filter(winnable_deals::suits.eq(class.suits))
            .filter(winnable_deals::empty_column_deal.eq(&class.empty_column_deal))
            .filter(winnable_deals::difficulty.eq(difficulty))
            .order((winnable_deals::proven_at, winnable_deals::deal_number))
            .select(ProvenDeal::as_select())
            .first(conn)
            .optional()?;
        let Some(deal) = found else {
            return Ok(None);
        };
        let number = deal.deal_number;
        let deleted = diesel::delete(
            winnable_deals::table
                .filter(winnable_deals::variant.eq(&class.variant))
                .filter(winnable_deals::suits.eq(class.suits))
                .filter(winnable_deals::empty_column_deal.eq(&class.empty_column_deal))
                .filter(winnable_deals::deal_number.eq(number)),
        )
        .execute(conn)?;
        if deleted == 1 {
            return Ok(Some(deal));
        }
    }
    Ok(None)
}
