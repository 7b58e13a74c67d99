//! The test and bench kit (`tyiyn-testkit`, a dev-dependency of the server's tests and benches):
//! one crate, compiled once. Shared by the load tools: start the real server (the `tyiyn` binary cargo built for this
//! bench, or another checkout's build to compare against) as a child process on a fresh
//! database, seed users with ready sessions straight into PostgreSQL, log in the admin, create
//! auctions; kill it with SIGKILL and start it again on the same database and port (the crash
//! script). `fleet` runs several nodes on one database and a NATS server; `bidders` bids through
//! them and keeps every answer. `cpu` measures the processes' CPU time; `figures` reads the
//! server's `/metrics`. The scenario modules (`crash`, `outage`, `pg_crash`, `rolling`,
//! `takeover`, …) are each a bench's run, whose short form is also an integration test; `socket`
//! is a small Socket.IO client; `stand_in` and `gopay_standin` play outside services (SMS,
//! Telegram, GoPay's payment API). `eventually` is how they all wait: on a condition, asked again
//! until it holds or a deadline passes, never on the clock alone.

pub mod bidders;
pub mod cluster;
pub mod cpu;
pub mod crash;
pub mod eventually;
pub mod figures;
pub mod fleet;
pub mod floor;
pub mod gopay_standin;
pub mod nats;
pub mod nodes;
pub mod outage;
pub mod outbox_crash;
pub mod pg_crash;
pub mod push_latency;
pub mod relaying;
pub mod rolling;
pub mod socket;
pub mod stand;
pub mod stand_in;
pub mod takeover;
pub mod viewers;

use std::process::{Child, Command};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

pub use eventually::{eventually, keep_trying, poll, read_until, until};

/// A running server and its database.
pub struct Server {
    pub base: String,
    pub db_url: String,
    admin_url: String,
    db_name: String,
    port: u16,
    /// Where the server's `GET /metrics` listens.
    pub metrics: String,
    extra_env: Vec<(String, String)>,
    /// The server binary this runs (and runs again after a kill).
    bin: String,
    child: Child,
}

/// A free port on 127.0.0.1 below 32768, for a server this process starts (and may restart on
/// the same port): above it the machine's outgoing connections take their ports.
pub fn free_port() -> u16 {
    free_ports::<1>()[0]
}

/// `N` different free ports below 32768 (each held until all are picked).
pub fn free_ports<const N: usize>() -> [u16; N] {
    let mut held = Vec::with_capacity(N);
    for _ in 0..1000 * N {
        if held.len() == N {
            break;
        }
        let port = rand::random_range(20_000..32_768u16);
        if let Ok(listener) = std::net::TcpListener::bind(("127.0.0.1", port)) {
            held.push((port, listener));
        }
    }
    assert_eq!(held.len(), N, "free ports between 20000 and 32767");
    std::array::from_fn(|i| held[i].0)
}

/// The checkout's root (scripts in `.ci/` are run from it).
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// The server binary cargo built beside the running test or bench: `target/<profile>/tyiyn`,
/// the test's own executable being `target/<profile>/deps/<name>-<hash>`. (Cargo builds a
/// package's binaries for its integration tests and benches.)
pub fn bin() -> &'static str {
    static BIN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    BIN.get_or_init(|| {
        let exe = std::env::current_exe().expect("the test knows its executable");
        let profile = exe.parent().and_then(|deps| deps.parent()).expect("target/<profile>/deps");
        let bin = profile.join("tyiyn");
        assert!(bin.exists(), "{} is built (cargo builds it for the tests and benches)", bin.display());
        bin.to_str().expect("a UTF-8 path").to_owned()
    })
}

/// Servers started by this process so far: each gets a database of its own.
static STARTED: AtomicU32 = AtomicU32::new(0);

/// PostgreSQL to create the bench database in: `DATABASE_URL`, else the private cluster.
fn pg_server() -> String {
    std::env::var("DATABASE_URL").unwrap_or_else(|_| {
        let out = Command::new(format!("{ROOT}/.ci/pg")).output().expect(".ci/pg runs");
        String::from_utf8(out.stdout).expect("utf-8 url").trim().to_owned()
    })
}

fn with_db(url: &str, db: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let with = format!("{}/{db}", &base[..base.rfind('/').expect("url has a database")]);
    match query {
        // Several hosts need their `target_session_attrs`.
        Some(query) => format!("{with}?{query}"),
        None => with,
    }
}

