//! Security headers on every answer, and forwarded headers believed only from trusted proxies.

use reqwest::Response;
use serde_json::json;

use crate::helpers::{TestApp, expect_error, spawn_app_with};

/// A built web app in a fresh directory: `index.html` and one hashed asset.
fn static_dir() -> String {
    let dir = std::env::temp_dir().join(format!("tyiyn_static_{}", hex::encode(rand::random::<[u8; 6]>())));
    std::fs::create_dir_all(dir.join("assets")).expect("static dir");
    std::fs::write(dir.join("index.html"), "<!doctype html><div id=root></div>").expect("index");
    std::fs::write(dir.join("assets/app-1234.js"), "console.log(1)").expect("asset");
    dir.to_string_lossy().into_owned()
}

fn assert_security_headers(res: &Response, what: &str) {
    let h = res.headers();
    let get = |name: &str| h.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let csp = get("content-security-policy");
    for directive in [
        "default-src 'self'",
        "script-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "connect-src 'self'",
    ] {
        assert!(csp.contains(directive), "{what}: {directive} in {csp:?}");
    }
    assert!(!csp.contains("script-src 'self' 'unsafe"), "{what}: no unsafe scripts in {csp:?}");
    assert_eq!(get("x-content-type-options"), "nosniff", "{what}");
    assert_eq!(get("referrer-policy"), "strict-origin-when-cross-origin", "{what}");
    assert_eq!(get("x-frame-options"), "DENY", "{what}");
}

#[actix_web::test]
async fn every_answer_carries_the_security_headers() {
    let dir = static_dir();
    let app = spawn_app_with(|s| s.server.static_dir = dir.clone()).await;
    let settings = app.get("/api/settings").await;
    assert_eq!(settings.status(), 200);
    assert_security_headers(&settings, "/api/settings");
    let error = app.get("/api/auth/me").await;
    assert_security_headers(&error, "a 401");
    expect_error(error, 401, "unauthorized").await;
    let index = app.get("/").await;
    assert_eq!(index.status(), 200);
    assert_security_headers(&index, "/");
    let fallback = app.get("/auction/12").await;
    assert_eq!(fallback.status(), 200);
    assert_security_headers(&fallback, "the app's fallback page");
    let asset = app.get("/assets/app-1234.js").await;
    assert_eq!(asset.status(), 200);
    assert_security_headers(&asset, "an asset");
    let missing = app.get("/assets/missing.js").await;
    assert_security_headers(&missing, "a missing asset");
    let _ = std::fs::remove_dir_all(dir);
}

/// `path` fetched accepting only `encoding`: the answer's Content-Encoding and Cache-Control.
async fn encoded(app: &TestApp, path: &str, encoding: &str) -> (u16, String, String) {
    let res = app.client.get(app.url(path)).header("accept-encoding", encoding).send().await.unwrap();
    let header =
        |name: &str| res.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    (res.status().as_u16(), header("content-encoding"), header("cache-control"))
}

#[actix_web::test]
async fn hashed_assets_go_out_compressed_and_cached_for_a_year_and_the_page_is_revalidated() {
    let dir = static_dir();
    let script = "export const price = 0.01;\n".repeat(200);
    std::fs::write(std::path::Path::new(&dir).join("assets/index-abcd1234.js"), script).expect("asset");
    let app = spawn_app_with(|s| s.server.static_dir = dir.clone()).await;
    let year = "public, max-age=31536000, immutable";
    assert_eq!(encoded(&app, "/assets/index-abcd1234.js", "br").await, (200, "br".into(), year.into()));
    assert_eq!(encoded(&app, "/assets/index-abcd1234.js", "gzip").await, (200, "gzip".into(), year.into()));
    let (status, encoding, cache) = encoded(&app, "/assets/index-abcd1234.js", "identity").await;
    assert_eq!((status, cache.as_str()), (200, year));
    assert!(encoding.is_empty() || encoding == "identity", "{encoding}");
    // index.html, for `/` and for a client-side route: compressed too (this one is larger than
    // `server.compress_min_bytes`), and checked on every visit.
    let page =
        format!("<!doctype html><div id=root></div>{}", "<link rel=modulepreload href=/a.js>".repeat(150));
    std::fs::write(std::path::Path::new(&dir).join("index.html"), page).expect("index");
    assert_eq!(encoded(&app, "/", "gzip").await, (200, "gzip".into(), "no-cache".into()));
    assert_eq!(encoded(&app, "/auction/iphone", "br").await, (200, "br".into(), "no-cache".into()));
    let _ = std::fs::remove_dir_all(dir);
}

