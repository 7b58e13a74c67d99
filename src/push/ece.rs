//! A Web Push message, encrypted for one subscription (RFC 8291) in the `aes128gcm` content
//! coding (RFC 8188): the body of the `POST` to the subscription's endpoint, sent with
//! `Content-Encoding: aes128gcm`.
//!
//! The body is one RFC 8188 header (section 2.1: salt, record size 4096, the key id's length
//! 65 and the key id, our ephemeral public key, RFC 8291 section 4) and one record, the
//! plaintext and the last record's padding delimiter 0x02 sealed with AES-128-GCM (RFC 8188
//! section 2). The keys come from RFC 8291 section 3.3 (the ECDH secret combined with the
//! subscription's auth secret) and section 3.4 (the content encryption key and nonce of RFC 8188
//! section 2.2 and 2.3, the first record's sequence number 0 leaving the nonce as derived).
//!
//! [`decrypt`] is the user agent's side, for the tests and a local push service.

use std::fmt;

use aws_lc_rs::aead::{AES_128_GCM, Aad, LessSafeKey, Nonce, UnboundKey};
use aws_lc_rs::agreement::{self, ECDH_P256, ParsedPublicKey, PrivateKey, UnparsedPublicKey};
use aws_lc_rs::hkdf::{HKDF_SHA256, KeyType, Prk, Salt};

use super::{PushError, b64url, from_b64url};

/// The record size the header announces: one record of at most 4096 bytes (RFC 8291 section 4).
pub const RECORD_SIZE: u32 = 4096;
/// The RFC 8188 header: salt (16), record size (4), the key id's length (1), the key id (65).
pub const HEADER_LEN: usize = SALT_LEN + 4 + 1 + POINT_LEN;
/// The longest plaintext one record of a 4096-byte body holds: 3993 bytes (RFC 8291 section 4).
pub const MAX_PLAINTEXT: usize = RECORD_SIZE as usize - HEADER_LEN - TAG_LEN - 1;

/// An uncompressed P-256 point: 0x04, x and y.
const POINT_LEN: usize = 65;
const SALT_LEN: usize = 16;
const AUTH_LEN: usize = 16;
/// AES-GCM's authentication tag.
const TAG_LEN: usize = 16;
/// The padding delimiter of the last record (RFC 8188 section 2).
const LAST_RECORD: u8 = 0x02;

/// RFC 8291 section 3.4's `key_info` prefix; the two public keys follow it.
const KEY_INFO: &[u8] = b"WebPush: info\0";
/// RFC 8188 section 2.2's info for the content encryption key.
const CEK_INFO: &[u8] = b"Content-Encoding: aes128gcm\0";
/// RFC 8188 section 2.3's info for the nonce.
const NONCE_INFO: &[u8] = b"Content-Encoding: nonce\0";

/// A subscription's keys (`PushSubscription.getKey`): the browser's P-256 public key `p256dh`
/// and its 16-byte `auth` secret, checked once when read.
#[derive(Clone, PartialEq, Eq)]
pub struct SubscriptionKeys {
    p256dh: [u8; POINT_LEN],
    auth: [u8; AUTH_LEN],
}

impl fmt::Debug for SubscriptionKeys {
    /// The public key only: the auth secret stays out of logs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SubscriptionKeys").field("p256dh", &b64url(&self.p256dh)).finish_non_exhaustive()
    }
}

impl SubscriptionKeys {
    /// The keys as a subscription's JSON carries them, base64url (`keys.p256dh`, `keys.auth`).
    pub fn parse(p256dh: &str, auth: &str) -> Result<SubscriptionKeys, PushError> {
        let p256dh = from_b64url(p256dh, "subscription's p256dh")?;
        let auth = from_b64url(auth, "subscription's auth secret")?;
        SubscriptionKeys::from_bytes(&p256dh, &auth)
    }

    /// The keys from their bytes: `p256dh` an uncompressed point of P-256, `auth` 16 bytes.
    pub fn from_bytes(p256dh: &[u8], auth: &[u8]) -> Result<SubscriptionKeys, PushError> {
        let point: [u8; POINT_LEN] = p256dh.try_into().map_err(|_| PushError::P256dhLength(p256dh.len()))?;
        let on_curve = ParsedPublicKey::try_from(UnparsedPublicKey::new(&ECDH_P256, &point)).is_ok();
        if point[0] != 0x04 || !on_curve {
            return Err(PushError::P256dhNotAPoint);
        }
        let auth: [u8; AUTH_LEN] = auth.try_into().map_err(|_| PushError::AuthLength(auth.len()))?;
        Ok(SubscriptionKeys { p256dh: point, auth })
    }

