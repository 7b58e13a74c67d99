//! The push cryptography against the RFCs' worked examples (RFC 8291 Appendix A, RFC 8292
//! section 2.4), round trips with fresh keys, and the inputs it refuses.

use aws_lc_rs::agreement::{self, ECDH_P256, PrivateKey, UnparsedPublicKey};
use aws_lc_rs::signature::{self as sig, ECDSA_P256_SHA256_FIXED};
use chrono::{TimeZone as _, Utc};
use serde_json::{Value, json};

use super::ece::{self, MAX_PLAINTEXT, SubscriptionKeys};
use super::vapid::{self, DEFAULT_VALIDITY, MAX_VALIDITY, VapidKey};
use super::{PushError, b64url, from_b64url};

/// RFC 8291 Appendix A, as the RFC lists it (base64url).
mod rfc8291 {
    pub const PLAINTEXT: &str = "When I grow up, I want to be a watermelon";
    pub const PLAINTEXT_B64: &str = "V2hlbiBJIGdyb3cgdXAsIEkgd2FudCB0byBiZSBhIHdhdGVybWVsb24";
    pub const AS_PRIVATE: &str = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw";
    pub const AS_PUBLIC: &str =
        "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8";
    pub const UA_PRIVATE: &str = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94";
    pub const UA_PUBLIC: &str =
        "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
    pub const SALT: &str = "DGv6ra1nlYgDCS1FRnbzlw";
    pub const AUTH: &str = "BTBZMqHH6r4Tts7J_aSIgg";
    pub const ECDH_SECRET: &str = "kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs";
    pub const CEK: &str = "oIhVW04MRdy2XN9CiKLxTg";
    pub const NONCE: &str = "4h_95klXJ5E_qnoN";
    pub const HEADER: &str = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8";
    pub const CIPHERTEXT: &str =
        "8pfeW0KbunFT06SuDKoJH9Ql87S1QUrdirN6GcG7sFz1y1sqLgVi1VhjVkHsUoEsbI_0LpXMuGvnzQ";
    pub const BODY: &str = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN";
}

/// RFC 8292 section 2.4's example: the token, the key that signed it and the key's JWK.
mod rfc8292 {
    pub const TOKEN: &str = "eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9.eyJhdWQiOiJodHRwczovL3B1c2guZXhhbXBsZS5uZXQiLCJleHAiOjE0NTM1MjM3NjgsInN1YiI6Im1haWx0bzpwdXNoQGV4YW1wbGUuY29tIn0.i3CYb7t4xfxCDquptFOepC9GAu_HLGkMlMuCGSK2rpiUfnK9ojFwDXb1JrErtmysazNjjvW2L9OkSSHzvoD1oA";
    pub const KEY: &str =
        "BA1Hxzyi1RUM1b5wjxsn7nGxAszw2u61m164i3MrAIxHF6YK5h4SDYic-dRuU_RCPCfA5aq9ojSwk5Y2EmClBPs";
    pub const JWK_X: &str = "DUfHPKLVFQzVvnCPGyfucbECzPDa7rWbXriLcysAjEc";
    pub const JWK_Y: &str = "F6YK5h4SDYic-dRuU_RCPCfA5aq9ojSwk5Y2EmClBPs";
}

fn bytes(text: &str) -> Vec<u8> {
    from_b64url(text, "test value").expect("base64url")
}

fn ecdh_key(scalar_b64: &str) -> PrivateKey {
    PrivateKey::from_private_key(&ECDH_P256, &bytes(scalar_b64)).expect("a P-256 scalar")
}

fn rfc_keys() -> SubscriptionKeys {
    SubscriptionKeys::parse(rfc8291::UA_PUBLIC, rfc8291::AUTH).expect("the RFC's subscription keys")
}