impl Server {
    /// Starts the release server on a free port with long countdowns (auctions end only when
    /// told) and a cheap bcrypt cost, against a new database.
    pub async fn start(extra_env: &[(&str, &str)]) -> Server {
        Server::start_on(&pg_server(), extra_env).await
    }

    /// [`Server::start`] on the PostgreSQL server at `pg` (a URL; its database part is replaced).
    pub async fn start_on(pg: &str, extra_env: &[(&str, &str)]) -> Server {
        Server::start_bin_on(pg, bin(), extra_env).await
    }

    /// [`Server::start`] running `bin` instead of this checkout's build, e.g. another checkout's
    /// `target/release/tyiyn` to compare two builds on one machine. The server creates and migrates
    /// its fresh database itself, so an older build gets the schema it knows; the bench's own
    /// seeding SQL must still fit that schema.
    pub async fn start_bin(bin: &str, extra_env: &[(&str, &str)]) -> Server {
        Server::start_bin_on(&pg_server(), bin, extra_env).await
    }

    /// `tyiyn check` of this server's database by this server's own build.
    pub async fn check(&self) -> (Option<i32>, String) {
        check_with(&self.bin, &self.db_url).await
    }

    /// [`Server::start_bin`] on the PostgreSQL server at `pg`.
    pub async fn start_bin_on(pg: &str, bin: &str, extra_env: &[(&str, &str)]) -> Server {
        let pg = pg.to_owned();
        let db_name = match STARTED.fetch_add(1, Ordering::Relaxed) {
            0 => format!("tyiyn_bench_{}", std::process::id()),
            n => format!("tyiyn_bench_{}_{n}", std::process::id()),
        };
        let db_url = with_db(&pg, &db_name);
        let admin_url = with_db(&pg, "postgres");
        let [port, metrics_port] = free_ports();
        let mut extra_env: Vec<(String, String)> =
            extra_env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        extra_env.push(("TYIYN_SERVER__METRICS_ADDR".into(), format!("127.0.0.1:{metrics_port}")));
        let child = launch(bin, &db_url, port, &extra_env, false);
        let mut server = Server {
            base: format!("http://127.0.0.1:{port}"),
            db_url,
            admin_url,
            db_name,
            port,
            metrics: format!("http://127.0.0.1:{metrics_port}/metrics"),
            extra_env,
            bin: bin.to_owned(),
            child,
        };
        server.wait_ready().await;
        server
    }

    /// The server process's id (the wrapper's, under `BENCH_SERVER_WRAPPER`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The server's resident memory now, in KiB (its `/proc/<pid>/status`).
    pub fn rss_kib(&self) -> Option<f64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// Kills the server with SIGKILL (no shutdown, no draining) and reaps it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Whether the server has exited (reaping it if so), e.g. after SIGTERM.
    pub fn exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// Starts the server again on the same database and port, as after a crash; returns the time
    /// from the spawn until `/api/settings` answers.
    pub async fn restart(&mut self) -> Duration {
        let spawned = Instant::now();
        self.child = launch(&self.bin, &self.db_url, self.port, &self.extra_env, true);
        self.wait_ready().await;
        spawned.elapsed()
    }

    /// Waits (up to 30 s) until `/api/settings` answers 200; panics, killing the server, if not.
    async fn wait_ready(&mut self) {
        if !comes_up(&self.base).await {
            self.kill();
            panic!("server did not come up; see target/bench-server-{}.log", self.port);
        }
    }

    /// A direct database connection.
    pub async fn db(&self) -> tokio_postgres::Client {
        let (client, conn) =
            tokio_postgres::connect(&self.db_url, tokio_postgres::NoTls).await.expect("db connects");
        tokio::spawn(conn);
        client
    }

