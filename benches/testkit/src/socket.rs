//! A minimal socket.io (Engine.IO v4, WebSocket) client for the tests: connects with a session
//! cookie, answers pings, and collects every server event in order.

use std::net::{IpAddr, SocketAddr};

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::MaybeTlsStream;
use tokio_tungstenite::tungstenite::{Message, client::IntoClientRequest};

/// A connected socket; events arrive on `events` as (name, payload), and the server's close frame
/// as ("close", its code), its namespace disconnect as ("disconnect", null).
pub struct Socket {
    out: mpsc::UnboundedSender<String>,
    pub events: mpsc::UnboundedReceiver<(String, Value)>,
    /// Events received while waiting for another name, kept in order.
    pending: std::collections::VecDeque<(String, Value)>,
}

impl Socket {
    /// Connects to `address` (http://host:port), optionally as the user of `cookie`, and completes
    /// the Socket.IO connect handshake.
    pub async fn connect(address: &str, cookie: Option<&str>) -> Socket {
        Socket::connect_from(address, cookie, None).await
    }

    /// Like [`Socket::connect`], from the local address `from` when given, which the server then
    /// sees as the client's address.
    pub async fn connect_from(address: &str, cookie: Option<&str>, from: Option<IpAddr>) -> Socket {
        let url = format!("{}/socket.io/?EIO=4&transport=websocket", address.replace("http://", "ws://"));
        let mut request = url.into_client_request().expect("valid ws url");
        if let Some(c) = cookie {
            request.headers_mut().insert("cookie", c.parse().expect("cookie header"));
        }
        let (ws, _) = match from {
            None => tokio_tungstenite::connect_async(request).await,
            Some(ip) => {
                let tcp = MaybeTlsStream::Plain(tcp_from(address, ip).await);
                tokio_tungstenite::client_async(request, tcp).await
            }
        }
        .expect("websocket connects");
        let (mut sink, mut stream) = ws.split();
        let open = stream.next().await.expect("open packet").expect("frame");
        assert!(open.to_text().expect("text").starts_with("0{"), "engine.io open: {open:?}");
        sink.send(Message::text("40")).await.expect("send connect");
        let connected = stream.next().await.expect("connect answer").expect("frame");
        assert!(connected.to_text().expect("text").starts_with("40{"), "socket.io connect: {connected:?}");

        let (out, mut out_rx) = mpsc::unbounded_channel::<String>();
        let (ev_tx, events) = mpsc::unbounded_channel();
        let pong = out.clone();
        tokio::spawn(async move {
            while let Some(text) = out_rx.recv().await {
                if sink.send(Message::text(text)).await.is_err() {
                    return;
                }
            }
        });
        tokio::spawn(async move {
            while let Some(Ok(msg)) = stream.next().await {
                // The server's close frame arrives as the event "close" with its code.
                if let Message::Close(frame) = &msg {
                    let code = frame.as_ref().map_or(1005, |f| u16::from(f.code));
                    let _ = ev_tx.send(("close".into(), Value::from(code)));
                    continue;
                }
                let Ok(text) = msg.to_text() else { continue };
                if text == "2" {
                    let _ = pong.send("3".into());
                } else if text == "41" {
                    // The server's disconnect of the namespace arrives as the event "disconnect".
                    let _ = ev_tx.send(("disconnect".into(), Value::Null));
                } else if let Some(ack) = text.strip_prefix("43") {
                    // An ack `43<id>[<data>]` arrives as the event "ack:<id>" with its data.
                    let digits = ack.bytes().take_while(u8::is_ascii_digit).count();
                    let data =
                        serde_json::from_str::<Value>(&ack[digits..]).ok().and_then(|v| v.get(0).cloned());
                    if ev_tx.send((format!("ack:{}", &ack[..digits]), data.unwrap_or_default())).is_err() {
                        return;
                    }
                } else if let Some(body) = text.strip_prefix("42")
                    && let Ok(Value::Array(mut items)) = serde_json::from_str::<Value>(body)
                    && items.len() == 2
                {
                    let payload = items.pop().unwrap_or(Value::Null);
                    let name = items.pop().and_then(|n| n.as_str().map(str::to_owned)).unwrap_or_default();
                    if ev_tx.send((name, payload)).is_err() {
                        return;
                    }
                }
            }
        });
        Socket { out, events, pending: Default::default() }
    }

