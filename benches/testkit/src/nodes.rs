//! More nodes on a [`Server`]'s database (issue 25): the same binary, other ports (HTTP and
//! metrics), its own `TYIYN_CLUSTER__NODE_ID`. Killed on drop; the database stays the first
//! server's.

use std::process::Child;

use super::{Server, comes_up, launch};

/// A second (third, …) node.
pub struct Node {
    pub base: String,
    port: u16,
    env: Vec<(String, String)>,
    db_url: String,
    bin: String,
    child: Child,
}

impl Node {
    /// Starts a node named `id` on `server`'s database, with `server`'s settings and `extra_env`.
    pub async fn start(server: &Server, id: &str, extra_env: &[(&str, &str)]) -> Node {
        let [port, metrics] = crate::free_ports();
        let mut env = server.extra_env.clone();
        env.retain(|(k, _)| k != "TYIYN_SERVER__METRICS_ADDR" && k != "TYIYN_CLUSTER__NODE_ID");
        env.push(("TYIYN_CLUSTER__NODE_ID".into(), id.into()));
        // A metrics port of its own: on the default one (taken by another node) the server falls
        // back to any free port, which may be the one picked here for its HTTP listener.
        env.push(("TYIYN_SERVER__METRICS_ADDR".into(), format!("127.0.0.1:{metrics}")));
        env.extend(extra_env.iter().map(|(k, v)| (k.to_string(), v.to_string())));
        let bin = server.bin.clone();
        let child = launch(&bin, &server.db_url, port, &env, false);
        let base = format!("http://127.0.0.1:{port}");
        let mut node = Node { base, port, env, db_url: server.db_url.clone(), bin, child };
        node.wait_ready().await;
        node
    }

    /// The node's process id (to stop or freeze it).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Kills the node with SIGKILL and reaps it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Whether the node has exited (reaping it if so), e.g. after SIGTERM.
    pub fn exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// Starts it again on the same port, as after a crash.
    pub async fn restart(&mut self) {
        self.child = launch(&self.bin, &self.db_url, self.port, &self.env, true);
        self.wait_ready().await;
    }

    async fn wait_ready(&mut self) {
        if !comes_up(&self.base).await {
            self.kill();
            panic!("node did not come up; see target/bench-server-{}.log", self.port);
        }
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A bid answer's amount in tyiyn (som with two decimals on the wire).
pub fn tyiyn(body: &serde_json::Value) -> i64 {
    let som = body["bid"]["amount"].as_f64().expect("an amount");
    (som * 100.0).round() as i64
}

/// One bid by the user with `cookie` on `auction` through `base`: the answer's status and body.
pub async fn bid(base: &str, auction: i64, cookie: &str) -> (u16, serde_json::Value) {
    let res = reqwest::Client::new()
        .post(format!("{base}/api/auctions/{auction}/bid"))
        .header("cookie", cookie)
        .header("origin", base)
        .send()
        .await
        .expect("answered");
    (res.status().as_u16(), res.json().await.unwrap_or(serde_json::Value::Null))
}

/// Who holds `auction`'s live lease.
pub async fn owner(server: &Server, auction: i64) -> Option<String> {
    let row = server
        .db()
        .await
        .query_opt(
            "select node_id from auction_lease where auction_id = $1 and expires_at > now()",
            &[&auction],
        )
        .await
        .expect("read");
    row.map(|r| r.get(0))
}

/// Sends `signal` to process `pid` (a node or server this test started).
pub fn signal(pid: u32, signal: i32) {
    // SAFETY: `kill` only sends a signal to the given child process.
    let sent = unsafe { libc::kill(pid as libc::pid_t, signal) };
    assert_eq!(sent, 0, "signal {signal} to {pid}");
}
