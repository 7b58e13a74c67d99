//! The crash script's short form (the full one is `cargo bench --bench crash`): three times, kill
//! the real server with SIGKILL under bid load and start it again on the same database; every
//! acknowledged bid is then a row and `tyiyn check` passes. PostgreSQL: `DATABASE_URL`, else the
//! private cluster (`.ci/pg`).

use tyiyn_testkit::crash;

use crash::{Plan, run};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_bids_survive_kill_9_and_restart() {
    let plan = Plan { cycles: 3, users: 20, auctions: 4, seed: 10, kill_after_ms: 300..2000 };

    let outcome = run(&plan).await;

    outcome.print();
    assert!(outcome.acknowledged > 0, "some bids were acknowledged");
    assert_eq!(outcome.lost, Vec::<i64>::new(), "acknowledged bids lost");
    assert_eq!(outcome.found, outcome.acknowledged);
    assert_eq!(outcome.check.0, Some(0), "tyiyn check:\n{}", outcome.check.1);
    assert_eq!(outcome.restarts.len(), 3);
    assert!(outcome.holds());
}
