//! Sessions: a 256-bit random token in an `HttpOnly`, `SameSite=Lax` cookie; PostgreSQL keeps its
//! SHA-256 (the durable copy) and this process keeps an in-memory cache so a request costs no
//! query. A session ends when it has not been used for `auth.session_idle_days` or is older than
//! `auth.session_max_days` (docs/rules/sessions.md, "Sessions"): it is then refused and deleted. Its
//! last use is written at most once per [`Lifetime::touch_every`], which bounds how much earlier
//! than exactly "idle days after the last request" it may end.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use actix_web::cookie::{Cookie, SameSite, time};
use actix_web::{HttpRequest, web};
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

use deadpool_postgres::Pool;

use crate::db;

pub use super::lifetime::Lifetime;
use crate::error::AppError;

/// The session cookie's name.
pub const COOKIE: &str = "tyiyn_session";

/// A cookie script can read, `1` while the browser holds a session cookie (which script cannot
/// read): the web app asks `GET /api/auth/me` only when it is there, so a visitor's pages make no
/// request that answers 401 (docs/rules/public-site.md, "Honest by design"). It says nothing the session
/// cookie does not; the server never trusts it.
pub const HINT: &str = "tyiyn_signed_in";

/// SHA-256 of a session token: what is stored and looked up.
pub type TokenHash = [u8; 32];

#[derive(Clone)]
struct Cached {
    user_id: i64,
    username: Arc<str>,
    phone_verified: bool,
    created_at: DateTime<Utc>,
    last_seen_at: DateTime<Utc>,
}

#[derive(Default)]
struct CacheInner {
    entries: HashMap<TokenHash, Cached>,
    /// Bumped by every removal: an entry read from PostgreSQL before a removal is not cached
    /// after it (it could be the very session that was just ended).
    generation: u64,
}

/// Live sessions by token hash.
#[derive(Default)]
pub struct SessionCache(RwLock<CacheInner>);

impl SessionCache {
    // A poisoned lock only means a writer panicked between two plain assignments.
    fn read(&self) -> std::sync::RwLockReadGuard<'_, CacheInner> {
        self.0.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, CacheInner> {
        self.0.write().unwrap_or_else(|e| e.into_inner())
    }

    /// The entry and the generation it was read at.
    fn get(&self, hash: &TokenHash) -> (Option<Cached>, u64) {
        let inner = self.read();
        (inner.entries.get(hash).cloned(), inner.generation)
    }

    /// Caches `entry` unless something was removed since `generation` was read.
    fn put_if_current(&self, hash: TokenHash, entry: Cached, generation: u64) {
        let mut inner = self.write();
        if inner.generation == generation {
            inner.entries.insert(hash, entry);
        }
    }

    /// Records a use on a cached entry, unless it was removed meanwhile.
    fn seen(&self, hash: &TokenHash, at: DateTime<Utc>) {
        if let Some(entry) = self.write().entries.get_mut(hash) {
            entry.last_seen_at = at;
        }
    }

    fn put(&self, hash: TokenHash, entry: Cached) {
        self.write().entries.insert(hash, entry);
    }

    /// Forgets one session.
    pub fn remove(&self, hash: &TokenHash) {
        let mut inner = self.write();
        inner.generation += 1;
        inner.entries.remove(hash);
    }

    /// Forgets every session of a user (deleted account, changed role, password, logout-all).
    pub fn remove_user(&self, user_id: i64) {
        let mut inner = self.write();
        inner.generation += 1;
        inner.entries.retain(|_, c| c.user_id != user_id);
    }

    /// Forgets the sessions `lifetime` has ended at `now`.
    fn remove_expired(&self, lifetime: &Lifetime, now: DateTime<Utc>) {
        let mut inner = self.write();
        inner.generation += 1;
        inner.entries.retain(|_, c| lifetime.alive(c.created_at, c.last_seen_at, now));
    }
}

/// Everything sessions need: the pool (durable copy), the cache, the lifetime and the cookie
/// settings. Registered as its own `web::Data` so the extractors below need nothing else.
pub struct Sessions {
    pool: Pool,
    cache: SessionCache,
    lifetime: Lifetime,
    /// Always mark the cookie `Secure` (behind a TLS-terminating proxy).
    secure_cookies: bool,
}

