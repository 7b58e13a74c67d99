//! Web Push to the phone app (docs/rules/notifications.md, "Push to the phone"): what the outbox's
//! push channel (`crate::outbox::push`) and the device use cases (`crate::app::push`) are made of.
//!
//! - [`ece`]: the message a push service carries to a browser, encrypted for the subscription's
//!   keys (RFC 8291 sections 3.3, 3.4 and 4, in the `aes128gcm` content coding of RFC 8188
//!   sections 2 and 2.1), and its decryption, the user agent's side (for the tests and a local
//!   push service).
//! - [`endpoint`]: which push endpoints the server sends to (https, public hosts, after DNS).
//! - [`device`]: a device's name from its User-Agent, for the profile's list.
//! - [`vapid`]: the application server's key pair and the `Authorization: vapid t=…, k=…` header
//!   that identifies it to the push service (RFC 8292 sections 2, 2.1, 3 and 3.2).
//!
//! Every key and secret crosses the wire as base64url without padding (RFC 4648 section 5);
//! padded input is accepted too. The cryptography is `aws-lc-rs`'s, the library rustls builds.

pub mod device;
pub mod ece;
pub mod endpoint;
pub mod vapid;

#[cfg(test)]
mod tests;

use base64::prelude::{BASE64_URL_SAFE_NO_PAD, Engine as _};

/// Why a push message or a VAPID header could not be made, or a body not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PushError {
    /// A key, secret or body that is not base64url.
    #[error("the {0} is not base64url")]
    Base64(&'static str),
    /// A subscription's `p256dh` of the wrong length.
    #[error(
        "the subscription's p256dh is not a P-256 public key: {0} bytes where an uncompressed \
         point has 65"
    )]
    P256dhLength(usize),
    /// A subscription's `p256dh` of 65 bytes that is no point of the curve.
    #[error("the subscription's p256dh is not a P-256 public key: not an uncompressed point of the curve")]
    P256dhNotAPoint,
    /// A subscription's `auth` secret of the wrong length.
    #[error("the subscription's auth secret has {0} bytes where it must have 16")]
    AuthLength(usize),
    /// A plaintext over what one record of 4096 bytes holds.
    #[error("the push message has {len} bytes; one record holds at most {max}")]
    PayloadTooLarge { len: usize, max: usize },
    /// A body that is not one `aes128gcm` record for this code to read.
    #[error("the push body is not an aes128gcm message of one record: {0}")]
    Body(&'static str),
    /// A record that does not open: another key or auth secret, or bytes changed on the way.
    #[error("the push record does not decrypt: wrong key or auth secret, or the body was altered")]
    Decrypt,
    /// A private key that is neither a P-256 scalar nor a P-256 PKCS#8 or SEC 1 document.
    #[error("the VAPID private key is not a P-256 key (a 32-byte scalar or a PKCS#8 document)")]
    PrivateKey,
    /// A push endpoint without an `https` (or `http`) origin.
    #[error("the push endpoint is not an https or http URL with a host: {0}")]
    Endpoint(String),
    /// A VAPID subject that is neither a `mailto:` nor an `https:` URI.
    #[error("the VAPID subject must be a mailto: or https: URI, not {0:?}")]
    Subject(String),
    /// A VAPID token asked to live longer than the push service accepts (or not at all).
    #[error("a VAPID token lives more than 0 s and at most 24 h, not {0} s")]
    Validity(u64),
    /// The cryptography library refused an operation it should not have.
    #[error("the cryptography library failed to {0}")]
    Crypto(&'static str),
}

/// `bytes` as base64url without padding.
pub fn b64url(bytes: &[u8]) -> String {
    BASE64_URL_SAFE_NO_PAD.encode(bytes)
}

/// The bytes of base64url `text` (with or without padding); `what` names it in the error.
pub fn from_b64url(text: &str, what: &'static str) -> Result<Vec<u8>, PushError> {
    BASE64_URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).map_err(|_| PushError::Base64(what))
}
