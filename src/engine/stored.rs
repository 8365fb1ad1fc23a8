//! The engine's named values as diesel text columns (the `diesel` feature, which the store
//! turns on): each stored by its name (`spider`, `won`, `no_reveal`, …) and read back into its
//! type, so rows hold the engine's own types, never strings. A stored name the code does not
//! know is a read error, not a silent default. Here because Rust lets only a type's crate (or
//! the trait's) implement a trait for it.

/// Makes `$ty` a text column type: a named value (with `name()` and `FromStr`) stored by its
/// name; with `as_is`, a value that is text inside (`AsRef<str>` and `From<String>`: an id)
/// stored as it is.
#[macro_export]
macro_rules! text_column {
    ($ty:ty, $proxy:ident) => {
        $crate::text_column!(
            @impl $ty,
            $proxy,
            |value: &$ty| value.name(),
            $crate::stored::by_name::<$ty>
        );
    };
    ($ty:ty, $proxy:ident, as_is) => {
        $crate::text_column!(
            @impl $ty,
            $proxy,
            <$ty as AsRef<str>>::as_ref,
            $crate::stored::as_is::<$ty>
        );
    };
    (@impl $ty:ty, $proxy:ident, $text:expr, $read:expr) => {
        /// Derives diesel's expression and row impls for the type it wraps.
        #[derive(diesel::AsExpression, diesel::FromSqlRow)]
        #[diesel(foreign_derive, sql_type = diesel::sql_types::Text)]
        #[allow(
            dead_code,
            reason = "a stand-in diesel's derives read; nothing builds it"
        )]
        struct $proxy($ty);

        impl<DB> diesel::serialize::ToSql<diesel::sql_types::Text, DB> for $ty
        where
            DB: diesel::backend::Backend,
            str: diesel::serialize::ToSql<diesel::sql_types::Text, DB>,
        {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, DB>,
            ) -> diesel::serialize::Result {
                ($text)(self).to_sql(out)
            }
        }

        impl<DB> diesel::deserialize::FromSql<diesel::sql_types::Text, DB> for $ty
        where
            DB: diesel::backend::Backend,
            String: diesel::deserialize::FromSql<diesel::sql_types::Text, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> diesel::deserialize::Result<Self> {
                ($read)(String::from_sql(bytes)?).map_err(Into::into)
            }
        }
    };
}

/// A named value read back from its stored name; a name the code does not know is an error.
pub fn by_name<T: std::str::FromStr>(name: String) -> Result<T, String> {
    name.parse::<T>().map_err(|_| {
        let kind = std::any::type_name::<T>()
            .rsplit("::")
            .next()
            .unwrap_or("value");
        format!("the database holds {name:?}, not a known {kind}")
    })
}

/// A value that is text inside, read back as it was stored.
pub fn as_is<T: From<String>>(text: String) -> Result<T, String> {
    Ok(T::from(text))
}

use crate::{Difficulty, EmptyColumnDeal, Level, Status, Suits, UndoMode, Variant};

text_column!(Variant, VariantColumn);
text_column!(Status, StatusColumn);
text_column!(UndoMode, UndoModeColumn);
text_column!(EmptyColumnDeal, EmptyColumnDealColumn);
text_column!(Level, LevelColumn);
text_column!(Difficulty, DifficultyColumn);
text_column!(crate::puzzle::Goal, GoalColumn);

/// The suit count as an integer column (1, 2 or 4), as every table has held it; another
/// number in a row is a read error.
#[derive(diesel::AsExpression, diesel::FromSqlRow)]
#[diesel(foreign_derive, sql_type = diesel::sql_types::Integer)]
#[allow(
    dead_code,
    reason = "a stand-in diesel's derives read; nothing builds it"
)]
struct SuitsColumn(Suits);

impl<DB> diesel::serialize::ToSql<diesel::sql_types::Integer, DB> for Suits
where
    DB: diesel::backend::Backend,
    i32: diesel::serialize::ToSql<diesel::sql_types::Integer, DB>,
{
    fn to_sql<'b>(
        &'b self,
        out: &mut diesel::serialize::Output<'b, '_, DB>,
    ) -> diesel::serialize::Result {
        const COUNTS: [i32; 3] = [1, 2, 4];
        let count = match self {
            Suits::One => &COUNTS[0],
            Suits::Two => &COUNTS[1],
            Suits::Four => &COUNTS[2],
        };
        count.to_sql(out)
    }
}

impl<DB> diesel::deserialize::FromSql<diesel::sql_types::Integer, DB> for Suits
where
    DB: diesel::backend::Backend,
    i32: diesel::deserialize::FromSql<diesel::sql_types::Integer, DB>,
{
    fn from_sql(bytes: DB::RawValue<'_>) -> diesel::deserialize::Result<Self> {
        let count = i32::from_sql(bytes)?;
        Suits::try_from(count)
            .map_err(|_| format!("the database holds {count} suits, not 1, 2 or 4").into())
    }
}
