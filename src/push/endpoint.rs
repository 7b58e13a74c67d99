//! Which push endpoints the server sends to. A device's endpoint is a URL its browser got from
//! its push service (FCM, Mozilla's autopush, Apple's), and the server POSTs to whatever URL a
//! user gives it: so it must be an `https` URL of a public host, never one of the server's own
//! networks (loopback, private, link-local, the cloud's metadata address). The rule is checked
//! when a device is added (after DNS: every address the name has must be public) and again at
//! every connection ([`PublicOnly`], the push client's resolver, so a name that later points
//! inward is refused then). `[push] allow_local_endpoints` lifts it for tests against a local
//! push service.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use reqwest::Url;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// The longest endpoint kept (the push services' run well under 500 characters).
pub const MAX_LEN: usize = 1024;

/// Why an endpoint is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// Not a URL, not `https`, no host, a user or password in it, or too long.
    #[error("the push endpoint is not an https URL of a host")]
    Shape,
    /// A host that is (or whose name resolves to) an address that is not public.
    #[error("the push endpoint's host is not a public address")]
    NotPublic,
    /// A name that does not resolve.
    #[error("the push endpoint's host does not resolve")]
    Unknown,
}

/// `endpoint` parsed, if it has the shape of one: `https` (or `http` when `local` is allowed), a
/// host, no credentials, at most [`MAX_LEN`] bytes; an IP literal host must be public unless
/// `local`.
pub fn parse(endpoint: &str, local: bool) -> Result<Url, Refused> {
    if endpoint.len() > MAX_LEN {
        return Err(Refused::Shape);
    }
    let url = Url::parse(endpoint).map_err(|_| Refused::Shape)?;
    let scheme_ok = url.scheme() == "https" || (local && url.scheme() == "http");
    if !scheme_ok || !url.username().is_empty() || url.password().is_some() {
        return Err(Refused::Shape);
    }
    match url.host_str().filter(|h| !h.is_empty()) {
        None => Err(Refused::Shape),
        Some(host) if !local && literal(host).is_some_and(|ip| !is_public(ip)) => Err(Refused::NotPublic),
        Some(_) => Ok(url),
    }
}

/// The address a host names literally (`[::1]` with its brackets), if it is one.
fn literal(host: &str) -> Option<IpAddr> {
    host.trim_start_matches('[').trim_end_matches(']').parse().ok()
}

/// `endpoint` checked as [`parse`] does and, unless `local`, its host's every address public.
pub async fn check(endpoint: &str, local: bool) -> Result<Url, Refused> {
    let url = parse(endpoint, local)?;
    if local {
        return Ok(url);
    }
    if let Some(name) = url.host_str().filter(|h| literal(h).is_none()) {
        let port = url.port_or_known_default().unwrap_or(443);
        let addrs: Vec<SocketAddr> =
            tokio::net::lookup_host((name, port)).await.map_err(|_| Refused::Unknown)?.collect();
        if addrs.is_empty() {
            return Err(Refused::Unknown);
        }
        if !addrs.iter().all(|a| is_public(a.ip())) {
            return Err(Refused::NotPublic);
        }
    }
    Ok(url)
}

/// Whether `ip` is an address on the public Internet: not loopback, unspecified, private,
/// shared (carrier NAT), link-local (the cloud's metadata address 169.254.169.254 among them),
/// multicast, broadcast, reserved, documentation or benchmarking; IPv6 likewise, with IPv4 inside
/// IPv6 (mapped, NAT64, 6to4) judged by its IPv4 address.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => public_v4(v4),
        IpAddr::V6(v6) => public_v6(v6),
    }
}

fn public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    let special = ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_multicast()
        || ip.is_broadcast()
        || ip.is_documentation()
        || a == 0
        || a >= 240
        || (a == 100 && (64..128).contains(&b))
        || (a == 192 && b == 0 && c == 0)
        || (a == 198 && (b == 18 || b == 19));
    !special
}

fn public_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return public_v4(v4);
    }
    let s = ip.segments();
    let embedded = |hi: u16, lo: u16| Ipv4Addr::from((u32::from(hi) << 16) | u32::from(lo));
    if s[0] == 0x64 && s[1] == 0xff9b {
        return public_v4(embedded(s[6], s[7]));
    }
    if s[0] == 0x2002 {
        return public_v4(embedded(s[1], s[2]));
    }
    let special = ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (s[0] & 0xfe00) == 0xfc00
        || (s[0] & 0xffc0) == 0xfe80
        || (s[0] & 0xffc0) == 0xfec0
        || (s[0] == 0x2001 && s[1] == 0x0db8)
        || s[0] == 0
        || s[0] == 0x0100;
    !special
}

/// The push client's resolver: the system's, keeping only public addresses, and failing a name
/// that has none (so no connection ever reaches an inward address, whatever DNS says later).
#[derive(Debug, Clone, Copy)]
pub struct PublicOnly;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let public: Vec<SocketAddr> = found.into_iter().filter(|a| is_public(a.ip())).collect();
            if public.is_empty() {
                return Err(format!("{host} has no public address").into());
            }
            let addrs: Addrs = Box::new(public.into_iter());
            Ok(addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    #[test]
    fn inward_addresses_are_not_public() {
        for inward in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "192.0.2.1",
            "198.18.0.1",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
            "64:ff9b::a00:1",
            "2002:c0a8:101::1",
            "2001:db8::1",
        ] {
            assert!(!is_public(ip(inward)), "{inward} counted as public");
        }
        for public in ["142.250.74.78", "8.8.8.8", "2a00:1450:4001:80b::200a", "::ffff:8.8.8.8"] {
            assert!(is_public(ip(public)), "{public} counted as inward");
        }
    }

    #[test]
    fn only_https_urls_of_public_hosts_without_credentials_pass() {
        let fcm = "https://fcm.googleapis.com/fcm/send/abc:def";
        assert!(parse(fcm, false).is_ok());
        assert_eq!(parse("http://fcm.googleapis.com/x", false), Err(Refused::Shape));
        assert_eq!(parse("https://user:pw@fcm.googleapis.com/x", false), Err(Refused::Shape));
        assert_eq!(parse("ftp://example.com/x", false), Err(Refused::Shape));
        assert_eq!(parse("not a url", false), Err(Refused::Shape));
        assert_eq!(parse(&format!("https://a.kg/{}", "x".repeat(MAX_LEN)), false), Err(Refused::Shape));
        assert_eq!(parse("https://127.0.0.1/x", false), Err(Refused::NotPublic));
        assert_eq!(parse("https://[::1]/x", false), Err(Refused::NotPublic));
        assert_eq!(parse("https://169.254.169.254/latest", false), Err(Refused::NotPublic));
        // For tests against a local push service, and only then.
        assert!(parse("http://127.0.0.1:8090/notify/x", true).is_ok());
    }

    #[tokio::test]
    async fn a_name_that_resolves_inward_is_refused() {
        assert_eq!(check("https://localhost/push", false).await, Err(Refused::NotPublic));
        assert!(check("http://localhost:8090/notify/x", true).await.is_ok());
    }
}
