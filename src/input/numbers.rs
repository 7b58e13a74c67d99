//! Numbers as forms send them: a JSON number, or a string holding one (trimmed; `,` may be the
//! decimal point, as Russian and Kyrgyz write it). The one place the admin and user forms read
//! numbers from `serde_json::Value`: each form keeps its field as a raw value so that a bad number
//! is that field's message in the user's language, not a refused body.

use std::ops::RangeInclusive;

use serde_json::Value;

/// A value present but not a number the field takes (the caller names the field's message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unreadable;

/// The decimal text of a number or numeric string.
fn text(v: &Value) -> Option<String> {
    match v {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(s.trim().replace(',', ".")),
        _ => None,
    }
}

/// A whole number: `5`, `5.0`, `"5"`, `" 5 "`. Not `5.5`, not `"5.0"`, not `true`.
pub fn whole(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => {
            n.as_i64().or_else(|| n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 1e15).map(|f| f as i64))
        }
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// An optional whole number within `range`: `Ok(None)` when absent or `null`, `Err(Unreadable)` when
/// present but not a whole number in `range` (a blank string included: a form that means "none"
/// filters blanks out first).
pub fn whole_in(v: Option<&Value>, range: RangeInclusive<i64>) -> Result<Option<i64>, Unreadable> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(v) => whole(v).filter(|n| range.contains(n)).map(Some).ok_or(Unreadable),
    }
}

/// [`whole_in`] as a count (`u32`).
pub fn count_in(v: Option<&Value>, range: RangeInclusive<i64>) -> Result<Option<u32>, Unreadable> {
    whole_in(v, range)?.map(|n| u32::try_from(n).map_err(|_| Unreadable)).transpose()
}

/// An amount of som with at most two decimals, as tyiyn (zero included), read exactly from its
/// digits and never through a float; at most 99,999,999,999.99 som.
pub fn som(v: &Value) -> Option<i64> {
    let text = text(v)?;
    let (whole, frac) = text.split_once('.').unwrap_or((&text, ""));
    let frac = frac.trim_end_matches('0');
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || (!frac.is_empty() && !digits(frac)) || frac.len() > 2 || whole.len() > 11 {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let cents: i64 = format!("{frac:0<2}").parse().ok()?;
    Some(whole * 100 + cents)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn whole_numbers_come_as_numbers_or_strings() {
        assert_eq!(whole(&json!(5)), Some(5));
        assert_eq!(whole(&json!(5.0)), Some(5));
        assert_eq!(whole(&json!(" 7 ")), Some(7));
        for bad in [json!(5.5), json!("5.0"), json!(true), json!(null), json!([1])] {
            assert_eq!(whole(&bad), None, "{bad}");
        }
        assert_eq!(whole_in(None, 0..=3), Ok(None));
        assert_eq!(whole_in(Some(&json!(null)), 0..=3), Ok(None));
        assert_eq!(whole_in(Some(&json!("  ")), 0..=3), Err(Unreadable));
        assert_eq!(whole_in(Some(&json!(3)), 0..=3), Ok(Some(3)));
        assert_eq!(whole_in(Some(&json!(4)), 0..=3), Err(Unreadable));
    }

    #[test]
    fn som_is_read_exactly_from_its_digits() {
        assert_eq!(som(&json!(179900)), Some(17_990_000));
        assert_eq!(som(&json!(0.1)), Some(10));
        assert_eq!(som(&json!("99,90")), Some(9_990));
        assert_eq!(som(&json!("0.00")), Some(0));
        for bad in
            [json!(-5), json!(1.234), json!("1 000"), json!("abc"), json!(null), json!(1e300), json!(".5")]
        {
            assert_eq!(som(&bad), None, "{bad}");
        }
    }
}