    /// Inserts `n` users with `balance` bids (ledger-consistent) and a session each; returns
    /// their `(user id, cookie header)`.
    pub async fn seed_users(&self, n: usize, balance: i64) -> Vec<(i64, String)> {
        let db = self.db().await;
        let names: Vec<String> = (0..n).map(|i| format!("load{i}")).collect();
        let tokens: Vec<String> = (0..n).map(|i| format!("{:064x}", i as u128 * 7919 + 1)).collect();
        let hashes: Vec<Vec<u8>> = tokens.iter().map(|t| Sha256::digest(t.as_bytes()).to_vec()).collect();
        let ids: Vec<i64> = db
            .query(
                "insert into app_user (username, password_hash, bid_balance)
                 select name, 'x', $2 from unnest($1::text[]) with ordinality as t (name, n) order by n
                 returning id",
                &[&names, &balance],
            )
            .await
            .expect("users")
            .iter()
            .map(|r| r.get(0))
            .collect();
        let mut ids = ids;
        ids.sort_unstable();
        db.execute(
            "insert into ledger_entry (user_id, delta, reason) select id, $2, 'purchase' from unnest($1::bigint[]) as id",
            &[&ids, &balance],
        )
        .await
        .expect("ledger");
        // Builds from before migration 0007 (`--server-bin` of an older checkout, such as issue
        // 26's b27030b) still have a required `expires_at`; later ones dropped it.
        let expiring = db
            .query_opt(
                "select 1 from information_schema.columns
                 where table_name = 'user_session' and column_name = 'expires_at'",
                &[],
            )
            .await
            .expect("session columns")
            .is_some();
        let sessions = if expiring {
            "insert into user_session (id_hash, user_id, expires_at)
             select h, id, now() + interval '1 day' from unnest($1::bytea[], $2::bigint[]) as t (h, id)"
        } else {
            "insert into user_session (id_hash, user_id)
             select h, id from unnest($1::bytea[], $2::bigint[]) as t (h, id)"
        };
        db.execute(sessions, &[&hashes, &ids]).await.expect("sessions");
        ids.into_iter().zip(tokens).map(|(id, t)| (id, format!("tyiyn_session={t}"))).collect()
    }

    /// The admin's cookie (the server created the admin from ADMIN_USERNAME/ADMIN_PASSWORD).
    pub async fn admin_cookie(&self) -> String {
        let res = reqwest::Client::new()
            .post(format!("{}/api/auth/login", self.base))
            .json(&json!({"username": "admin", "password": "admin12345"}))
            .send()
            .await
            .expect("admin login");
        res.headers()
            .get("set-cookie")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .expect("admin session cookie")
            .to_owned()
    }

    /// Creates `n` auctions starting now and waits until they are live; returns their ids.
    pub async fn live_auctions(&self, n: usize) -> Vec<i64> {
        let cookie = self.admin_cookie().await;
        let client = reqwest::Client::new();
        let mut ids = Vec::new();
        for i in 0..n {
            ids.push(create_auction(&client, &self.base, &cookie, &format!("Load lot {i}")).await);
        }
        for &id in &ids {
            self.auction_until(id, 500, Duration::from_millis(10), |a| a["status"] == "live").await;
        }
        ids
    }

    /// Reads `GET /api/auctions/{id}` until `done` holds of it, for at most `tries` times `pause`,
    /// `pause` apart; the last answer read.
    pub async fn auction_until(
        &self,
        id: i64,
        tries: u32,
        pause: Duration,
        done: impl Fn(&Value) -> bool,
    ) -> Value {
        let client = reqwest::Client::new();
        let read = || async {
            let res = client.get(format!("{}/api/auctions/{id}", self.base)).send().await.expect("get");
            res.json::<Value>().await.expect("json")
        };
        read_until(pause * tries, pause, read, done).await
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
        drop_database(&self.admin_url, &self.db_name);
    }
}

/// Drops database `name` through `admin_url` (a maintenance database's URL), from a `Drop`: on a
/// short-lived runtime of its own thread, since `Drop` runs outside async. Failures are ignored.
pub fn drop_database(admin_url: &str, name: &str) {
    let (admin_url, name) = (admin_url.to_owned(), name.to_owned());
    let _ = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().ok()?;
        rt.block_on(async move {
            let (client, conn) = tokio_postgres::connect(&admin_url, tokio_postgres::NoTls).await.ok()?;
            tokio::spawn(conn);
            client.batch_execute(&format!("drop database if exists \"{name}\" with (force)")).await.ok()
        })
    })
    .join();
}

/// Whether the server at `base` answers `/api/settings` with 200 within 30 s.
async fn comes_up(base: &str) -> bool {
    let probe = reqwest::Client::new();
    let answers = || async {
        let answer = probe.get(format!("{base}/api/settings")).send().await;
        answer.is_ok_and(|r| r.status().is_success()).then_some(())
    };
    poll(Duration::from_secs(30), Duration::from_millis(10), answers).await.is_some()
}