impl Sessions {
    /// Sessions on `pool` that live by `lifetime`.
    pub fn new(pool: Pool, lifetime: Lifetime, secure_cookies: bool) -> Sessions {
        Sessions { pool, cache: SessionCache::default(), lifetime, secure_cookies }
    }

    /// Whether `user` is an admin now (read from PostgreSQL on every admin request, so that a
    /// demotion holds at once).
    pub async fn is_admin(&self, user: i64) -> Result<bool, AppError> {
        let client = self.pool.get().await?;
        Ok(db::users::role(&client, user).await?.as_deref() == Some("admin"))
    }

    /// Forgets every cached session of a user (deleted account, changed role).
    pub fn forget_user(&self, user_id: i64) {
        self.cache.remove_user(user_id);
    }

    /// Deletes every session of `user` (all browsers, this one included) from PostgreSQL and
    /// the cache; how many there were.
    pub async fn end_all(&self, user_id: i64) -> Result<u64, AppError> {
        let client = self.pool.get().await?;
        let ended = db::sessions::delete_user(&client, user_id).await?;
        self.cache.remove_user(user_id);
        Ok(ended)
    }

    /// Deletes the sessions that have ended, from PostgreSQL and the cache; how many rows.
    pub async fn purge(&self) -> Result<u64, AppError> {
        let now = Utc::now();
        let client = self.pool.get().await?;
        let purged =
            db::sessions::delete_expired(&client, now - self.lifetime.idle, now - self.lifetime.max).await?;
        self.cache.remove_expired(&self.lifetime, now);
        Ok(purged)
    }
}

/// How often ended sessions are swept out of PostgreSQL (a request with one is refused anyway).
const PURGE_EVERY: std::time::Duration = std::time::Duration::from_secs(3600);

/// Deletes ended sessions now and then every [`PURGE_EVERY`]; a failure is logged and retried.
pub fn start_sweeper(sessions: web::Data<Sessions>) {
    actix_web::rt::spawn(async move {
        let mut ticks = tokio::time::interval(PURGE_EVERY);
        loop {
            ticks.tick().await;
            match sessions.purge().await {
                Ok(0) => {}
                Ok(n) => tracing::info!(sessions = n, "ended sessions deleted"),
                Err(e) => tracing::warn!(error = %e, "deleting ended sessions failed"),
            }
        }
    });
}

/// A new random token (hex, for the cookie) and its hash (for storage).
pub fn new_token() -> (String, TokenHash) {
    let token = hex::encode(rand::random::<[u8; 32]>());
    let hash = hash_token(&token);
    (token, hash)
}

/// The SHA-256 of a token, as stored.
pub fn hash_token(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

/// Whether cookies should carry `Secure` for this request.
fn secure(req: &HttpRequest, sessions: &Sessions) -> bool {
    sessions.secure_cookies || crate::client::is_https(req)
}

/// The cookie that carries `token`. The browser keeps it long; the server enforces expiry.
pub fn cookie(req: &HttpRequest, sessions: &Sessions, token: String) -> Cookie<'static> {
    Cookie::build(COOKIE, token)
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure(req, sessions))
        .max_age(time::Duration::days(400))
        .finish()
}

/// The signed-in hint ([`HINT`]): set beside a session cookie, or (`on = false`) its removal.
pub fn hint(req: &HttpRequest, sessions: &Sessions, on: bool) -> Cookie<'static> {
    let mut c = Cookie::build(HINT, "1")
        .path("/")
        .same_site(SameSite::Lax)
        .secure(secure(req, sessions))
        .max_age(time::Duration::days(400))
        .finish();
    if !on {
        c.make_removal();
    }
    c
}

/// The cookie that deletes the session cookie.
pub fn removal(req: &HttpRequest, sessions: &Sessions) -> Cookie<'static> {
    let mut c = cookie(req, sessions, String::new());
    c.make_removal();
    c
}

/// Stores a new session for `user` and returns its cookie.
pub async fn start(
    req: &HttpRequest,
    sessions: &Sessions,
    user: CurrentUser,
) -> Result<Cookie<'static>, AppError> {
    let CurrentUser { id: user_id, username, phone_verified } = user;
    let (token, hash) = new_token();
    let now = Utc::now();
    let client = sessions.pool.get().await?;
    db::sessions::insert(&client, &hash, user_id, now).await?;
    sessions
        .cache
        .put(hash, Cached { user_id, username, phone_verified, created_at: now, last_seen_at: now });
    Ok(cookie(req, sessions, token))
}