    /// The browser's public key, an uncompressed point.
    pub fn p256dh(&self) -> &[u8; POINT_LEN] {
        &self.p256dh
    }

    /// The subscription's authentication secret.
    pub fn auth(&self) -> &[u8; AUTH_LEN] {
        &self.auth
    }
}

/// The body of a push message carrying `plaintext` to the subscription, under a fresh ephemeral
/// key pair and a random salt, as every message must be (RFC 8291 section 3.2).
pub fn encrypt(keys: &SubscriptionKeys, plaintext: &[u8]) -> Result<Vec<u8>, PushError> {
    let ephemeral =
        PrivateKey::generate(&ECDH_P256).map_err(|_| PushError::Crypto("generate an ephemeral P-256 key"))?;
    let mut salt = [0u8; SALT_LEN];
    aws_lc_rs::rand::fill(&mut salt).map_err(|_| PushError::Crypto("draw a random salt"))?;
    encrypt_with(keys, plaintext, &ephemeral, &salt)
}

/// The body of a push message carrying `plaintext` under the given ephemeral ECDH key
/// (`as_private`, P-256) and salt: [`encrypt`]'s work, with its two random inputs given, for
/// RFC 8291's worked example. Never reuse a key or salt for a second message.
pub fn encrypt_with(
    keys: &SubscriptionKeys,
    plaintext: &[u8],
    as_private: &PrivateKey,
    salt: &[u8; SALT_LEN],
) -> Result<Vec<u8>, PushError> {
    if plaintext.len() > MAX_PLAINTEXT {
        return Err(PushError::PayloadTooLarge { len: plaintext.len(), max: MAX_PLAINTEXT });
    }
    let as_public =
        as_private.compute_public_key().map_err(|_| PushError::Crypto("compute the ephemeral public key"))?;
    let as_public = as_public.as_ref();
    if as_public.len() != POINT_LEN {
        return Err(PushError::Crypto("make a P-256 ephemeral key"));
    }
    let peer = UnparsedPublicKey::new(&ECDH_P256, &keys.p256dh);
    let (cek, nonce) = agreement::agree(as_private, peer, PushError::P256dhNotAPoint, |ecdh_secret| {
        derive(ecdh_secret, &keys.auth, &keys.p256dh, as_public, salt)
    })?;

    let mut body = Vec::with_capacity(HEADER_LEN + plaintext.len() + 1 + TAG_LEN);
    body.extend_from_slice(salt);
    body.extend_from_slice(&RECORD_SIZE.to_be_bytes());
    body.push(POINT_LEN as u8);
    body.extend_from_slice(as_public);
    body.extend_from_slice(plaintext);
    body.push(LAST_RECORD);
    let tag = aes_key(&cek)?
        .seal_in_place_separate_tag(
            Nonce::assume_unique_for_key(nonce),
            Aad::empty(),
            &mut body[HEADER_LEN..],
        )
        .map_err(|_| PushError::Crypto("seal the record"))?;
    body.extend_from_slice(tag.as_ref());
    Ok(body)
}

/// The plaintext of a push message's `body`, read as the user agent does with its private key
/// (`ua_private`, P-256) and the subscription's auth secret. Reads one record, the last, as
/// [`encrypt`] writes: a body of several records is refused.
pub fn decrypt(ua_private: &PrivateKey, auth: &[u8; AUTH_LEN], body: &[u8]) -> Result<Vec<u8>, PushError> {
    let Parts { salt, as_public, record } = read_header(body)?;
    let ua_public = ua_private
        .compute_public_key()
        .map_err(|_| PushError::Crypto("compute the user agent's public key"))?;
    let peer = UnparsedPublicKey::new(&ECDH_P256, as_public);
    let not_a_point = PushError::Body("the key id is not a point of P-256");
    let (cek, nonce) = agreement::agree(ua_private, peer, not_a_point, |ecdh_secret| {
        derive(ecdh_secret, auth, ua_public.as_ref(), as_public, salt)
    })?;
    let mut record = record.to_vec();
    let opened = aes_key(&cek)?
        .open_in_place(Nonce::assume_unique_for_key(nonce), Aad::empty(), &mut record)
        .map_err(|_| PushError::Decrypt)?;
    // Padding is the delimiter and then zeros (RFC 8188 section 2).
    let delimiter =
        opened.iter().rposition(|&b| b != 0).ok_or(PushError::Body("the record has no padding delimiter"))?;
    if opened[delimiter] != LAST_RECORD {
        return Err(PushError::Body("the record's padding delimiter is not the last record's (0x02)"));
    }
    Ok(opened[..delimiter].to_vec())
}

