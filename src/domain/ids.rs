//! The ids that cross the floors: an account's, a game's and a race room's code. Each is a
//! type of its own, so a function that takes a player and a game cannot be handed them the
//! wrong way round, and a row read from the database says which id it holds. They stay text
//! inside (a UUID for accounts and games, six letters for a room), stored as text columns
//! (`stored.rs`, under the feature the store turns on), sent as plain JSON strings.
//!
//! Each dereferences to `str`, so what only prints, hashes or compares an id needs no
//! conversion; what takes one by type says which kind it wants.

use std::fmt;
use std::ops::Deref;

use serde::{Deserialize, Serialize};

macro_rules! id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// The id `text` names (nothing is checked: an id nobody holds finds nothing).
            pub fn new(text: impl Into<String>) -> Self {
                Self(text.into())
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }

            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<String> for $name {
            fn from(text: String) -> Self {
                Self(text)
            }
        }

        impl From<&str> for $name {
            fn from(text: &str) -> Self {
                Self(text.to_string())
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> String {
                id.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                &self.0 == other
            }
        }

    };
}

id!(
    /// An account's id (a UUID), the same for a guest and after it registers.
    UserId
);
id!(
    /// A game's id (a UUID), as its URL names it.
    GameId
);
id!(
    /// A race room's code: the six letters a player types to join (`races::normalise` makes
    /// what a player typed into one).
    RaceCode
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_its_text_in_json_and_in_print() {
        let id = GameId::new("3f2a");
        assert_eq!(serde_json::to_string(&id).unwrap(), "\"3f2a\"");
        assert_eq!(serde_json::from_str::<GameId>("\"3f2a\"").unwrap(), id);
        assert_eq!(id.to_string(), "3f2a");
        assert_eq!(id, "3f2a");
        assert_eq!(&*id, "3f2a");
    }
}
