//! What the simulated clients know: every request sent and not yet answered, and, from the
//! answers, what each user has been charged on each auction and which bids were acknowledged.
//! The invariants compare the store and the actors with this, never with the runtime's own books.
//! The world and the steps both send through it, so it also names the actor they send to
//! ([`Actor`]) and reads bot control answers ([`bot_reply`]).

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use actix::dev::ToEnvelope;
use actix::prelude::*;

use crate::auction::AuctionActor;
use crate::bots::BotError;
use crate::clock::{TokioClock, UnixMillis};
use crate::ids::{AuctionId, BidId, Tyiyn, UserId};
use crate::rules::BidderId;
use crate::store::MemoryStore;

/// The auction actor of the simulation.
pub(super) type Actor = AuctionActor<MemoryStore, TokioClock>;

/// A request sent to an auction actor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ask {
    /// A person's bid.
    Bid { auction: AuctionId, user: UserId, stamp: UnixMillis },
    /// A person's pre-bid.
    Prebid { auction: AuctionId, user: UserId, stamp: UnixMillis },
    /// An admin's control message (its answer charges nobody).
    Admin { auction: AuctionId, what: &'static str },
}

impl Ask {
    fn auction(self) -> AuctionId {
        match self {
            Ask::Bid { auction, .. } | Ask::Prebid { auction, .. } | Ask::Admin { auction, .. } => auction,
        }
    }

    /// The user this request may charge one bid.
    fn payer(self) -> Option<UserId> {
        match self {
            Ask::Bid { user, .. } | Ask::Prebid { user, .. } => Some(user),
            Ask::Admin { .. } => None,
        }
    }
}

/// How a request was answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reply {
    /// A bid committed with this id and amount.
    Bid { id: BidId, amount: Tyiyn },
    /// Any other request succeeded.
    Done,
    /// Refused, with the stable code (`mailbox_closed` when the actor was gone).
    Refused(&'static str),
}

/// A bid acknowledged to its bidder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Acked {
    pub(super) id: BidId,
    pub(super) user: UserId,
    pub(super) amount: Tyiyn,
    pub(super) stamp: UnixMillis,
}

struct Sent {
    ask: Ask,
    /// Its actor was killed while this was unanswered: a refusal may hide a committed charge.
    in_doubt: bool,
}

type Inbox = Rc<RefCell<Vec<(u64, Reply)>>>;

/// The clients' side of the simulation.
#[derive(Default)]
pub(super) struct Model {
    pending: BTreeMap<u64, Sent>,
    inbox: Inbox,
    next: u64,
    /// Each user's balance when the world was built.
    pub(super) initial: BTreeMap<UserId, i64>,
    /// Bids and pre-bids each user was charged per auction, as the answers say.
    charges: BTreeMap<(AuctionId, UserId), i64>,
    /// Bids answered `Ok`, per auction.
    pub(super) acked: BTreeMap<AuctionId, Vec<Acked>>,
    /// Auctions an admin finished now (answered `Ok`, or cut off by a crash): their `ended_at`
    /// is the admin's moment, not the deadline.
    end_now: BTreeSet<AuctionId>,
    /// Auctions whose delete was answered `Ok`.
    pub(super) deleted: BTreeSet<AuctionId>,
    /// Answers by kind, for the summary.
    pub(super) counts: BTreeMap<String, usize>,
    /// Refused after a crash, yet committed: the bidder was told "unavailable" and charged.
    pub(super) charged_in_doubt: usize,
}

impl Model {
    /// Sends `msg` without waiting; the answer lands in the inbox, read by [`Model::drain`].
    /// No running actor: refused as `auction_not_found`, like the directory does.
    pub(super) fn send<M>(
        &mut self,
        addr: Option<Addr<Actor>>,
        ask: Ask,
        msg: M,
        reply: fn(M::Result) -> Reply,
    ) where
        M: Message + Send + 'static,
        M::Result: Send,
        Actor: Handler<M>,
        <Actor as actix::Actor>::Context: ToEnvelope<Actor, M>,
    {
        self.next += 1;
        let n = self.next;
        self.pending.insert(n, Sent { ask, in_doubt: false });
        let inbox = self.inbox.clone();
        match addr {
            Some(addr) => {
                actix::spawn(async move {
                    let answer = addr.send(msg).await.map_or(Reply::Refused("mailbox_closed"), reply);
                    inbox.borrow_mut().push((n, answer));
                });
            }
            None => inbox.borrow_mut().push((n, Reply::Refused("auction_not_found"))),
        }
    }

    /// `auction`'s actor was killed: its unanswered requests may or may not have committed.
    pub(super) fn crashed(&mut self, auction: AuctionId) {
        for sent in self.pending.values_mut().filter(|s| s.ask.auction() == auction) {
            sent.in_doubt = true;
        }
    }

