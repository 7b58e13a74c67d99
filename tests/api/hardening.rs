//! The low findings of issue 21, each sent again the way it was found: a refused socket upgrade
//! that asked for gzip is still a readable HTTP answer; a foreign `Referer` is refused like a
//! foreign `Origin`; a body trickled in slower than the deadline is cut with 408 (a chunked one
//! too, and on routes that read no body, issue 39); junk callbacks
//! are counted, cut and only partly stored; usernames that look like others are refused.

use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{TestApp, expect_error, json_of, spawn_app, spawn_app_with};

/// Sends `request` as raw bytes and reads the answer until the server closes the connection
/// (within 10 s): the status line, the headers (lowercase names) and the body as framed.
async fn raw(app: &TestApp, request: &[u8]) -> (u16, Vec<(String, String)>, Vec<u8>) {
    let port = app.address.rsplit(':').next().unwrap();
    let mut stream = TcpStream::connect(format!("127.0.0.1:{port}")).await.expect("connects");
    stream.write_all(request).await.expect("writes");
    let mut bytes = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut bytes))
        .await
        .expect("the server ends the answer and closes")
        .expect("reads");
    parse(&bytes)
}

/// A strict reading of one HTTP/1.1 answer: the body must be exactly what its framing says.
fn parse(bytes: &[u8]) -> (u16, Vec<(String, String)>, Vec<u8>) {
    let end = bytes.windows(4).position(|w| w == b"\r\n\r\n").expect("a complete head");
    let head = std::str::from_utf8(&bytes[..end]).expect("a text head");
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers: Vec<(String, String)> = lines
        .map(|l| l.split_once(':').expect("a header"))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let header = |name: &str| headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let rest = &bytes[end + 4..];
    let body = if header("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked")) {
        let (mut body, mut at) = (Vec::new(), 0);
        loop {
            let line_end = at + rest[at..].windows(2).position(|w| w == b"\r\n").expect("a chunk size line");
            let size = usize::from_str_radix(std::str::from_utf8(&rest[at..line_end]).unwrap().trim(), 16)
                .expect("a hexadecimal chunk size");
            at = line_end + 2;
            if size == 0 {
                break body;
            }
            body.extend_from_slice(&rest[at..at + size]);
            assert_eq!(&rest[at + size..at + size + 2], b"\r\n", "a chunk ends with CRLF");
            at += size + 2;
        }
    } else {
        let length: usize = header("content-length").expect("a length or chunks").parse().unwrap();
        assert_eq!(rest.len(), length, "the body is exactly its content-length");
        rest.to_vec()
    };
    (status, headers, body)
}

#[actix_web::test]
async fn a_refused_socket_upgrade_asking_for_gzip_is_a_readable_answer() {
    let app = spawn_app_with(|s| s.server.max_sockets_per_address = 0).await;
    let request = b"GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1\r\n\
        Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
        Sec-WebSocket-Version: 13\r\nAccept-Encoding: gzip, deflate, br\r\n\r\n";
    let (status, headers, body) = raw(&app, request).await;
    assert_eq!(status, 429);
    assert!(!headers.iter().any(|(k, v)| k == "content-encoding" && v != "identity"), "{headers:?}");
    let body: Value = serde_json::from_slice(&body).expect("a JSON body");
    assert_eq!(body["code"], "too_many_sockets");
    // An ordinary answer is still compressed for a client that asks (one larger than
    // `server.compress_min_bytes`: smaller ones go out as they are).
    let plain = b"GET /api/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n";
    let (status, headers, _) = raw(&app, plain).await;
    assert_eq!(status, 200);
    assert!(headers.iter().any(|(k, v)| k == "content-encoding" && v == "gzip"), "{headers:?}");
}

