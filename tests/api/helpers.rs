//! `spawn_app`: the real application on port 0 against a fresh PostgreSQL database, created here
//! and dropped when the test ends.

use reqwest::{Client, Response};
use serde_json::{Value, json};
use tyiyn::config::Settings;
use tyiyn::startup::Application;

/// The server's base URL, a cookie-keeping client, and the database to drop afterwards.
pub struct TestApp {
    pub address: String,
    pub client: Client,
    pub db_url: String,
    admin_url: String,
    db_name: String,
}

/// PostgreSQL to create test databases in: `DATABASE_URL` (any database on the server), else
/// the machine's local server.
fn server_url() -> String {
    std::env::var("DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

fn with_db(url: &str, db: &str) -> String {
    let (base, query) = url
        .split_once('?')
        .map_or((url, None), |(b, q)| (b, Some(q)));
    let prefix = &base[..base
        .rfind('/')
        .filter(|i| *i > base.find("://").unwrap_or(0) + 2)
        .unwrap_or(base.len())];
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
    init_logs();
    let db_name = format!("tyiyn_test_{}", hex::encode(rand::random::<[u8; 6]>()));
    let admin_url = with_db(&server_url(), "postgres");
    let db_url = with_db(&server_url(), &db_name);
    let mut settings =
        Settings::load(Some(include_str!("../../config/test.toml"))).expect("test settings load");
    settings.database.url = db_url.clone();
    settings.server.bind_addr = "127.0.0.1:0".into();
    settings.demo.enabled = false;
    tweak(&mut settings);
    let app = Application::build(settings)
        .await
        .expect("application builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    actix_web::rt::spawn(app.run());
    let client = Client::builder()
        .cookie_store(true)
        .build()
        .expect("client builds");
    TestApp {
        address,
        client,
        db_url,
        admin_url,
        db_name,
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let admin_url = self.admin_url.clone();
        let name = self.db_name.clone();
        // Drop runs outside async; a short-lived runtime on another thread drops the database.
        let _ = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .ok()?;
            rt.block_on(async move {
                let (client, conn) = tokio_postgres::connect(&admin_url, tokio_postgres::NoTls)
                    .await
                    .ok()?;
                tokio::spawn(conn);
                client
                    .batch_execute(&format!("drop database if exists \"{name}\" with (force)"))
                    .await
                    .ok()
            })
        })
        .join();
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn post(&self, path: &str, body: Value) -> Response {
        self.client
            .post(self.url(path))
            .json(&body)
            .send()
            .await
            .expect("request sent")
    }

    pub async fn put(&self, path: &str, body: Value) -> Response {
        self.client
            .put(self.url(path))
            .json(&body)
            .send()
            .await
            .expect("request sent")
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request sent")
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
    pub async fn db(&self) -> tokio_postgres::Client {
        let (client, conn) = tokio_postgres::connect(&self.db_url, tokio_postgres::NoTls)
            .await
            .expect("db connects");
        actix_web::rt::spawn(conn);
        client
    }

    /// Makes `username` an admin directly in the database.
    pub async fn promote(&self, username: &str) {
        self.db()
            .await
            .execute(
                "update app_user set role = 'admin' where username = $1",
                &[&username],
            )
            .await
            .expect("promote");
    }
}

/// Asserts the error contract's shape and returns the body.
pub async fn expect_error(res: Response, status: u16, code: &str) -> Value {
    assert_eq!(res.status().as_u16(), status, "status");
    let body: Value = res.json().await.expect("error body is JSON");
    assert_eq!(body["code"], code, "code in {body}");
    assert!(
        body["error"].as_str().is_some_and(|e| !e.is_empty()),
        "error text in {body}"
    );
    body
}

/// Server logs in test output (`RUST_LOG=info cargo test`), installed once.
pub fn init_logs() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let filter = std::env::var("RUST_LOG").unwrap_or_else(|_| "error".into());
        let _ = tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_test_writer()
            .try_init();
    });
}
