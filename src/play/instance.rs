//! What an operator reads of this instance (readiness, metrics): whether the database answers,
//! and the counters of its writer and pool, read where they are kept.

use super::{Error, Play};

pub use crate::store::writer_stats::{Buckets, CheckoutsNow, WritesNow};

impl Play {
    /// Whether the database answers a query now (blocking).
    pub fn ready(&self) -> Result<(), Error> {
        Ok(self.db.ping()?)
    }
}
