//! The socket's guards: a cap on open sockets per address (429 at the upgrade), and close codes
//! that say why a connection was ended (1008 policy, 1009 too large).

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

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
    let mut again = None;
    for _ in 0..100 {
        if let Ok((ws, _)) = connect_async(socket_url(&app)).await {
            again = Some(ws);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(again.is_some(), "a socket connects once another closed");
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
