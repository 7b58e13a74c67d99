//! Several real nodes on one database and a private NATS server (issue 25): node `a` is the
//! [`Server`] that owns the database, `b`, `c`, … are [`Node`]s on it. Each can be killed,
//! frozen (SIGSTOP/SIGCONT), told to stop (SIGTERM, which drains it) and started again on its
//! port. Who runs what is read from the leases; auctions are created round-robin through the
//! nodes (each creating node takes the new auction's lease) and finished through their owners.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::nats::Nats;
use super::nodes::Node;
use super::{Server, bin as built_bin, keep_trying, poll};

/// The nodes and the bus. Fields drop in order: the other nodes, then the first (which drops the
/// database), then NATS.
pub struct Fleet {
    more: Vec<Node>,
    pub first: Server,
    pub nats: Nats,
    bases: Vec<String>,
}

/// What finishing an auction through its owner found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finished {
    pub auction: i64,
    /// The admin's `end` answer (409: it had finished already).
    pub status: u16,
    /// Its row's status afterwards.
    pub row: String,
    /// `auction_won` notifications written for it (finishing writes exactly one).
    pub notices: i64,
}

impl Finished {
    /// Finished now, exactly once.
    pub fn once(&self) -> bool {
        self.status == 200 && self.row == "finished" && self.notices == 1
    }
}

/// The name of node `i`: `a`, `b`, `c`, …
pub fn name(i: usize) -> String {
    char::from(b'a' + i as u8).to_string()
}

impl Fleet {
    /// Starts NATS and `nodes` nodes (`bin`, or this checkout's build when empty) with
    /// `extra_env`, the first on a fresh database.
    pub async fn start(nodes: usize, bin: &str, extra_env: &[(&str, &str)]) -> Fleet {
        let nats = Nats::start();
        let url = nats.url();
        let mut env = vec![("TYIYN_CLUSTER__NODE_ID", "a"), ("TYIYN_CLUSTER__NATS_URL", url.as_str())];
        // Three pools on one PostgreSQL (max_connections 100 by default).
        env.push(("TYIYN_DATABASE__POOL_SIZE", "16"));
        env.extend_from_slice(extra_env);
        let bin = if bin.is_empty() { built_bin() } else { bin };
        let first = Server::start_bin(bin, &env).await;
        let mut more = Vec::new();
        for i in 1..nodes {
            more.push(Node::start(&first, &name(i), &[]).await);
        }
        let bases = std::iter::once(first.base.clone()).chain(more.iter().map(|n| n.base.clone())).collect();
        Fleet { more, first, nats, bases }
    }

    /// How many nodes.
    pub fn len(&self) -> usize {
        self.bases.len()
    }

    /// Never: a fleet has its first node at least.
    pub fn is_empty(&self) -> bool {
        self.bases.is_empty()
    }

    /// Node `i`'s address (the same after a restart).
    pub fn base(&self, i: usize) -> &str {
        &self.bases[i]
    }

    /// Every node's address, by index.
    pub fn bases(&self) -> Vec<String> {
        self.bases.clone()
    }

    /// Node `i`'s process id.
    pub fn pid(&self, i: usize) -> u32 {
        if i == 0 { self.first.pid() } else { self.more[i - 1].pid() }
    }

    /// Sends `signal` to node `i`.
    pub fn signal(&self, i: usize, signal: i32) {
        // SAFETY: `kill` only sends a signal to our own child process.
        let sent = unsafe { libc::kill(self.pid(i) as libc::pid_t, signal) };
        assert_eq!(sent, 0, "signal {signal} to node {}", name(i));
    }

    /// Kills node `i` with SIGKILL.
    pub fn kill(&mut self, i: usize) {
        if i == 0 { self.first.kill() } else { self.more[i - 1].kill() }
    }

    /// Starts node `i` again on its port; the time until it answered.
    pub async fn restart(&mut self, i: usize) -> Duration {
        let started = Instant::now();
        if i == 0 {
            self.first.restart().await;
        } else {
            self.more[i - 1].restart().await;
        }
        started.elapsed()
    }

    /// Tells node `i` to stop (SIGTERM: it hands its auctions over, then stops serving) and waits
    /// up to `limit` for it to exit; how long it took (`None`: it did not exit, and was killed).
    pub async fn terminate(&mut self, i: usize, limit: Duration) -> Option<Duration> {
        let asked = Instant::now();
        self.signal(i, libc::SIGTERM);
        let exited = poll(limit, Duration::from_millis(20), || {
            let exited = if i == 0 { self.first.exited() } else { self.more[i - 1].exited() };
            std::future::ready(exited.then(|| asked.elapsed()))
        })
        .await;
        if exited.is_none() {
            self.kill(i);
        }
        exited
    }

