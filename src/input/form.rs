//! Reading a form's text fields into values, collecting each field's message (the caller answers
//! 400 with all of them through `AppError::check`).

use crate::i18n::Msg;

/// Parses a required text field into `fields` errors: missing or blank is `Required`.
pub fn required<T>(
    errors: &mut Vec<(&'static str, Msg)>,
    field: &'static str,
    value: Option<&str>,
    missing: Msg,
    parse: impl FnOnce(&str) -> Result<T, Msg>,
) -> Option<T> {
    match value {
        Some(v) if !v.trim().is_empty() => parse(v).map_err(|m| errors.push((field, m))).ok(),
        _ => {
            errors.push((field, missing));
            None
        }
    }
}

/// Parses an optional text field: missing or blank is `None`, otherwise it must parse.
pub fn optional<T>(
    errors: &mut Vec<(&'static str, Msg)>,
    field: &'static str,
    value: Option<&str>,
    parse: impl FnOnce(&str) -> Result<T, Msg>,
) -> Option<T> {
    match value {
        Some(v) if !v.trim().is_empty() => parse(v).map_err(|m| errors.push((field, m))).ok(),
        _ => None,
    }
}
