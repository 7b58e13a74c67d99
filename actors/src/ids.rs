//! Identifier and money newtypes shared by the whole runtime.
//!
//! Ids are plain `i64` (PostgreSQL `bigint`) wrapped so they cannot be mixed up. Money is
//! [`Tyiyn`]: an integer count of 1/100 som, never a float until it leaves for the wire.

use std::fmt;

use serde::{Serialize, Serializer};

macro_rules! id_newtype {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, serde::Deserialize,
            utoipa::ToSchema,
        )]
        #[serde(transparent)]
        #[schema(value_type = i64, format = Int64, example = 12)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

id_newtype!(
    /// An auction's primary key.
    AuctionId
);
id_newtype!(
    /// A user's primary key.
    UserId
);
id_newtype!(
    /// A bot's primary key: the id of its `app_user` row (`is_bot`), which has no balance.
    BotId
);
id_newtype!(
    /// A bot assignment's primary key (one bot on one auction).
    BotAssignmentId
);
id_newtype!(
    /// A bid's primary key, assigned by the store when the bid commits.
    BidId
);
id_newtype!(
    /// A pre-bid's primary key, assigned by the store when it commits.
    PrebidId
);

/// Money in tyiyn: 1/100 som, the price increment of one bid.
///
/// Serializes as a som number with two decimals (`1234` → `12.34`), the wire convention;
/// arithmetic stays in integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Tyiyn(pub i64);

impl Tyiyn {
    /// Zero som.
    pub const ZERO: Tyiyn = Tyiyn(0);

    /// `"12.34"`: the amount in som with exactly two decimals.
    pub fn to_som_string(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        format!("{sign}{}.{:02}", abs / 100, abs % 100)
    }
}

impl std::ops::Add for Tyiyn {
    type Output = Tyiyn;
    fn add(self, rhs: Tyiyn) -> Tyiyn {
        Tyiyn(self.0 + rhs.0)
    }
}

impl std::ops::AddAssign for Tyiyn {
    fn add_assign(&mut self, rhs: Tyiyn) {
        self.0 += rhs.0;
    }
}

impl fmt::Display for Tyiyn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_som_string())
    }
}

impl Serialize for Tyiyn {
    /// A JSON number with exactly two decimals (`1234` → `12.34`, `1000` → `10.00`), written from
    /// the integer digits so no float ever touches an amount.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let raw = serde_json::value::RawValue::from_string(self.to_som_string())
            .map_err(serde::ser::Error::custom)?;
        raw.serialize(s)
    }
}

impl utoipa::PartialSchema for Tyiyn {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .description(Some("Money in som with two decimals, computed from integer tyiyn (1/100 som)."))
            .examples([serde_json::json!(12.34)])
            .into()
    }
}

impl utoipa::ToSchema for Tyiyn {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tyiyn_prints_as_som_with_two_decimals() {
        assert_eq!(Tyiyn(1234).to_som_string(), "12.34");
        assert_eq!(Tyiyn(1).to_som_string(), "0.01");
        assert_eq!(Tyiyn(-5).to_som_string(), "-0.05");
        assert_eq!(serde_json::to_string(&Tyiyn(1234)).unwrap(), "12.34");
        assert_eq!(serde_json::to_string(&Tyiyn(17_990_000)).unwrap(), "179900.00");
        assert_eq!(serde_json::to_string(&Tyiyn(0)).unwrap(), "0.00");
    }

    #[test]
    fn ids_serialize_as_plain_numbers() {
        assert_eq!(serde_json::to_string(&AuctionId(12)).unwrap(), "12");
    }
}