/// Spawns the server binary `bin` on `db_url` and `port`, logging (its standard output, where
/// the server logs, and its standard error) to `target/bench-server-{port}.log` (appended to on a
/// restart).
fn launch(bin: &str, db_url: &str, port: u16, extra_env: &[(String, String)], append: bool) -> Child {
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(append)
        .write(true)
        .truncate(!append)
        .open(format!("target/bench-server-{port}.log"))
        .expect("log file");
    // `BENCH_SERVER_WRAPPER="heaptrack -o /tmp/ht"` (or `perf record -g -o …`) runs the server
    // under a profiler: the wrapper's words come first, then the server binary.
    let wrapper = std::env::var("BENCH_SERVER_WRAPPER").unwrap_or_default();
    let mut words: Vec<&str> = wrapper.split_whitespace().collect();
    words.push(bin);
    let mut cmd = Command::new(words[0]);
    cmd.args(&words[1..]);
    cmd.current_dir(ROOT)
        .env("DATABASE_URL", db_url)
        .env("BIND_ADDR", format!("127.0.0.1:{port}"))
        .env("ADMIN_USERNAME", "admin")
        .env("ADMIN_PASSWORD", "admin12345")
        .env("DEMO_DATA", "0")
        .env("RUST_LOG", "warn")
        .env("TYIYN_AUTH__BCRYPT_COST", "4")
        // The bench's users are written straight into the database and bid at once: no phones.
        .env("TYIYN_AUTH__PHONE_VERIFICATION", "off")
        .env("TYIYN_AUCTION__BID_COUNTDOWN_SECS", "3600")
        .env("TYIYN_AUCTION__START_COUNTDOWN_SECS", "3600")
        .env("TYIYN_DATABASE__POOL_SIZE", "32")
        // Every bench client comes from 127.0.0.1: the per-address socket cap would refuse them.
        .env("TYIYN_SERVER__MAX_SOCKETS_PER_ADDRESS", "100000")
        .stdout(log.try_clone().expect("log file"))
        .stderr(log);
    for (k, v) in extra_env {
        cmd.env(k, v);
    }
    cmd.spawn().expect("server starts")
}

/// `--name value` from the command line (cargo bench adds `--bench`, which is ignored).
pub fn arg<T: std::str::FromStr>(name: &str, default: T) -> T {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The `q` quantile (0..=1) of sorted samples.
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// Runs the binary's `tyiyn check --database-url <db>`: its exit code and output.
pub async fn check(db_url: &str) -> (Option<i32>, String) {
    check_with(bin(), db_url).await
}

/// Runs `bin check --database-url <db>`: a build's own check of its own schema (a `--server-bin`
/// build may predate a view this checkout's check reads).
pub async fn check_with(bin: &str, db_url: &str) -> (Option<i32>, String) {
    let out = tokio::process::Command::new(bin)
        .current_dir(ROOT)
        .args(["check", "--database-url", db_url])
        .output()
        .await
        .expect("tyiyn check runs");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.code(), text)
}

/// Creates an auction titled `title` through `base`'s admin API as the admin of `cookie`,
/// starting now: its id.
pub async fn create_auction(client: &reqwest::Client, base: &str, cookie: &str, title: &str) -> i64 {
    let body: Value = client
        .post(format!("{base}/api/admin/auctions"))
        .header("cookie", cookie)
        .json(&json!({"title": title, "retailPrice": 1000, "startTime": chrono::Utc::now().to_rfc3339()}))
        .send()
        .await
        .expect("create auction")
        .json()
        .await
        .expect("json");
    body["id"].as_i64().unwrap_or_else(|| panic!("an auction id: {body}"))
}

/// Which acknowledged bids (bid id → what its answer said) are rows saying the same, as `row`
/// reads a row of `select id, auction_id, user_id, amount from bid`: how many are, and the ids of
/// those that are missing or differ, added to `lost` (sorted).
pub async fn find_acknowledged<T: PartialEq>(
    db: &tokio_postgres::Client,
    acked: &std::collections::HashMap<i64, T>,
    row: impl Fn(&tokio_postgres::Row) -> T,
    lost: &mut Vec<i64>,
) -> usize {
    let ids: Vec<i64> = acked.keys().copied().collect();
    let stored: std::collections::HashMap<i64, T> = db
        .query("select id, auction_id, user_id, amount from bid where id = any($1)", &[&ids])
        .await
        .expect("bid rows")
        .iter()
        .map(|r| (r.get(0), row(r)))
        .collect();
    let mut found = 0;
    for (id, bid) in acked {
        if stored.get(id) == Some(bid) {
            found += 1;
        } else {
            lost.push(*id);
        }
    }
    lost.sort_unstable();
    found
}
