//! Concurrent identical requests against real PostgreSQL (issue 21). For every check-then-write on
//! money, stock or limits: N requests sent at the same instant, from one user and from several,
//! then the invariant that must hold, then `tyiyn check`. docs/rules/concurrency.md, "Concurrency", names
//! the lock or constraint behind each.

mod admin;
mod buy_now;
mod claims;
mod money;
mod orders;

use std::collections::BTreeMap;
use std::future::Future;

use futures_util::future::join_all;
use reqwest::Response;
use serde_json::Value;

/// How many identical requests each race sends at once.
pub const N: usize = 8;

/// Sends every request at once and counts the answers by status and error code (`""` for a 2xx),
/// keeping the 2xx bodies in the order of the requests (`None` for a refusal).
pub async fn at_once<F>(
    requests: impl IntoIterator<Item = F>,
) -> (BTreeMap<(u16, String), usize>, Vec<Option<Value>>)
where
    F: Future<Output = Response>,
{
    let mut tally = BTreeMap::new();
    let mut bodies = Vec::new();
    for res in join_all(requests).await {
        let status = res.status().as_u16();
        let body: Value = res.json().await.unwrap_or(Value::Null);
        let code = if status < 300 { String::new() } else { body["code"].as_str().unwrap_or("?").to_owned() };
        bodies.push((status < 300).then_some(body));
        *tally.entry((status, code)).or_insert(0) += 1;
    }
    (tally, bodies)
}

/// The tally `at_once` should have found: `(status, code, count)` rows.
pub fn expect(rows: &[(u16, &str, usize)]) -> BTreeMap<(u16, String), usize> {
    rows.iter().filter(|r| r.2 > 0).map(|(s, c, n)| ((*s, (*c).to_owned()), *n)).collect()
}
