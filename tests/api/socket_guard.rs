//! The socket's guards: a cap on open sockets per address (429 at the upgrade), and close codes
//! that say why a connection was ended (1008 policy, 1009 too large).

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};
use tyiyn_testkit::poll;

use crate::helpers::{TestApp, spawn_app_with};
use crate::socket::Socket;

/// A raw client WebSocket.
pub type Ws = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

/// The socket endpoint's URL on `app`.
pub fn socket_url(app: &TestApp) -> String {
    format!("{}/socket.io/?EIO=4&transport=websocket", app.address.replace("http://", "ws://"))
}

/// A raw socket through the Socket.IO connect handshake.
async fn connected(app: &TestApp) -> Ws {
    let (mut ws, _) = connect_async(socket_url(app)).await.expect("websocket connects");
    let open = ws.next().await.expect("open packet").expect("frame");
    assert!(open.to_text().expect("text").starts_with("0{"), "{open:?}");
    ws.send(Message::text("40")).await.expect("send connect");
    let answer = ws.next().await.expect("connect answer").expect("frame");
    assert!(answer.to_text().expect("text").starts_with("40{"), "{answer:?}");
    ws
}

/// The code of the close frame the server ends `ws` with (within 5 s).
pub async fn close_code(mut ws: Ws) -> CloseCode {
    let wait = async {
        while let Some(msg) = ws.next().await {
            match msg {
                Ok(Message::Close(frame)) => return frame.map(|f| f.code),
                Ok(_) => {}
                Err(e) => panic!("the socket failed instead of closing: {e}"),
            }
        }
        None
    };
    tokio::time::timeout(std::time::Duration::from_secs(5), wait)
        .await
        .expect("the server closes in time")
        .expect("a close frame with a code")
}

#[actix_web::test]
async fn malformed_frames_close_with_policy_violation() {
    let app = spawn_app_with(|_| {}).await;
    let ws = {
        let mut ws = connected(&app).await;
        ws.send(Message::text("42{not an event")).await.unwrap();
        ws
    };
    assert_eq!(close_code(ws).await, CloseCode::Policy);
    let mut ws = connected(&app).await;
    ws.send(Message::text("42[\"joinAuction\",{\"no\":\"id\"}]")).await.unwrap();
    assert_eq!(close_code(ws).await, CloseCode::Policy, "a known event with a bad argument");
    let mut ws = connected(&app).await;
    ws.send(Message::binary(vec![1, 2, 3])).await.unwrap();
    assert_eq!(close_code(ws).await, CloseCode::Policy, "binary frames are not in the protocol");
}

#[actix_web::test]
async fn frames_over_the_size_limit_close_with_message_too_big() {
    let app = spawn_app_with(|_| {}).await;
    let mut ws = connected(&app).await;
    let big = format!("42[\"joinAuction\",\"{}\"]", "x".repeat(20 * 1024));
    ws.send(Message::text(big)).await.unwrap();
    assert_eq!(close_code(ws).await, CloseCode::Size);
}

#[actix_web::test]
async fn a_client_that_closes_gets_a_normal_close() {
    let app = spawn_app_with(|_| {}).await;
    let mut ws = connected(&app).await;
    ws.send(Message::text("41")).await.unwrap();
    assert_eq!(close_code(ws).await, CloseCode::Normal);
}

#[actix_web::test]
async fn sockets_over_the_per_address_cap_get_429_until_one_closes() {
    let app = spawn_app_with(|s| s.server.max_sockets_per_address = 3).await;
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(connected(&app).await);
    }
    let mut request = socket_url(&app).into_client_request().unwrap();
    request.headers_mut().insert("accept-language", "en".parse().unwrap());
    let refused = connect_async(request).await;
    let Err(tokio_tungstenite::tungstenite::Error::Http(res)) = &refused else {
        panic!("the fourth socket is refused: {refused:?}");
    };
    assert_eq!(res.status(), 429);
    assert!(res.headers().contains_key("retry-after"));
    let body: Value = serde_json::from_slice(res.body().as_deref().unwrap_or_default()).expect("JSON body");
    assert_eq!(body["code"], "too_many_sockets");
    assert_eq!(body["error"], "Too many open connections from this address. Close some tabs");

    // The other viewers keep working, and a closed socket frees its place.
    let mut viewer = open.pop().unwrap();
    viewer.send(Message::text("42[\"joinAuction\",1]")).await.unwrap();
    drop(open.pop());
    let (within, every) = (std::time::Duration::from_secs(10), std::time::Duration::from_millis(20));
    let again =
        poll(within, every, || async { connect_async(socket_url(&app)).await.ok().map(|(ws, _)| ws) });
    assert!(again.await.is_some(), "a socket connects once another closed");
}