/// Deletes the request's session, if any (logout, and rotation at login).
pub async fn end(req: &HttpRequest, sessions: &Sessions) -> Result<(), AppError> {
    if let Some(c) = req.cookie(COOKIE) {
        let hash = hash_token(c.value());
        sessions.cache.remove(&hash);
        let client = sessions.pool.get().await?;
        db::sessions::delete(&client, &hash).await?;
    }
    Ok(())
}

/// The logged-in user of a request.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub id: i64,
    pub username: Arc<str>,
    /// Whether the account has confirmed a phone (or was admitted before numbers were confirmed).
    pub phone_verified: bool,
}

impl CurrentUser {
    /// The caller an account's view describes (a session starting for it).
    pub fn of(user: &db::users::UserView) -> CurrentUser {
        CurrentUser {
            id: user.id,
            username: user.username.as_str().into(),
            phone_verified: user.phone_verified,
        }
    }
}

/// The request's session, judged by the lifetime: from the cache, else from PostgreSQL; an ended
/// session is deleted and counts as none. Its last use is written when it is older than
/// [`Lifetime::touch_every`], which also notices a session deleted by another process.
pub(super) async fn resolve(req: HttpRequest) -> Result<Option<CurrentUser>, AppError> {
    let Some(state) = req.app_data::<web::Data<Sessions>>() else {
        return Ok(None);
    };
    let Some(hash) = token_hash(&req) else {
        return Ok(None);
    };
    resolve_hash(state, hash).await
}

/// The hash of the request's session token, when it carries one.
pub fn token_hash(req: &HttpRequest) -> Option<TokenHash> {
    req.cookie(COOKIE).map(|c| hash_token(c.value()))
}

/// The session whose token hashes to `hash`, judged as [`resolve`] judges a request's: a socket
/// that carried it at its handshake asks again for each bid, so a session ended meanwhile (a
/// logout, a password change, its lifetime) bids no more.
pub async fn resolve_hash(state: &Sessions, hash: TokenHash) -> Result<Option<CurrentUser>, AppError> {
    let now = Utc::now();
    let lifetime = state.lifetime;
    let (cached, generation) = state.cache.get(&hash);
    let from_store = cached.is_none();
    let entry = match cached {
        Some(entry) => entry,
        None => {
            let client = state.pool.get().await?;
            let Some(row) = db::sessions::find(&client, &hash).await? else {
                return Ok(None);
            };
            Cached {
                user_id: row.user_id,
                username: row.username.into(),
                phone_verified: row.phone_verified,
                created_at: row.created_at,
                last_seen_at: row.last_seen_at,
            }
        }
    };
    if !lifetime.alive(entry.created_at, entry.last_seen_at, now) {
        state.cache.remove(&hash);
        // Refused either way; a row left behind by an outage goes with the next purge.
        if let Err(e) = delete_stored(state, &hash).await {
            tracing::warn!(error = %e, "deleting an ended session failed");
        }
        return Ok(None);
    }
    if now - entry.last_seen_at >= lifetime.touch_every() {
        match touch_stored(state, &hash, now).await {
            Ok(false) => {
                state.cache.remove(&hash);
                return Ok(None);
            }
            Ok(true) if from_store => {
                state.cache.put_if_current(hash, Cached { last_seen_at: now, ..entry.clone() }, generation)
            }
            Ok(true) => state.cache.seen(&hash, now),
            // A cached session keeps working while PostgreSQL is away (the write is retried at the
            // next interval, not on every request).
            Err(e) if !from_store => {
                tracing::warn!(error = %e, "recording a session's use failed");
                state.cache.seen(&hash, now);
            }
            Err(e) => return Err(e),
        }
    } else if from_store {
        state.cache.put_if_current(hash, entry.clone(), generation);
    }
    Ok(Some(CurrentUser {
        id: entry.user_id,
        username: entry.username,
        phone_verified: entry.phone_verified,
    }))
}

async fn delete_stored(state: &Sessions, hash: &TokenHash) -> Result<(), AppError> {
    let client = state.pool.get().await?;
    Ok(db::sessions::delete(&client, hash).await?)
}

async fn touch_stored(state: &Sessions, hash: &TokenHash, now: DateTime<Utc>) -> Result<bool, AppError> {
    let client = state.pool.get().await?;
    Ok(db::sessions::touch(&client, hash, now).await?)
}

#[cfg(test)]
mod tests;
