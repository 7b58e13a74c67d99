//! The bus between nodes (issue 25; docs/rules/cluster.md, "The bus between nodes"): one core-NATS
//! connection per node, no persistence. What crosses it is either an answer someone waits for (a
//! bid passed to its auction's owner: request and reply) or news that a fresh state repairs when it
//! is lost (an auction's frames, a user's balance and notices, the lobby). Nothing durable goes
//! through NATS: PostgreSQL stays the one record.
//!
//! Subjects:
//! - `tyiyn.ask.{node}`: requests to one node (a bid, a pre-bid, an auction's snapshot, a control
//!   message to an auction: its info, an admin's change, a user's auto-bidder);
//! - `tyiyn.list`: every node answers with the auctions it runs (the lists and timers);
//! - `tyiyn.auction.{id}`: the frames of auction `id`, as its owner's actor encoded them;
//! - `tyiyn.user.{id}`: user `id`'s balance, orders, notices and sign-outs;
//! - `tyiyn.lobby`: the compact lobby frames;
//! - `tyiyn.watchers.{id}`: how many sessions of a node watch auction `id` from there, and whose;
//! - `tyiyn.bots`: a change of bots (the settings, a bot's activity, a closed bot) for every
//!   node's running auctions.
//!
//! Each message published names the node it came from (the `Tyiyn-Node` header), so that a node
//! skips its own news (it delivered it already) while still hearing an auction's frames when it is
//! that auction's owner.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use async_nats::{Client, HeaderMap, Subscriber};
use bytes::Bytes;
use tokio::sync::{mpsc, watch};

/// The header naming the node a message came from.
const ORIGIN: &str = "Tyiyn-Node";
/// Messages waiting to be published; past this (NATS away for long) news is dropped and counted.
const QUEUE: usize = 16_384;
/// The longest wait between two tries to reach a NATS server that is gone.
const RECONNECT_MAX: Duration = Duration::from_millis(250);

/// Subjects.
pub fn ask_subject(node: &str) -> String {
    format!("tyiyn.ask.{node}")
}
pub const LIST: &str = "tyiyn.list";
pub fn auction_subject(id: i64) -> String {
    format!("{}{id}", auction_subject_prefix())
}
pub fn auction_subject_prefix() -> &'static str {
    "tyiyn.auction."
}
pub const USERS: &str = "tyiyn.user.*";
pub fn user_subject(id: i64) -> String {
    format!("tyiyn.user.{id}")
}
pub const LOBBY: &str = "tyiyn.lobby";
/// Who watches auction `{id}` on a node that does not run it (for its owner's viewer count).
pub fn watchers_subject(id: i64) -> String {
    format!("{}{id}", watchers_subject_prefix())
}
pub fn watchers_subject_prefix() -> &'static str {
    "tyiyn.watchers."
}
pub const BOTS: &str = "tyiyn.bots";

/// One message to publish.
struct Out {
    subject: String,
    payload: Bytes,
}

/// This node's connection to the others. Cheap to clone.
#[derive(Clone)]
pub struct Bus {
    client: Client,
    node: Arc<str>,
    out: mpsc::Sender<Out>,
    /// Counts the connections made after the first: each one asks for fresh state.
    reconnects: watch::Receiver<u64>,
}

impl std::fmt::Debug for Bus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bus").field("node", &self.node).finish_non_exhaustive()
    }
}

impl Bus {
    /// Connects node `node` to the NATS server at `url`. A server that is not up yet is tried
    /// again in the background (the node serves its own auctions meanwhile); the publisher runs on
    /// the current runtime, which must live as long as the process.
    pub async fn connect(url: &str, node: &str) -> anyhow::Result<Bus> {
        let (tx, rx) = watch::channel(0u64);
        let connections = Arc::new(AtomicU64::new(0));
        let options = async_nats::ConnectOptions::new()
            .name(format!("tyiyn-{node}"))
            .retry_on_initial_connect()
            .max_reconnects(None)
            .reconnect_delay_callback(|attempts| {
                Duration::from_millis(25 * attempts.min(10) as u64).min(RECONNECT_MAX)
            })
            .connection_timeout(Duration::from_secs(2))
            .request_timeout(Some(Duration::from_secs(5)))
            .event_callback(move |event| {
                let (tx, connections) = (tx.clone(), connections.clone());
                async move {
                    match event {
                        async_nats::Event::Connected => {
                            if connections.fetch_add(1, Ordering::SeqCst) > 0 {
                                metrics::counter!(crate::metrics::NATS_RECONNECTS).increment(1);
                                tracing::info!("nats: connected again");
                                tx.send_modify(|n| *n += 1);
                            }
                        }
                        async_nats::Event::Disconnected => tracing::warn!("nats: connection lost"),
                        other => tracing::debug!("nats: {other}"),
                    }
                }
            });
        let client = options.connect(url).await?;
        let (out, queue) = mpsc::channel(QUEUE);
        let bus = Bus { client, node: node.into(), out, reconnects: rx };
        actix_web::rt::spawn(bus.clone().publisher(queue));
        Ok(bus)
    }

    /// This node's name.
    pub fn node(&self) -> &str {
        &self.node
    }

    /// The client, for requests.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// Changes each time the connection comes back after it was lost.
    pub fn reconnects(&self) -> watch::Receiver<u64> {
        self.reconnects.clone()
    }

    /// Publishes news in the order given, never waiting: when NATS has been away long enough to
    /// fill the queue, the news is dropped (and counted); the next fresh state repairs it.
    pub fn publish(&self, subject: String, payload: Bytes) {
        if self.out.try_send(Out { subject, payload }).is_err() {
            metrics::counter!(crate::metrics::NATS_DROPPED).increment(1);
        }
    }

    /// The headers every message of this node carries.
    pub fn headers(&self) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(ORIGIN, &*self.node);
        headers
    }

    /// Whether `message` came from this node.
    pub fn is_mine(&self, message: &async_nats::Message) -> bool {
        message.headers.as_ref().and_then(|h| h.get(ORIGIN)).is_some_and(|n| n.as_str() == &*self.node)
    }

    /// Subscribes to `subject`.
    pub async fn subscribe(&self, subject: String) -> anyhow::Result<Subscriber> {
        Ok(self.client.subscribe(subject).await?)
    }

    async fn publisher(self, mut queue: mpsc::Receiver<Out>) {
        while let Some(Out { subject, payload }) = queue.recv().await {
            if let Err(e) = self.client.publish_with_headers(subject, self.headers(), payload).await {
                metrics::counter!(crate::metrics::NATS_DROPPED).increment(1);
                tracing::debug!("nats: publish: {e}");
            }
        }
    }
}
