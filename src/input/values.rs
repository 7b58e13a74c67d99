//! The edge's parsed values: a username, an e-mail address, a Kyrgyz mobile number. Each is made
//! from user input only by its parser in `crate::input::parse` (`parse::username`, `parse::email`,
//! `parse::phone`), so a use case or a query that takes one never sees an unchecked string. They
//! are read back from storage as plain strings (what was stored was checked on the way in), and
//! they bind to SQL as text.

use std::error::Error;

use bytes::BytesMut;
use serde::Serialize;
use tokio_postgres::types::{IsNull, ToSql, Type, to_sql_checked};

macro_rules! text_value {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
        #[serde(transparent)]
        pub struct $name(pub(crate) String);

        impl $name {
            /// A value read back from storage, where only parsed values are written.
            pub fn stored(text: String) -> $name {
                $name(text)
            }

            /// The text, as stored and shown.
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The text, owned.
            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl ToSql for $name {
            fn to_sql(&self, ty: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
                self.0.to_sql(ty, out)
            }

            fn accepts(ty: &Type) -> bool {
                <String as ToSql>::accepts(ty)
            }

            to_sql_checked!();
        }
    };
}

text_value!(
    /// A username that passed `parse::username`: 3–32 characters of one script, not reserved.
    Username
);
text_value!(
    /// An e-mail address that passed `parse::email` (trimmed).
    Email
);
text_value!(
    /// A Kyrgyz mobile number that passed `parse::phone`: `+996` and nine digits.
    Phone
);

impl Phone {
    /// The number as operators see it: all but the last three digits hidden (`+996 *** ***456`).
    pub fn masked(&self) -> String {
        let digits = &self.0[self.0.len().saturating_sub(3)..];
        format!("+996 *** ***{digits}")
    }
}
