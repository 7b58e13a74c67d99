//! Leases and fences (issue 25, part 1): one live lease per auction, taken by exactly one of eight
//! nodes asking at once; a lease that ran out is taken with a new fence; a bid commit that names
//! an old fence writes nothing (no bid, no debit, no ledger entry) while one under the current
//! fence commits; and a takeover waits for a commit in flight on the auction's row, so nothing an
//! old owner commits can land after the new owner has loaded the auction.

use futures_util::future::join_all;
use std::time::Duration;
use tokio_postgres::Client;
use tyiyn::db::leases;
use tyiyn_testkit::until;

use crate::helpers::{TestApp, long_countdowns, spawn_app_with};

const TTL_MS: i64 = 60_000;

/// A live auction (its countdown long, so the server's own actor leaves its row alone), and a
/// bidder with the demo's free bids.
async fn setup() -> (TestApp, i64, i64) {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let auction = app.create_live_auction(&admin, "Чайник").await;
    let bidder = app.new_user("aigul").await;
    (app, auction, bidder.id)
}

/// Runs out `auction`'s lease, as a node that stopped renewing leaves it.
async fn run_out(db: &Client, auction: i64) {
    db.execute(
        "update auction_lease set expires_at = taken_at + interval '1 millisecond' where auction_id = $1",
        &[&auction],
    )
    .await
    .expect("ran out");
}

/// One bid by `user` on `auction` through `commit_bid_groups`, naming `fence`: the function's rows
/// (batch, bid id, short users, why).
async fn commit_one(
    db: &Client,
    auction: i64,
    user: i64,
    fence: i64,
) -> Vec<(i32, Option<i64>, Option<Vec<String>>)> {
    let rows = db
        .query(
            "select batch, bid_id, short_why from commit_bid_groups(
                 '{1}', array[$2::bigint], '{1}', '{false}', '{null}', array[now()], '{h}', '{false}',
                 array[$1::bigint], '{1}', array[$2::bigint], array[now() + interval '1 hour'], '{1}',
                 array[$3::bigint], (random() * 9e18)::bigint)",
            &[&auction, &user, &fence],
        )
        .await
        .expect("the function answers");
    rows.iter().map(|r| (r.get(0), r.get(1), r.get(2))).collect()
}

/// The bidder's balance, their ledger's sum, and the auction's stored bids.
async fn money(db: &Client, auction: i64, user: i64) -> (i64, i64, i64) {
    let row = db
        .query_one(
            "select (select bid_balance from app_user where id = $2),
                    (select coalesce(sum(delta), 0)::bigint from ledger where user_id = $2),
                    (select count(*) from bid where auction_id = $1)",
            &[&auction, &user],
        )
        .await
        .expect("figures");
    (row.get(0), row.get(1), row.get(2))
}

#[actix_web::test]
async fn of_eight_nodes_asking_at_once_for_a_free_lease_exactly_one_gets_it() {
    let (app, auction, _) = setup().await;
    let pool = app.pool().await;
    let asks = (0..8).map(|n| {
        let pool = pool.clone();
        async move {
            let client = pool.get().await.expect("a connection");
            leases::take(&client, auction, &format!("node-{n}"), TTL_MS).await.expect("asked")
        }
    });
    let got: Vec<i64> = join_all(asks).await.into_iter().flatten().collect();
    assert_eq!(got.len(), 1, "one owner: {got:?}");
    let client = pool.get().await.expect("a connection");
    let (owner, fence) = leases::owner(&client, auction).await.expect("read").expect("an owner");
    assert_eq!(fence, got[0]);
    let row_fence: Option<i64> =
        client.query_one("select lease_fence from auction where id = $1", &[&auction]).await.unwrap().get(0);
    assert_eq!(row_fence, Some(fence), "the row carries the fence it was taken under");
    assert_eq!(leases::take(&client, auction, "node-9", TTL_MS).await.expect("asked"), None);
    assert_eq!(leases::renew(&client, &owner, TTL_MS).await.expect("renewed"), [(auction, fence)]);
}

