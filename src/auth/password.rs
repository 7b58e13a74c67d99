//! bcrypt, off the async threads.

use actix_web::web;

use crate::error::AppError;

/// Hashes `password` at `cost` on the blocking pool.
pub async fn hash(password: String, cost: u32) -> Result<String, AppError> {
    web::block(move || bcrypt::hash(password, cost))
        .await
        .map_err(|e| AppError::Internal(e.into()))?
        .map_err(|e| AppError::Internal(e.into()))
}

/// Verifies `password` against `stored`, or against `dummy` when there is no such account, so
/// both paths cost one bcrypt verification and take the same time.
pub async fn verify(password: String, stored: Option<String>, dummy: &str) -> Result<bool, AppError> {
    let exists = stored.is_some();
    let hash = stored.unwrap_or_else(|| dummy.to_owned());
    let ok = web::block(move || bcrypt::verify(password, &hash).unwrap_or(false))
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok(ok && exists)
}
