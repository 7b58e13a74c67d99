//! The `page` and `limit` query parameters of the admin lists, and their answer's page count.

use crate::error::AppError;
use crate::i18n::Msg;

/// The most rows one page may hold.
pub const MAX_LIMIT: i64 = 100;

/// A validated page: how many rows, after how many.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub limit: i64,
    pub offset: i64,
}

/// `page` ≥ 1 (default 1) and `limit` 1..=100 (default `default_limit`), or 400 with `fields`.
pub fn parse(page: Option<i64>, limit: Option<i64>, default_limit: i64) -> Result<Page, AppError> {
    let mut errors = Vec::new();
    let page = page.unwrap_or(1);
    let limit = limit.unwrap_or(default_limit);
    // Pages past this would skip more rows than any table holds; refusing keeps the offset sane.
    if !(1..=1_000_000).contains(&page) {
        errors.push(("page", Msg::PageInvalid));
    }
    if !(1..=MAX_LIMIT).contains(&limit) {
        errors.push(("limit", Msg::LimitInvalid));
    }
    AppError::check(errors)?;
    Ok(Page { limit, offset: (page - 1) * limit })
}

/// `ceil(total / limit)`, and at least 1: an empty list is one empty page.
pub fn total_pages(total: i64, limit: i64) -> i64 {
    ((total + limit - 1) / limit.max(1)).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_counted_up_and_never_zero() {
        assert_eq!(total_pages(0, 10), 1);
        assert_eq!(total_pages(10, 10), 1);
        assert_eq!(total_pages(11, 10), 2);
    }

    #[test]
    fn page_and_limit_are_checked() {
        assert_eq!(parse(None, None, 10).unwrap(), Page { limit: 10, offset: 0 });
        assert_eq!(parse(Some(3), Some(20), 10).unwrap(), Page { limit: 20, offset: 40 });
        assert!(parse(Some(0), None, 10).is_err());
        assert!(parse(None, Some(101), 10).is_err());
        assert!(parse(None, Some(0), 10).is_err());
    }
}
