//! The daily challenge: one deal per UTC day, variant and suit setting, the same for everyone.
//!
//! Its deal number is an HMAC-SHA256 of the day, variant and suits under a server secret, so
//! nobody can compute a coming daily (and with it every hidden card). A day's number is shown
//! only once the day is over.

use chrono::NaiveDate;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::engine::{Suits, Variant};

/// The deal number of the daily for `date`, `variant` and `suits` under `secret`.
pub fn deal_number(secret: &[u8], date: NaiveDate, variant: Variant, suits: Suits) -> u64 {
    #[allow(
        clippy::expect_used,
        reason = "HMAC takes keys of any length: new_from_slice never refuses one"
    )]
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes keys of any length");
    mac.update(format!("spider-daily|{date}|{}|{}", variant.name(), suits.count()).as_bytes());
    let digest = mac.finalize().into_bytes();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn daily_numbers_depend_on_every_input_and_the_secret() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        let next = day.succ_opt().unwrap();
        let a = deal_number(b"secret-a", day, Variant::Spider, Suits::Two);
        assert_eq!(
            a,
            deal_number(b"secret-a", day, Variant::Spider, Suits::Two)
        );
        assert_ne!(
            a,
            deal_number(b"secret-b", day, Variant::Spider, Suits::Two)
        );
        assert_ne!(
            a,
            deal_number(b"secret-a", next, Variant::Spider, Suits::Two)
        );
        assert_ne!(
            a,
            deal_number(b"secret-a", day, Variant::Spider, Suits::Four)
        );
        assert_ne!(
            a,
            deal_number(b"secret-a", day, Variant::Spiderette, Suits::Two)
        );
    }
}
