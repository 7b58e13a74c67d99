//! The socket.io wire format over a WebSocket: Engine.IO v4 packets (`0` open, `1` close,
//! `2` ping, `3` pong, `4` message) carrying Socket.IO v5 packets (`0` connect, `1` disconnect,
//! `2` event, `3` ack). Only the default namespace `/` and text frames are spoken. The events
//! themselves are typed in [`super::events`], which builds every server event frame.

use serde::Serialize;
use serde_json::Value;

/// Heartbeat: the server pings every `PING_INTERVAL_MS`; a client silent for interval + timeout
/// is gone.
pub const PING_INTERVAL_MS: u64 = 25_000;
pub const PING_TIMEOUT_MS: u64 = 20_000;
/// Largest frame a client may send.
pub const MAX_PAYLOAD: usize = 16 * 1024;

/// What a client frame asks for.
#[derive(Debug, PartialEq)]
pub enum Inbound {
    /// Engine.IO pong (answer to our ping).
    Pong,
    /// Engine.IO ping (a v3-style client); answer with pong.
    Ping,
    /// Engine.IO close.
    Close,
    /// Socket.IO connect to the default namespace.
    Connect,
    /// Socket.IO connect to another namespace (refused).
    ConnectOther(String),
    /// Socket.IO disconnect.
    Disconnect,
    /// Socket.IO event with its arguments and optional ack id.
    Event { name: String, args: Vec<Value>, ack: Option<u64> },
}

/// Why a frame could not be understood; the connection is closed.
#[derive(Debug, PartialEq)]
pub struct Malformed;

/// Parses one text frame from a client.
pub fn parse(frame: &str) -> Result<Inbound, Malformed> {
    let mut chars = frame.chars();
    match chars.next() {
        Some('3') => Ok(Inbound::Pong),
        Some('2') => Ok(Inbound::Ping),
        Some('1') => Ok(Inbound::Close),
        Some('4') => parse_socket(chars.as_str()),
        _ => Err(Malformed),
    }
}

fn parse_socket(packet: &str) -> Result<Inbound, Malformed> {
    let (kind, rest) = packet.split_at_checked(1).ok_or(Malformed)?;
    let (namespace, rest) = match rest.strip_prefix('/') {
        Some(named) => {
            let (nsp, tail) = named.split_once(',').unwrap_or((named, ""));
            (Some(format!("/{nsp}")), tail)
        }
        None => (None, rest),
    };
    match (kind, namespace) {
        ("0", Some(nsp)) if nsp != "/" => Ok(Inbound::ConnectOther(nsp)),
        ("0", _) => Ok(Inbound::Connect),
        ("1", _) => Ok(Inbound::Disconnect),
        ("2", None) => {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            let ack = if digits > 0 { Some(rest[..digits].parse().map_err(|_| Malformed)?) } else { None };
            let Ok(Value::Array(mut items)) = serde_json::from_str(&rest[digits..]) else {
                return Err(Malformed);
            };
            if items.is_empty() {
                return Err(Malformed);
            }
            let Value::String(name) = items.remove(0) else {
                return Err(Malformed);
            };
            Ok(Inbound::Event { name, args: items, ack })
        }
        _ => Err(Malformed),
    }
}

/// The Engine.IO open packet.
pub fn open(sid: &str) -> String {
    let body = serde_json::json!({
        "sid": sid,
        "upgrades": [],
        "pingInterval": PING_INTERVAL_MS,
        "pingTimeout": PING_TIMEOUT_MS,
        "maxPayload": MAX_PAYLOAD,
    });
    format!("0{body}")
}

/// The Socket.IO connect answer for the default namespace.
pub fn connected(sid: &str) -> String {
    format!("40{}", serde_json::json!({ "sid": sid }))
}

/// The refusal of a namespace other than `/`.
pub fn connect_error(namespace: &str) -> String {
    format!("44{namespace},{}", serde_json::json!({ "message": "Invalid namespace" }))
}

/// The server's disconnect of the namespace `/`: the client is to reconnect only when it chooses
/// (socket.io reports it as `io server disconnect` and does not retry by itself).
pub const DISCONNECT: &str = "41";
pub const PING: &str = "2";
pub const PONG: &str = "3";

/// An acknowledgement `43<id>[data]`.
pub fn ack<T: Serialize + ?Sized>(id: u64, data: &T) -> serde_json::Result<String> {
    Ok(format!("43{id}[{}]", serde_json::to_string(data)?))
}

/// An acknowledgement `43<id>[<json>]` of JSON already written.
pub fn ack_json(id: u64, json: &str) -> String {
    format!("43{id}[{json}]")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn engine_packets_parse() {
        assert_eq!(parse("3"), Ok(Inbound::Pong));
        assert_eq!(parse("2"), Ok(Inbound::Ping));
        assert_eq!(parse("1"), Ok(Inbound::Close));
        assert_eq!(parse(""), Err(Malformed));
        assert_eq!(parse("9"), Err(Malformed));
    }

    #[test]
    fn socket_packets_parse() {
        assert_eq!(parse("40"), Ok(Inbound::Connect));
        assert_eq!(parse("40{\"token\":1}"), Ok(Inbound::Connect));
        assert_eq!(parse("40/admin,"), Ok(Inbound::ConnectOther("/admin".into())));
        assert_eq!(parse("41"), Ok(Inbound::Disconnect));
        assert_eq!(
            parse("42[\"joinAuction\",12]"),
            Ok(Inbound::Event { name: "joinAuction".into(), args: vec![json!(12)], ack: None })
        );
        assert_eq!(
            parse("427[\"leaveAuction\",\"12\"]"),
            Ok(Inbound::Event { name: "leaveAuction".into(), args: vec![json!("12")], ack: Some(7) })
        );
    }

    #[test]
    fn garbage_is_malformed() {
        for bad in
            ["4", "42", "42{}", "42[]", "42[1]", "42[\"x\"", "4299999999999999999999[\"x\"]", "4/", "45"]
        {
            assert_eq!(parse(bad), Err(Malformed), "{bad}");
        }
    }

    #[test]
    fn server_packets_encode() {
        assert_eq!(ack(3, &json!({"ok": true})).unwrap(), "433[{\"ok\":true}]");
        assert_eq!(ack_json(4, "{\"status\":200}"), "434[{\"status\":200}]");
        assert!(open("abc").starts_with("0{") && open("abc").contains("\"pingInterval\":25000"));
        assert_eq!(connected("s1"), "40{\"sid\":\"s1\"}");
    }
}
