//! The writing half of a [`WsSession`]: frames go straight into actix-ws's own queue while it has
//! room; behind a slow client they wait in the session's bounded queue, and a client that cannot
//! keep up is disconnected rather than buffered without limit.

use std::sync::Arc;

use actix::prelude::*;
use bytes::Bytes;
use bytestring::ByteString;
use futures_util::FutureExt;

use super::WsSession;

/// Frames waiting for a slow client (beyond actix-ws's own 32) before it is disconnected.
pub(super) const OUTBOX: usize = 512;
/// An `Arc<str>` frame as bytes without copying it.
pub(super) struct Frame(pub(super) Arc<str>);

impl AsRef<[u8]> for Frame {
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl Frame {
    /// The shared frame as the WebSocket's text type, without copying or re-validating it.
    pub(super) fn into_text(self) -> ByteString {
        // SAFETY: the bytes are those of a `str` (an `Arc<str>`), so they are valid UTF-8; the
        // `Bytes` keeps that `Arc` alive and immutable for as long as the `ByteString` lives.
        unsafe { ByteString::from_bytes_unchecked(Bytes::from_owner(self)) }
    }
}

impl WsSession {
    /// Sends a frame: into actix-ws's queue at once when nothing waits before it and there is
    /// room, else behind the frames waiting; a full wait means the client is too slow: disconnect
    /// it.
    pub(super) fn send(&mut self, frame: ByteString, ctx: &mut Context<Self>) {
        if self.waiting.is_empty() {
            match offer(&mut self.socket, frame) {
                Offered::Taken => {
                    self.frames.increment(1);
                    return;
                }
                Offered::Closed => {
                    ctx.stop();
                    return;
                }
                Offered::Full(frame) => self.waiting.push_back(frame),
            }
        } else if self.waiting.len() < OUTBOX {
            self.waiting.push_back(frame);
        } else {
            if ctx.state() == ActorState::Running {
                metrics::counter!(crate::metrics::SOCKETS_DROPPED).increment(1);
                ctx.stop();
            }
            return;
        }
        self.frames.increment(1);
        self.write_waiting(ctx);
    }

    /// Moves the waiting frames into actix-ws's queue while it has room; when it is full, one
    /// future waits for room for the first frame, then goes on with the rest.
    fn write_waiting(&mut self, ctx: &mut Context<Self>) {
        while !self.writing {
            let Some(first) = self.waiting.pop_front() else { return };
            match offer(&mut self.socket, first) {
                Offered::Taken => {}
                Offered::Closed => {
                    ctx.stop();
                    return;
                }
                Offered::Full(first) => {
                    // It stays first while it is on its way (a session stopped meanwhile still
                    // sends it).
                    self.waiting.push_front(first.clone());
                    // The writer takes the sender that is already waiting for room (it keeps its
                    // place in the queue); the session keeps a fresh one, to close with.
                    let fresh = self.socket.clone();
                    let mut socket = std::mem::replace(&mut self.socket, fresh);
                    self.writing = true;
                    let wait = async move { (socket.text(first).await, socket) };
                    ctx.spawn(fut::wrap_future(wait).map(|(sent, socket), act: &mut Self, ctx| {
                        act.writing = false;
                        if sent.is_err() {
                            ctx.stop();
                            return;
                        }
                        act.socket = socket;
                        act.waiting.pop_front();
                        act.write_waiting(ctx);
                    }));
                }
            }
        }
    }

    pub(super) fn send_text(&mut self, text: String, ctx: &mut Context<Self>) {
        self.send(ByteString::from(text), ctx);
    }
}

/// What became of a frame offered to actix-ws's queue.
enum Offered {
    Taken,
    /// No room: the frame back. The sender stays in line for the next room.
    Full(ByteString),
    /// The connection is gone.
    Closed,
}

/// Offers `frame` to the connection's queue without waiting.
fn offer(socket: &mut actix_ws::Session, frame: ByteString) -> Offered {
    match socket.text(frame.clone()).now_or_never() {
        Some(Ok(())) => Offered::Taken,
        Some(Err(_)) => Offered::Closed,
        None => Offered::Full(frame),
    }
}