/// An `aes128gcm` body of one record, read.
struct Parts<'a> {
    salt: &'a [u8; SALT_LEN],
    /// The key id: the sender's ephemeral public key.
    as_public: &'a [u8],
    record: &'a [u8],
}

/// The salt, the key id and the one record of an `aes128gcm` body.
fn read_header(body: &[u8]) -> Result<Parts<'_>, PushError> {
    let short = PushError::Body("shorter than its header");
    if body.len() < SALT_LEN + 5 {
        return Err(short);
    }
    let (salt, rest) = body.split_at(SALT_LEN);
    let salt: &[u8; SALT_LEN] = salt.try_into().map_err(|_| short.clone())?;
    let record_size = u32::from_be_bytes([rest[0], rest[1], rest[2], rest[3]]) as usize;
    if usize::from(rest[4]) != POINT_LEN {
        return Err(PushError::Body("the key id is not a 65-byte P-256 public key"));
    }
    let rest = &rest[5..];
    if rest.len() < POINT_LEN {
        return Err(short);
    }
    let (as_public, record) = rest.split_at(POINT_LEN);
    if record_size < TAG_LEN + 2 {
        return Err(PushError::Body("the record size is under 18 bytes"));
    }
    if record.len() > record_size {
        return Err(PushError::Body("more than one record"));
    }
    if record.len() < TAG_LEN + 1 {
        return Err(PushError::Body("the record is shorter than its tag and padding delimiter"));
    }
    Ok(Parts { salt, as_public, record })
}

/// The content encryption key and the nonce of RFC 8291 sections 3.3 and 3.4, from the ECDH
/// secret, the auth secret, both public keys and the salt.
pub(super) fn derive(
    ecdh_secret: &[u8],
    auth: &[u8; AUTH_LEN],
    ua_public: &[u8],
    as_public: &[u8],
    salt: &[u8; SALT_LEN],
) -> Result<([u8; 16], [u8; 12]), PushError> {
    // PRK_key = HKDF-Extract(salt=auth_secret, IKM=ecdh_secret)
    let prk_key = Salt::new(HKDF_SHA256, auth).extract(ecdh_secret);
    // IKM = HKDF-Expand(PRK_key, "WebPush: info" || 0x00 || ua_public || as_public, 32)
    let mut ikm = [0u8; 32];
    expand(&prk_key, &[KEY_INFO, ua_public, as_public], &mut ikm)?;
    // PRK = HKDF-Extract(salt, IKM); CEK and NONCE expand from it.
    let prk = Salt::new(HKDF_SHA256, salt).extract(&ikm);
    let mut cek = [0u8; 16];
    expand(&prk, &[CEK_INFO], &mut cek)?;
    let mut nonce = [0u8; 12];
    expand(&prk, &[NONCE_INFO], &mut nonce)?;
    Ok((cek, nonce))
}

/// An HKDF output's length, as `aws-lc-rs` asks for it.
struct Len(usize);

impl KeyType for Len {
    fn len(&self) -> usize {
        self.0
    }
}

/// `out` filled with HKDF-Expand(`prk`, the concatenated `info`, its length).
fn expand(prk: &Prk, info: &[&[u8]], out: &mut [u8]) -> Result<(), PushError> {
    prk.expand(info, Len(out.len()))
        .and_then(|okm| okm.fill(out))
        .map_err(|_| PushError::Crypto("expand a key with HKDF-SHA256"))
}

/// AES-128-GCM under `cek`.
fn aes_key(cek: &[u8; 16]) -> Result<LessSafeKey, PushError> {
    UnboundKey::new(&AES_128_GCM, cek)
        .map(LessSafeKey::new)
        .map_err(|_| PushError::Crypto("make an AES-128-GCM key"))
}
