//! Several nodes on one database (issue 25, part 1: leases and fences, no NATS yet). Two real
//! server processes, `a` and `b`: `a` starts first and takes every auction's lease; `b` stands
//! by. Kill `a` with SIGKILL: `b` takes the auctions over and bids on it carry on from the last
//! acknowledged price; every acknowledged bid is a row and `tyiyn check` holds. PostgreSQL:
//! `DATABASE_URL`, else the private cluster (`.ci/pg`).

use tyiyn_testkit as common;
use tyiyn_testkit::socket;

use std::time::{Duration, Instant};

use common::nodes::{Node, bid, owner, signal, tyiyn};
use common::{Server, keep_trying, until};
use socket::Socket;

/// The two scenarios one after the other: each server's database is named after this process.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_that_dies_or_freezes_loses_its_auctions_to_another_and_no_bid() {
    a_standby_node_takes_over_the_auctions_of_a_killed_node_and_loses_no_bid().await;
    a_frozen_node_loses_its_auction_and_writes_nothing_after_it_wakes().await;
    a_node_told_to_stop_hands_its_auctions_over_first().await;
    an_auction_back_on_a_node_chains_its_record_on_the_bids_placed_elsewhere().await;
}

async fn a_standby_node_takes_over_the_auctions_of_a_killed_node_and_loses_no_bid() {
    let mut a = Server::start(&[("TYIYN_CLUSTER__NODE_ID", "a")]).await;
    let ids = a.live_auctions(2).await;
    let b = Node::start(&a, "b", &[]).await;
    let users = a.seed_users(4, 50).await;
    for &id in &ids {
        assert_eq!(owner(&a, id).await.as_deref(), Some("a"), "the creating node holds it");
    }

    // `b` does not run them: a bid through it is refused as elsewhere, and nothing is charged.
    let (status, body) = bid(&b.base, ids[0], &users[0].1).await;
    assert_eq!((status, body["code"].as_str()), (503, Some("auction_elsewhere")), "{body}");
    let balance: i64 = a
        .db()
        .await
        .query_one("select bid_balance from app_user where id = $1", &[&users[0].0])
        .await
        .expect("read")
        .get(0);
    assert_eq!(balance, 50);
    let read = reqwest::get(format!("{}/api/auctions/{}", b.base, ids[0])).await.expect("answered");
    assert_eq!(read.status(), 503, "a node that does not run it says so, not that it is missing");

    let mut acked: Vec<(i64, i64, i64)> = Vec::new();
    for (k, (user, cookie)) in users.iter().enumerate() {
        let auction = ids[k % 2];
        let (status, body) = bid(&a.base, auction, cookie).await;
        assert_eq!(status, 200, "{body}");
        acked.push((auction, *user, tyiyn(&body)));
    }
    let prices: Vec<i64> =
        ids.iter().map(|id| acked.iter().filter(|b| b.0 == *id).map(|b| b.2).max().expect("bid")).collect();

    a.kill();
    let killed = Instant::now();
    // The next bid on each auction through `b` is accepted once `b` holds its lease; until then
    // it is refused (nothing charged). Waits are bounded, never asserted on.
    for (i, &id) in ids.iter().enumerate() {
        let (user, cookie) = &users[i];
        let within = Duration::from_secs(30).saturating_sub(killed.elapsed());
        let answer = keep_trying(within, Duration::from_millis(50), || async {
            let (status, body) = bid(&b.base, id, cookie).await;
            if status == 200 {
                return Ok(body);
            }
            // Elsewhere until `b` holds it, then paused for the moment its countdown is given back.
            assert!(
                status == 503
                    && ["auction_elsewhere", "auction_paused"].contains(&body["code"].as_str().unwrap_or("")),
                "{status} {body}"
            );
            Err(format!("{status} {body}"))
        })
        .await
        .unwrap_or_else(|last| panic!("no takeover: {last}"));
        println!("auction {id}: a bid through b accepted {} ms after the kill", killed.elapsed().as_millis());
        let amount = tyiyn(&answer);
        assert_eq!(amount, prices[i] + 1, "the price carries on from the last acknowledged bid");
        acked.push((id, *user, amount));
        assert_eq!(owner(&a, id).await.as_deref(), Some("b"));
    }

    let db = a.db().await;
    for (auction, user, amount) in &acked {
        let found: i64 = db
            .query_one(
                "select count(*) from bid where auction_id = $1 and user_id = $2 and amount = $3",
                &[auction, user, amount],
            )
            .await
            .expect("read")
            .get(0);
        assert_eq!(found, 1, "acknowledged bid {auction}/{user}/{amount} is one row");
    }
    drop(b);
    let (code, text) = common::check(&a.db_url).await;
    assert_eq!(code, Some(0), "tyiyn check:\n{text}");
}