    /// Who holds each live lease: auction → node index.
    pub async fn owners(&self) -> HashMap<i64, usize> {
        let rows = self
            .first
            .db()
            .await
            .query("select auction_id, node_id from auction_lease where expires_at > now()", &[])
            .await
            .expect("leases");
        let index = |node: &str| (0..self.len()).find(|&i| name(i) == node);
        rows.iter().filter_map(|r| Some((r.get(0), index(r.get::<_, &str>(1))?))).collect()
    }

    /// The auctions node `i` holds now.
    pub async fn held_by(&self, i: usize) -> Vec<i64> {
        let mut held: Vec<i64> =
            self.owners().await.into_iter().filter(|(_, n)| *n == i).map(|(a, _)| a).collect();
        held.sort_unstable();
        held
    }

    /// Waits up to `limit` until every one of `auctions` is held and the nodes share them (each
    /// holds at least one, none more than its share); whether they did.
    pub async fn wait_shared(&self, auctions: &[i64], limit: Duration) -> bool {
        let n = self.len();
        let share = auctions.len().div_ceil(n);
        let shared = poll(limit, Duration::from_millis(100), || async {
            let owners = self.owners().await;
            let mut held = vec![0; n];
            auctions.iter().filter_map(|a| owners.get(a)).for_each(|&i| held[i] += 1);
            let shared =
                held.iter().sum::<usize>() == auctions.len() && held.iter().all(|&h| h >= 1 && h <= share);
            shared.then_some(())
        });
        shared.await.is_some()
    }

    /// Creates `n` auctions starting now, round-robin through the nodes, and waits until they are
    /// live; their ids.
    pub async fn live_auctions(&self, n: usize) -> Vec<i64> {
        let cookie = self.first.admin_cookie().await;
        let client = reqwest::Client::new();
        let mut ids = Vec::new();
        for i in 0..n {
            let base = self.base(i % self.len());
            ids.push(super::create_auction(&client, base, &cookie, &format!("Cluster lot {i}")).await);
        }
        let db = self.first.db().await;
        let count_live = || async {
            let sql = "select count(*) from auction where id = any($1) and status = 'live'";
            db.query_one(sql, &[&ids]).await.expect("read").get::<_, i64>(0)
        };
        let all_live = keep_trying(Duration::from_secs(30), Duration::from_millis(20), || async {
            let live = count_live().await;
            if live == n as i64 { Ok(()) } else { Err(live) }
        });
        if let Err(live) = all_live.await {
            panic!("{live} of {n} auctions went live");
        }
        ids
    }

    /// Finishes each of `auctions` through the admin's `end` on the node that runs it (trying
    /// again through a takeover), then reads what finishing left behind.
    pub async fn finish_all(&self, auctions: &[i64]) -> Vec<Finished> {
        let cookie = self.first.admin_cookie().await;
        let client = reqwest::Client::new();
        let mut statuses = HashMap::new();
        for &auction in auctions {
            let end = || async {
                let node = self.owners().await.get(&auction).copied()?;
                let res = client
                    .post(format!("{}/api/admin/auctions/{auction}/end", self.base(node)))
                    .header("cookie", &cookie)
                    .send()
                    .await
                    .ok()?;
                // 404 or 503: it moved under the request; anything else is the answer.
                let status = res.status().as_u16();
                (![404, 503].contains(&status)).then_some(status)
            };
            let status = poll(Duration::from_secs(30), Duration::from_millis(50), end).await;
            statuses.insert(auction, status.unwrap_or(0));
        }
        let rows = self
            .first
            .db()
            .await
            .query(
                "select a.id, a.status, (select count(*) from notification n
                                         where n.kind = 'auction_won' and n.auction_id = a.id)
                 from auction a where a.id = any($1) order by a.id",
                &[&auctions],
            )
            .await
            .expect("finished rows");
        rows.iter()
            .map(|r| {
                let auction: i64 = r.get(0);
                Finished { auction, status: statuses[&auction], row: r.get(1), notices: r.get(2) }
            })
            .collect()
    }

    /// How many of `auctions` are finished now.
    pub async fn finished(&self, auctions: &[i64]) -> i64 {
        let db = self.first.db().await;
        let row = db
            .query_one(
                "select count(*) from auction where id = any($1) and status = 'finished'",
                &[&auctions],
            )
            .await
            .expect("read");
        row.get(0)
    }
}
