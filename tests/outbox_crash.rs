//! The outbox crash script's short form (the full one is `cargo bench --bench outbox_crash`):
//! 50 messages to the SMS and Telegram stand-ins, the real server killed with SIGKILL once while it
//! delivers them and started again on the same database; every message arrives, and any that
//! arrives twice was in flight at the kill. PostgreSQL: `DATABASE_URL`, else the private cluster
//! (`.ci/pg`).

use tyiyn_testkit::outbox_crash;

use outbox_crash::{Plan, run};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_message_arrives_after_kill_9_and_repeats_are_only_those_in_flight() {
    let plan = Plan { messages: 50, kills: 1, seed: 24 };

    let outcome = run(&plan).await;

    outcome.print();
    assert_eq!(outcome.missing, Vec::<String>::new(), "messages lost");
    assert_eq!(outcome.unexplained, Vec::<String>::new(), "repeats of messages not in flight at the kill");
    assert_eq!(outcome.unsent, 0);
    assert_eq!(outcome.restarts.len(), 1);
    assert!(
        outcome.in_flight[0] <= 20,
        "at most two workers' batches were in flight: {:?}",
        outcome.in_flight
    );
    assert!(outcome.holds());
}
