//! The cluster as the use cases' port [`Elsewhere`]: the forwarding of bids, pre-bids and control
//! messages to the node that runs an auction (`crate::cluster::forward`), every node's lists
//! (`crate::cluster::lists`) and the bot news on the bus (`crate::cluster::bot_news`).

use std::sync::Arc;

use futures_util::FutureExt as _;
use futures_util::future::BoxFuture;
use tyiyn_actors::auction::{BidAccepted, PlaceBid, PlacePrebid, PrebidAccepted};
use tyiyn_actors::bots::BotNews;
use tyiyn_actors::errors::BidRejected;
use tyiyn_actors::ids::AuctionId;
use tyiyn_actors::remote::{Control, ControlAnswer};
use tyiyn_actors::view::AuctionInfo;

use crate::app::elsewhere::{Elsewhere, Unanswered};
use crate::cluster::forward::{self, Forward};
use crate::cluster::lists::Lists;

/// The other nodes, through the bus.
pub struct Cluster {
    pub forward: Forward,
    pub lists: Lists,
}

impl Cluster {
    /// The port, with several nodes (a bus, so `forward`); `None` with one.
    pub fn port(forward: Option<Forward>, lists: Lists) -> Option<Arc<dyn Elsewhere>> {
        forward.map(|forward| Arc::new(Cluster { forward, lists }) as Arc<dyn Elsewhere>)
    }
}

impl Elsewhere for Cluster {
    fn trusts_local(&self, id: AuctionId) -> bool {
        self.forward.trusts_local(id)
    }

    fn bid(&self, id: AuctionId, msg: PlaceBid) -> BoxFuture<'_, Result<BidAccepted, BidRejected>> {
        self.forward.bid(id, msg).boxed()
    }

    fn prebid(&self, id: AuctionId, msg: PlacePrebid) -> BoxFuture<'_, Result<PrebidAccepted, BidRejected>> {
        self.forward.prebid(id, msg).boxed()
    }

    fn control(&self, id: AuctionId, msg: Control) -> BoxFuture<'_, Result<ControlAnswer, Unanswered>> {
        async move {
            self.forward.send_control(id, msg).await.map_err(|unanswered| match unanswered {
                forward::Unanswered::NoOwner => Unanswered::NoOwner,
                forward::Unanswered::Unknown => Unanswered::Unknown,
            })
        }
        .boxed()
    }

    fn running(&self) -> BoxFuture<'_, Vec<AuctionInfo>> {
        self.lists.all().boxed()
    }

    fn bots_changed(&self, news: &BotNews) {
        crate::cluster::bot_news::publish(self.forward.bus(), news);
    }
}
