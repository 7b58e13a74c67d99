//! Every admin route refuses visitors (401) and users (403) and answers admins, generated from
//! the served OpenAPI document, so an admin route cannot be added without this check.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, long_countdowns, spawn_app_with};

/// A value for a schema, resolving `$ref`s: only what is required, of the right type.
fn sample(doc: &Value, schema: &Value) -> Value {
    if let Some(r) = schema["$ref"].as_str() {
        let name = r.trim_start_matches("#/components/schemas/");
        return sample(doc, &doc["components"]["schemas"][name]);
    }
    for combo in ["allOf", "oneOf", "anyOf"] {
        if let Some(first) = schema[combo].as_array().and_then(|a| a.first()) {
            return sample(doc, first);
        }
    }
    let kind = match &schema["type"] {
        Value::Array(kinds) => kinds.iter().find(|k| *k != "null").cloned().unwrap_or(Value::Null),
        other => other.clone(),
    };
    match kind.as_str().unwrap_or("object") {
        "string" => json!("x"),
        "integer" | "number" => json!(1),
        "boolean" => json!(false),
        "array" => json!([]),
        _ => {
            let mut body = serde_json::Map::new();
            for name in schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str) {
                body.insert(name.to_owned(), sample(doc, &schema["properties"][name]));
            }
            Value::Object(body)
        }
    }
}

/// Every `/api/admin` operation of the document: (method, concrete path, body).
fn admin_operations(doc: &Value, user_id: i64, auction_id: i64) -> Vec<(Method, String, Option<Value>)> {
    let mut ops = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        if !path.starts_with("/api/admin") {
            continue;
        }
        let concrete: Vec<String> = path
            .split('/')
            .map(|seg| match seg {
                "{id}" if path.starts_with("/api/admin/users/") => user_id.to_string(),
                "{id}" => auction_id.to_string(),
                s if s.starts_with('{') => "1".to_owned(),
                s => s.to_owned(),
            })
            .collect();
        for (method, op) in item.as_object().expect("path item") {
            let schema = &op["requestBody"]["content"]["application/json"]["schema"];
            let body = (!schema.is_null()).then(|| sample(doc, schema));
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).expect("method");
            ops.push((method, concrete.join("/"), body));
        }
    }
    // Reads first and deletions last, so the admin's pass does not remove what later calls use.
    ops.sort_by_key(|(m, _, _)| match *m {
        Method::GET => 0,
        Method::DELETE => 2,
        _ => 1,
    });
    ops
}

async fn send(client: &reqwest::Client, app: &TestApp, op: &(Method, String, Option<Value>)) -> u16 {
    let mut request = client.request(op.0.clone(), app.url(&op.1));
    if let Some(body) = &op.2 {
        request = request.json(body);
    }
    request.send().await.expect("request sent").status().as_u16()
}

#[actix_web::test]
async fn every_admin_operation_refuses_visitors_and_users_and_answers_admins() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let user = app.new_user("aibek").await;
    let auction = app.create_live_auction(&admin, "Часы").await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.expect("the document");
    let ops = admin_operations(&doc, user.id, auction);
    assert!(ops.len() >= 15, "admin operations found: {}", ops.len());

    let anonymous = reqwest::Client::new();
    for op in &ops {
        assert_eq!(send(&anonymous, &app, op).await, 401, "{} {} as a visitor", op.0, op.1);
    }
    for op in &ops {
        assert_eq!(send(&user.client, &app, op).await, 403, "{} {} as a user", op.0, op.1);
    }
    for op in &ops {
        let status = send(&admin.client, &app, op).await;
        assert!(status != 401 && status != 403 && status < 500, "{} {} as an admin: {status}", op.0, op.1);
    }
    app.check().await;
}
