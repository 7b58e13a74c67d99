//! VAPID (RFC 8292): the application server's P-256 key pair and the header that identifies it
//! to a push service.
//!
//! The public key is what the browser takes as `applicationServerKey` when it subscribes, the
//! base64url of the uncompressed point (RFC 8292 section 3.2); the push service then accepts
//! only messages whose `Authorization: vapid t=<JWT>, k=<public key>` header (section 3) carries
//! a token signed by that key. The token (section 2) is a JWT with the header
//! `{"typ":"JWT","alg":"ES256"}` and the claims `aud` (the endpoint's origin, section 2), `exp`
//! (at most 24 hours ahead, section 2) and `sub` (a `mailto:` or `https:` contact, section 2.1),
//! signed with ECDSA P-256 SHA-256 as JWS wants it: r || s, 64 bytes (RFC 7518 section 3.4).
//!
//! The private key is kept as the base64url of its 32-byte scalar (what most Web Push libraries
//! print) or as a PKCS#8 document.

use std::fmt;
use std::time::Duration;

use aws_lc_rs::agreement;
use aws_lc_rs::encoding::AsBigEndian as _;
use aws_lc_rs::rand::SystemRandom;
use aws_lc_rs::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair as _};
use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{PushError, b64url, from_b64url};

/// The longest a token may live: push services refuse an `exp` further than 24 hours ahead.
pub const MAX_VALIDITY: Duration = Duration::from_secs(24 * 3600);
/// A token's life when the caller has no reason to choose: 12 hours, clear of clock skew.
pub const DEFAULT_VALIDITY: Duration = Duration::from_secs(12 * 3600);

/// The JWS header of every token, in the bytes of RFC 8292's example.
const JWT_HEADER: &str = r#"{"typ":"JWT","alg":"ES256"}"#;
/// A P-256 private key's scalar.
const SCALAR_LEN: usize = 32;

/// The claims of a VAPID token, in RFC 8292's order.
#[derive(Serialize)]
struct Claims<'a> {
    aud: &'a str,
    exp: i64,
    sub: &'a str,
}

/// The application server's VAPID key pair (ECDSA P-256).
pub struct VapidKey {
    pair: EcdsaKeyPair,
}

impl fmt::Debug for VapidKey {
    /// The public key only.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VapidKey").field("public", &self.public_b64()).finish_non_exhaustive()
    }
}

impl VapidKey {
    /// A new random key pair.
    pub fn generate() -> Result<VapidKey, PushError> {
        let pair = EcdsaKeyPair::generate(&ECDSA_P256_SHA256_FIXED_SIGNING)
            .map_err(|_| PushError::Crypto("generate a P-256 key pair"))?;
        Ok(VapidKey { pair })
    }

    /// The key pair of a private key in base64url: the 32-byte scalar, or a PKCS#8 (or SEC 1)
    /// document.
    pub fn from_private_b64(text: &str) -> Result<VapidKey, PushError> {
        let bytes = from_b64url(text, "VAPID private key")?;
        if bytes.len() == SCALAR_LEN { VapidKey::from_scalar(&bytes) } else { VapidKey::from_der(&bytes) }
    }

    /// The key pair of a private scalar: 32 bytes, big-endian.
    pub fn from_scalar(scalar: &[u8]) -> Result<VapidKey, PushError> {
        // ECDSA's import wants the public point too; ECDH computes it from the scalar.
        let ecdh = agreement::PrivateKey::from_private_key(&agreement::ECDH_P256, scalar)
            .map_err(|_| PushError::PrivateKey)?;
        let public = ecdh.compute_public_key().map_err(|_| PushError::PrivateKey)?;
        let pair = EcdsaKeyPair::from_private_key_and_public_key(
            &ECDSA_P256_SHA256_FIXED_SIGNING,
            scalar,
            public.as_ref(),
        )
        .map_err(|_| PushError::PrivateKey)?;
        Ok(VapidKey { pair })
    }

    /// The key pair of a DER document: PKCS#8 v1 (`openssl genpkey`), or SEC 1 `ECPrivateKey`.
    pub fn from_der(der: &[u8]) -> Result<VapidKey, PushError> {
        let pair = EcdsaKeyPair::from_private_key_der(&ECDSA_P256_SHA256_FIXED_SIGNING, der)
            .map_err(|_| PushError::PrivateKey)?;
        Ok(VapidKey { pair })
    }

