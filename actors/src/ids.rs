//! Identifier and money newtypes shared by the whole runtime.
//!
//! Ids are plain `i64` (PostgreSQL `bigint`) wrapped so they cannot be mixed up. Money is
//! [`Tyiyn`]: an integer count of 1/100 som, never a float until it leaves for the wire.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

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

impl<'de> Deserialize<'de> for Tyiyn {
    /// The som number [`Serialize`] writes, read back exactly: from the number's decimal text
    /// (serde_json's shortest round-trip form), never through float arithmetic. Accepts at most
    /// two decimals (`12.34`, `12.3`, `12`); refuses anything finer (`1.234`) and non-numbers.
    /// Exact for amounts of up to 15 significant digits (±9,999,999,999,999.99 som): without
    /// serde_json's `arbitrary_precision` a JSON number reaches us as an `f64`, whose shortest
    /// form gives back any such decimal unchanged.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let number = serde_json::Number::deserialize(d)?;
        let text = number.to_string();
        Tyiyn::parse_som(&text).ok_or_else(|| {
            serde::de::Error::invalid_value(
                serde::de::Unexpected::Other(&format!("the number {text}")),
                &"an amount in som with at most two decimals",
            )
        })
    }
}

impl Tyiyn {
    /// Parses a decimal som amount (`-12.34`, `12.3`, `1e3`, `1.5e-1`) into tyiyn exactly;
    /// `None` for anything finer than a tyiyn, out of range, or not a decimal number.
    fn parse_som(text: &str) -> Option<Tyiyn> {
        let (negative, unsigned) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
            Some(at) => (&unsigned[..at], unsigned[at + 1..].parse::<i32>().ok()?),
            None => (unsigned, 0),
        };
        let (int, frac) = match mantissa.split_once('.') {
            Some((_, "")) => return None,
            Some(parts) => parts,
            None => (mantissa, ""),
        };
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if int.is_empty() || !all_digits(int) || !all_digits(frac) {
            return None;
        }
        // The amount is `digits × 10^shift` tyiyn.
        let digits = format!("{int}{frac}");
        let shift = exponent.checked_add(2)?.checked_sub(i32::try_from(frac.len()).ok()?)?;
        let digits = digits.trim_start_matches('0');
        let kept = if shift >= 0 {
            digits
        } else {
            // Finer than a tyiyn unless the dropped digits are all zeros.
            let drop = usize::try_from(shift.unsigned_abs()).ok()?;
            let (kept, dropped) = digits.split_at(digits.len().saturating_sub(drop));
            if dropped.bytes().any(|b| b != b'0') {
                return None;
            }
            kept
        };
        let mut tyiyn: i64 = if kept.is_empty() { 0 } else { kept.parse().ok()? };
        if tyiyn != 0 && shift > 0 {
            tyiyn = tyiyn.checked_mul(10_i64.checked_pow(shift.unsigned_abs())?)?;
        }
        Some(Tyiyn(if negative { tyiyn.checked_neg()? } else { tyiyn }))
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
    fn tyiyn_reads_som_numbers_back_exactly() {
        let read = |json: &str| serde_json::from_str::<Tyiyn>(json).ok();
        for t in [0, 1, 5, 10, 99, 100, 101, 1234, 17_990_000, 123_456_789, -5, -1234, 999_999_999_999_999] {
            assert_eq!(read(&serde_json::to_string(&Tyiyn(t)).unwrap()), Some(Tyiyn(t)), "{t}");
        }
        assert_eq!(read("12"), Some(Tyiyn(1200)));
        assert_eq!(read("12.3"), Some(Tyiyn(1230)));
        assert_eq!(read("-0.0"), Some(Tyiyn(0)));
        assert_eq!(read("1e3"), Some(Tyiyn(100_000)));
        assert_eq!(read("1.5e-1"), Some(Tyiyn(15)));
        assert_eq!(read("1e-2"), Some(Tyiyn(1)));
        assert_eq!(read("1e17"), None, "beyond i64 tyiyn");
        assert_eq!(read("1.234"), None);
        assert_eq!(read("1e-3"), None);
        assert_eq!(read("\"1.23\""), None);
        assert_eq!(read("null"), None);
    }

    #[test]
    fn som_text_parses_with_any_exponent() {
        assert_eq!(Tyiyn::parse_som("1.2300"), Some(Tyiyn(123)));
        assert_eq!(Tyiyn::parse_som("0.001e1"), Some(Tyiyn(1)));
        assert_eq!(Tyiyn::parse_som("123E-2"), Some(Tyiyn(123)));
        assert_eq!(Tyiyn::parse_som("9.2e16"), Some(Tyiyn(9_200_000_000_000_000_000)));
        for bad in ["", "-", ".5", "1.", "1.2.3", "x", "1e", "1e+", "0x10", "1.001", "1e999999999999"] {
            assert_eq!(Tyiyn::parse_som(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn ids_serialize_as_plain_numbers() {
        assert_eq!(serde_json::to_string(&AuctionId(12)).unwrap(), "12");
    }
}
