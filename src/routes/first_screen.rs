//! The first screen in the HTML (docs/decisions.md, "The first screen on mobile data"): the home
//! page's and an auction page's `index.html` carry the API answers the page starts with (`<script
//! type="application/json" id="initial-answers">`, by API path), so that the page renders as soon
//! as its scripts have run, with no request after them. The app takes each answer once
//! (`web/src/lib/initial-answers.ts`); anything missing it asks the API for as before.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::Value;

use super::auctions::{find_by_slug, lists, recent_bids};
use crate::state::AppState;

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
pub async fn html(state: &AppState, path: &str, index: &str) -> Option<String> {
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
    let mut out = BTreeMap::new();
    match page {
        Page::Home => {
            if let Ok(lists) = lists(state).await {
                out.insert("/api/auctions".to_owned(), serde_json::to_value(lists).unwrap_or_default());
            }
        }
        Page::Auction(slug) => {
            let Ok(auction) = find_by_slug(state, slug).await else { return out };
            if let Ok(bids) = recent_bids(state, auction.id).await {
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
    use super::*;

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
