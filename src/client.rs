//! Who is asking, and by which name they reached us: the peer's address and the `Host` header, or,
//! only when the peer is one of `server.trusted_proxies`, what that proxy forwarded (`Forwarded`,
//! `X-Forwarded-For`, `X-Forwarded-Host`, `X-Forwarded-Proto`). Anyone can send those headers, so
//! every use of the client's address, the site's host name or the scheme goes through here.

use std::net::IpAddr;

use actix_web::http::header;
use actix_web::{HttpRequest, web};

/// The reverse proxies whose forwarded headers are believed: addresses and CIDR blocks.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(Vec<(IpAddr, u8)>);

impl TrustedProxies {
    /// Parses `10.0.0.1`, `10.0.0.0/8`, `::1` or `fd00::/8`; an entry that is neither is an error
    /// naming it.
    pub fn parse(list: &[String]) -> Result<TrustedProxies, String> {
        let parse_one = |entry: &String| {
            let entry = entry.trim();
            let (ip, bits) = entry.split_once('/').map_or((entry, None), |(ip, bits)| (ip, Some(bits)));
            let ip: IpAddr = ip.parse().map_err(|_| format!("not an IP address or CIDR block: {entry}"))?;
            let max = if ip.is_ipv4() { 32 } else { 128 };
            let bits = match bits {
                None => max,
                Some(b) => {
                    b.parse::<u8>().ok().filter(|b| *b <= max).ok_or(format!("bad prefix: {entry}"))?
                }
            };
            Ok((ip.to_canonical(), bits))
        };
        list.iter().map(parse_one).collect::<Result<_, _>>().map(TrustedProxies)
    }

    /// Whether `ip` lies in one of the entries.
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|&(net, bits)| match (net, ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                prefix(u32::from(net).into(), u32::from(ip).into(), bits, 32)
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => prefix(u128::from(net), u128::from(ip), bits, 128),
            _ => false,
        })
    }
}

/// Whether the first `bits` of two `width`-bit numbers agree.
fn prefix(a: u128, b: u128, bits: u8, width: u32) -> bool {
    let shift = width - u32::from(bits);
    shift >= width || (a >> shift) == (b >> shift)
}

/// Whether the request came through a trusted proxy (its forwarded headers count).
fn via_trusted_proxy(req: &HttpRequest) -> bool {
    let Some(peer) = req.peer_addr() else { return false };
    req.app_data::<web::Data<TrustedProxies>>().is_some_and(|t| t.contains(peer.ip()))
}

/// The client's address: the peer, or behind trusted proxies the nearest address in
/// `X-Forwarded-For` (read from the right) that is not itself a trusted proxy, else `Forwarded`'s
/// `for=`.
pub fn client_ip(req: &HttpRequest) -> Option<IpAddr> {
    let peer = req.peer_addr().map(|a| a.ip().to_canonical());
    if !via_trusted_proxy(req) {
        return peer;
    }
    let trusted = req.app_data::<web::Data<TrustedProxies>>()?;
    let chain: Vec<IpAddr> = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(parse_addr)
        .collect();
    if let Some(ip) = chain.iter().rev().find(|ip| !trusted.contains(**ip)).or(chain.first()) {
        return Some(*ip);
    }
    req.connection_info().realip_remote_addr().and_then(parse_addr).or(peer)
}

/// An address as proxies write it: `1.2.3.4`, `1.2.3.4:5678`, `::1` or `"[::1]:5678"`.
fn parse_addr(text: &str) -> Option<IpAddr> {
    let text = text.trim().trim_matches('"');
    text.parse::<IpAddr>()
        .or_else(|_| text.parse::<std::net::SocketAddr>().map(|a| a.ip()))
        .ok()
        .map(|ip| ip.to_canonical())
}

/// The client's address as text for throttling keys and records ("" when unknown).
pub fn client_addr(req: &HttpRequest) -> String {
    client_ip(req).map(|ip| ip.to_string()).unwrap_or_default()
}

/// The host name (and port) the client addressed: the `Host` header, or behind a trusted proxy the
/// forwarded host.
pub fn host(req: &HttpRequest) -> String {
    if via_trusted_proxy(req) {
        return req.connection_info().host().to_owned();
    }
    req.headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_owned)
        .or_else(|| req.uri().authority().map(|a| a.as_str().to_owned()))
        .unwrap_or_default()
}

/// Whether the client reached us over https: our own listener's TLS, or behind a trusted proxy
/// the forwarded scheme.
pub fn is_https(req: &HttpRequest) -> bool {
    if via_trusted_proxy(req) {
        return req.connection_info().scheme() == "https";
    }
    req.app_config().secure()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[&str]) -> TrustedProxies {
        TrustedProxies::parse(&items.iter().map(|s| s.to_string()).collect::<Vec<_>>()).expect("parses")
    }

    #[test]
    fn addresses_and_blocks_match_what_they_cover() {
        let t = list(&["10.0.0.0/8", "192.168.1.7", "fd00::/8"]);
        assert!(t.contains("10.200.1.2".parse().unwrap()));
        assert!(t.contains("::ffff:10.0.0.1".parse().unwrap()), "IPv4-mapped addresses count");
        assert!(t.contains("192.168.1.7".parse().unwrap()));
        assert!(!t.contains("192.168.1.8".parse().unwrap()));
        assert!(t.contains("fd12::1".parse().unwrap()));
        assert!(!t.contains("::1".parse().unwrap()));
        assert!(list(&["0.0.0.0/0"]).contains("8.8.8.8".parse().unwrap()));
        assert!(!TrustedProxies::default().contains("127.0.0.1".parse().unwrap()));
    }

    #[test]
    fn bad_entries_are_refused() {
        for bad in ["proxy.local", "10.0.0.0/33", "::/129", "1.2.3.4/x"] {
            assert!(TrustedProxies::parse(&[bad.to_owned()]).is_err(), "{bad}");
        }
    }

    #[test]
    fn forwarded_addresses_parse_with_or_without_ports() {
        assert_eq!(parse_addr(" 1.2.3.4"), "1.2.3.4".parse().ok());
        assert_eq!(parse_addr("1.2.3.4:80"), "1.2.3.4".parse().ok());
        assert_eq!(parse_addr("\"[::1]:80\""), "::1".parse().ok());
        assert_eq!(parse_addr("unknown"), None);
    }
}