/// A fresh user agent: its private key and its subscription's keys.
fn user_agent() -> (PrivateKey, SubscriptionKeys) {
    let private = PrivateKey::generate(&ECDH_P256).expect("key");
    let public = private.compute_public_key().expect("public key");
    let mut auth = [0u8; 16];
    aws_lc_rs::rand::fill(&mut auth).expect("random");
    let keys = SubscriptionKeys::from_bytes(public.as_ref(), &auth).expect("keys");
    (private, keys)
}

#[test]
fn rfc8291_appendix_a_body_matches_byte_for_byte() {
    let plaintext = bytes(rfc8291::PLAINTEXT_B64);
    assert_eq!(plaintext, rfc8291::PLAINTEXT.as_bytes());
    let as_private = ecdh_key(rfc8291::AS_PRIVATE);
    assert_eq!(b64url(as_private.compute_public_key().unwrap().as_ref()), rfc8291::AS_PUBLIC);
    let salt: [u8; 16] = bytes(rfc8291::SALT).try_into().unwrap();

    let body = ece::encrypt_with(&rfc_keys(), &plaintext, &as_private, &salt).expect("encrypts");

    assert_eq!(b64url(&body), rfc8291::BODY);
    assert_eq!(body, bytes(rfc8291::BODY));
    assert_eq!(body.len(), 144);
    assert_eq!(body[..86], bytes(rfc8291::HEADER)[..]);
    assert_eq!(body[86..], bytes(rfc8291::CIPHERTEXT)[..]);
}

#[test]
fn rfc8291_appendix_a_intermediate_values() {
    let as_private = ecdh_key(rfc8291::AS_PRIVATE);
    let as_public = as_private.compute_public_key().unwrap();
    let ua_public = bytes(rfc8291::UA_PUBLIC);
    let ecdh =
        agreement::agree(&as_private, UnparsedPublicKey::new(&ECDH_P256, &ua_public), (), |s| Ok(s.to_vec()))
            .unwrap();
    assert_eq!(b64url(&ecdh), rfc8291::ECDH_SECRET);
    let auth: [u8; 16] = bytes(rfc8291::AUTH).try_into().unwrap();
    let salt: [u8; 16] = bytes(rfc8291::SALT).try_into().unwrap();
    let (cek, nonce) = ece::derive(&ecdh, &auth, &ua_public, as_public.as_ref(), &salt).unwrap();
    assert_eq!(b64url(&cek), rfc8291::CEK);
    assert_eq!(b64url(&nonce), rfc8291::NONCE);
}

#[test]
fn rfc8291_appendix_a_body_decrypts_with_the_user_agents_key() {
    let ua_private = ecdh_key(rfc8291::UA_PRIVATE);
    assert_eq!(b64url(ua_private.compute_public_key().unwrap().as_ref()), rfc8291::UA_PUBLIC);
    let auth: [u8; 16] = bytes(rfc8291::AUTH).try_into().unwrap();
    let plaintext = ece::decrypt(&ua_private, &auth, &bytes(rfc8291::BODY)).expect("decrypts");
    assert_eq!(plaintext, rfc8291::PLAINTEXT.as_bytes());
}

#[test]
fn a_message_round_trips_with_fresh_keys_and_a_fresh_body_each_time() {
    let (ua_private, keys) = user_agent();
    let text = "Лот №17: вас перебили, цена 1 245 сом".as_bytes();
    let first = ece::encrypt(&keys, text).expect("encrypts");
    let second = ece::encrypt(&keys, text).expect("encrypts");
    assert_ne!(first, second, "a fresh salt and ephemeral key for every message");
    assert_ne!(first[..16], second[..16]);
    assert_ne!(first[21..86], second[21..86]);
    for body in [&first, &second] {
        assert_eq!(body.len(), 86 + text.len() + 1 + 16);
        assert_eq!(body[16..20], 4096u32.to_be_bytes());
        assert_eq!(body[20], 65);
        assert_eq!(body[21], 0x04);
        assert_eq!(ece::decrypt(&ua_private, keys.auth(), body).expect("decrypts"), text);
    }
}

