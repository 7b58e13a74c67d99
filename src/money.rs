//! Money on the wire: integer tyiyn inside, a JSON number with exactly two decimals outside
//! (`1234.50`), written digit by digit so no float ever touches an amount.

use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

/// An amount in tyiyn (1/100 som) that serializes as som with two decimals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Som(pub i64);

impl Som {
    /// The decimal text, e.g. `Som(123450)` → `1234.50`, `Som(-5)` → `-0.05`.
    pub fn to_decimal(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        format!("{sign}{}.{:02}", abs / 100, abs % 100)
    }
}

impl Serialize for Som {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let raw = RawValue::from_string(self.to_decimal()).map_err(serde::ser::Error::custom)?;
        raw.serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_serialize_with_two_decimals() {
        assert_eq!(serde_json::to_string(&Som(1)).unwrap(), "0.01");
        assert_eq!(
            serde_json::to_string(&Som(17_990_000)).unwrap(),
            "179900.00"
        );
        assert_eq!(serde_json::to_string(&Som(123_450)).unwrap(), "1234.50");
        assert_eq!(serde_json::to_string(&Som(-5)).unwrap(), "-0.05");
        assert_eq!(serde_json::to_string(&Som(0)).unwrap(), "0.00");
    }
}
