//! Lot images: an upload is prepared off the async threads (decoding is CPU work), stored once
//! per picture, and logged in the audit.

use bytes::Bytes;
use deadpool_postgres::Pool;
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

use super::audit::{action, log_after};
use crate::auth::CurrentUser;
use crate::db;
use crate::error::AppError;
use crate::images;

/// A stored lot image.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoredImage {
    /// Where it is served, for an auction's `imageUrl`: `/media/<id>-<16 hex>.jpg`.
    #[schema(example = "/media/7-0123456789abcdef.jpg")]
    pub url: String,
    /// Its size in pixels as stored (at most 1,600 on the longer side).
    pub width: u32,
    pub height: u32,
}

/// Stores `upload` for `admin`: 400 `image_invalid` for anything but a whole JPEG, PNG or WebP.
pub async fn upload(pool: &Pool, admin: &CurrentUser, upload: Bytes) -> Result<StoredImage, AppError> {
    let prepared = tokio::task::spawn_blocking(move || images::prepare(&upload))
        .await
        .map_err(|e| AppError::Internal(e.into()))?
        .map_err(AppError::BadRequest)?;
    let client = pool.get().await?;
    let size = (prepared.width, prepared.height);
    let id = db::images::insert(&client, &prepared.digest, &prepared.jpeg, size, admin.id).await?;
    let url = images::url(id, &prepared.digest);
    let after = Some(json!({"url": url, "width": prepared.width, "height": prepared.height}));
    log_after(pool, &action(admin, "image.upload", "image", Some(id), None, after)).await;
    Ok(StoredImage { url, width: prepared.width, height: prepared.height })
}

/// A stored image's bytes by its media file name, `None` when it names none.
pub async fn served(pool: &Pool, name: &str) -> Result<Option<Vec<u8>>, AppError> {
    let Some((id, prefix)) = images::parse_name(name) else { return Ok(None) };
    Ok(db::images::bytes(&pool.get().await?, id, prefix).await?)
}
