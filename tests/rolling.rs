//! The rolling restart's short form (issue 25; the full one is `cargo bench --bench cluster --
//! --scenario rolling`): three real nodes on one database and a private NATS server, users bidding
//! through every node all along, each node in turn told to stop (SIGTERM: it hands its auctions
//! over) and started again. Every acknowledged bid is then a row, nobody was charged for a bid
//! that is not one, no bid was placed whose answer said it was not, no answer was a 5xx other
//! than 503 (which says nothing was done), and `tyiyn check` passes. Waits are bounded, never
//! asserted on. PostgreSQL: `DATABASE_URL`, else the private cluster (`.ci/pg`).

use tyiyn_testkit as common;
use tyiyn_testkit::rolling;

use std::time::Duration;

use common::bidders::{self, Bidders};
use common::fleet::Fleet;

const BALANCE: i64 = 1_000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_restart_under_bids_loses_no_bid_and_answers_no_5xx_but_503() {
    let mut fleet = Fleet::start(3, "", &[]).await;
    // Two auctions a node: one that stops hands both over, and gets its share back once started.
    let auctions = fleet.live_auctions(6).await;
    let people = fleet.first.seed_users(12, BALANCE).await;
    let users: Vec<i64> = people.iter().map(|p| p.0).collect();
    let load = Bidders::start(fleet.bases(), auctions.clone(), people);

    let roll = rolling::roll(&mut fleet, &auctions).await;
    // A last stretch of bids on the restarted nodes, so that theirs are checked too.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let answers = load.stop().await;

    println!("answers: {:?}", bidders::tally(&answers));
    println!("during the roll: {:?}", bidders::tally(roll.during(&answers)));
    let gap = rolling::longest_gap(&fleet.first.db().await, &auctions, roll.wall).await;
    println!("longest time without an accepted bid on one auction (auction, ms): {gap:?}");
    assert_eq!(roll.steps.len(), 3, "each node restarted");
    let verdict = bidders::verify(&fleet.first.db().await, &answers, &users, BALANCE).await;
    println!("{verdict:?}");
    assert!(verdict.acknowledged > 0, "some bids were acknowledged");
    assert_eq!(verdict.lost, Vec::<i64>::new(), "acknowledged bids lost");
    assert_eq!(verdict.found, verdict.acknowledged);
    assert_eq!(verdict.mischarged, Vec::<i64>::new(), "users charged for bids that are not rows");
    assert_eq!(verdict.placed_though_refused, vec![], "bids placed though their answer said they were not");
    let errors: Vec<_> = answers.iter().filter(|a| a.server_error()).collect();
    assert!(errors.is_empty(), "5xx other than 503: {errors:?}");
    let (code, text) = common::check(&fleet.first.db_url).await;
    assert_eq!(code, Some(0), "tyiyn check:\n{text}");
}