    /// Applies the answers that arrived; returns them as trace lines.
    pub(super) fn drain(&mut self, store: &MemoryStore) -> Vec<String> {
        let answers = std::mem::take(&mut *self.inbox.borrow_mut());
        let mut lines = Vec::with_capacity(answers.len());
        for (n, reply) in answers {
            let Some(sent) = self.pending.remove(&n) else { continue };
            lines.push(format!("  answer #{n} {:?}: {reply:?}", sent.ask));
            self.apply(sent, reply, store);
        }
        lines
    }

    fn apply(&mut self, sent: Sent, reply: Reply, store: &MemoryStore) {
        let kind = match (sent.ask, reply) {
            (Ask::Bid { auction, user, stamp }, Reply::Bid { id, amount }) => {
                self.charge(auction, user);
                self.acked.entry(auction).or_default().push(Acked { id, user, amount, stamp });
                "bid ok".to_owned()
            }
            (Ask::Prebid { auction, user, .. }, Reply::Done) => {
                self.charge(auction, user);
                "prebid ok".to_owned()
            }
            (Ask::Admin { auction, what: "end_now" }, Reply::Done) => {
                self.end_now.insert(auction);
                "end_now ok".to_owned()
            }
            (Ask::Admin { auction, what: "delete" }, Reply::Done) => {
                self.deleted.insert(auction);
                "delete ok".to_owned()
            }
            (ask, Reply::Refused(code)) => {
                if sent.in_doubt && matches!(ask, Ask::Admin { what: "end_now", .. }) {
                    self.end_now.insert(ask.auction());
                } else if sent.in_doubt && committed_anyway(ask, store) {
                    self.charge(ask.auction(), ask.payer().unwrap_or(UserId(0)));
                    self.charged_in_doubt += 1;
                }
                format!("refused {code}")
            }
            (Ask::Admin { what, .. }, _) => format!("{what} ok"),
            (ask, other) => format!("unexpected {other:?} to {ask:?}"),
        };
        *self.counts.entry(kind).or_default() += 1;
    }

    fn charge(&mut self, auction: AuctionId, user: UserId) {
        *self.charges.entry((auction, user)).or_default() += 1;
    }

    /// Whether `auction` may have been finished by an admin: an `EndNow` succeeded, was cut
    /// off by a crash, or is still unanswered.
    pub(super) fn ended_by_admin(&self, auction: AuctionId) -> bool {
        self.end_now.contains(&auction)
            || self.pending.values().any(|s| s.ask == Ask::Admin { auction, what: "end_now" })
    }

    /// The bounds `user`'s balance must lie in: the initial balance minus the charges on
    /// auctions that still `exist` (a delete refunds the rest), minus up to one bid per
    /// unanswered request of theirs (the store may have committed it already).
    pub(super) fn balance_bounds(&self, user: UserId, exist: impl Fn(AuctionId) -> bool) -> (i64, i64) {
        let charged: i64 =
            self.charges.iter().filter(|((a, u), _)| *u == user && exist(*a)).map(|(_, n)| n).sum();
        let pending = self.pending.values().filter(|s| s.ask.payer() == Some(user) && exist(s.ask.auction()));
        let expected = self.initial.get(&user).copied().unwrap_or(0) - charged;
        (expected - pending.count() as i64, expected)
    }

    /// Requests still unanswered.
    pub(super) fn unanswered(&self) -> Vec<Ask> {
        self.pending.values().map(|s| s.ask).collect()
    }
}

/// Whether a request refused after its actor was killed had committed in the store anyway.
fn committed_anyway(ask: Ask, store: &MemoryStore) -> bool {
    match ask {
        Ask::Bid { auction, user, stamp } => store
            .bids(auction)
            .iter()
            .any(|b| !b.is_prebid && b.bidder.id == BidderId::User(user) && b.stamp == stamp),
        Ask::Prebid { auction, user, stamp } => store
            .snapshot(auction)
            .is_some_and(|s| s.prebids.iter().any(|p| p.user == user && p.stamp == stamp)),
        Ask::Admin { .. } => false,
    }
}

/// The answer to a bot control message.
pub(super) fn bot_reply<T>(r: Result<T, BotError>) -> Reply {
    r.map_or_else(|e| Reply::Refused(bot_code(&e)), |_| Reply::Done)
}

/// The stable code of a bot control refusal.
fn bot_code(e: &BotError) -> &'static str {
    match e {
        BotError::Control(c) => c.code(),
        BotError::AlreadyAssigned => "already_assigned",
        BotError::NotAssigned => "not_assigned",
        BotError::BotUnavailable => "bot_unavailable",
    }
}