#[actix_web::test]
async fn a_state_changing_request_whose_referer_names_another_site_is_refused() {
    let app = spawn_app().await;
    let user = app.new_user("aida").await;
    let limits = app.url("/api/users/limits");
    let send = |referer: &str| {
        user.client.put(limits.clone()).header("referer", referer).json(&json!({"dailyBids": 9})).send()
    };
    expect_error(send("http://evil.example/x").await.unwrap(), 403, "cross_site_request").await;
    expect_error(
        send(&format!("http://{}.evil.example/", "127.0.0.1")).await.unwrap(),
        403,
        "cross_site_request",
    )
    .await;
    assert_eq!(
        json_of(user.get("/api/users/limits").await).await["dailyBids"],
        Value::Null,
        "nothing written"
    );
    // The site's own pages, and a client that sends no Referer, are served.
    assert_eq!(send(&format!("{}/profile", app.address)).await.unwrap().status(), 200);
    assert_eq!(user.put("/api/users/limits", json!({"dailyBids": 8})).await.status(), 200);
    // A provider's callback carries no session: its Referer is not the question.
    let res = app
        .client
        .post(app.url("/api/payments/callback/demo"))
        .header("referer", "https://pay.example/checkout")
        .form(&[("order_id", "1")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
}

#[actix_web::test]
async fn a_body_that_does_not_arrive_in_time_is_cut_with_408() {
    let app = spawn_app_with(|s| s.server.body_timeout_ms = 300).await;
    // The headers promise 100 bytes; one arrives, then nothing.
    let request = b"POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
        Content-Length: 100\r\n\r\n{";
    let (status, headers, body) = raw(&app, request).await;
    assert_eq!(status, 408);
    assert!(headers.iter().any(|(k, v)| k == "connection" && v == "close"), "{headers:?}");
    assert_eq!(serde_json::from_slice::<Value>(&body).unwrap()["code"], "request_timeout");
    // A body that is all there is answered as ever.
    let res = app.post("/api/auth/login", json!({"username": "nobody", "password": "secret1"})).await;
    expect_error(res, 401, "invalid_credentials").await;
}

/// Sends `path` a chunked body one byte at a time, every 100 ms, for as long as the connection
/// lasts; reads the answer until the server closes the connection (within 10 s).
async fn trickled(app: &TestApp, path: &str) -> (u16, Vec<(String, String)>) {
    let port = app.address.rsplit(':').next().unwrap();
    let stream = TcpStream::connect(format!("127.0.0.1:{port}")).await.expect("connects");
    let (mut reader, mut writer) = stream.into_split();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked\r\n\r\n1\r\n{{\r\n"
    );
    writer.write_all(head.as_bytes()).await.expect("writes");
    let trickle = tokio::spawn(async move {
        for _ in 0..200 {
            // The trickle's pace is the thing tested: slower than the server's body deadline.
            tokio::time::sleep(Duration::from_millis(100)).await;
            if writer.write_all(b"1\r\n \r\n").await.is_err() {
                return;
            }
        }
    });
    let mut bytes = Vec::new();
    let closed = tokio::time::timeout(Duration::from_secs(10), reader.read_to_end(&mut bytes)).await;
    trickle.abort();
    assert!(
        closed.is_ok(),
        "{path}: the connection is still open, after {:?}",
        String::from_utf8_lossy(&bytes)
    );
    let end = bytes.windows(4).position(|w| w == b"\r\n\r\n").expect("a complete head");
    let head = std::str::from_utf8(&bytes[..end]).expect("a text head");
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    (status, headers)
}

#[actix_web::test]
async fn a_chunked_body_trickled_in_is_cut_whichever_route_it_goes_to() {
    let app = spawn_app_with(|s| s.server.body_timeout_ms = 300).await;
    // Login reads its body: cut at the deadline with 408, connection closed.
    let (status, headers) = trickled(&app, "/api/auth/login").await;
    assert_eq!(status, 408);
    assert!(headers.iter().any(|(k, v)| k == "connection" && v == "close"), "{headers:?}");
    // Logout reads none: answered, and the connection closed rather than held while the body
    // trickles on.
    let (status, headers) = trickled(&app, "/api/auth/logout").await;
    assert!(status < 500, "{status}");
    assert!(headers.iter().any(|(k, v)| k == "connection" && v == "close"), "{headers:?}");
}

#[actix_web::test]
async fn junk_callbacks_are_counted_and_only_partly_stored_each_cut_short() {
    let app = spawn_app_with(|s| s.payments.refused_callbacks_per_minute = 10).await;
    let junk = "x".repeat(60_000);
    for _ in 0..30 {
        let res = app
            .client
            .post(app.url("/api/payments/callback/demo"))
            .form(&[("junk", junk.as_str()), ("order_id", "1")])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "refused in the provider's own words");
    }
    let db = app.db().await;
    let stored = db
        .query_one("select count(*), coalesce(max(length(payload::text)), 0) from payment_callback", &[])
        .await
        .unwrap();
    let (count, longest): (i64, i32) = (stored.get(0), stored.get(1));
    assert_eq!(count, 10, "the first ten of the minute are stored");
    assert!(longest < 1_000, "each field cut short: {longest} characters");
    if let Some(metrics) = &app.metrics {
        let text = reqwest::get(metrics).await.unwrap().text().await.unwrap();
        assert!(text.contains("tyiyn_payment_callbacks_unrecorded_total"), "counted");
    }
}

#[actix_web::test]
async fn usernames_that_mix_alphabets_or_look_like_another_are_refused_in_the_reader_s_language() {
    let app = spawn_app().await;
    app.new_user("acc_amina").await;
    let register = |name: &str, lang: &str| {
        app.client
            .post(app.url("/api/auth/register"))
            .header("accept-language", lang)
            .json(&json!({"username": name, "email": format!("{}@example.kg", hex::encode(name)), "password": "secret1"}))
            .send()
    };
    // A Cyrillic а inside a Latin name.
    let err =
        expect_error(register("acc_\u{430}mina", "en").await.unwrap(), 400, "username_mixed_scripts").await;
    assert!(err["fields"]["username"].as_str().unwrap().contains("alphabets"), "{err}");
    let ky =
        expect_error(register("acc_\u{430}mina", "ky").await.unwrap(), 400, "username_mixed_scripts").await;
    assert!(ky["fields"]["username"].as_str().unwrap().contains("алфавит"), "{ky}");
    // `rn` reads like `m`; the same name in capitals is the name.
    for lookalike in ["acc_arnina", "ACC_AMINA"] {
        let res = register(lookalike, "ru").await.unwrap();
        let code = if lookalike == "ACC_AMINA" { "username_taken" } else { "username_confusable" };
        expect_error(res, 409, code).await;
    }
    let check = app.post("/api/auth/validate-username", json!({"username": "acc_arnina"})).await;
    assert_eq!(json_of(check).await["code"], "username_confusable");
    // All Cyrillic (с, о, а), one alphabet, yet it reads exactly like the Latin `cocoa`.
    app.new_user("cocoa").await;
    let res = register("\u{441}\u{43e}\u{441}\u{43e}\u{430}", "ru").await.unwrap();
    expect_error(res, 409, "username_confusable").await;
    // Two lookalikes registered at the same instant: one account.
    let (one, two) =
        futures_util::join!(register("xoxo_1", "ru"), register("\u{445}\u{43e}\u{445}\u{43e}_1", "ru"));
    let statuses = [one.unwrap().status().as_u16(), two.unwrap().status().as_u16()];
    assert!(statuses.contains(&201) && statuses.contains(&409), "{statuses:?}");
    app.check().await;
}

/// Issue 39, rows 7 and 8: staff-like names and letters UTS #39 restricts are refused at sign-up;
/// the policy's `connect-src` never echoes the request's `Host`; personal answers are not stored.
#[actix_web::test]
async fn staff_like_or_unusual_names_are_refused_and_personal_answers_are_not_stored() {
    let app = spawn_app().await;
    app.new_user("vova").await;
    let register = |name: &str| {
        app.client
            .post(app.url("/api/auth/register"))
            .json(&json!({"username": name, "email": format!("{}@example.kg", hex::encode(name)), "password": "secret1"}))
            .send()
    };
    expect_error(register("vov\u{1d00}").await.unwrap(), 400, "username_unusual_letters").await;
    for staff in ["admin", "\u{430}\u{434}\u{43c}\u{438}\u{43d}", "support", "Tyiyn_official", "adm1n"] {
        expect_error(register(staff).await.unwrap(), 400, "username_reserved").await;
        let check = app.post("/api/auth/validate-username", json!({"username": staff})).await;
        assert_eq!(json_of(check).await["code"], "username_reserved", "{staff}");
    }
    assert_eq!(register("badminton").await.unwrap().status(), 201);

    let user = app.new_user("aida").await;
    let me = user.get("/api/auth/me").await;
    assert_eq!(me.headers().get("cache-control").and_then(|v| v.to_str().ok()), Some("no-store"));
    let res = app.client.get(app.url("/api/auctions")).header("host", "evil.example").send().await.unwrap();
    let csp = res
        .headers()
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(csp.contains("connect-src 'self'") && !csp.contains("evil"), "{csp}");
}
