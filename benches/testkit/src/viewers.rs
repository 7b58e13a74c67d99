//! Socket viewers spread over the nodes (issue 25): each connects to one node over socket.io
//! (Engine.IO v4 on a WebSocket, as `benches/testkit/src/socket.rs` speaks it), joins one auction, answers
//! pings and keeps its last frame's `totalBids`; while recording, every frame's arrival too. A
//! viewer whose node goes away connects again to the same node until it is back, as a browser
//! does.

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;

use crate::poll;

/// One viewer.
pub struct Viewer {
    /// The node it is connected to.
    pub node: usize,
    /// The auction it joined.
    pub auction: i64,
    /// The last frame's `totalBids`; -1 before the first.
    last: AtomicI64,
    /// While recording: (arrival, `totalBids`) of each frame.
    frames: Mutex<Vec<(Instant, i64)>>,
    /// Connections after the first (its node went away).
    reconnects: AtomicU32,
    /// `finished` frames shown (each finish should be shown once, whatever moved).
    finishes: AtomicU32,
}

impl Viewer {
    /// The last frame's `totalBids` (-1: none yet).
    pub fn last(&self) -> i64 {
        self.last.load(Ordering::Relaxed)
    }

    /// The frames recorded, in arrival order.
    pub fn frames(&self) -> Vec<(Instant, i64)> {
        self.lock().clone()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<(Instant, i64)>> {
        self.frames.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Every viewer and its task.
pub struct Viewers {
    pub list: Vec<Arc<Viewer>>,
    recording: Arc<AtomicBool>,
    tasks: Vec<JoinHandle<()>>,
}

/// What an `auctionUpdate` frame says that a viewer keeps.
#[derive(Deserialize)]
struct Update {
    #[serde(rename = "type")]
    kind: String,
    auction: Shown,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Shown {
    id: i64,
    total_bids: i64,
}

impl Viewers {
    /// Starts `n` viewers: viewer `i` on node `i % nodes`, joined to auction `i % auctions`
    /// (every auction gets viewers on every node when the two counts share no factor); waits up
    /// to 60 s until each has its first frame.
    pub async fn start(bases: &[String], auctions: &[i64], n: usize) -> Viewers {
        let recording = Arc::new(AtomicBool::new(false));
        let list: Vec<Arc<Viewer>> = (0..n)
            .map(|i| {
                Arc::new(Viewer {
                    node: i % bases.len(),
                    auction: auctions[i % auctions.len()],
                    last: AtomicI64::new(-1),
                    frames: Mutex::default(),
                    reconnects: AtomicU32::new(0),
                    finishes: AtomicU32::new(0),
                })
            })
            .collect();
        let tasks = list
            .iter()
            .map(|v| tokio::spawn(watch(bases[v.node].clone(), v.clone(), recording.clone())))
            .collect();
        let viewers = Viewers { list, recording, tasks };
        // Whether all did is the caller's to read (`ready`).
        let all_joined = || std::future::ready((viewers.ready() == viewers.list.len()).then_some(()));
        let _ = poll(Duration::from_secs(60), Duration::from_millis(50), all_joined).await;
        viewers
    }

    /// How many have had a frame.
    pub fn ready(&self) -> usize {
        self.list.iter().filter(|v| v.last() >= 0).count()
    }

    /// Starts recording every frame's arrival (forgetting any recorded before), or stops.
    pub fn record(&self, on: bool) {
        if on {
            self.list.iter().for_each(|v| v.lock().clear());
        }
        self.recording.store(on, Ordering::SeqCst);
    }

    /// Connections made again after a node went away, all viewers together.
    pub fn reconnects(&self) -> u32 {
        self.list.iter().map(|v| v.reconnects.load(Ordering::Relaxed)).sum()
    }

    /// Once every auction was finished: waits up to 10 s for each viewer's finish, then counts
    /// the viewers shown it (never, once, more than once).
    pub async fn finishes(&self) -> [usize; 3] {
        let shown = |v: &Arc<Viewer>| v.finishes.load(Ordering::Relaxed) as usize;
        let all_shown = || std::future::ready(self.list.iter().all(|v| shown(v) > 0).then_some(()));
        let _ = poll(Duration::from_secs(10), Duration::from_millis(50), all_shown).await;
        // A second one would come right behind the first: a quiet second for it (absence cannot be
        // awaited).
        tokio::time::sleep(Duration::from_secs(1)).await;
        let mut counts = [0; 3];
        for v in &self.list {
            counts[shown(v).min(2)] += 1;
        }
        counts
    }

    /// Closes every socket.
    pub fn stop(self) {
        self.tasks.iter().for_each(JoinHandle::abort);
    }
}

/// One viewer's life: connect, join, read frames; again whenever the connection ends.
async fn watch(base: String, me: Arc<Viewer>, recording: Arc<AtomicBool>) {
    let url = format!("{}/socket.io/?EIO=4&transport=websocket", base.replace("http://", "ws://"));
    let mut connected_before = false;
    loop {
        let Ok((mut ws, _)) = tokio_tungstenite::connect_async(url.as_str()).await else {
            // A browser's pace of reconnecting to a node that is away, not a wait on a condition.
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        if connected_before {
            me.reconnects.fetch_add(1, Ordering::Relaxed);
        }
        connected_before = true;
        while let Some(Ok(msg)) = ws.next().await {
            let Ok(text) = msg.to_text() else { continue };
            let reply = if text == "2" {
                Some("3".to_owned())
            } else if text.starts_with("0{") {
                Some("40".to_owned())
            } else if text.starts_with("40") {
                Some(format!("42[\"joinAuction\",{}]", me.auction))
            } else {
                if let Some(body) =
                    text.strip_prefix("42[\"auctionUpdate\",").and_then(|b| b.strip_suffix(']'))
                    && let Ok(update) = serde_json::from_str::<Update>(body)
                    && update.auction.id == me.auction
                {
                    me.last.store(update.auction.total_bids, Ordering::Relaxed);
                    if update.kind == "finished" {
                        me.finishes.fetch_add(1, Ordering::Relaxed);
                    }
                    if recording.load(Ordering::Relaxed) {
                        me.lock().push((Instant::now(), update.auction.total_bids));
                    }
                }
                None
            };
            if let Some(reply) = reply
                && ws.send(Message::text(reply)).await.is_err()
            {
                break;
            }
        }
        // The same pace after a connection ends.
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
