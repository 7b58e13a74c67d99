//! `spawn_app`: the real application on port 0 against a fresh PostgreSQL database, created here
//! and dropped when the test ends.

use reqwest::{Client, Response};
use serde_json::{Value, json};
use tyiyn::config::Settings;
use tyiyn::db::check::Report;
use tyiyn::startup::Application;
use tyiyn_testkit::{keep_trying, until};

/// The server's base URL, a cookie-keeping client, and the database to drop afterwards.
pub struct TestApp {
    pub address: String,
    pub server: actix_web::dev::ServerHandle,
    pub client: Client,
    pub db_url: String,
    /// `GET /metrics` on its own listener (`server.metrics_addr`), when it serves.
    pub metrics: Option<String>,
    /// The socket's own listener (`server.socket_addr`), when it has one.
    pub socket_address: Option<String>,
    admin_url: String,
    db_name: String,
}

/// PostgreSQL to create test databases in: `DATABASE_URL` (any database on the server), else
/// the machine's local server.
fn server_url() -> String {
    std::env::var("DATABASE_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

/// The server's URL with `db` as its database.
pub fn on_database(db: &str) -> String {
    with_db(&server_url(), db)
}

fn with_db(url: &str, db: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let prefix =
        &base[..base.rfind('/').filter(|i| *i > base.find("://").unwrap_or(0) + 2).unwrap_or(base.len())];
    match query {
        Some(q) => format!("{prefix}/{db}?{q}"),
        None => format!("{prefix}/{db}"),
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Like `spawn_app`, with a chance to change settings first.
pub async fn spawn_app_with(tweak: impl FnOnce(&mut Settings)) -> TestApp {
    let db_name = format!("tyiyn_test_{}", hex::encode(rand::random::<[u8; 6]>()));
    spawn_app_on(db_name, tweak).await
}

/// Starts the application on database `db_name` (created if missing): a second start on the same
/// database is a restart.
pub async fn spawn_app_on(db_name: String, tweak: impl FnOnce(&mut Settings)) -> TestApp {
    init_logs();
    let admin_url = with_db(&server_url(), "postgres");
    let db_url = with_db(&server_url(), &db_name);
    copy_template(&admin_url, &db_name).await;
    let mut settings =
        Settings::load(Some(include_str!("../../config/test.toml"))).expect("test settings load");
    settings.database.url = db_url.as_str().into();
    settings.server.bind_addr = "127.0.0.1:0".into();
    settings.demo.enabled = false;
    tweak(&mut settings);
    let app = Application::build(settings).await.expect("application builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    let metrics = app.metrics_port().map(|port| format!("http://127.0.0.1:{port}/metrics"));
    let socket_address = app.socket_port().map(|port| format!("http://127.0.0.1:{port}"));
    let server = app.handle();
    actix_web::rt::spawn(app.run());
    let client = Client::builder().cookie_store(true).build().expect("client builds");
    TestApp { address, server, client, db_url, metrics, socket_address, admin_url, db_name }
}

/// The migrated database each test's database is copied from: `tyiyn_tpl_` and the first 12 hex
/// digits of the SHA-256 of every migration and function, so a changed migration makes a new
/// one. Made once per test binary (and once per schema across binaries, under an advisory lock);
/// copying it takes a fraction of running the migrations. Nobody connects to it after it is made
/// (PostgreSQL copies only a database nobody is connected to).
static TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();

/// Creates `db_name` as a copy of the migrated template, unless it exists (a restart).
async fn copy_template(admin_url: &str, db_name: &str) {
    let template = TEMPLATE.get_or_init(|| make_template(admin_url.to_owned())).await;
    let admin = admin_client(admin_url).await;
    let exists =
        admin.query_opt("select 1 from pg_database where datname = $1", &[&db_name]).await.expect("reads");
    if exists.is_none() {
        admin
            .batch_execute(&format!("create database \"{db_name}\" template \"{template}\""))
            .await
            .expect("the test database copies the template");
    }
}

async fn admin_client(admin_url: &str) -> tokio_postgres::Client {
    let (client, conn) =
        tokio_postgres::connect(admin_url, tokio_postgres::NoTls).await.expect("postgres connects");
    tokio::spawn(conn);
    client
}

/// Makes the template when this schema has none: migrated under another name, then renamed, so
/// no test copies a half-migrated one. Templates of other schemas are dropped.
async fn make_template(admin_url: String) -> String {
    use sha2::{Digest, Sha256};
    let mut hash = Sha256::new();
    for (name, sql) in tyiyn::db::migrate::MIGRATIONS.iter().chain(tyiyn::db::migrate::FUNCTIONS) {
        hash.update(name.as_bytes());
        hash.update(sql.as_bytes());
    }
    let name = format!("tyiyn_tpl_{}", &hex::encode(hash.finalize())[..12]);
    let admin = admin_client(&admin_url).await;
    // Held until this connection closes at the end of this function.
    admin.execute("select pg_advisory_lock(727275)", &[]).await.expect("template lock");
    let made =
        admin.query_opt("select 1 from pg_database where datname = $1", &[&name]).await.expect("reads");
    if made.is_none() {
        let building = format!("{name}_building");
        admin
            .batch_execute(&format!("drop database if exists \"{building}\" with (force)"))
            .await
            .expect("drops");
        admin.batch_execute(&format!("create database \"{building}\"")).await.expect("creates");
        let pool =
            tyiyn::db::connect(&with_db(&server_url(), &building), 1, std::time::Duration::from_secs(30))
                .await
                .expect("template pool");
        tyiyn::db::migrate::run(&pool).await.expect("the template migrates");
        pool.close();
        drop(pool);
        // The pool's connections may still be closing: end them, and rename once they are gone.
        let rename = format!(
            "select pg_terminate_backend(pid) from pg_stat_activity where datname = '{building}';
             alter database \"{building}\" rename to \"{name}\""
        );
        let (within, every) = (std::time::Duration::from_secs(5), std::time::Duration::from_millis(50));
        keep_trying(within, every, || async { admin.batch_execute(&rename).await })
            .await
            .expect("the template is renamed");
        let old = admin
            .query(
                "select datname from pg_database where datname like 'tyiyn\\_tpl\\_%' and datname <> $1",
                &[&name],
            )
            .await
            .expect("reads");
        for row in old {
            let old: String = row.get(0);
            let _ = admin.batch_execute(&format!("drop database if exists \"{old}\" with (force)")).await;
        }
    }
    name
}

impl Drop for TestApp {
    fn drop(&mut self) {
        tyiyn_testkit::drop_database(&self.admin_url, &self.db_name);
    }
}

impl TestApp {
    /// This app's database name, to start another app on it.
    pub fn db_name(&self) -> String {
        self.db_name.clone()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn post(&self, path: &str, body: Value) -> Response {
        self.client.post(self.url(path)).json(&body).send().await.expect("request sent")
    }

    pub async fn put(&self, path: &str, body: Value) -> Response {
        self.client.put(self.url(path)).json(&body).send().await.expect("request sent")
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client.get(self.url(path)).send().await.expect("request sent")
    }

    /// Registers `username` (password `secret1`) and stays logged in as them.
    pub async fn register(&self, username: &str) -> Value {
        let res = self
            .post(
                "/api/auth/register",
                json!({"username": username, "email": format!("{username}@example.kg"), "password": "secret1"}),
            )
            .await;
        assert_eq!(res.status(), 201, "registering {username}");
        res.json::<Value>().await.expect("json body")["user"].clone()
    }

    /// A direct connection to the test database, for checking invariants.
    /// A one-connection pool on this app's database, for the library's readers.
    pub async fn pool(&self) -> deadpool_postgres::Pool {
        tyiyn::db::connect(&self.db_url, 1, std::time::Duration::from_secs(5)).await.expect("pool connects")
    }

    pub async fn db(&self) -> tokio_postgres::Client {
        let (client, conn) =
            tokio_postgres::connect(&self.db_url, tokio_postgres::NoTls).await.expect("db connects");
        actix_web::rt::spawn(conn);
        client
    }

    /// Makes `username` an admin directly in the database.
    pub async fn promote(&self, username: &str) {
        self.db()
            .await
            .execute("update app_user set role = 'admin' where username = $1", &[&username])
            .await
            .expect("promote");
    }
}

/// Asserts the error contract's shape and returns the body.
pub async fn expect_error(res: Response, status: u16, code: &str) -> Value {
    assert_eq!(res.status().as_u16(), status, "status");
    let body: Value = res.json().await.expect("error body is JSON");
    assert_eq!(body["code"], code, "code in {body}");
    assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()), "error text in {body}");
    body
}

/// Server logs in test output (`RUST_LOG=info cargo test`), installed once.
pub fn init_logs() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let filter = std::env::var("RUST_LOG").unwrap_or_else(|_| "error".into());
        let _ = tracing_subscriber::fmt().with_env_filter(filter).with_test_writer().try_init();
    });
}

/// A user with a client (and cookie) of their own.
pub struct User {
    pub id: i64,
    pub client: Client,
    /// `tyiyn_session=…`, for socket connections.
    pub cookie: String,
    address: String,
}

impl User {
    /// The server's address (`http://127.0.0.1:<port>`).
    pub fn address(&self) -> &str {
        &self.address
    }

    pub async fn post(&self, path: &str, body: Value) -> Response {
        self.client.post(format!("{}{}", self.address, path)).json(&body).send().await.expect("request sent")
    }

    pub async fn put(&self, path: &str, body: Value) -> Response {
        self.client.put(format!("{}{}", self.address, path)).json(&body).send().await.expect("request sent")
    }

    pub async fn delete(&self, path: &str) -> Response {
        self.client.delete(format!("{}{}", self.address, path)).send().await.expect("request sent")
    }

    pub async fn patch(&self, path: &str, body: Value) -> Response {
        self.client.patch(format!("{}{}", self.address, path)).json(&body).send().await.expect("request sent")
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client.get(format!("{}{}", self.address, path)).send().await.expect("request sent")
    }

    /// A request built now and sent when awaited: the future borrows nothing, so a test can hold
    /// many (the races send them at once).
    pub fn sending(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Value,
    ) -> impl Future<Output = Response> + use<> {
        let request = self.client.request(method, format!("{}{}", self.address, path)).json(&body);
        async move { request.send().await.expect("request sent") }
    }

    /// [`User::sending`] a POST.
    pub fn posting(&self, path: &str, body: Value) -> impl Future<Output = Response> + use<> {
        self.sending(reqwest::Method::POST, path, body)
    }

    /// The user's bid balance, as `/api/auth/me` answers it.
    pub async fn balance(&self) -> i64 {
        json_of(self.get("/api/auth/me").await).await["user"]["bidBalance"].as_i64().expect("balance")
    }

    pub async fn bid(&self, auction: i64) -> Response {
        self.post(&format!("/api/auctions/{auction}/bid"), Value::Null).await
    }
}

impl TestApp {
    /// Registers `username` with a client of its own.
    pub async fn new_user(&self, username: &str) -> User {
        let client = Client::builder().cookie_store(true).build().expect("client builds");
        let res = client
            .post(self.url("/api/auth/register"))
            .json(&json!({"username": username, "email": format!("{username}@example.kg"), "password": "secret1"}))
            .send()
            .await
            .expect("request sent");
        assert_eq!(res.status(), 201, "registering {username}");
        let cookie = res
            .headers()
            .get("set-cookie")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .expect("session cookie")
            .to_owned();
        let body: Value = res.json().await.expect("json");
        User {
            id: body["user"]["id"].as_i64().expect("user id"),
            client,
            cookie,
            address: self.address.clone(),
        }
    }

    /// A new admin user.
    pub async fn new_admin(&self, username: &str) -> User {
        let user = self.new_user(username).await;
        self.promote(username).await;
        user
    }

    /// Creates an auction as `admin` starting at `start` (RFC 3339) and returns its id. It has no
    /// house bidders: [`TestApp::create_auction_with`] and [`house`] let bots in.
    pub async fn create_auction(&self, admin: &User, title: &str, start: &str) -> i64 {
        self.create_auction_with(admin, title, start, json!({})).await
    }

    /// [`TestApp::create_auction`] with more form fields (`extra`).
    pub async fn create_auction_with(&self, admin: &User, title: &str, start: &str, extra: Value) -> i64 {
        let mut form = json!({"title": title, "description": "", "imageUrl": "/demo/phone.svg",
                              "retailPrice": 1000, "startTime": start, "isBidPackage": false});
        form.as_object_mut().unwrap().extend(extra.as_object().cloned().unwrap_or_default());
        let res = admin.post("/api/admin/auctions", form).await;
        assert_eq!(res.status(), 201, "creating {title}");
        res.json::<Value>().await.expect("json")["id"].as_i64().expect("auction id")
    }

    /// Creates an auction that starts now and waits (briefly, for the go-live message, not a
    /// countdown) until it is live.
    /// An admin creates a bot; its id.
    pub async fn new_bot(&self, admin: &User, first: &str, last: &str) -> i64 {
        let res = admin.post("/api/admin/bots", json!({"firstName": first, "lastName": last})).await;
        assert_eq!(res.status(), 201, "creating bot {first}");
        json_of(res).await["id"].as_i64().expect("bot id")
    }

    /// Moves an upcoming auction's start to now (the admin's edit form), so it goes live.
    pub async fn start_now(&self, admin: &User, auction: i64, title: &str) {
        self.start_now_with(admin, auction, title, json!({})).await
    }

    /// [`TestApp::start_now`] with more form fields (`extra`; the form replaces every detail).
    pub async fn start_now_with(&self, admin: &User, auction: i64, title: &str, extra: Value) {
        let now = chrono::Utc::now().to_rfc3339();
        let mut body = json!({"title": title, "retailPrice": 1000, "startTime": now});
        body.as_object_mut().unwrap().extend(extra.as_object().cloned().unwrap_or_default());
        let res = admin.put(&format!("/api/admin/auctions/{auction}"), body).await;
        assert_eq!(res.status(), 200, "starting {title} now");
    }

    pub async fn create_live_auction(&self, admin: &User, title: &str) -> i64 {
        self.create_live_auction_with(admin, title, json!({})).await
    }

    /// [`TestApp::create_live_auction`] with more form fields (`extra`).
    pub async fn create_live_auction_with(&self, admin: &User, title: &str, extra: Value) -> i64 {
        let id = self.create_auction_with(admin, title, &chrono::Utc::now().to_rfc3339(), extra).await;
        let (within, every) = (std::time::Duration::from_secs(10), std::time::Duration::from_millis(10));
        until(&format!("auction {id} did not go live"), within, every, || async {
            let a: Value = self.get(&format!("/api/auctions/{id}")).await.json().await.expect("json");
            a["status"] == "live"
        })
        .await;
        id
    }

    /// Polls the auction's bid history (newest first) until `done` holds; panics after ten
    /// seconds (waits never assert on wall-clock timing).
    pub async fn wait_for_bids(&self, auction: i64, done: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        let (within, every) = (std::time::Duration::from_secs(10), std::time::Duration::from_millis(20));
        let bids = keep_trying(within, every, || async {
            let bids = json_of(self.get(&format!("/api/auctions/{auction}/bids")).await).await;
            let now = bids.as_array().cloned().unwrap_or_default();
            if done(&now) { Ok(now) } else { Err(now) }
        });
        bids.await.unwrap_or_else(|now| panic!("bids never reached the expected state: {now:#?}"))
    }

    /// What `tyiyn check` finds in this app's database, run in-process through the library.
    pub async fn report(&self) -> Report {
        let mut db = self.db().await;
        tyiyn::db::check::run(&mut db).await.expect("the checks run")
    }

    /// Asserts every invariant `tyiyn check` verifies (balances equal the ledger, prices follow
    /// the bids, winners are the last bidder, no late bid, no repeated finish); panics with the
    /// report when one is violated.
    pub async fn check(&self) {
        let report = self.report().await;
        assert!(report.holds(), "tyiyn check found violations:\n{report}");
    }
}

/// The form fields that let the house in: `bot` (assigned with the auction, no bid limit) may bid
/// until the auction has taken 1,000 bids.
pub fn house(bot: i64) -> Value {
    json!({"houseReserve": 1000, "botIds": [bot]})
}

/// Settings that keep auctions running through a test: long countdowns, so that only admin
/// actions finish them and no test waits for a clock.
pub fn long_countdowns(s: &mut Settings) {
    s.auction.bid_countdown_secs = 3600;
    s.auction.start_countdown_secs = 3600;
}

/// Long countdowns, quick bots (a bot second of 20 ms) and a fixed bot seed, so bots bid soon and
/// the same way every run.
pub fn quick_bots(s: &mut Settings) {
    long_countdowns(s);
    s.auction.bot_second_ms = 20;
    s.auction.bot_seed = Some(7);
}

/// The JSON body of an answer (panics, failing the test, on anything else).
pub async fn json_of(res: reqwest::Response) -> Value {
    res.json().await.expect("a JSON body")
}
