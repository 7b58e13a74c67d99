//! The port to the auctions that run on other nodes (docs/rules/cluster.md): with several nodes on
//! a bus, a bid, a pre-bid or a control message to an auction this node does not run goes to the
//! node that does, once; lists show every node's auctions; a change of bots reaches every node.
//! The use cases own this port and take it as `Option<&dyn Elsewhere>` (`None`: one node, every
//! auction runs here); its one implementation is the cluster's forwarding and lists, handed over
//! at start (`crate::startup::elsewhere`).

use futures_util::future::BoxFuture;
use tyiyn_actors::auction::{BidAccepted, PlaceBid, PlacePrebid, PrebidAccepted};
use tyiyn_actors::bots::BotNews;
use tyiyn_actors::errors::BidRejected;
use tyiyn_actors::ids::AuctionId;
use tyiyn_actors::remote::{Control, ControlAnswer};
use tyiyn_actors::view::AuctionInfo;

/// Why a request passed to another node got no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unanswered {
    /// No node took the auction in time: nothing was done.
    NoOwner,
    /// The owner took the request and did not answer: it may have been done.
    Unknown,
}

/// The other nodes, as the use cases reach them.
pub trait Elsewhere: Send + Sync {
    /// Whether this node's actor of auction `id` may answer without asking where the auction runs
    /// (this node's leases are surely its own, and that auction's is one of them).
    fn trusts_local(&self, id: AuctionId) -> bool;
    /// Places a bid on the node that runs auction `id`.
    fn bid(&self, id: AuctionId, msg: PlaceBid) -> BoxFuture<'_, Result<BidAccepted, BidRejected>>;
    /// Places a pre-bid on the node that runs auction `id`.
    fn prebid(&self, id: AuctionId, msg: PlacePrebid) -> BoxFuture<'_, Result<PrebidAccepted, BidRejected>>;
    /// Sends a control message to the actor of auction `id` on the node that runs it: its answer.
    fn control(&self, id: AuctionId, msg: Control) -> BoxFuture<'_, Result<ControlAnswer, Unanswered>>;
    /// Every upcoming and live auction, this node's and the others', ordered by id.
    fn running(&self) -> BoxFuture<'_, Vec<AuctionInfo>>;
    /// Tells the other nodes' auctions about a change of bots (this node's are told by the caller).
    fn bots_changed(&self, news: &BotNews);
}
