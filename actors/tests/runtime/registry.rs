//! The registry: start-up from the store (a restart resumes every auction where it was),
//! creation, forgetting finished auctions, and reloading an actor that died.

use crate::common;

use common::{Harness, T0, Watcher, bid, bidder, live_led_by, upcoming};
use tyiyn_actors::auction::{EndNow, GetView};
use tyiyn_actors::ids::{AuctionId, Tyiyn, UserId};
use tyiyn_actors::registry::Reload;
use tyiyn_actors::snapshot::AuctionStatus;
use tyiyn_actors::store::*;
use tyiyn_actors::{BidRejected, Clock, Registry, TokioClock};

#[actix_rt::test]
async fn restart_resumes_every_auction_where_it_was() {
    let h = Harness::paused();
    h.users(3, 5);
    h.store.seed(live_led_by(1, T0.plus_ms(7_000), 2, 1_234, 50));
    h.store.seed(upcoming(2, T0.plus_ms(3_600_000)));
    // Its deadline passed while the server was down.
    h.store.seed(live_led_by(3, T0.plus_ms(-4_000), 3, 99, 9));
    let mut finished = upcoming(4, T0.plus_ms(-100_000));
    finished.status = AuctionStatus::Finished;
    h.store.seed(finished);

    let directory = Registry::launch(h.env.clone(), Vec::new()).await.unwrap();
    common::eventually(|| h.store.stats().finished == 1).await;
    common::eventually(|| directory.get(AuctionId(3)).is_none()).await;
    let running = directory.get(AuctionId(1)).unwrap().send(GetView).await.unwrap().auction;
    let waiting = directory.get(AuctionId(2)).unwrap().send(GetView).await.unwrap().auction;
    let list = directory.list().await;

    assert_eq!(running.status, AuctionStatus::Live);
    assert_eq!((running.current_price, running.total_bids), (Tyiyn(1_234), 50));
    assert_eq!((running.last_bidder.as_deref(), running.ends_at), (Some("user2"), Some(T0.plus_ms(7_000))));
    assert_eq!(waiting.status, AuctionStatus::Upcoming);
    assert_eq!(list.iter().map(|i| i.id.0).collect::<Vec<_>>(), [1, 2], "3 finished at start-up, 4 was over");
    let overdue = h.store.snapshot(AuctionId(3)).unwrap();
    assert_eq!(overdue.status, AuctionStatus::Finished);
    assert_eq!(
        (overdue.leader, overdue.price, overdue.ended_at),
        (Some(bidder(3)), Tyiyn(99), Some(T0.plus_ms(-4_000)))
    );
    assert_eq!(h.store.stats().finished, 1);
    assert!(directory.running_or_restarted(AuctionId(3)).await.is_none());
}

#[actix_rt::test]
async fn a_deadline_that_fell_after_the_last_sign_of_life_gives_the_countdown_back() {
    let h = Harness::paused();
    // The previous server's last heartbeat was 6 s ago; it died then.
    let last_alive = T0.plus_ms(-6_000);
    // Its deadline fell 4 s ago, while no server ran: nobody could bid against it.
    h.store.seed(live_led_by(1, T0.plus_ms(-4_000), 2, 99, 9));
    // Its deadline fell before the server died: it was decided.
    h.store.seed(live_led_by(2, T0.plus_ms(-8_000), 3, 50, 5));
    // Still running, with 3 s left: it had 9 s at the last heartbeat and, like any paused
    // auction, gets that back, at least the bid countdown.
    h.store.seed(live_led_by(3, T0.plus_ms(3_000), 1, 10, 1));

    let directory = Registry::launch_after(h.env.clone(), Vec::new(), Some(last_alive)).await.unwrap();
    common::eventually(|| h.store.stats().finished == 1 && h.store.stats().resumes == 2).await;

    let decided = h.store.snapshot(AuctionId(2)).unwrap();
    assert_eq!((decided.status, decided.ended_at), (AuctionStatus::Finished, Some(T0.plus_ms(-8_000))));
    for id in [1, 3] {
        let row = h.store.snapshot(AuctionId(id)).unwrap();
        assert_eq!(
            (row.status, row.ends_at),
            (AuctionStatus::Live, Some(T0.plus_ms(10_000))),
            "auction {id}"
        );
        let shown = directory.get(AuctionId(id)).unwrap().send(GetView).await.unwrap().auction;
        assert_eq!((shown.paused, shown.ends_at), (None, Some(T0.plus_ms(10_000))));
    }
}

