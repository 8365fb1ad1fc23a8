//! The server's calendar of dailies: which UTC day it is now, by the server's clock (never a
//! client's). The daily deal itself is a pure function of the day (`domain::daily`).

use chrono::{NaiveDate, Utc};

/// The server's calendar: today's UTC date, shifted by a fixed offset in tests.
#[derive(Clone, Copy, Debug, Default)]
pub struct Calendar {
    pub offset: chrono::Duration,
}

impl Calendar {
    pub fn today(&self) -> NaiveDate {
        (Utc::now() + self.offset).date_naive()
    }

    /// True once `date` has ended everywhere the server counts (UTC).
    pub fn is_over(&self, date: NaiveDate) -> bool {
        date < self.today()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_is_over_only_after_it_ends() {
        let calendar = Calendar::default();
        let today = calendar.today();
        assert!(!calendar.is_over(today));
        assert!(calendar.is_over(today.pred_opt().unwrap()));
        let tomorrow = Calendar {
            offset: chrono::Duration::days(1),
        };
        assert!(tomorrow.is_over(today));
    }
}