async fn a_frozen_node_loses_its_auction_and_writes_nothing_after_it_wakes() {
    let a = Server::start(&[("TYIYN_CLUSTER__NODE_ID", "a")]).await;
    let id = a.live_auctions(1).await[0];
    let b = Node::start(&a, "b", &[]).await;
    let users = a.seed_users(2, 50).await;
    let (status, body) = bid(&a.base, id, &users[0].1).await;
    assert_eq!(status, 200, "{body}");
    let price = tyiyn(&body);

    signal(a.pid(), libc::SIGSTOP);
    let frozen = Instant::now();
    let answer = keep_trying(Duration::from_secs(30), Duration::from_millis(50), || async {
        let (status, body) = bid(&b.base, id, &users[1].1).await;
        if status == 200 { Ok(body) } else { Err(format!("{status} {body}")) }
    })
    .await
    .unwrap_or_else(|last| panic!("no takeover: {last}"));
    println!("a bid through b accepted {} ms after a froze", frozen.elapsed().as_millis());
    assert_eq!(tyiyn(&answer), price + 1);

    // Awake, `a` still runs the auction until its keeper's next round: its commit is refused by
    // the fence (or the keeper was first and it answers that the auction is elsewhere), and
    // nothing is charged.
    signal(a.pid(), libc::SIGCONT);
    let balance = |user: i64| {
        let a = &a;
        async move {
            let row =
                a.db().await.query_one("select bid_balance from app_user where id = $1", &[&user]).await;
            row.expect("read").get::<_, i64>(0)
        }
    };
    // `a` still thinks users[0] leads: users[1]'s bid passes its rules and reaches the commit.
    let before = balance(users[1].0).await;
    let (status, body) = bid(&a.base, id, &users[1].1).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(balance(users[1].0).await, before, "the woken node charged nothing");
    let bids: i64 = a
        .db()
        .await
        .query_one("select count(*) from bid where auction_id = $1", &[&id])
        .await
        .unwrap()
        .get(0);
    assert_eq!(bids, 2, "one bid before the freeze, one through b");
    assert_eq!(owner(&a, id).await.as_deref(), Some("b"));
    drop(b);
    let (code, text) = common::check(&a.db_url).await;
    assert_eq!(code, Some(0), "tyiyn check:\n{text}");
}