#[test]
fn an_empty_and_a_largest_message_round_trip_and_the_largest_fills_4096_bytes() {
    let (ua_private, keys) = user_agent();
    assert_eq!(MAX_PLAINTEXT, 3993);
    for len in [0, 1, MAX_PLAINTEXT] {
        let text = vec![b'x'; len];
        let body = ece::encrypt(&keys, &text).expect("encrypts");
        assert_eq!(body.len(), 86 + len + 17);
        assert_eq!(ece::decrypt(&ua_private, keys.auth(), &body).unwrap(), text);
    }
    assert_eq!(ece::encrypt(&keys, &[0; MAX_PLAINTEXT]).unwrap().len(), 4096);
}

#[test]
fn a_message_over_one_record_is_refused() {
    let (_, keys) = user_agent();
    let err = ece::encrypt(&keys, &[0; MAX_PLAINTEXT + 1]).unwrap_err();
    assert_eq!(err, PushError::PayloadTooLarge { len: 3994, max: 3993 });
    assert_eq!(err.to_string(), "the push message has 3994 bytes; one record holds at most 3993");
}

#[test]
fn subscription_keys_that_are_not_a_point_and_16_bytes_are_refused() {
    let ua_public = bytes(rfc8291::UA_PUBLIC);
    let auth = bytes(rfc8291::AUTH);
    let refused = |p256dh: &[u8], auth: &[u8]| SubscriptionKeys::from_bytes(p256dh, auth).unwrap_err();
    assert_eq!(refused(&ua_public[..64], &auth), PushError::P256dhLength(64));
    assert_eq!(refused(&[], &auth), PushError::P256dhLength(0));
    // The compressed form of a point (33 bytes) is not what browsers give.
    let mut compressed = vec![0x02 | (ua_public[64] & 1)];
    compressed.extend_from_slice(&ua_public[1..33]);
    assert_eq!(refused(&compressed, &auth), PushError::P256dhLength(33));
    let mut off_curve = ua_public.clone();
    off_curve[64] ^= 1;
    assert_eq!(refused(&off_curve, &auth), PushError::P256dhNotAPoint);
    let mut not_uncompressed = ua_public.clone();
    not_uncompressed[0] = 0x06;
    assert_eq!(refused(&not_uncompressed, &auth), PushError::P256dhNotAPoint);
    assert_eq!(refused(&[0; 65], &auth), PushError::P256dhNotAPoint);
    assert_eq!(refused(&ua_public, &auth[..15]), PushError::AuthLength(15));
    assert_eq!(refused(&ua_public, &[0; 32]), PushError::AuthLength(32));

    let err = SubscriptionKeys::parse("BCVx+sr7/N", rfc8291::AUTH).unwrap_err();
    assert_eq!(err, PushError::Base64("subscription's p256dh"));
    assert_eq!(err.to_string(), "the subscription's p256dh is not base64url");
    let err = SubscriptionKeys::parse(rfc8291::UA_PUBLIC, "%%").unwrap_err();
    assert_eq!(err.to_string(), "the subscription's auth secret is not base64url");
    assert!(
        refused(&ua_public[..64], &auth).to_string().contains("64 bytes where an uncompressed point has 65")
    );
    assert_eq!(
        refused(&ua_public, &auth[..15]).to_string(),
        "the subscription's auth secret has 15 bytes where it must have 16"
    );
    // Padded base64url is read too.
    assert_eq!(
        SubscriptionKeys::parse(&format!("{}=", rfc8291::UA_PUBLIC), "BTBZMqHH6r4Tts7J_aSIgg==").unwrap(),
        rfc_keys()
    );
    assert!(!format!("{:?}", rfc_keys()).contains(rfc8291::AUTH), "the auth secret stays out of Debug");
}

