//! A variable read and checked: the environment (or a test's table) seen through one helper
//! per kind of value, each naming the variable and what it expects when a value is bad.
//! Which variables make which settings is `env.rs`.

use std::str::FromStr;
use std::time::Duration;

use super::Secret;

#[derive(Debug, thiserror::Error)]
#[error("configuration: {var}={value:?} is not valid: expected {expected}")]
pub struct ConfigError {
    pub var: &'static str,
    pub value: String,
    pub expected: String,
}

/// The variables, from a lookup (the process environment, or a table in tests).
pub(super) struct Env<'a> {
    pub(super) lookup: &'a dyn Fn(&str) -> Option<String>,
}

pub(super) fn bad(
    var: &'static str,
    value: impl Into<String>,
    expected: impl Into<String>,
) -> ConfigError {
    ConfigError {
        var,
        value: value.into(),
        expected: expected.into(),
    }
}

impl Env<'_> {
    /// A variable's value, trimmed; unset and blank are the same.
    pub(super) fn text(&self, name: &str) -> Option<String> {
        (self.lookup)(name)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    }

    /// Any value with a `FromStr` (an address, true/false, a number).
    pub(super) fn value<T: FromStr>(
        &self,
        name: &'static str,
        default: T,
        expected: &str,
    ) -> Result<T, ConfigError> {
        match self.text(name) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| bad(name, v, expected)),
        }
    }

    /// A whole number of `what` where 0 means something (none, off): any whole number.
    pub(super) fn number<T: FromStr>(
        &self,
        name: &'static str,
        default: T,
        what: &str,
    ) -> Result<T, ConfigError> {
        self.value(name, default, &format!("a whole number of {what}"))
    }

    /// A limit: a whole number of `what`, where 0 means no limit.
    pub(super) fn limit<T: FromStr>(
        &self,
        name: &'static str,
        default: T,
        what: &str,
    ) -> Result<T, ConfigError> {
        self.value(
            name,
            default,
            &format!("a whole number of {what}, or 0 for no limit"),
        )
    }

    /// A size that must be at least one (a pool, a budget): 0 is refused.
    pub(super) fn at_least_one<T: FromStr + Default + PartialEq>(
        &self,
        name: &'static str,
        default: T,
        what: &str,
    ) -> Result<T, ConfigError> {
        let expected = format!("a whole number of {what}, 1 or more");
        match self.value(name, default, &expected)? {
            n if n == T::default() => Err(bad(name, "0", expected)),
            n => Ok(n),
        }
    }

    /// Like [`Env::at_least_one`], for a setting whose unset value is "decided elsewhere".
    pub(super) fn optional_at_least_one(
        &self,
        name: &'static str,
        what: &str,
    ) -> Result<Option<usize>, ConfigError> {
        match self.text(name) {
            None => Ok(None),
            Some(_) => self.at_least_one(name, 0, what).map(Some),
        }
    }

    pub(super) fn flag(&self, name: &'static str, default: bool) -> Result<bool, ConfigError> {
        self.value(name, default, "true or false")
    }

    pub(super) fn seconds(
        &self,
        name: &'static str,
        default: Duration,
    ) -> Result<Duration, ConfigError> {
        self.number(name, default.as_secs(), "seconds")
            .map(Duration::from_secs)
    }

    /// A key: at least 32 characters. Its value never appears in an error.
    pub(super) fn key(&self, name: &'static str) -> Result<Option<Secret>, ConfigError> {
        match self.text(name) {
            Some(v) if v.len() < 32 => Err(bad(name, "(hidden)", "at least 32 characters")),
            v => Ok(v.map(Secret::from)),
        }
    }

    /// A token or secret handed to us by someone else, taken as it is.
    pub(super) fn secret(&self, name: &'static str) -> Option<Secret> {
        self.text(name).map(Secret::from)
    }

    /// One of a few words, in upper case.
    pub(super) fn choice(
        &self,
        name: &'static str,
        default: &str,
        allowed: &[&str],
    ) -> Result<String, ConfigError> {
        let v = self
            .text(name)
            .unwrap_or_else(|| default.into())
            .to_ascii_uppercase();
        match allowed.contains(&v.as_str()) {
            true => Ok(v),
            false => Err(bad(name, v, allowed.join(" or "))),
        }
    }

    /// A comma-separated list; blank items are skipped.
    pub(super) fn list(&self, name: &str) -> Option<Vec<String>> {
        self.text(name).map(|v| {
            v.split(',')
                .map(|item| item.trim().to_string())
                .filter(|item| !item.is_empty())
                .collect()
        })
    }

    /// A value checked by `parse`, which says what it expected.
    pub(super) fn checked<T>(
        &self,
        name: &'static str,
        expected: &str,
        parse: impl FnOnce(&str) -> Option<T>,
    ) -> Result<Option<T>, ConfigError> {
        match self.text(name) {
            None => Ok(None),
            Some(v) => parse(&v).map(Some).ok_or_else(|| bad(name, v, expected)),
        }
    }
}
