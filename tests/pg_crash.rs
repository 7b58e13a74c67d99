//! The PostgreSQL crash script's short form (the long one is `cargo bench --bench pg_crash`):
//! under bid load the server's own PostgreSQL is killed with SIGKILL twice, once with commits
//! durable and unanswered, once with commits not yet durable, and started again on the same data.
//! No acknowledged bid is lost, nobody is charged for a bid they were told was not placed, no
//! auction finishes, nothing answers 500, and `tyiyn check` is clean (docs/rules/outages.md, "A commit
//! whose answer is lost").

use tyiyn_testkit::pg_crash;

use std::time::Duration;

use pg_crash::{Plan, run};

/// A plan of the short form: 16 users on 3 auctions with a 4 s countdown.
fn plan(crashes: usize, standby: bool) -> Plan {
    Plan {
        crashes,
        users: 16,
        auctions: 3,
        held: Duration::from_millis(600),
        down: Duration::from_millis(500),
        after: Duration::from_secs(3),
        countdown_secs: 4,
        server_bin: None,
        standby,
        manager: None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crashed_database_loses_no_bid_and_charges_no_refusal() {
    let outcome = run(&plan(2, false)).await;

    assert!(outcome.verdict("pg_crash"), "{:?}", outcome.broken());
    assert_eq!(outcome.stored, outcome.acknowledged);
}

/// A synchronous standby takes over: the primary is killed while commits wait on its standby,
/// which is then promoted; the server follows it through its multi-host `DATABASE_URL`, without
/// a restart (docs/operations.md, "A standby that takes over").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_promoted_standby_takes_over_with_nothing_lost() {
    let outcome = run(&plan(1, true)).await;

    assert!(outcome.verdict("pg_crash"), "{:?}", outcome.broken());
    assert_eq!(outcome.stored, outcome.acknowledged);
}
