//! A stand-in push service (RFC 8030), started inside a test on a port of its own: it hands out
//! devices (an endpoint with a fresh P-256 key pair and auth secret, as a browser subscribes),
//! and takes each POST to a device's endpoint only as a real push service and browser would: the
//! `Authorization: vapid t=…, k=…` header must carry the server's public key and an ES256 token
//! that verifies under it, for this service's origin, expiring within 24 hours, with a contact
//! (RFC 8292); `TTL` must be there; the body must be `aes128gcm` and decrypt with the device's
//! keys (RFC 8291). What arrives is recorded decrypted; a device can be told to answer 404 or
//! 410 (gone) or 500 (busy, with a `Retry-After`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use aws_lc_rs::agreement::{ECDH_P256, PrivateKey};
use aws_lc_rs::signature::{ECDSA_P256_SHA256_FIXED, UnparsedPublicKey};
use serde_json::Value;
use tyiyn::push::{b64url, ece, from_b64url};
use tyiyn_testkit::keep_trying;

/// One message as the device read it.
#[derive(Debug, Clone)]
pub struct Arrived {
    pub device: usize,
    pub payload: Value,
    pub urgency: Option<String>,
    pub topic: Option<String>,
}

struct Device {
    private: PrivateKey,
    auth: [u8; 16],
    /// What this device's endpoint answers instead of 201.
    answer: Option<u16>,
}

#[derive(Default)]
struct Inner {
    devices: Mutex<Vec<Device>>,
    arrived: Mutex<Vec<Arrived>>,
    /// Every refusal the stand-in made of a message that broke the protocol, with why.
    broken: Mutex<Vec<String>>,
    /// The server's VAPID public key the stand-in expects.
    key: Mutex<String>,
}

/// A browser's subscription to the stand-in.
pub struct Subscription {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

impl Subscription {
    /// As `PushSubscription.toJSON()` gives it.
    pub fn json(&self) -> Value {
        serde_json::json!({"endpoint": self.endpoint, "expirationTime": null, "keys": {"p256dh": self.p256dh, "auth": self.auth}})
    }
}

/// The running stand-in.
pub struct PushService {
    /// Its origin (`http://127.0.0.1:<port>`).
    pub origin: String,
    inner: Arc<Inner>,
    server: actix_web::dev::ServerHandle,
}

impl Drop for PushService {
    fn drop(&mut self) {
        drop(self.server.stop(false));
    }
}

impl PushService {
    pub async fn start() -> PushService {
        let inner = Arc::new(Inner::default());
        let data = web::Data::from(inner.clone());
        let server = HttpServer::new(move || {
            App::new().app_data(data.clone()).route("/push/{device}", web::post().to(take))
        })
        .workers(1)
        .bind(("127.0.0.1", 0))
        .expect("a port");
        let origin = format!("http://{}", server.addrs()[0]);
        let server = server.run();
        let handle = server.handle();
        actix_web::rt::spawn(server);
        PushService { origin, inner, server: handle }
    }

    /// Expects messages signed by the key whose public half is `key` (base64url).
    pub fn expect_key(&self, key: &str) {
        *self.inner.key.lock().unwrap() = key.to_owned();
    }

    /// A new device subscribed: its subscription.
    pub fn subscribe(&self) -> Subscription {
        let private = PrivateKey::generate(&ECDH_P256).expect("a key");
        let public = private.compute_public_key().expect("its public key");
        let auth: [u8; 16] = rand::random();
        let mut devices = self.inner.devices.lock().unwrap();
        devices.push(Device { private, auth, answer: None });
        Subscription {
            endpoint: format!("{}/push/{}", self.origin, devices.len() - 1),
            p256dh: b64url(public.as_ref()),
            auth: b64url(&auth),
        }
    }

    /// Device `n` (in order of subscribing) answers `status` from now on (201: takes messages).
    pub fn answer(&self, n: usize, status: u16) {
        self.inner.devices.lock().unwrap()[n].answer = (status != 201).then_some(status);
    }

    /// What has arrived so far.
    pub fn arrived(&self) -> Vec<Arrived> {
        self.inner.arrived.lock().unwrap().clone()
    }

