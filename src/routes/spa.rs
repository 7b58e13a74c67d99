//! The built web app: files from `server.static_dir`, hashed assets cached for a year, and
//! `index.html` (never cached) for every other path so client-side routes survive a reload; the
//! home page's and an auction page's with their first screen in it (`first_screen`).

use std::path::{Component, Path, PathBuf};

use actix_files::NamedFile;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};

use crate::error::ApiError;
use crate::i18n::Msg;
use crate::state::AppState;

/// A safe relative path inside the static directory, or `None` for anything that climbs out.
fn relative(path: &str) -> Option<PathBuf> {
    let rel = Path::new(path.trim_start_matches('/'));
    rel.components().all(|c| matches!(c, Component::Normal(_))).then(|| rel.to_path_buf())
}

pub async fn serve(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let root = Path::new(&state.config.server.static_dir);
    let path = req.path();
    if let Some(rel) = relative(path).filter(|r| !r.as_os_str().is_empty()) {
        let file = root.join(&rel);
        if file.is_file() {
            let immutable = rel.starts_with("assets");
            let mut res =
                NamedFile::open(&file).map_err(|e| ApiError::Internal(e.into()))?.into_response(&req);
            let policy = if immutable { "public, max-age=31536000, immutable" } else { "no-cache" };
            res.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static(policy));
            return Ok(res);
        }
        if rel.starts_with("assets") || rel.extension().is_some() {
            return Err(ApiError::NotFound(Msg::NotFound));
        }
    }
    let index = root.join("index.html");
    // The home page and an auction page carry their first screen (`first_screen`).
    if let Ok(text) = std::fs::read_to_string(&index)
        && let Some(html) = super::first_screen::html(&state, path, &text).await
    {
        return Ok(HttpResponse::Ok()
            .insert_header((CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")))
            .insert_header((CACHE_CONTROL, HeaderValue::from_static("no-cache")))
            .body(html));
    }
    let mut res = NamedFile::open(&index).map_err(|_| ApiError::NotFound(Msg::NotFound))?.into_response(&req);
    res.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::relative;

    #[test]
    fn paths_cannot_climb_out_of_the_static_directory() {
        assert!(relative("/../etc/passwd").is_none());
        assert!(relative("/assets/../../x").is_none());
        assert_eq!(relative("/assets/app.js").unwrap().to_str(), Some("assets/app.js"));
    }
}