#[test]
fn a_body_altered_or_for_someone_else_does_not_decrypt() {
    let (ua_private, keys) = user_agent();
    let body = ece::encrypt(&keys, b"outbid").unwrap();
    let mut flipped = body.clone();
    *flipped.last_mut().unwrap() ^= 0x80;
    assert_eq!(ece::decrypt(&ua_private, keys.auth(), &flipped).unwrap_err(), PushError::Decrypt);
    let mut salted = body.clone();
    salted[0] ^= 1;
    assert_eq!(ece::decrypt(&ua_private, keys.auth(), &salted).unwrap_err(), PushError::Decrypt);
    assert_eq!(ece::decrypt(&ua_private, &[7; 16], &body).unwrap_err(), PushError::Decrypt);
    let (other, _) = user_agent();
    assert_eq!(ece::decrypt(&other, keys.auth(), &body).unwrap_err(), PushError::Decrypt);

    let body_err = |body: &[u8]| ece::decrypt(&ua_private, keys.auth(), body).unwrap_err();
    assert_eq!(body_err(&body[..20]), PushError::Body("shorter than its header"));
    assert_eq!(body_err(&body[..60]), PushError::Body("shorter than its header"));
    assert_eq!(
        body_err(&body[..90]),
        PushError::Body("the record is shorter than its tag and padding delimiter")
    );
    let mut small_records = body.clone();
    small_records[16..20].copy_from_slice(&18u32.to_be_bytes());
    assert_eq!(body_err(&small_records), PushError::Body("more than one record"));
    let mut other_id = body.clone();
    other_id[20] = 0;
    assert_eq!(body_err(&other_id), PushError::Body("the key id is not a 65-byte P-256 public key"));
    let mut bad_point = body.clone();
    bad_point[85] ^= 1;
    assert_eq!(body_err(&bad_point), PushError::Body("the key id is not a point of P-256"));
}

/// The header, claims and signature of a token, after checking its shape.
fn read_token(token: &str) -> (Value, Value, Vec<u8>) {
    let parts: Vec<&str> = token.split('.').collect();
    assert_eq!(parts.len(), 3, "a JWS compact serialization: {token}");
    assert!(!token.contains('='), "base64url without padding");
    let json = |part: &str| serde_json::from_slice(&bytes(part)).expect("JSON");
    (json(parts[0]), json(parts[1]), bytes(parts[2]))
}

/// Whether `token`'s ES256 signature (r || s) verifies under the public key `k` (base64url).
fn verifies(token: &str, k: &str) -> bool {
    let (input, signature) = token.rsplit_once('.').expect("a signed token");
    let key = sig::UnparsedPublicKey::new(&ECDSA_P256_SHA256_FIXED, bytes(k));
    key.verify(input.as_bytes(), &bytes(signature)).is_ok()
}

#[test]
fn rfc8292_example_token_verifies_with_its_key_and_our_signing_input_matches_it() {
    assert!(verifies(rfc8292::TOKEN, rfc8292::KEY));
    let (header, claims, signature) = read_token(rfc8292::TOKEN);
    assert_eq!(header, json!({"typ": "JWT", "alg": "ES256"}));
    assert_eq!(
        claims,
        json!({"aud": "https://push.example.net", "exp": 1453523768, "sub": "mailto:push@example.com"})
    );
    assert_eq!(signature.len(), 64, "r || s, not DER");
    let ours = vapid::signing_input("https://push.example.net", 1453523768, "mailto:push@example.com");
    assert_eq!(rfc8292::TOKEN.rsplit_once('.').unwrap().0, ours);
    let altered = rfc8292::TOKEN.replace(
        "eyJhdWQiOiJodHRwczovL3B1c2guZXhhbXBsZS5uZXQi",
        "eyJhdWQiOiJodHRwczovL3B1c2guZXhhbXBsZS5vcmci",
    );
    assert!(!verifies(&altered, rfc8292::KEY));
}

