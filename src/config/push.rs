//! The `[push]` settings: Web Push to the phone app (docs/operations.md, "Push to the phone").
//! Every key is in `config/default.toml`, which gives the defaults.

use serde::Deserialize;

use super::Secret;

/// Whether the server sends Web Push, as whom, with which key, and where it may send.
#[derive(Debug, Clone, Deserialize)]
pub struct PushSettings {
    /// Off: no device can be added, and no push message is written.
    pub enabled: bool,
    /// The contact push services see in every VAPID token (`mailto:` or `https:`).
    pub subject: String,
    /// The VAPID private key (base64url of the P-256 scalar); empty: the one in the database,
    /// made by the first node that starts.
    pub vapid_private_key: Secret,
    /// Seconds a push service keeps a message for a phone that is off before dropping it.
    pub ttl_secs: u32,
    /// Lifts the rule that endpoints are `https` URLs of public hosts: for tests against a local
    /// push service only. The server says so in its log at start.
    pub allow_local_endpoints: bool,
}

#[cfg(test)]
mod tests {
    use crate::config::Settings;

    #[test]
    fn push_is_on_with_the_database_key_and_public_endpoints_only_by_default() {
        let s = Settings::load(None).expect("defaults parse");
        assert!(s.push.enabled);
        assert!(s.push.vapid_private_key.is_empty());
        assert!(!s.push.allow_local_endpoints);
        assert!(s.push.subject.starts_with("mailto:"));
    }
}
