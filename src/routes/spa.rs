//! The built web app: files from `server.static_dir`, hashed assets cached for a year, and
//! `index.html` (never cached) for every other path so client-side routes survive a reload.
//!
//! The first screen in the HTML (docs/rules/web-app.md, "The first screen on mobile data"): the home
//! page's and an auction page's `index.html` carry the API answers the page starts with (`<script
//! type="application/json" id="initial-answers">`, by API path), so that the page renders as soon
//! as its scripts have run, with no request after them. The app takes each answer once
//! (`web/src/lib/initial-answers.ts`); anything missing it asks the API for as before.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

use actix_files::NamedFile;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};

use serde_json::Value;

use crate::app::listings::{self, by_slug, recent_bids};
use crate::error::AppError;
use crate::i18n::Msg;
use crate::state::AppState;

/// A safe relative path inside the static directory, or `None` for anything that climbs out.
fn relative(path: &str) -> Option<PathBuf> {
    let rel = Path::new(path.trim_start_matches('/'));
    rel.components().all(|c| matches!(c, Component::Normal(_))).then(|| rel.to_path_buf())
}

pub async fn serve(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let root = Path::new(&state.core.config.server.static_dir);
    let path = req.path();
    if let Some(rel) = relative(path).filter(|r| !r.as_os_str().is_empty()) {
        let file = root.join(&rel);
        if file.is_file() {
            let immutable = rel.starts_with("assets");
            let mut res =
                NamedFile::open(&file).map_err(|e| AppError::Internal(e.into()))?.into_response(&req);
            let policy = if immutable { "public, max-age=31536000, immutable" } else { "no-cache" };
            res.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static(policy));
            return Ok(res);
        }
        if rel.starts_with("assets") || rel.extension().is_some() {
            return Err(AppError::NotFound(Msg::NotFound));
        }
    }
    let index = root.join("index.html");
    // The home page and an auction page carry their first screen.
    if let Ok(text) = std::fs::read_to_string(&index)
        && let Some(html) = first_screen(&state, path, &text).await
    {
        return Ok(HttpResponse::Ok()
            .insert_header((CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")))
            .insert_header((CACHE_CONTROL, HeaderValue::from_static("no-cache")))
            .body(html));
    }
    let mut res = NamedFile::open(&index).map_err(|_| AppError::NotFound(Msg::NotFound))?.into_response(&req);
    res.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(res)
}

/// How long the HTML waits for its answers before it goes without them (the app asks then).
const ANSWER_WAIT: Duration = Duration::from_millis(300);

/// Which page a path is, with the auction's slug (decoded: a slug may hold Cyrillic letters).
enum Page {
    Home,
    Auction(String),
}

fn page(path: &str) -> Option<Page> {
    match path {
        "/" => Some(Page::Home),
        _ => {
            let slug =
                path.strip_prefix("/auction/").filter(|slug| !slug.is_empty() && !slug.contains('/'))?;
            let slug = percent_encoding::percent_decode_str(slug).decode_utf8().ok()?;
            Some(Page::Auction(slug.into_owned()))
        }
    }
}

/// `index` (the built index.html) with the answers `path` starts with in it, if it is a page that
/// has a first screen and its answers came in time.
async fn first_screen(state: &AppState, path: &str, index: &str) -> Option<String> {
    let page = page(path)?;
    let answers = tokio::time::timeout(ANSWER_WAIT, answers(state, &page)).await.ok()?;
    if answers.is_empty() {
        return None;
    }
    // `<` escaped: no answer can close the script element it is in.
    let json = serde_json::to_string(&answers).ok()?.replace('<', "\\u003c");
    let carried = format!(r#"<script type="application/json" id="initial-answers">{json}</script></body>"#);
    Some(index.replacen("</body>", &carried, 1))
}

/// The API answers a page starts with, by path; whatever fails is left out.
async fn answers(state: &AppState, page: &Page) -> BTreeMap<String, Value> {
    let h = state.core.listing_handles();
    let mut out = BTreeMap::new();
    match page {
        Page::Home => {
            if let Ok(lists) = listings::lists(&h).await {
                out.insert("/api/auctions".to_owned(), serde_json::to_value(lists).unwrap_or_default());
            }
        }
        Page::Auction(slug) => {
            let Ok(auction) = by_slug(&h, slug).await else { return out };
            if let Ok(bids) = recent_bids(&h, auction.id).await {
                out.insert(
                    format!("/api/auctions/{}/bids", auction.id.0),
                    serde_json::to_value(bids).unwrap_or_default(),
                );
            }
            out.insert(
                format!("/api/auctions/slug/{slug}"),
                serde_json::to_value(auction).unwrap_or_default(),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Page, page, relative};

    #[test]
    fn paths_cannot_climb_out_of_the_static_directory() {
        assert!(relative("/../etc/passwd").is_none());
        assert!(relative("/assets/../../x").is_none());
        assert_eq!(relative("/assets/app.js").unwrap().to_str(), Some("assets/app.js"));
    }

    #[test]
    fn only_the_home_page_and_an_auction_page_have_a_first_screen() {
        assert!(matches!(page("/"), Some(Page::Home)));
        assert!(
            matches!(page("/auction/iphone-ty-2026-10001"), Some(Page::Auction(s)) if s == "iphone-ty-2026-10001")
        );
        assert!(
            matches!(page("/auction/%D0%B3%D0%B1-ty-2026-10001"), Some(Page::Auction(s)) if s == "гб-ty-2026-10001")
        );
        for other in ["/auctions", "/auction/", "/auction/a/b", "/profile"] {
            assert!(page(other).is_none(), "{other}");
        }
    }
}