    /// The private scalar, 32 bytes in base64url: what [`VapidKey::from_private_b64`] reads.
    pub fn private_b64(&self) -> Result<String, PushError> {
        let scalar = self
            .pair
            .private_key()
            .as_be_bytes()
            .map_err(|_| PushError::Crypto("export the private scalar"))?;
        Ok(b64url(scalar.as_ref()))
    }

    /// The private key as a PKCS#8 v1 document (DER).
    pub fn pkcs8(&self) -> Result<Vec<u8>, PushError> {
        let document = self.pair.to_pkcs8v1().map_err(|_| PushError::Crypto("export PKCS#8"))?;
        Ok(document.as_ref().to_vec())
    }

    /// The public key, an uncompressed point of 65 bytes.
    pub fn public_key(&self) -> &[u8] {
        self.pair.public_key().as_ref()
    }

    /// The public key in base64url: the browser's `applicationServerKey` and the header's `k`.
    pub fn public_b64(&self) -> String {
        b64url(self.public_key())
    }

    /// The `Authorization` header's value for a push to `endpoint`: `vapid t=<JWT>, k=<key>`,
    /// the token for the endpoint's origin, `subject` (`mailto:` or `https:`), and expiring
    /// `valid_for` (at most [`MAX_VALIDITY`]) after `now`.
    pub fn authorization(
        &self,
        endpoint: &str,
        subject: &str,
        now: DateTime<Utc>,
        valid_for: Duration,
    ) -> Result<String, PushError> {
        if valid_for.is_zero() || valid_for > MAX_VALIDITY {
            return Err(PushError::Validity(valid_for.as_secs()));
        }
        let expires = now.timestamp().saturating_add(valid_for.as_secs() as i64);
        let token = self.token(&audience(endpoint)?, subject, expires)?;
        Ok(format!("vapid t={token}, k={}", self.public_b64()))
    }

    /// The signed JWT for `audience` (an origin), `subject` and `expires` (Unix seconds).
    pub fn token(&self, audience: &str, subject: &str, expires: i64) -> Result<String, PushError> {
        check_subject(subject)?;
        let input = signing_input(audience, expires, subject);
        let signature = self
            .pair
            .sign(&SystemRandom::new(), input.as_bytes())
            .map_err(|_| PushError::Crypto("sign the VAPID token"))?;
        Ok(format!("{input}.{}", b64url(signature.as_ref())))
    }
}

/// The JWS signing input: the header and the claims, each base64url, joined by a dot.
pub(super) fn signing_input(audience: &str, expires: i64, subject: &str) -> String {
    let claims = Claims { aud: audience, exp: expires, sub: subject };
    // Two strings and a number: serializing cannot fail.
    let claims = serde_json::to_vec(&claims).unwrap_or_default();
    format!("{}.{}", b64url(JWT_HEADER.as_bytes()), b64url(&claims))
}

/// The origin of a push endpoint (`scheme://host[:port]`, the port only when not the scheme's
/// default), the token's audience (RFC 8292 section 2). `http` is for a local push service.
pub fn audience(endpoint: &str) -> Result<String, PushError> {
    let refuse = || PushError::Endpoint(endpoint.to_owned());
    let url = reqwest::Url::parse(endpoint).map_err(|_| refuse())?;
    if !matches!(url.scheme(), "https" | "http") || url.host_str().is_none_or(str::is_empty) {
        return Err(refuse());
    }
    Ok(url.origin().ascii_serialization())
}

/// A contact the push service can reach: `mailto:someone@host` or an `https:` URL.
fn check_subject(subject: &str) -> Result<(), PushError> {
    let lower = subject.to_ascii_lowercase();
    let mail = lower.strip_prefix("mailto:").is_some_and(|to| to.contains('@') && !to.starts_with('@'));
    let web = lower.strip_prefix("https://").is_some_and(|rest| !rest.is_empty());
    if (mail || web) && !subject.chars().any(char::is_whitespace) {
        Ok(())
    } else {
        Err(PushError::Subject(subject.to_owned()))
    }
}