#[actix_web::test]
async fn a_lease_that_ran_out_is_lost_to_its_node_and_taken_with_a_new_fence() {
    let (app, auction, _) = setup().await;
    let pool = app.pool().await;
    let client = pool.get().await.expect("a connection");
    let first = leases::take(&client, auction, "a", TTL_MS).await.unwrap().expect("free");
    run_out(&app.db().await, auction).await;
    assert!(
        leases::renew(&client, "a", TTL_MS).await.unwrap().is_empty(),
        "a lease that ran out is not renewed"
    );
    let second = leases::take(&client, auction, "b", TTL_MS).await.unwrap().expect("ran out, so free");
    assert!(second > first, "fences only grow: {first} then {second}");
    assert!(
        !leases::release(&client, auction, "a", first).await.unwrap(),
        "the old owner has nothing to give up"
    );
    assert!(leases::release(&client, auction, "b", second).await.unwrap());
    assert_eq!(leases::owner(&client, auction).await.unwrap(), None);

    // Handed over, it is free and did not lapse; taken again and then run out, it lapsed: the next
    // node takes it at once, whatever its share (the hand-over's mark does not stay on the lease).
    let free = |client| async move { leases::free(client, 10, TTL_MS).await.unwrap() };
    let listed = free(&client).await;
    assert_eq!(listed.iter().find(|f| f.auction == auction).map(|f| f.lapsed), Some(false), "{listed:?}");
    leases::take(&client, auction, "c", TTL_MS).await.unwrap().expect("handed over, so free");
    run_out(&app.db().await, auction).await;
    let listed = free(&client).await;
    assert_eq!(listed.iter().find(|f| f.auction == auction).map(|f| f.lapsed), Some(true), "{listed:?}");
}

#[actix_web::test]
async fn a_commit_under_an_old_fence_writes_nothing_and_one_under_the_current_fence_commits() {
    let (app, auction, user) = setup().await;
    let db = app.db().await;
    let pool = app.pool().await;
    let client = pool.get().await.expect("a connection");
    let old = leases::take(&client, auction, "a", TTL_MS).await.unwrap().expect("free");
    run_out(&db, auction).await;
    let current = leases::take(&client, auction, "b", TTL_MS).await.unwrap().expect("ran out");
    let before = money(&db, auction, user).await;

    let refused = commit_one(&db, auction, user, old).await;
    assert_eq!(refused, [(1, None, Some(vec!["lease_lost".to_owned()]))]);
    assert_eq!(money(&db, auction, user).await, before, "no bid, no debit, no ledger entry");

    let stored = commit_one(&db, auction, user, current).await;
    assert_eq!(stored.len(), 1);
    assert!(stored[0].1.is_some(), "a bid id: {stored:?}");
    let (balance, ledger, bids) = money(&db, auction, user).await;
    assert_eq!((balance, bids), (before.0 - 1, before.2 + 1));
    assert_eq!(balance, ledger, "the balance equals its ledger");
}

#[actix_web::test]
async fn a_takeover_waits_for_the_commit_in_flight_on_the_auctions_row() {
    let (app, auction, _) = setup().await;
    let pool = app.pool().await;
    let first = leases::take(&pool.get().await.unwrap(), auction, "a", TTL_MS).await.unwrap().expect("free");
    run_out(&app.db().await, auction).await;

    // The old owner's commit holds the auction's row.
    let mut holder = app.db().await;
    let in_flight = holder.transaction().await.expect("a transaction");
    in_flight.execute("select 1 from auction where id = $1 for update", &[&auction]).await.expect("locked");

    let taker = {
        let pool = pool.clone();
        tokio::spawn(async move { leases::take(&pool.get().await.unwrap(), auction, "b", TTL_MS).await })
    };
    // The takeover is waiting on the row's lock (seen by PostgreSQL, not by a stopwatch).
    let db = app.db().await;
    let (within, every) = (Duration::from_secs(10), Duration::from_millis(20));
    until("the takeover never waited for the row", within, every, || async {
        let waiting: i64 = db
            .query_one("select count(*) from pg_stat_activity where wait_event_type = 'Lock' and query like '%auction_lease%'", &[])
            .await
            .unwrap()
            .get(0);
        waiting == 1
    })
    .await;
    assert!(!taker.is_finished());
    in_flight.commit().await.expect("the old owner's commit lands first");
    let second = taker.await.expect("joined").expect("taken").expect("ran out, so free");
    assert!(second > first);
    let row_fence: Option<i64> =
        db.query_one("select lease_fence from auction where id = $1", &[&auction]).await.unwrap().get(0);
    assert_eq!(row_fence, Some(second));
}