#[actix_rt::test]
async fn created_auction_runs_and_goes_live_at_its_start() {
    let h = Harness::paused();
    let directory = Registry::launch(h.env.clone(), Vec::new()).await.unwrap();
    let new = NewAuction {
        details: AuctionDetails { title: "Samsung S24".into(), ..AuctionDetails::default() },
        start_time: T0.plus_ms(30_000),
        starting_price: Tyiyn(0),
        bots: Vec::new(),
    };

    let info = directory.create(new).await.unwrap();
    let auction = directory.running_or_restarted(info.id).await.unwrap();
    let mut watcher = Watcher::new();
    auction.send(watcher.join()).await.unwrap();

    assert_eq!(info.status, AuctionStatus::Upcoming);
    assert_eq!(watcher.next_of("started").await["auction"]["title"], "Samsung S24");
}

#[actix_rt::test]
async fn finished_auctions_leave_the_registry() {
    let h = Harness::paused();
    h.store.seed(live_led_by(1, T0.plus_ms(7_000), 2, 10, 1));
    let directory = Registry::launch(h.env.clone(), Vec::new()).await.unwrap();

    directory.ask(AuctionId(1), EndNow).await.unwrap().unwrap();

    assert!(directory.list().await.is_empty());
    assert_eq!(
        directory.place_bid(AuctionId(1), bid(1, T0)).await.unwrap_err(),
        BidRejected::AuctionNotFound
    );
}

#[actix_rt::test]
async fn reload_starts_an_auction_the_server_wrote_directly() {
    let h = Harness::paused();
    let directory = Registry::launch(h.env.clone(), Vec::new()).await.unwrap();
    h.store.seed(upcoming(9, T0.plus_ms(60_000)));

    let running = directory.registry().send(Reload { id: AuctionId(9) }).await.unwrap();

    assert!(running);
    assert!(directory.running_or_restarted(AuctionId(9)).await.is_some());
}

#[actix_rt::test]
async fn auctions_on_separate_arbiters_take_bids_in_parallel() {
    // Real threads and real (unpaused) time; nothing here waits for a countdown.
    let h = Harness::new(TokioClock::new());
    h.users(2, 5);
    let deadline = h.clock.now().plus_ms(60_000);
    h.store.seed(common::live(1, deadline));
    h.store.seed(common::live(2, deadline));
    let arbiters = [actix::Arbiter::new(), actix::Arbiter::new()];
    let directory =
        Registry::launch(h.env.clone(), arbiters.iter().map(|a| a.handle()).collect()).await.unwrap();

    let now = h.clock.now();
    let (a, b) = futures_util::join!(
        directory.place_bid(AuctionId(1), bid(1, now)),
        directory.place_bid(AuctionId(2), bid(1, now))
    );

    assert_eq!((a.unwrap().bid.amount, b.unwrap().bid.amount), (Tyiyn(1), Tyiyn(1)));
    assert_eq!(h.store.balance(UserId(1)), 3);
    for arbiter in arbiters {
        arbiter.stop();
    }
}

#[actix_rt::test]
async fn an_auction_taken_over_by_another_node_stops_here_and_is_not_reloaded() {
    let h = Harness::paused();
    h.users(2, 5);
    h.store.seed(live_led_by(1, T0.plus_ms(7_000), 2, 10, 1));
    let directory = Registry::launch(h.env.clone(), Vec::new()).await.unwrap();
    h.store.set_fenced(AuctionId(1));

    let refused = directory.place_bid(AuctionId(1), bid(1, T0)).await.unwrap_err();

    assert_eq!(refused, BidRejected::AuctionNotFound, "nothing was written: not here, the new owner runs it");
    common::eventually(|| directory.get(AuctionId(1)).is_none()).await;
    assert!(
        directory.running_or_restarted(AuctionId(1)).await.is_none(),
        "the new owner runs it, not a reload here"
    );
    assert_eq!(h.store.stats().finished, 0, "a takeover never finishes an auction");
    assert_eq!(h.store.balance(UserId(1)), 5);
}