    pub fn emit(&self, event: &str, arg: Value) {
        let _ = self.out.send(format!("42{}", serde_json::json!([event, arg])));
    }

    /// Emits `event` with ack id `ack` (`42<ack>[…]`); its answer arrives as "ack:<ack>".
    pub fn emit_with_ack(&self, ack: u64, event: &str, arg: Value) {
        let _ = self.out.send(format!("42{ack}{}", serde_json::json!([event, arg])));
    }

    /// Emits `event` with ack id `ack` and waits for its answer.
    pub async fn call(&mut self, ack: u64, event: &str, arg: Value) -> Value {
        self.emit_with_ack(ack, event, arg);
        self.next_named(&format!("ack:{ack}")).await
    }

    pub fn send_raw(&self, frame: &str) {
        let _ = self.out.send(frame.to_owned());
    }

    /// The next event named `name` (others stay queued for later calls), within 10 s.
    pub async fn next_named(&mut self, name: &str) -> Value {
        if let Some(i) = self.pending.iter().position(|(n, _)| n == name) {
            return self.pending.remove(i).map(|(_, v)| v).unwrap_or_default();
        }
        let wait = async {
            loop {
                let (n, v) = self.events.recv().await.expect("socket still open");
                if n == name {
                    return v;
                }
                self.pending.push_back((n, v));
            }
        };
        tokio::time::timeout(std::time::Duration::from_secs(10), wait).await.expect("event arrives in time")
    }

    /// The updates of the next `lobbyUpdates` frame, each of type `lobby`, within 10 s; fails on a
    /// lobby update sent as an `auctionUpdate` of its own meanwhile (other frames are passed over).
    pub async fn next_lobby_batch(&mut self) -> Vec<Value> {
        let wait = async {
            loop {
                let (name, v) = self.events.recv().await.expect("socket still open");
                assert!(!(name == "auctionUpdate" && v["type"] == "lobby"), "one frame per flush: {v}");
                if name == "lobbyUpdates" {
                    assert_eq!(v["type"], "lobbyBatch", "{v}");
                    let updates = v["updates"].as_array().expect("updates").clone();
                    for u in &updates {
                        assert_eq!(u["type"], "lobby", "{u}");
                    }
                    return updates;
                }
            }
        };
        tokio::time::timeout(std::time::Duration::from_secs(10), wait).await.expect("a batch arrives in time")
    }

    /// The next `notification`, past any `outbid` notice: those follow a bid by their own timer
    /// (only once the bidder is not watching), so they may land between any two others.
    pub async fn next_notice(&mut self) -> Value {
        loop {
            let v = self.next_named("notification").await;
            if v["type"] != "outbid" {
                return v;
            }
        }
    }

    /// The next `auctionUpdate` of type `kind` for auction `id`.
    pub async fn next_update(&mut self, id: i64, kind: &str) -> Value {
        loop {
            let v = self.next_named("auctionUpdate").await;
            if v["type"] == kind && v["auction"]["id"] == id {
                return v;
            }
        }
    }
}

/// A TCP connection to `address` (http://ip:port) from the local address `from`. Linux routes all
/// of 127.0.0.0/8 to the loopback interface, so a client bound to 127.0.0.2 reaches a server on
/// 127.0.0.1 and is seen there as another address.
async fn tcp_from(address: &str, from: IpAddr) -> TcpStream {
    let server: SocketAddr = address.trim_start_matches("http://").parse().expect("address is ip:port");
    let socket = if from.is_ipv4() { TcpSocket::new_v4() } else { TcpSocket::new_v6() }.expect("tcp socket");
    socket.bind(SocketAddr::new(from, 0)).expect("binds the local address");
    socket.connect(server).await.expect("tcp connects")
}
