//! The generated contract: every route the router serves is in `/api/openapi.json` and every
//! documented operation is served; hostile input never gives a 5xx, on any route.

use std::collections::BTreeSet;

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{long_countdowns, spawn_app, spawn_app_with};

/// `(METHOD, path)` of every operation in the document.
fn documented(doc: &Value) -> BTreeSet<(String, String)> {
    let mut ops = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("path item").keys() {
            ops.insert((method.to_uppercase(), path.clone()));
        }
    }
    ops
}

/// `(METHOD, path)` of every route registered in `src/routes/` with an actix route macro (the only
/// way `routes::api` registers one), with the `/api` scope prefix.
fn registered() -> BTreeSet<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/routes");
    let mut routes = BTreeSet::new();
    for entry in std::fs::read_dir(dir).expect("src/routes") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("route file");
        for line in text.lines().map(str::trim) {
            for method in ["get", "post", "put", "patch", "delete"] {
                if let Some(rest) = line.strip_prefix(&format!("#[{method}(\"")) {
                    let route = rest.split('"').next().expect("a quoted path");
                    routes.insert((method.to_uppercase(), format!("/api{route}")));
                }
            }
        }
        // Registering any other way would serve a route the document does not describe.
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if !matches!(name, "mod.rs" | "spa.rs" | "socket.rs") {
            assert!(
                !text.contains(".route(") && !text.contains("web::resource("),
                "{name} registers a raw route"
            );
        }
    }
    routes
}

fn concrete(path: &str) -> String {
    path.replace("{id}", "1").replace("{slug}", "nothing-ty-2026-00001")
}

async fn document(app: &crate::helpers::TestApp) -> Value {
    let res = app.get("/api/openapi.json").await;
    assert_eq!(res.status(), 200);
    res.json().await.expect("the document is JSON")
}

#[actix_web::test]
async fn the_document_describes_exactly_the_routes_the_router_serves() {
    let app = spawn_app().await;
    let doc = document(&app).await;
    assert_eq!(doc["openapi"], "3.1.0");
    assert_eq!(documented(&doc), registered(), "router routes and documented operations differ");
    // Generators key types by operation id: each must name one operation.
    let mut ids = BTreeSet::new();
    for item in doc["paths"].as_object().unwrap().values() {
        for op in item.as_object().unwrap().values() {
            let id = op["operationId"].as_str().expect("an operationId").to_owned();
            assert!(ids.insert(id.clone()), "operationId {id} names two operations");
        }
    }

    // And the router really answers each documented operation (not the no-such-route fallback).
    let admin = app.new_admin("boss").await;
    for (method, path) in documented(&doc) {
        let method = Method::from_bytes(method.as_bytes()).expect("method");
        let res = admin
            .client
            .request(method.clone(), app.url(&concrete(&path)))
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        let body: Value = res.json().await.unwrap_or(Value::Null);
        assert_ne!(body["code"], "route_not_found", "{method} {path} is documented but not served");
    }
    // A path no route serves is the fallback, in the contract's shape.
    let res = admin.client.patch(app.url("/api/auctions")).send().await.unwrap();
    assert_eq!(res.status(), 404);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "route_not_found");
}

#[actix_web::test]
async fn every_operation_documents_its_errors_in_the_error_shape() {
    let app = spawn_app().await;
    let doc = document(&app).await;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let responses = op["responses"].as_object().unwrap();
            assert!(responses.contains_key("503"), "{method} {path} lacks 503");
            for (status, response) in responses.iter().filter(|(s, _)| !s.starts_with('2')) {
                let schema = &response["content"]["application/json"]["schema"]["$ref"];
                assert_eq!(schema, "#/components/schemas/Error", "{method} {path} {status}");
            }
            if method != "get" {
                assert!(responses.contains_key("403") && responses.contains_key("413"), "{method} {path}");
            }
        }
    }
    let events: Value = app.get("/api/events.schema.json").await.json().await.unwrap();
    assert_eq!(events["$schema"], "https://json-schema.org/draft/2020-12/schema");
    for name in [
        "ServerEvent",
        "ClientEvent",
        "AuctionEvent",
        "LobbyUpdate",
        "TimerUpdate",
        "Notification",
        "OrderUpdate",
        "Order",
    ] {
        assert!(events["$defs"][name].is_object(), "{name} missing from the events schema");
    }
    assert!(!events.to_string().contains("#/components/"), "the events schema refers outside itself");
}

