//! The server's own figures (its `GET /metrics`), summed up in a few lines for a load tool's
//! report, or read as numbers to take differences over a window.

use super::Server;

/// The sums of `series` (each over all its labels) at the `/metrics` address `url` now; `None`
/// if it did not answer.
pub async fn metric_sums(url: &str, series: &[&str]) -> Option<Vec<f64>> {
    let text = reqwest::get(url).await.ok()?.error_for_status().ok()?.text().await.ok()?;
    Some(series.iter().map(|s| sum(&text, s)).collect())
}

/// The sum of `series` over all its labels in a `/metrics` text (0 when absent).
fn sum(text: &str, series: &str) -> f64 {
    text.lines()
        .filter(|l| l.starts_with(series) && l[series.len()..].starts_with([' ', '{']))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .fold(0.0, |a, b| a + b)
}

impl Server {
    /// The server's own figures since it started (its `GET /metrics`), summed up in a few lines:
    /// bids by outcome, the bid answer's mean, group commits (bids per group, latency), frames.
    pub async fn figures(&self) -> String {
        let Ok(text) = reqwest::get(&self.metrics).await.and_then(|r| r.error_for_status()) else {
            return "server figures: /metrics did not answer".into();
        };
        let Ok(text) = text.text().await else { return String::new() };
        let value = |series: &str| sum(&text, series);
        let outcomes: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with("tyiyn_bids_total{"))
            .map(|l| l.trim_start_matches("tyiyn_bids_total").to_owned())
            .collect();
        let per = |sum: &str, count: &str| value(sum) / value(count).max(1.0);
        // The bucket bound under which `q` of the answers fell (the histogram's resolution).
        let bound = |name: &str, q: f64| -> String {
            let total = value(&format!("{name}_count"));
            let prefix = format!("{name}_bucket{{le=\"");
            let mut buckets: Vec<(f64, f64)> = text
                .lines()
                .filter_map(|l| {
                    let rest = l.strip_prefix(prefix.as_str())?;
                    let (le, count) = rest.split_once("\"} ")?;
                    Some((le.parse().unwrap_or(f64::INFINITY), count.parse().ok()?))
                })
                .collect();
            buckets.sort_by(|a, b| a.0.total_cmp(&b.0));
            buckets
                .iter()
                .find(|(_, count)| *count >= q * total)
                .map_or("?".into(), |(le, _)| format!("≤ {:.0} ms", le * 1000.0))
        };
        format!(
            "server figures (GET /metrics):\n  bids answered: {}\n  bid answer mean {:.2} ms over {} answers, p50 {}, p99 {}\n  group commits: {} (failed {}), {:.1} bids and {:.1} auctions' batches per group, {:.2} ms each on average (p99 {})\n  before its commit a bid waited in its auction {:.2} ms on average (p99 {}), then its batch for a group {:.2} ms (p99 {})\n  socket frames queued: {}; slow sockets dropped: {}",
            outcomes.join(", "),
            per("tyiyn_bid_seconds_sum", "tyiyn_bid_seconds_count") * 1000.0,
            value("tyiyn_bid_seconds_count"),
            bound("tyiyn_bid_seconds", 0.5),
            bound("tyiyn_bid_seconds", 0.99),
            value("tyiyn_commit_groups_total"),
            value("tyiyn_commit_failures_total"),
            per("tyiyn_commit_group_bids_sum", "tyiyn_commit_group_bids_count"),
            per("tyiyn_commit_group_batches_sum", "tyiyn_commit_group_batches_count"),
            per("tyiyn_commit_seconds_sum", "tyiyn_commit_seconds_count") * 1000.0,
            bound("tyiyn_commit_seconds", 0.99),
            per("tyiyn_bid_queued_seconds_sum", "tyiyn_bid_queued_seconds_count") * 1000.0,
            bound("tyiyn_bid_queued_seconds", 0.99),
            per("tyiyn_commit_queue_seconds_sum", "tyiyn_commit_queue_seconds_count") * 1000.0,
            bound("tyiyn_commit_queue_seconds", 0.99),
            value("tyiyn_socket_frames_sent_total"),
            value("tyiyn_sockets_dropped_slow_total"),
        )
    }
}