#[test]
fn rfc8292_example_key_formats_round_trip() {
    let point = bytes(rfc8292::KEY);
    assert_eq!(point.len(), 65);
    assert_eq!(point[0], 0x04, "uncompressed");
    assert_eq!(b64url(&point[1..33]), rfc8292::JWK_X);
    assert_eq!(b64url(&point[33..]), rfc8292::JWK_Y);
    assert_eq!(b64url(&point), rfc8292::KEY);
    let mut from_jwk = vec![0x04];
    from_jwk.extend(bytes(rfc8292::JWK_X));
    from_jwk.extend(bytes(rfc8292::JWK_Y));
    assert_eq!(from_jwk, point);
    // A key of the same formats whose private half is known (RFC 8291's sender) gives its point.
    let key = VapidKey::from_private_b64(rfc8291::AS_PRIVATE).expect("a scalar");
    assert_eq!(key.public_b64(), rfc8291::AS_PUBLIC);
    assert_eq!(key.private_b64().unwrap(), rfc8291::AS_PRIVATE);
    let again = VapidKey::from_der(&key.pkcs8().unwrap()).expect("PKCS#8");
    assert_eq!(again.public_b64(), rfc8291::AS_PUBLIC);
}

#[test]
fn a_generated_key_exports_and_imports_as_scalar_and_pkcs8() {
    let key = VapidKey::generate().expect("a key");
    let public = key.public_b64();
    assert_eq!(key.public_key().len(), 65);
    assert_eq!(key.public_key()[0], 0x04);
    assert_eq!(public.len(), 87);
    let scalar = key.private_b64().unwrap();
    assert_eq!(bytes(&scalar).len(), 32);
    assert_eq!(VapidKey::from_private_b64(&scalar).unwrap().public_b64(), public);
    let pkcs8 = key.pkcs8().unwrap();
    assert_eq!(VapidKey::from_der(&pkcs8).unwrap().public_b64(), public);
    assert_eq!(VapidKey::from_private_b64(&b64url(&pkcs8)).unwrap().public_b64(), public);
    assert_ne!(VapidKey::generate().unwrap().public_b64(), public);
    assert!(!format!("{key:?}").contains(&scalar), "the private key stays out of Debug");
}

#[test]
fn private_keys_that_are_not_p256_are_refused() {
    for scalar in [vec![0u8; 32], vec![0xff; 32], vec![1; 31], vec![1; 33]] {
        assert_eq!(VapidKey::from_scalar(&scalar).unwrap_err(), PushError::PrivateKey, "{scalar:?}");
    }
    assert_eq!(VapidKey::from_der(b"not DER").unwrap_err(), PushError::PrivateKey);
    assert_eq!(VapidKey::from_private_b64("AAAA").unwrap_err(), PushError::PrivateKey);
    assert_eq!(VapidKey::from_private_b64("a b").unwrap_err(), PushError::Base64("VAPID private key"));
}

#[test]
fn the_authorization_header_carries_a_token_that_verifies_with_its_key() {
    let key = VapidKey::generate().unwrap();
    let now = Utc.timestamp_opt(1_760_000_000, 0).unwrap();
    let endpoint = "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b?x=1";
    let header = key.authorization(endpoint, "mailto:support@tyiyn.kg", now, DEFAULT_VALIDITY).unwrap();
    let rest = header.strip_prefix("vapid t=").expect("the vapid scheme");
    let (token, k) = rest.split_once(", k=").expect("t and k");
    assert_eq!(k, key.public_b64());
    let (jwt_header, claims, signature) = read_token(token);
    assert_eq!(jwt_header, json!({"typ": "JWT", "alg": "ES256"}));
    assert_eq!(claims["aud"], "https://fcm.googleapis.com");
    assert_eq!(claims["sub"], "mailto:support@tyiyn.kg");
    let exp = claims["exp"].as_i64().expect("a number");
    assert_eq!(exp, 1_760_000_000 + 12 * 3600);
    assert!(exp > now.timestamp() && exp - now.timestamp() <= 24 * 3600);
    assert_eq!(claims.as_object().unwrap().len(), 3);
    assert_eq!(signature.len(), 64, "r || s, not DER");
    assert!(verifies(token, k));
    assert!(!verifies(token, &VapidKey::generate().unwrap().public_b64()));

    let longest = key.authorization(endpoint, "https://tyiyn.kg/contact", now, MAX_VALIDITY).unwrap();
    let (_, claims, _) = read_token(longest.strip_prefix("vapid t=").unwrap().split_once(", k=").unwrap().0);
    assert_eq!(claims["exp"], 1_760_000_000 + 24 * 3600);
}

