//! The pure bidding rules, as sentences. No runtime: stamps are passed in.

use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::errors::BidRejected;
use tyiyn_actors::ids::{AuctionId, PrebidId, Tyiyn, UserId};
use tyiyn_actors::rules::{Bidder, Rules};
use tyiyn_actors::snapshot::{AuctionStatus, Prebid};
use tyiyn_actors::state::{AuctionState, Due};

const START: UnixMillis = UnixMillis(1_800_000_000_000);

fn user(i: i64) -> Bidder {
    Bidder::user(UserId(i), format!("user{i}"))
}

fn prebid(i: i64, stamp: UnixMillis) -> Prebid {
    Prebid { id: PrebidId(i), user: UserId(i), username: format!("user{i}").into(), stamp }
}

/// A live auction with no bids, whose countdown ends 10 s after `START`.
fn live() -> AuctionState {
    let mut state = AuctionState::upcoming(AuctionId(1), START, Tyiyn(0), Rules::default());
    state.go_live(START);
    state
}

#[test]
fn bid_stamped_before_the_deadline_is_accepted() {
    let mut state = live();
    let deadline = state.ends_at().unwrap();

    let placed = state.place_bid(deadline.plus_ms(-1), &user(1)).unwrap();

    assert_eq!(placed.amount, Tyiyn(1));
    assert_eq!(state.leader(), Some(&user(1)));
}

#[test]
fn bid_received_after_deadline_is_rejected() {
    let mut state = live();
    let deadline = state.ends_at().unwrap();

    assert_eq!(state.place_bid(deadline, &user(1)), Err(BidRejected::DeadlinePassed));
    assert_eq!(state.place_bid(deadline.plus_ms(5), &user(1)), Err(BidRejected::DeadlinePassed));
}

#[test]
fn accepted_bid_adds_one_tyiyn_and_restarts_the_countdown_from_its_stamp() {
    let mut state = live();
    let stamp = START.plus_ms(4_000);

    let placed = state.place_bid(stamp, &user(1)).unwrap();

    assert_eq!(state.price(), Tyiyn(1));
    assert_eq!(state.ends_at(), Some(stamp.plus_ms(10_000)));
    assert_eq!(placed.ends_at, stamp.plus_ms(10_000));
    assert_eq!(state.total_bids(), 1);
    assert_eq!(state.participants(), 1);
}

#[test]
fn bid_decided_out_of_stamp_order_never_shortens_the_countdown() {
    let mut state = live();
    state.place_bid(START.plus_ms(5_000), &user(1)).unwrap();

    state.place_bid(START.plus_ms(4_000), &user(2)).unwrap();

    assert_eq!(state.ends_at(), Some(START.plus_ms(15_000)));
}

#[test]
fn leader_cannot_outbid_themselves() {
    let mut state = live();
    state.place_bid(START.plus_ms(1_000), &user(1)).unwrap();

    assert_eq!(state.place_bid(START.plus_ms(5_000), &user(1)), Err(BidRejected::AlreadyLeader));
}

#[test]
fn second_bid_within_a_second_is_too_fast() {
    let mut state = live();
    state.place_bid(START.plus_ms(1_000), &user(1)).unwrap();
    state.place_bid(START.plus_ms(1_100), &user(2)).unwrap();

    assert_eq!(
        state.place_bid(START.plus_ms(1_700), &user(1)),
        Err(BidRejected::TooFast { retry_after_ms: 300 })
    );
    assert!(state.place_bid(START.plus_ms(2_000), &user(1)).is_ok());
}

#[test]
fn rejected_bid_changes_nothing() {
    let mut state = live();
    state.place_bid(START.plus_ms(1_000), &user(1)).unwrap();
    let before = state.clone();

    let _ = state.place_bid(START.plus_ms(1_500), &user(1));
    let _ = state.place_bid(START.plus_ms(60_000), &user(2));

    assert_eq!(state, before);
}

#[test]
fn bid_on_an_upcoming_auction_is_not_live_and_on_a_finished_one_is_finished() {
    let mut upcoming = AuctionState::upcoming(AuctionId(1), START, Tyiyn(0), Rules::default());
    assert_eq!(upcoming.place_bid(START.plus_ms(-1), &user(1)), Err(BidRejected::AuctionNotLive));

    let mut finished = live();
    finished.finish(START.plus_ms(10_000));
    assert_eq!(finished.place_bid(START.plus_ms(1), &user(1)), Err(BidRejected::AuctionFinished));
}

