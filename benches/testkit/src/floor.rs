//! The fan-out bench's floor: a server that does nothing but what the bench needs of one. It
//! speaks just enough socket.io to be joined, answers `POST /api/auctions/{id}/bid` at once with
//! a new bid id, and sends every socket a `bidsPlaced` frame of the real server's size carrying
//! that id (encoded once, shared). No database, no auction, no rules: the bench against it shows
//! what the clients, the kernel and the machine cost on their own, so the real server's figures
//! can be read against it (docs/performance.md, "Fan-out").
//!
//! It runs in its own process (the bench binary again, with `--floor-server PORT`), like the real
//! server, so that the clients' CPU is measured the same way in both runs.

use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

/// The floor's child process.
pub struct FloorChild {
    pub base: String,
    pub pid: String,
    child: Child,
}

impl FloorChild {
    pub fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for FloorChild {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Starts the floor on a free port, sending `frame_bytes`-long `bidsPlaced` frames; waits until
/// it answers.
pub async fn spawn(frame_bytes: usize) -> FloorChild {
    let port = crate::free_port();
    let child = Command::new(std::env::current_exe().expect("bench binary"))
        .args(["--floor-server", &port.to_string(), "--frame-bytes", &frame_bytes.to_string()])
        .stdout(Stdio::null())
        .spawn()
        .expect("floor starts");
    let base = format!("http://127.0.0.1:{port}");
    let answers = || async {
        let answer = reqwest::get(format!("{base}/api/settings")).await;
        answer.is_ok_and(|r| r.status().is_success()).then_some(())
    };
    // Up to 10 s; a floor that never answers shows in the bench's own requests.
    let _ = crate::poll(Duration::from_secs(10), Duration::from_millis(10), answers).await;
    FloorChild { base, pid: child.id().to_string(), child }
}

/// Every joined socket's queue.
type Sockets = Arc<Mutex<Vec<mpsc::UnboundedSender<Message>>>>;

/// Serves until killed.
pub async fn serve(port: u16, frame_bytes: usize) {
    let listener = TcpListener::bind(("127.0.0.1", port)).await.expect("floor binds");
    let sockets: Sockets = Arc::default();
    let next_bid = Arc::new(AtomicI64::new(1));
    loop {
        let Ok((stream, _)) = listener.accept().await else { continue };
        let _ = stream.set_nodelay(true);
        let (sockets, next_bid) = (sockets.clone(), next_bid.clone());
        tokio::spawn(async move {
            let mut head = [0u8; 16];
            let Ok(n) = stream.peek(&mut head).await else { return };
            if head[..n].starts_with(b"GET /socket.io") {
                socket(stream, sockets).await;
            } else {
                http(stream, sockets, next_bid, frame_bytes).await;
            }
        });
    }
}

/// One realtime client: the Engine.IO open, the socket.io connect, a snapshot on join, then the
/// broadcast frames.
async fn socket(stream: TcpStream, sockets: Sockets) {
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else { return };
    let (mut write, mut read) = ws.split();
    let open =
        r#"0{"sid":"floor","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}"#;
    if write.send(Message::text(open)).await.is_err() {
        return;
    }
    let (tx, mut rx) = mpsc::unbounded_channel::<Message>();
    loop {
        tokio::select! {
            frame = rx.recv() => match frame {
                Some(frame) => if write.send(frame).await.is_err() { return },
                None => return,
            },
            msg = read.next() => match msg {
                Some(Ok(Message::Text(t))) => {
                    let t = t.as_str();
                    if t == "40" {
                        if write.send(Message::text(r#"40{"sid":"floor"}"#)).await.is_err() {
                            return;
                        }
                    } else if t.starts_with(r#"42["joinAuction""#) {
                        let snapshot = r#"42["auctionUpdate",{"type":"snapshot","auction":{},"bids":[]}]"#;
                        if write.send(Message::text(snapshot)).await.is_err() {
                            return;
                        }
                        sockets.lock().expect("sockets").push(tx.clone());
                    }
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
        }
    }
}

/// HTTP/1.1 with keep-alive, just enough for the bench: a bid is answered and broadcast; any
/// other request gets `{"viewers": n}` (the auction read) or `{}`.
async fn http(stream: TcpStream, sockets: Sockets, next_bid: Arc<AtomicI64>, frame_bytes: usize) {
    let (read, mut write) = stream.into_split();
    let mut read = BufReader::new(read);
    loop {
        let mut line = String::new();
        if read.read_line(&mut line).await.unwrap_or(0) == 0 {
            return;
        }
        let request = line.trim_end().to_owned();
        let mut length = 0usize;
        loop {
            line.clear();
            if read.read_line(&mut line).await.unwrap_or(0) == 0 {
                return;
            }
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().unwrap_or(0);
            }
        }
        let mut body = vec![0u8; length];
        if read.read_exact(&mut body).await.is_err() {
            return;
        }
        let (answer, bid) = if request.starts_with("POST ") && request.contains("/bid ") {
            let id = next_bid.fetch_add(1, Ordering::Relaxed);
            (format!(r#"{{"bid":{{"id":{id}}},"bidBalance":1}}"#), Some(id))
        } else if request.starts_with("GET /api/auctions/") {
            (format!(r#"{{"viewers":{}}}"#, sockets.lock().expect("sockets").len()), None)
        } else {
            ("{}".to_owned(), None)
        };
        let response = format!(
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{answer}",
            answer.len()
        );
        if write.write_all(response.as_bytes()).await.is_err() {
            return;
        }
        if let Some(id) = bid {
            // Answered first, then broadcast, as the real server does after its commit.
            let frame = Message::text(frame_of(id, frame_bytes));
            sockets.lock().expect("sockets").retain(|tx| tx.send(frame.clone()).is_ok());
        }
    }
}

/// A `bidsPlaced` frame carrying bid `id`, padded to `bytes` long.
fn frame_of(id: i64, bytes: usize) -> String {
    let start = r#"42["auctionUpdate",{"type":"bidsPlaced","auction":{"pad":""#;
    let end = format!(r#""}},"bids":[{{"id":{id},"amount":0.01}}]}}]"#);
    let pad = bytes.saturating_sub(start.len() + end.len());
    format!("{start}{}{end}", "x".repeat(pad))
}