#[actix_web::test]
async fn small_answers_go_out_plain_and_large_ones_compressed() {
    let app = spawn_app_with(|_| {}).await;
    let browser = "gzip, deflate, br, zstd";
    // A small JSON answer (an error here; a bid's answer is about 1.2 KB): as it is, no coding named.
    let res = app
        .client
        .get(app.url("/api/auctions/999999"))
        .header("accept-encoding", browser)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 404);
    assert_eq!(res.headers().get("content-encoding"), None);
    assert_security_headers(&res, "a small answer");
    let body: serde_json::Value = res.json().await.expect("plain JSON");
    assert_eq!(body["code"], "auction_not_found");
    // The contract (tens of KB): compressed as the client accepts.
    let (status, encoding, _) = encoded(&app, "/api/openapi.json", browser).await;
    assert_eq!((status, encoding.as_str()), (200, "br"));

    // The threshold is the operator's: at 0 every answer is compressed, as before.
    let app = spawn_app_with(|s| s.server.compress_min_bytes = 0).await;
    let (status, encoding, _) = encoded(&app, "/api/auctions/999999", "gzip").await;
    assert_eq!((status, encoding.as_str()), (404, "gzip"));
}

#[actix_web::test]
async fn the_socket_origin_is_allowed_by_the_policy_from_configuration_never_from_the_host() {
    // By default the socket's origin on the public URL.
    let app = spawn_app_with(|s| s.payments.public_url = "https://tyiyn.kg".into()).await;
    let res = app.get("/api/settings").await;
    let csp = res.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(csp.ends_with("connect-src 'self' wss://tyiyn.kg"), "{csp}");
    // A Host the client chose is never echoed into the policy (issue 39).
    let odd = app.client.get(app.url("/api/settings")).header("host", "evil.example").send().await.unwrap();
    let csp = odd.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(!csp.contains("evil") && csp.ends_with("connect-src 'self' wss://tyiyn.kg"), "{csp}");
    // `[server] connect_src` names the sources outright.
    let app = spawn_app_with(|s| s.server.connect_src = "wss://a.tyiyn.kg wss://b.tyiyn.kg".into()).await;
    let res = app.get("/api/settings").await;
    let csp = res.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(csp.ends_with("connect-src 'self' wss://a.tyiyn.kg wss://b.tyiyn.kg"), "{csp}");
}

/// Registers `aibek` with the extra request `headers`.
async fn register_with(app: &TestApp, headers: &[(&str, &str)]) -> Response {
    let mut req = app.client.post(app.url("/api/auth/register"));
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    let body = json!({"username": "aibek", "email": "a@b.kg", "password": "secret1"});
    req.json(&body).send().await.expect("request sent")
}

/// The address stored with the one registered account, and whether its cookie was `Secure`.
async fn recorded(app: &TestApp, res: Response) -> (Option<String>, bool) {
    assert_eq!(res.status(), 201);
    let cookie = res.headers()["set-cookie"].to_str().unwrap().to_owned();
    let row = app.db().await.query_one("select ip_address from app_user", &[]).await.unwrap();
    (row.get(0), cookie.contains("Secure"))
}

#[actix_web::test]
async fn forwarded_hosts_from_anyone_do_not_pass_the_cross_site_check() {
    let app = spawn_app_with(|_| {}).await;
    let forged = [
        ("origin", "https://evil.example"),
        ("x-forwarded-host", "evil.example"),
        ("x-forwarded-proto", "https"),
    ];
    expect_error(register_with(&app, &forged).await, 403, "cross_site_request").await;
    let count: i64 = app.db().await.query_one("select count(*) from app_user", &[]).await.unwrap().get(0);
    assert_eq!(count, 0);
}

#[actix_web::test]
async fn a_trusted_proxy_s_forwarded_host_and_address_are_honoured() {
    let app = spawn_app_with(|s| s.server.trusted_proxies = vec!["127.0.0.0/8".into()]).await;
    let proxied = [
        ("origin", "https://tyiyn.example"),
        ("x-forwarded-host", "tyiyn.example"),
        ("x-forwarded-proto", "https"),
        ("x-forwarded-for", "203.0.113.7, 127.0.0.1"),
    ];
    let (ip, secure) = recorded(&app, register_with(&app, &proxied).await).await;
    assert_eq!(ip.as_deref(), Some("203.0.113.7"), "the client behind the proxy");
    assert!(secure, "the forwarded https marks the cookie Secure");
    // The proxy's forwarded host is the site's name: an Origin naming the proxy's own host fails.
    let res = app
        .client
        .post(app.url("/api/auth/logout"))
        .header("origin", app.address.clone())
        .header("x-forwarded-host", "tyiyn.example")
        .send()
        .await
        .unwrap();
    expect_error(res, 403, "cross_site_request").await;
}

#[actix_web::test]
async fn without_a_trusted_proxy_the_peer_address_is_recorded() {
    let app = spawn_app_with(|_| {}).await;
    let res =
        register_with(&app, &[("x-forwarded-for", "203.0.113.7"), ("x-forwarded-proto", "https")]).await;
    let (ip, secure) = recorded(&app, res).await;
    assert_eq!(ip.as_deref(), Some("127.0.0.1"));
    assert!(!secure, "a forwarded scheme from anyone is not believed");
}
