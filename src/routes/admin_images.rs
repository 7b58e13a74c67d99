//! `POST /api/admin/images`: the admin uploads a lot's picture (the body is the file itself); the
//! answer names where it is served (`/media/<id>-<digest>.jpg`, `routes::media`), for the auction
//! form's `imageUrl`.

use actix_web::{HttpResponse, post, web};
use futures_util::StreamExt;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::app::images::{self, StoredImage};
use crate::auth::AdminUser;
use crate::error::{AppError, ErrorBody};
use crate::images::MAX_UPLOAD_BYTES;
use crate::state::AppState;

/// The uploaded file's bytes (described for the contract; the handler streams the body).
#[derive(utoipa::ToSchema)]
#[schema(value_type = String, format = Binary)]
#[allow(dead_code)]
struct ImageFile(Vec<u8>);

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(admin_upload_image);
}

/// Uploads a lot's picture: a JPEG, PNG or WebP of up to 8 MB, sent as the request body with its
/// own content type. The server stores it shrunk to at most 1,600 px on its longer side and
/// re-encoded as a JPEG without its metadata; the same picture uploaded again answers the same URL.
#[utoipa::path(
    tag = "admin",
    request_body(content = ImageFile, description = "The image file", content_type = "application/octet-stream"),
    responses(
        (status = 201, description = "Stored", body = StoredImage),
        (status = 400, description = "`image_invalid`: not a whole JPEG, PNG or WebP", body = ErrorBody),
        (status = 413, description = "`payload_too_large`: over 8 MB", body = ErrorBody),
    )
)]
#[post("/admin/images")]
async fn admin_upload_image(
    admin: AdminUser,
    state: web::Data<AppState>,
    mut body: web::Payload,
) -> Result<HttpResponse, AppError> {
    let mut upload = web::BytesMut::new();
    while let Some(chunk) = body.next().await {
        let chunk = chunk.map_err(|_| AppError::RequestTimeout)?;
        if upload.len() + chunk.len() > MAX_UPLOAD_BYTES {
            return Err(AppError::PayloadTooLarge);
        }
        upload.extend_from_slice(&chunk);
    }
    let stored = images::upload(&state.core.pool, &admin.0, upload.freeze()).await?;
    Ok(HttpResponse::Created().json(stored))
}