/// Path segments no id or slug can be.
const BAD_SEGMENTS: &[&str] = &[
    "%00",
    "%ff",
    "%c3%28",
    "a%00b",
    "99999999999999999999",
    "-1",
    "-9223372036854775808",
    "1e400",
    "%2e%2e",
    "%F0%9F%92%A9",
];

/// Bodies of the wrong kind or with values no field accepts.
fn bad_bodies() -> Vec<Value> {
    let long = "я".repeat(20_000);
    let mut bodies = vec![json!(null), json!([]), json!("text"), json!(12), json!(true)];
    for value in [
        json!("a\u{0}b"),
        json!(long),
        json!(-1),
        json!(1e300),
        json!(u64::MAX),
        json!(i64::MIN),
        json!({"nested": [1, 2]}),
        json!([null]),
        json!(false),
    ] {
        let fields = [
            "username",
            "email",
            "password",
            "firstName",
            "lastName",
            "phone",
            "dateOfBirth",
            "gender",
            "title",
            "description",
            "imageUrl",
            "retailPrice",
            "startTime",
            "isBidPackage",
            "bidPackageBids",
            "category",
            "condition",
            "estimatedValue",
            "currency",
            "currencySymbol",
            "siteName",
            "language",
            "headerTagline",
            "footerDescription",
            "contactAddress",
            "contactPhone",
            "contactEmail",
        ];
        bodies.push(Value::Object(fields.iter().map(|f| (f.to_string(), value.clone())).collect()));
    }
    bodies
}

async fn expect_no_server_error(res: reqwest::Response, what: &str) {
    let status = res.status();
    let text = res.text().await.unwrap_or_default();
    assert!(status.as_u16() < 500, "{what}: {status} {text}");
    if !status.is_success() {
        let body: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{what}: not JSON: {text}"));
        assert!(body["code"].is_string() && body["error"].is_string(), "{what}: {body}");
    }
}

async fn hammer(app: &crate::helpers::TestApp, who: &reqwest::Client, doc: &Value) {
    for (method, path) in documented(doc) {
        let m = Method::from_bytes(method.as_bytes()).expect("method");
        if path.contains('{') {
            for bad in BAD_SEGMENTS {
                let url = app.url(&path.replace("{id}", bad).replace("{slug}", bad));
                let res = who.request(m.clone(), url).json(&json!({})).send().await.unwrap();
                expect_no_server_error(res, &format!("{method} {path} with {bad}")).await;
            }
        }
        let url = app.url(&concrete(&path));
        for query in ["?page=%00", "?limit=-99999999999999999999", "?search=%ff%fe", "?%00=%00"] {
            let res = who.request(m.clone(), format!("{url}{query}")).send().await.unwrap();
            expect_no_server_error(res, &format!("{method} {path}{query}")).await;
        }
        if method != "GET" {
            for body in bad_bodies() {
                let res = who.request(m.clone(), &url).json(&body).send().await.unwrap();
                expect_no_server_error(
                    res,
                    &format!(
                        "{method} {path} with {}",
                        body.to_string().chars().take(60).collect::<String>()
                    ),
                )
                .await;
            }
            let raw = who
                .request(m.clone(), &url)
                .header("content-type", "application/json")
                .body(vec![b'{', b'"', b'u', 0xff, 0xfe, b'"', b':', b'1', b'}'])
                .send()
                .await
                .unwrap();
            expect_no_server_error(raw, &format!("{method} {path} with invalid UTF-8")).await;
        }
    }
}

#[actix_web::test]
async fn hostile_input_never_gets_a_server_error_on_any_route() {
    let app = spawn_app_with(long_countdowns).await;
    let doc = document(&app).await;
    let admin = app.new_admin("boss").await;
    app.create_live_auction(&admin, "Часы").await;
    let user = app.new_user("aibek").await;
    let anonymous = reqwest::Client::new();
    for who in [&anonymous, &user.client, &admin.client] {
        hammer(&app, who, &doc).await;
    }
    app.check().await;
}
