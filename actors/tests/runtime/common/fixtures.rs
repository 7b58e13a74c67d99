//! Snapshots to seed and messages to send.

use tyiyn_actors::auction::{PlaceBid, PlacePrebid};
use tyiyn_actors::snapshot::{AuctionDetails, AuctionSnapshot, AuctionStatus};
use tyiyn_actors::{AuctionId, Bidder, Tyiyn, UnixMillis, UserId};

use super::T0;

/// `user<i>` bids, the request stamped `stamp`.
pub fn bid(user: i64, stamp: UnixMillis) -> PlaceBid {
    PlaceBid { user: UserId(user), username: format!("user{user}").into(), stamp }
}

/// `user<i>` pre-bids, the request stamped `stamp`.
pub fn prebid(user: i64, stamp: UnixMillis) -> PlacePrebid {
    PlacePrebid { user: UserId(user), username: format!("user{user}").into(), stamp }
}

pub fn bidder(i: i64) -> Bidder {
    Bidder::user(UserId(i), format!("user{i}"))
}

/// An upcoming auction starting at `start`, priced from 0.
pub fn upcoming(id: i64, start: UnixMillis) -> AuctionSnapshot {
    let details = AuctionDetails {
        title: format!("Lot {id}"),
        retail_price: Tyiyn(100_000),
        ..AuctionDetails::default()
    };
    AuctionSnapshot::upcoming(AuctionId(id), details, start, Tyiyn(0), T0)
}

/// A live auction with no bids yet whose countdown ends at `ends_at`.
pub fn live(id: i64, ends_at: UnixMillis) -> AuctionSnapshot {
    AuctionSnapshot {
        status: AuctionStatus::Live,
        start_time: T0.plus_ms(-60_000),
        ends_at: Some(ends_at),
        ..upcoming(id, T0)
    }
}

/// A live auction where `leader` bid last, at `price`, with `total` bids.
pub fn live_led_by(id: i64, ends_at: UnixMillis, leader: i64, price: i64, total: i64) -> AuctionSnapshot {
    let stamp = ends_at.plus_ms(-10_000);
    AuctionSnapshot {
        price: Tyiyn(price),
        leader: Some(bidder(leader)),
        leader_bid_at: Some(stamp),
        total_bids: total,
        last_bids: vec![(bidder(leader).id, stamp)],
        ..live(id, ends_at)
    }
}