#[test]
fn the_audience_is_the_endpoints_origin_with_a_port_only_when_not_the_default() {
    let origin = |endpoint: &str| vapid::audience(endpoint).unwrap();
    assert_eq!(
        origin("https://push.example.net/p/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV"),
        "https://push.example.net"
    );
    assert_eq!(origin("https://push.example.net:8443/p/abc?q=1#f"), "https://push.example.net:8443");
    assert_eq!(origin("https://push.example.net:443/p/abc"), "https://push.example.net");
    assert_eq!(
        origin("https://Updates.Push.Services.Mozilla.com/wpush/v2/gAAAA"),
        "https://updates.push.services.mozilla.com"
    );
    assert_eq!(origin("http://127.0.0.1:8081/push/1"), "http://127.0.0.1:8081");
    assert_eq!(origin("http://[::1]:80/push"), "http://[::1]");
    for bad in ["", "push.example.net/p/1", "ftp://push.example.net/p", "mailto:push@example.net", "https://"]
    {
        let err = vapid::audience(bad).unwrap_err();
        assert_eq!(err, PushError::Endpoint(bad.to_owned()), "{bad:?}");
    }

    let key = VapidKey::generate().unwrap();
    let now = Utc.timestamp_opt(1_760_000_000, 0).unwrap();
    let header = key
        .authorization("https://push.example.net:8443/p/1", "mailto:a@b.kg", now, DEFAULT_VALIDITY)
        .unwrap();
    let (_, claims, _) = read_token(header.strip_prefix("vapid t=").unwrap().split_once(", k=").unwrap().0);
    assert_eq!(claims["aud"], "https://push.example.net:8443");
}

#[test]
fn tokens_past_24_hours_and_subjects_that_are_no_contact_are_refused() {
    let key = VapidKey::generate().unwrap();
    let now = Utc.timestamp_opt(1_760_000_000, 0).unwrap();
    let endpoint = "https://push.example.net/p/1";
    let too_long = MAX_VALIDITY + std::time::Duration::from_secs(1);
    let err = key.authorization(endpoint, "mailto:support@tyiyn.kg", now, too_long).unwrap_err();
    assert_eq!(err, PushError::Validity(86401));
    assert_eq!(err.to_string(), "a VAPID token lives more than 0 s and at most 24 h, not 86401 s");
    let zero = std::time::Duration::ZERO;
    assert_eq!(
        key.authorization(endpoint, "mailto:support@tyiyn.kg", now, zero).unwrap_err(),
        PushError::Validity(0)
    );
    for subject in
        ["support@tyiyn.kg", "mailto:", "mailto:@tyiyn.kg", "http://tyiyn.kg", "https://", "mailto:a b@c.kg"]
    {
        let err = key.authorization(endpoint, subject, now, DEFAULT_VALIDITY).unwrap_err();
        assert_eq!(err, PushError::Subject(subject.to_owned()), "{subject:?}");
    }
    assert!(key.authorization(endpoint, "MAILTO:support@tyiyn.kg", now, DEFAULT_VALIDITY).is_ok());
}
