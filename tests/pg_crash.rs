//! The PostgreSQL crash script's short form (the long one is `cargo bench --bench pg_crash`):
//! under bid load the server's own PostgreSQL is killed with SIGKILL twice, once with commits
//! durable and unanswered, once with commits not yet durable, and started again on the same data.
//! No acknowledged bid is lost, nobody is charged for a bid they were told was not placed, no
//! auction finishes, nothing answers 500, and `tyiyn check` is clean (docs/decisions.md, "A commit
//! whose answer is lost").

#[path = "../benches/common/cluster.rs"]
mod cluster;
#[path = "../benches/common/mod.rs"]
mod common;
#[path = "../benches/common/pg_crash.rs"]
mod pg_crash;

use std::time::Duration;

use pg_crash::{Plan, run};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crashed_database_loses_no_bid_and_charges_no_refusal() {
    let plan = Plan {
        crashes: 2,
        users: 16,
        auctions: 3,
        held: Duration::from_millis(600),
        down: Duration::from_millis(500),
        after: Duration::from_secs(3),
        countdown_secs: 4,
        server_bin: None,
        standby: false,
        manager: None,
    };

    let outcome = run(&plan).await;

    outcome.print();
    assert_eq!(outcome.lost, 0, "acknowledged bids lost");
    assert_eq!(outcome.charged_refused, 0, "bidders charged for bids they were told were not placed");
    assert!(outcome.acknowledged > 0 && outcome.stored == outcome.acknowledged);
    assert_eq!(outcome.failures(), 0, "bids answered 500, unknown or not at all");
    assert_eq!(outcome.finished, Vec::<i64>::new(), "auctions finished although bids could not be accepted");
    for recovered in &outcome.recovery {
        assert!(recovered.is_some(), "no bid was accepted after a restart");
    }
    assert_eq!(outcome.check.0, Some(0), "tyiyn check:\n{}", outcome.check.1);
}

/// A synchronous standby takes over: the primary is killed while commits wait on its standby,
/// which is then promoted; the server follows it through its multi-host `DATABASE_URL`, without
/// a restart (docs/operations.md, "A standby that takes over").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_promoted_standby_takes_over_with_nothing_lost() {
    let plan = Plan {
        crashes: 1,
        users: 16,
        auctions: 3,
        held: Duration::from_millis(600),
        down: Duration::from_millis(500),
        after: Duration::from_secs(3),
        countdown_secs: 4,
        server_bin: None,
        standby: true,
        manager: None,
    };

    let outcome = run(&plan).await;

    outcome.print();
    assert_eq!(outcome.lost, 0, "acknowledged bids lost");
    assert_eq!(outcome.charged_refused, 0, "bidders charged for bids they were told were not placed");
    assert!(outcome.acknowledged > 0 && outcome.stored == outcome.acknowledged);
    assert_eq!(outcome.failures(), 0, "bids answered 500, unknown or not at all");
    assert_eq!(outcome.finished, Vec::<i64>::new(), "auctions finished although bids could not be accepted");
    assert!(outcome.recovery.iter().all(Option::is_some), "no bid was accepted after the promotion");
    assert_eq!(outcome.check.0, Some(0), "tyiyn check:\n{}", outcome.check.1);
}
