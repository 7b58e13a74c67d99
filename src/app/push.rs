//! The devices that get push (docs/rules/notifications.md, "Push to the phone"): the key browsers
//! subscribe with, and adding, listing and removing the caller's devices. Adding a device is the
//! opt-in: from then on the kinds `crate::reach::push_default` names reach it, each of which the
//! notice settings can turn off. An endpoint is taken only as an `https` URL of a public host
//! (`crate::push::endpoint`), at most [`MAX_DEVICES`] per account however many arrive at once.

use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};
use deadpool_postgres::Pool;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::config::PushSettings;
use crate::db;
use crate::db::push::{Added, NewDevice};
use crate::error::AppError;
use crate::i18n::Msg;
use crate::push::ece::SubscriptionKeys;
use crate::push::endpoint::{self, Refused};
use crate::push::vapid::VapidKey;

/// The most devices one account gets push on.
pub const MAX_DEVICES: i64 = 10;

/// What the push use cases need: the pool, the key (`None`: push is off) and the settings.
#[derive(Clone, Copy)]
pub struct Handles<'a> {
    pub pool: &'a Pool,
    pub key: Option<&'a Arc<VapidKey>>,
    pub settings: &'a PushSettings,
}

/// The key browsers subscribe with.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VapidPublicKey {
    /// The server's VAPID public key: the base64url of the uncompressed P-256 point, the
    /// `applicationServerKey` of `PushManager.subscribe`.
    #[schema(
        example = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM"
    )]
    pub public_key: String,
}

/// The browser's keys for one subscription.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SubscriptionKeysIn {
    /// The browser's P-256 public key, base64url (65 bytes).
    pub p256dh: String,
    /// The browser's auth secret, base64url (16 bytes).
    pub auth: String,
}

/// A browser's `PushSubscription`, as its `toJSON()` gives it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushSubscriptionIn {
    /// The push service's URL for this browser: `https`, on a public host.
    #[schema(example = "https://fcm.googleapis.com/fcm/send/dOb2…")]
    pub endpoint: String,
    /// When the subscription ends, in milliseconds since 1970 (`null`: it does not).
    pub expiration_time: Option<f64>,
    pub keys: SubscriptionKeysIn,
}

/// One of the caller's devices.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushDevice {
    /// What identifies it (and removes it: `DELETE /api/me/push-subscriptions`).
    pub endpoint: String,
    /// Its browser and system, from its User-Agent (`Chrome, Android`).
    #[schema(example = "Chrome, Android")]
    pub device: String,
    pub added_at: DateTime<Utc>,
}

/// The caller's devices, the newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct PushDevices {
    pub items: Vec<PushDevice>,
}

/// Which device to remove.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PushDeviceRef {
    pub endpoint: String,
}

/// The key, when push is on.
pub fn public_key(h: Handles<'_>) -> Result<VapidPublicKey, AppError> {
    let key = h.key.ok_or(AppError::NotFound(Msg::PushOff))?;
    Ok(VapidPublicKey { public_key: key.public_b64() })
}

/// Adds the device `sub` describes to `user`'s (named from `user_agent`); `true` when it is new to
/// the account, `false` when it had it (its keys renewed).
pub async fn add(
    h: Handles<'_>,
    user: i64,
    sub: &PushSubscriptionIn,
    user_agent: &str,
) -> Result<(PushDevice, bool), AppError> {
    h.key.ok_or(AppError::NotFound(Msg::PushOff))?;
    let keys = SubscriptionKeys::parse(sub.keys.p256dh.trim(), sub.keys.auth.trim())
        .map_err(|_| AppError::invalid("keys", Msg::PushKeysInvalid))?;
    let expires_at = match sub.expiration_time {
        None => None,
        Some(ms) => Some(
            Utc.timestamp_millis_opt(ms as i64)
                .single()
                .filter(|_| ms.is_finite())
                .ok_or(AppError::invalid("expirationTime", Msg::PushExpiryInvalid))?,
        ),
    };
    let endpoint = sub.endpoint.trim();
    endpoint::check(endpoint, h.settings.allow_local_endpoints).await.map_err(|refused| {
        let msg = match refused {
            Refused::Shape => Msg::PushEndpointInvalid,
            Refused::NotPublic | Refused::Unknown => Msg::PushEndpointNotPublic,
        };
        AppError::invalid("endpoint", msg)
    })?;
    let (p256dh, auth) = (crate::push::b64url(keys.p256dh()), crate::push::b64url(keys.auth()));
    let device = crate::push::device::name(user_agent);
    let new = NewDevice { endpoint, p256dh: &p256dh, auth: &auth, expires_at, device: &device };
    let mut client = h.pool.get().await?;
    let tx = client.transaction().await?;
    let added = db::push::add(&tx, user, &new, MAX_DEVICES).await?;
    let (added_at, fresh) = match added {
        Added::New(at) => (at, true),
        Added::Again(at) => (at, false),
        Added::Full => return Err(AppError::Conflict(Msg::PushDevicesFull)),
    };
    super::commit(tx).await?;
    Ok((PushDevice { endpoint: endpoint.to_owned(), device, added_at }, fresh))
}

/// `user`'s devices.
pub async fn list(pool: &Pool, user: i64) -> Result<PushDevices, AppError> {
    let rows = db::push::list(&pool.get().await?, user).await?;
    let items = rows
        .into_iter()
        .map(|r| PushDevice { endpoint: r.endpoint, device: r.device, added_at: r.added_at })
        .collect();
    Ok(PushDevices { items })
}

/// Removes `user`'s device at `endpoint` (one not there: nothing to do).
pub async fn remove(pool: &Pool, user: i64, endpoint: &str) -> Result<(), AppError> {
    if endpoint.len() > endpoint::MAX_LEN {
        return Err(AppError::invalid("endpoint", Msg::PushEndpointInvalid));
    }
    db::push::remove(&pool.get().await?, user, endpoint.trim()).await?;
    Ok(())
}
