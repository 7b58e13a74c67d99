//! Sessions: a 256-bit random token in an `HttpOnly`, `SameSite=Lax` cookie; PostgreSQL keeps its
//! SHA-256 (the durable copy) and this process keeps an in-memory cache so a request costs no
//! query. Expiry slides: a session used within `session_days` lives on.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, RwLock};

use actix_web::cookie::{Cookie, SameSite, time};
use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use chrono::{DateTime, Duration, Utc};
use sha2::{Digest, Sha256};

use deadpool_postgres::Pool;

use crate::db;
use crate::error::ApiError;

/// The session cookie's name.
pub const COOKIE: &str = "tyiyn_session";

/// SHA-256 of a session token: what is stored and looked up.
pub type TokenHash = [u8; 32];

#[derive(Clone)]
struct Cached {
    user_id: i64,
    username: Arc<str>,
    expires_at: DateTime<Utc>,
}

/// Live sessions by token hash.
#[derive(Default)]
pub struct SessionCache(RwLock<HashMap<TokenHash, Cached>>);

impl SessionCache {
    fn get(&self, hash: &TokenHash) -> Option<Cached> {
        self.0.read().unwrap_or_else(|e| e.into_inner()).get(hash).cloned()
    }

    fn put(&self, hash: TokenHash, entry: Cached) {
        self.0.write().unwrap_or_else(|e| e.into_inner()).insert(hash, entry);
    }

    pub fn remove(&self, hash: &TokenHash) {
        self.0.write().unwrap_or_else(|e| e.into_inner()).remove(hash);
    }

    /// Forgets every session of a user (deleted account, changed role).
    pub fn remove_user(&self, user_id: i64) {
        self.0.write().unwrap_or_else(|e| e.into_inner()).retain(|_, c| c.user_id != user_id);
    }
}

/// Everything sessions need: the pool (durable copy), the cache, and the cookie settings.
/// Registered as its own `web::Data` so the extractors below need nothing else.
pub struct Sessions {
    pool: Pool,
    cache: SessionCache,
    /// How long an unused session lives.
    days: i64,
    /// Always mark the cookie `Secure` (behind a TLS-terminating proxy).
    secure_cookies: bool,
}

impl Sessions {
    /// Sessions on `pool`, living `days` after their last use.
    pub fn new(pool: Pool, days: i64, secure_cookies: bool) -> Sessions {
        Sessions { pool, cache: SessionCache::default(), days, secure_cookies }
    }

    /// Forgets every cached session of a user (deleted account, changed role).
    pub fn forget_user(&self, user_id: i64) {
        self.cache.remove_user(user_id);
    }
}

/// A new random token (hex, for the cookie) and its hash (for storage).
pub fn new_token() -> (String, TokenHash) {
    let token = hex::encode(rand::random::<[u8; 32]>());
    let hash = hash_token(&token);
    (token, hash)
}

pub fn hash_token(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

/// Whether cookies should carry `Secure` for this request.
fn secure(req: &HttpRequest, sessions: &Sessions) -> bool {
    sessions.secure_cookies || req.connection_info().scheme() == "https"
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
    user_id: i64,
    username: &str,
) -> Result<Cookie<'static>, ApiError> {
    let (token, hash) = new_token();
    let expires_at = Utc::now() + Duration::days(sessions.days);
    let client = sessions.pool.get().await?;
    db::users::insert_session(&client, &hash, user_id, expires_at).await?;
    sessions.cache.put(hash, Cached { user_id, username: username.into(), expires_at });
    Ok(cookie(req, sessions, token))
}

/// Deletes the request's session, if any (logout, and rotation at login).
pub async fn end(req: &HttpRequest, sessions: &Sessions) -> Result<(), ApiError> {
    if let Some(c) = req.cookie(COOKIE) {
        let hash = hash_token(c.value());
        sessions.cache.remove(&hash);
        let client = sessions.pool.get().await?;
        db::users::delete_session(&client, &hash).await?;
    }
    Ok(())
}

/// The logged-in user of a request.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub id: i64,
    pub username: Arc<str>,
}

async fn resolve(req: HttpRequest) -> Result<Option<CurrentUser>, ApiError> {
    let Some(state) = req.app_data::<web::Data<Sessions>>() else {
        return Ok(None);
    };
    let Some(c) = req.cookie(COOKIE) else {
        return Ok(None);
    };
    let hash = hash_token(c.value());
    let now = Utc::now();
    let entry = match state.cache.get(&hash) {
        Some(entry) if entry.expires_at > now => entry,
        Some(_) => {
            state.cache.remove(&hash);
            return Ok(None);
        }
        None => {
            let client = state.pool.get().await?;
            let Some(row) = db::users::find_session(&client, &hash).await? else {
                return Ok(None);
            };
            let entry =
                Cached { user_id: row.user_id, username: row.username.into(), expires_at: row.expires_at };
            state.cache.put(hash, entry.clone());
            entry
        }
    };
    let lifetime = Duration::days(state.days);
    if entry.expires_at - now < lifetime - Duration::days(1) {
        // Slide the expiry at most once a day per session, not on every request.
        let expires_at = now + lifetime;
        let client = state.pool.get().await?;
        db::users::extend_session(&client, &hash, expires_at).await?;
        state.cache.put(hash, Cached { expires_at, ..entry.clone() });
    }
    Ok(Some(CurrentUser { id: entry.user_id, username: entry.username }))
}

type Extracted<T> = Pin<Box<dyn Future<Output = Result<T, ApiError>>>>;

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Extracted<CurrentUser>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { resolve(req).await?.ok_or(ApiError::Unauthorized) })
    }
}

/// The logged-in user, if any.
pub struct MaybeUser(pub Option<CurrentUser>);

impl FromRequest for MaybeUser {
    type Error = ApiError;
    type Future = Extracted<MaybeUser>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { Ok(MaybeUser(resolve(req).await?)) })
    }
}

/// A logged-in admin: 401 for visitors, 403 for users. The role is read from PostgreSQL on each
/// admin request, so a demotion takes effect at once.
pub struct AdminUser(pub CurrentUser);

impl FromRequest for AdminUser {
    type Error = ApiError;
    type Future = Extracted<AdminUser>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let user = resolve(req.clone()).await?.ok_or(ApiError::Unauthorized)?;
            let state = req
                .app_data::<web::Data<Sessions>>()
                .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("state missing")))?;
            let client = state.pool.get().await?;
            match db::users::role(&client, user.id).await?.as_deref() {
                Some("admin") => Ok(AdminUser(user)),
                _ => Err(ApiError::Forbidden),
            }
        })
    }
}
