//! Typed text columns: an enum stored by its name (`spider`, `won`, `no_reveal`, …), read
//! back into the enum, so rows hold the engine's and the store's own types, never strings. A
//! stored name the code does not know is a read error, not a silent default.

use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::Text;

use crate::domain::origin::OriginKind;
use crate::engine::Difficulty;
use crate::engine::{EmptyColumnDeal, Level, Status, UndoMode, Variant};

/// Makes `$ty` (with `name()` and `FromStr`) a text column type.
macro_rules! text_column {
    ($ty:ty, $proxy:ident) => {
        /// Derives diesel's expression and row impls for the type it wraps.
        #[derive(diesel::AsExpression, diesel::FromSqlRow)]
        #[diesel(foreign_derive, sql_type = Text)]
        #[allow(dead_code)]
        struct $proxy($ty);

        impl<DB> ToSql<Text, DB> for $ty
        where
            DB: Backend,
            str: ToSql<Text, DB>,
        {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
                self.name().to_sql(out)
            }
        }

        impl<DB> FromSql<Text, DB> for $ty
        where
            DB: Backend,
            String: FromSql<Text, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
                let name = String::from_sql(bytes)?;
                name.parse::<$ty>().map_err(|_| {
                    format!(
                        "the database holds {name:?}, not a known {}",
                        stringify!($ty)
                    )
                    .into()
                })
            }
        }
    };
}

text_column!(Variant, VariantColumn);
text_column!(Status, StatusColumn);
text_column!(UndoMode, UndoModeColumn);
text_column!(EmptyColumnDeal, EmptyColumnDealColumn);
text_column!(Level, LevelColumn);
text_column!(Difficulty, DifficultyColumn);
text_column!(OriginKind, OriginKindColumn);