    /// The protocol breaches refused so far.
    pub fn broken(&self) -> Vec<String> {
        self.inner.broken.lock().unwrap().clone()
    }

    /// Waits until `count` messages have arrived (ten seconds at most: waits never assert on
    /// timing); all of them.
    pub async fn wait_for(&self, count: usize) -> Vec<Arrived> {
        let done = keep_trying(Duration::from_secs(10), Duration::from_millis(20), || async {
            let now = self.arrived();
            if now.len() >= count { Ok(now) } else { Err(now) }
        });
        done.await.unwrap_or_else(|now| {
            panic!("{count} push messages never arrived: {now:?}; refused: {:?}", self.broken())
        })
    }
}

async fn take(
    inner: web::Data<Inner>,
    req: HttpRequest,
    path: web::Path<usize>,
    body: web::Bytes,
) -> HttpResponse {
    let n = path.into_inner();
    match read(&inner, &req, n, &body) {
        Ok(Some(status)) => HttpResponse::build(actix_web::http::StatusCode::from_u16(status).unwrap())
            .insert_header(("Retry-After", "1"))
            .finish(),
        Ok(None) => HttpResponse::Created().finish(),
        Err(why) => {
            inner.broken.lock().unwrap().push(why.clone());
            HttpResponse::BadRequest().body(why)
        }
    }
}

/// Checks and reads one message; `Some(status)` when the device answers otherwise than 201.
fn read(inner: &Inner, req: &HttpRequest, n: usize, body: &[u8]) -> Result<Option<u16>, String> {
    let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
    if header("content-encoding").as_deref() != Some("aes128gcm") {
        return Err("Content-Encoding is not aes128gcm".into());
    }
    header("ttl").and_then(|t| t.parse::<u64>().ok()).ok_or("no TTL")?;
    let origin = format!("http://{}", req.connection_info().host());
    check_vapid(&header("authorization").ok_or("no Authorization")?, &inner.key.lock().unwrap(), &origin)?;
    let devices = inner.devices.lock().unwrap();
    let device = devices.get(n).ok_or("no such device")?;
    if let Some(status) = device.answer {
        return Ok(Some(status));
    }
    let plain =
        ece::decrypt(&device.private, &device.auth, body).map_err(|e| format!("does not decrypt: {e}"))?;
    let payload = serde_json::from_slice(&plain).map_err(|e| format!("not JSON: {e}"))?;
    let arrived = Arrived { device: n, payload, urgency: header("urgency"), topic: header("topic") };
    inner.arrived.lock().unwrap().push(arrived);
    Ok(None)
}

/// Checks `vapid t=<token>, k=<key>` as a push service does.
fn check_vapid(authorization: &str, expected_key: &str, origin: &str) -> Result<(), String> {
    let rest = authorization.strip_prefix("vapid ").ok_or("not a vapid Authorization")?;
    let fields: HashMap<&str, &str> = rest.split(',').filter_map(|f| f.trim().split_once('=')).collect();
    let (token, key) = (fields.get("t").ok_or("no t=")?, fields.get("k").ok_or("no k=")?);
    if *key != expected_key {
        return Err(format!("k={key} is not the server's key"));
    }
    let (input, signature) = token.rsplit_once('.').ok_or("not a JWS")?;
    let bytes = |s: &str| from_b64url(s, "token part").map_err(|e| e.to_string());
    UnparsedPublicKey::new(&ECDSA_P256_SHA256_FIXED, bytes(key)?)
        .verify(input.as_bytes(), &bytes(signature)?)
        .map_err(|_| "the token's signature does not verify")?;
    let claims: Value = serde_json::from_slice(&bytes(input.split('.').nth(1).ok_or("no claims")?)?)
        .map_err(|e| e.to_string())?;
    let now = chrono::Utc::now().timestamp();
    let exp = claims["exp"].as_i64().ok_or("no exp")?;
    if claims["aud"] != origin || exp <= now || exp > now + 24 * 3600 {
        return Err(format!("claims {claims} do not fit {origin} and now"));
    }
    let sub = claims["sub"].as_str().unwrap_or_default();
    if !(sub.starts_with("mailto:") || sub.starts_with("https:")) {
        return Err(format!("sub {sub:?} is no contact"));
    }
    Ok(())
}