#[actix_web::test]
async fn the_cap_does_not_disturb_other_viewers() {
    let app = spawn_app_with(|s| {
        s.server.max_sockets_per_address = 2;
        s.auction.bid_countdown_secs = 300;
        s.auction.start_countdown_secs = 300;
    })
    .await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Камера").await;
    let user = app.new_user("bakyt").await;
    let mut good = Socket::connect(&app.address, None).await;
    good.emit("joinAuction", json!(id));
    good.next_update(id, "snapshot").await;
    let bad = connected(&app).await;
    assert!(connect_async(socket_url(&app)).await.is_err(), "over the cap");
    let mut bad = bad;
    bad.send(Message::text("42{broken")).await.unwrap();
    assert_eq!(close_code(bad).await, CloseCode::Policy);
    user.bid(id).await;
    good.next_update(id, "bidsPlaced").await;
}

/// A client that stops reading is cut off once its frames no longer fit (the kernel's buffers,
/// actix-ws's 32 and the session's 512), while the bids go on being answered and a viewer that
/// reads gets every one of them, in order: one slow reader holds nobody up.
#[actix_web::test]
async fn a_client_that_stops_reading_is_cut_off_and_holds_nobody_up() {
    let app = spawn_app_with(crate::helpers::long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let auction = app.create_live_auction(&admin, "Телевизор").await;
    let bidders = [app.new_user("first").await, app.new_user("second").await];
    for bidder in &bidders {
        let url = app.url(&format!("/api/admin/users/{}", bidder.id));
        let res = admin.client.patch(url).json(&json!({ "bidBalance": 5_000 })).send().await.unwrap();
        assert_eq!(res.status(), 200);
    }
    let mut reader = Socket::connect(&app.address, None).await;
    reader.emit("joinAuction", json!(auction));
    reader.next_named("auctionUpdate").await;

    // The slow one: a receive window of a few kilobytes, and it never reads after joining.
    let server: std::net::SocketAddr = app.address.trim_start_matches("http://").parse().unwrap();
    let tcp = tokio::net::TcpSocket::new_v4().unwrap();
    tcp.set_recv_buffer_size(4096).unwrap();
    let tcp = tcp.connect(server).await.expect("tcp connects");
    let (mut slow, _) = tokio_tungstenite::client_async(socket_url(&app), MaybeTlsStream::Plain(tcp))
        .await
        .expect("websocket connects");
    slow.next().await.expect("open packet").expect("frame");
    slow.send(Message::text("40")).await.unwrap();
    slow.next().await.expect("connect answer").expect("frame");
    slow.send(Message::text(format!("42[\"joinAuction\",{auction}]"))).await.unwrap();

    let dropped =
        |text: &str| crate::metrics::sample(text, "tyiyn_sockets_dropped_slow_total").unwrap_or(0.0);
    let before = dropped(&crate::metrics::scrape(&app).await);
    let mut placed = 0;
    let cut = loop {
        let res = bidders[placed % 2].bid(auction).await;
        assert_eq!(res.status(), 200, "every bid is answered");
        placed += 1;
        // The reader reads on: it gets each bid's frame, with every bid so far.
        loop {
            let frame = reader.next_named("auctionUpdate").await;
            if frame["auction"]["totalBids"] == placed {
                break;
            }
            assert!(frame["auction"]["totalBids"].as_i64() < Some(placed as i64), "{frame}");
        }
        if placed % 50 == 0 && dropped(&crate::metrics::scrape(&app).await) > before {
            break placed;
        }
        assert!(placed < 5_000, "a client that reads nothing was never cut off");
    };
    println!("the slow client was cut off after {cut} bids");
    drop(slow);
}
