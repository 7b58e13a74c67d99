//! `GET /metrics` on its own listener: the operators' figures move with bids, commits and
//! sockets, and the public site does not serve them. The recorder is one per process and the
//! tests run side by side, so figures are checked as "at least", never as exact totals.

use serde_json::json;

use crate::helpers::{TestApp, long_countdowns, spawn_app_with};
use crate::socket::Socket;

/// The value of the first sample line that starts with `series` (name and labels).
pub fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find(|line| line.starts_with(series) && line[series.len()..].starts_with(' '))
        .and_then(|line| line.rsplit(' ').next())
        .and_then(|value| value.parse().ok())
}

pub async fn scrape(app: &TestApp) -> String {
    let url = app.metrics.as_deref().expect("the test settings serve /metrics");
    let res = reqwest::get(url).await.expect("scrape");
    assert_eq!(res.status(), 200);
    let kind = res.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    res.text().await.unwrap()
}

#[actix_web::test]
async fn bids_commits_sockets_and_the_pool_show_in_the_figures() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Планшет").await;
    let user = app.new_user("metrika").await;
    let mut socket = Socket::connect(&app.address, Some(&user.cookie)).await;
    socket.emit("joinAuction", json!(id));
    socket.next_update(id, "snapshot").await;

    assert_eq!(user.bid(id).await.status(), 200);
    // The leader's second bid is refused: it counts under its code.
    assert_eq!(user.bid(id).await.status(), 409);
    socket.next_update(id, "bidsPlaced").await;

    let text = scrape(&app).await;
    let at_least = |series: &str, floor: f64| {
        let value = sample(&text, series).unwrap_or_else(|| panic!("no {series} in:\n{text}"));
        assert!(value >= floor, "{series} is {value}, below {floor}");
    };
    at_least(r#"tyiyn_bids_total{kind="bid",outcome="accepted"}"#, 1.0);
    at_least(r#"tyiyn_bids_total{kind="bid",outcome="already_leader"}"#, 1.0);
    at_least("tyiyn_bid_seconds_count", 2.0);
    at_least(r#"tyiyn_bid_seconds_bucket{le="+Inf"}"#, 2.0);
    at_least("tyiyn_commit_groups_total", 1.0);
    at_least("tyiyn_commit_group_bids_sum", 1.0);
    at_least("tyiyn_commit_group_batches_count", 1.0);
    at_least("tyiyn_commit_seconds_count", 1.0);
    at_least("tyiyn_bid_queued_seconds_count", 1.0);
    at_least("tyiyn_commit_queue_seconds_count", 1.0);
    at_least("tyiyn_sockets_connected", 1.0);
    at_least("tyiyn_socket_frames_sent_total", 2.0);
    at_least("tyiyn_db_pool_connections", 1.0);
    assert!(sample(&text, "tyiyn_db_pool_waiting").is_some(), "no pool waits in:\n{text}");
    assert!(sample(&text, "tyiyn_bids_in_flight").is_some(), "no bids in flight in:\n{text}");
    app.check().await;
}

#[actix_web::test]
async fn the_public_listener_does_not_serve_the_figures() {
    let app = spawn_app_with(long_countdowns).await;
    let page = app.get("/metrics").await.text().await.unwrap();
    assert!(!page.contains("tyiyn_"), "the public site served figures");
    assert_eq!(app.get("/api/metrics").await.status(), 404);
}

#[actix_web::test]
async fn a_taken_metrics_port_moves_the_figures_to_a_free_one() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let app = spawn_app_with(|s| s.server.metrics_addr = addr.clone()).await;
    let url = app.metrics.clone().expect("still served");
    assert!(!url.contains(&addr), "{url} moved off {addr}");
    assert!(scrape(&app).await.contains("tyiyn_"));
}