#[test]
fn one_prebid_per_user_and_only_before_the_start() {
    let mut state = AuctionState::upcoming(AuctionId(1), START, Tyiyn(0), Rules::default());
    state.check_prebid(START.plus_ms(-10), UserId(1)).unwrap();
    state.record_prebid(prebid(1, START.plus_ms(-10)));

    assert_eq!(state.check_prebid(START.plus_ms(-5), UserId(1)), Err(BidRejected::AlreadyPrebid));
    assert_eq!(state.check_prebid(START, UserId(2)), Err(BidRejected::AuctionNotUpcoming));
    assert_eq!(live().check_prebid(START, UserId(2)), Err(BidRejected::AuctionNotUpcoming));
}

#[test]
fn go_live_turns_prebids_into_bids_in_the_order_placed() {
    let rules = Rules { start_countdown_ms: 30_000, ..Rules::default() };
    let mut state = AuctionState::upcoming(AuctionId(1), START, Tyiyn(500), rules);
    for i in [3, 1, 2] {
        state.record_prebid(prebid(i, START.plus_ms(-100 + i)));
    }

    let converted = state.go_live(START);

    let order: Vec<_> =
        converted.iter().map(|b| (b.bidder.id.user().unwrap().0, b.amount.0, b.is_prebid)).collect();
    assert_eq!(order, vec![(3, 501, true), (1, 502, true), (2, 503, true)]);
    assert_eq!(state.status(), AuctionStatus::Live);
    assert_eq!(state.leader(), Some(&user(2)));
    assert_eq!(state.total_bids(), 3);
    assert_eq!(state.ends_at(), Some(START.plus_ms(30_000)));
}

#[test]
fn prebidder_may_bid_right_after_go_live_unless_leading() {
    let mut state = AuctionState::upcoming(AuctionId(1), START, Tyiyn(0), Rules::default());
    state.record_prebid(prebid(1, START.plus_ms(-50)));
    state.record_prebid(prebid(2, START.plus_ms(-40)));
    state.go_live(START);

    assert!(state.place_bid(START.plus_ms(10), &user(1)).is_ok());
    assert_eq!(state.place_bid(START.plus_ms(20), &user(1)), Err(BidRejected::AlreadyLeader));
}

#[test]
fn timer_is_due_at_the_start_and_after_the_deadline_plus_grace() {
    let mut state = AuctionState::upcoming(AuctionId(1), START, Tyiyn(0), Rules::default());
    assert_eq!(state.is_due(START.plus_ms(-1)), None);
    assert_eq!(state.is_due(START), Some(Due::GoLive));

    state.go_live(START);
    let deadline = state.ends_at().unwrap();
    assert_eq!(state.wake_at(), Some(deadline.plus_ms(500)));
    assert_eq!(state.is_due(deadline.plus_ms(499)), None);
    assert_eq!(state.is_due(deadline.plus_ms(500)), Some(Due::Finish));
}

#[test]
fn the_last_accepted_bidder_wins_and_no_bids_means_no_winner() {
    let mut state = live();
    state.place_bid(START.plus_ms(1_000), &user(1)).unwrap();
    state.place_bid(START.plus_ms(2_000), &user(2)).unwrap();
    let outcome = state.finish(START.plus_ms(12_000));
    assert_eq!(outcome.winner, Some(user(2)));
    assert_eq!(outcome.final_price, Tyiyn(2));

    assert_eq!(live().finish(START.plus_ms(10_000)).winner, None);
}

#[test]
fn every_rejection_has_its_own_stable_code() {
    let all = [
        BidRejected::AuctionNotLive,
        BidRejected::AuctionNotUpcoming,
        BidRejected::AuctionFinished,
        BidRejected::DeadlinePassed,
        BidRejected::AlreadyLeader,
        BidRejected::TooFast { retry_after_ms: 1 },
        BidRejected::InsufficientBids,
        BidRejected::AlreadyPrebid,
        BidRejected::AuctionNotFound,
        BidRejected::StoreUnavailable,
    ];
    let codes: std::collections::HashSet<_> = all.iter().map(BidRejected::code).collect();
    assert_eq!(codes.len(), all.len());
    assert_eq!(BidRejected::AlreadyLeader.code(), "already_leader");
    assert_eq!(BidRejected::TooFast { retry_after_ms: 1 }.code(), "too_fast");
}
