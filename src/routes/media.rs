//! `GET /media/<id>-<digest>.jpg`: a stored lot image. Its name changes with its content, so it is
//! cached for a year; one that names no image is 404.

use actix_web::http::header::{CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, HeaderValue};
use actix_web::{HttpResponse, web};

use crate::app::images;
use crate::error::AppError;
use crate::i18n::Msg;
use crate::state::AppState;

pub async fn serve(name: web::Path<String>, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let bytes = images::served(&state.core.pool, &name).await?.ok_or(AppError::NotFound(Msg::NotFound))?;
    let mut res = HttpResponse::Ok().body(bytes);
    let headers = res.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("image/jpeg"));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
    // A JPEG does not compress: the compression middleware leaves it as it is.
    headers.insert(CONTENT_ENCODING, HeaderValue::from_static("identity"));
    Ok(res)
}