async fn a_node_told_to_stop_hands_its_auctions_over_first() {
    let a = Server::start(&[("TYIYN_CLUSTER__NODE_ID", "a")]).await;
    let ids = a.live_auctions(2).await;
    let b = Node::start(&a, "b", &[]).await;
    let users = a.seed_users(2, 50).await;
    let (status, body) = bid(&a.base, ids[0], &users[0].1).await;
    assert_eq!(status, 200, "{body}");
    let price = tyiyn(&body);

    let mut socket = Socket::connect(&a.base, Some(&users[0].1)).await;
    signal(a.pid(), libc::SIGTERM);
    let stopping = Instant::now();
    let handed_over = keep_trying(Duration::from_secs(30), Duration::from_millis(20), || async {
        for &id in &ids {
            if owner(&a, id).await.as_deref() != Some("b") {
                return Err(id);
            }
        }
        Ok(())
    });
    if let Err(id) = handed_over.await {
        panic!("auction {id} was not handed over");
    }
    println!("both auctions on b {} ms after SIGTERM", stopping.elapsed().as_millis());
    // The new owner gives the countdown back before the auction runs there: until then a bid is
    // told the auction is elsewhere (retried), never refused as paused.
    let within = Duration::from_secs(30).saturating_sub(stopping.elapsed());
    let answer = keep_trying(within, Duration::from_millis(20), || async {
        let (status, body) = bid(&b.base, ids[0], &users[1].1).await;
        if status == 200 {
            return Ok(body);
        }
        assert!(status == 503 && body["code"] == "auction_elsewhere", "{status} {body}");
        Err(body)
    })
    .await
    .unwrap_or_else(|last| panic!("no bid through b: {last}"));
    assert_eq!(tyiyn(&answer), price + 1);
    // Its auctions handed over, `a` closes its sockets as going away (1001): their clients
    // reconnect elsewhere instead of holding the stop up until its timeout.
    assert_eq!(socket.next_named("close").await, 1001);
    let handed: bool = a
        .db()
        .await
        .query_one("select bool_and(draining) from cluster_node where id = 'a'", &[])
        .await
        .unwrap()
        .get(0);
    assert!(handed, "a said it was draining");
    drop(b);
    let (code, text) = common::check(&a.db_url).await;
    assert_eq!(code, Some(0), "tyiyn check:\n{text}");
}

/// Tells node `node` to drain (`on`) or to take auctions again, through the operator's button.
async fn drain(base: &str, admin: &str, node: &str, on: bool) {
    let verb = if on { "drain" } else { "resume" };
    let res = reqwest::Client::new()
        .post(format!("{base}/api/admin/cluster/nodes/{node}/{verb}"))
        .header("cookie", admin)
        .send()
        .await
        .expect("answered");
    assert_eq!(res.status(), 200, "{verb} {node}");
}

/// Waits (bounded) until `node` holds `auction`'s lease.
async fn until_owner(server: &Server, auction: i64, node: &str) {
    let what = format!("auction {auction} did not move to {node}");
    until(&what, Duration::from_secs(30), Duration::from_millis(20), || async {
        owner(server, auction).await.as_deref() == Some(node)
    })
    .await;
}

/// A bid through `base` once it is taken (refused as elsewhere or paused while the auction moves).
async fn bid_when_taken(base: &str, auction: i64, cookie: &str) -> i64 {
    let taken = keep_trying(Duration::from_secs(30), Duration::from_millis(50), || async {
        let (status, body) = bid(base, auction, cookie).await;
        if status == 200 {
            return Ok(tyiyn(&body));
        }
        assert_eq!(status, 503, "{body}");
        Err(body)
    });
    taken.await.unwrap_or_else(|last| panic!("no bid taken: {last}"))
}

/// The public record chains each bid to the one before it, whichever node committed that one:
/// a node that ran an auction before, handed it over and took it back must not chain on the last
/// bid it committed itself.
async fn an_auction_back_on_a_node_chains_its_record_on_the_bids_placed_elsewhere() {
    let a = Server::start(&[("TYIYN_CLUSTER__NODE_ID", "a")]).await;
    let id = a.live_auctions(1).await[0];
    let b = Node::start(&a, "b", &[]).await;
    let users = a.seed_users(3, 50).await;
    let admin = a.admin_cookie().await;
    let first = bid_when_taken(&a.base, id, &users[0].1).await;

    drain(&a.base, &admin, "a", true).await;
    until_owner(&a, id, "b").await;
    let second = bid_when_taken(&b.base, id, &users[1].1).await;
    drain(&a.base, &admin, "a", false).await;
    drain(&a.base, &admin, "b", true).await;
    until_owner(&a, id, "a").await;
    let third = bid_when_taken(&a.base, id, &users[2].1).await;

    assert_eq!((second, third), (first + 1, first + 2), "the price went on across the moves");
    drop(b);
    let (code, text) = common::check(&a.db_url).await;
    assert_eq!(code, Some(0), "tyiyn check:\n{text}");
}
