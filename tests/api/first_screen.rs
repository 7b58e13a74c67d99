//! The first screen in the HTML (docs/rules/web-app.md, "The first screen on mobile data"): the home
//! page and an auction page carry the API answers they start with, so the page renders with no
//! request after its scripts.

use serde_json::Value;

use crate::helpers::{json_of, spawn_app_with};

/// A built web app: its index.html.
fn static_dir() -> String {
    let dir = std::env::temp_dir().join(format!("tyiyn_first_{}", hex::encode(rand::random::<[u8; 6]>())));
    std::fs::create_dir_all(&dir).expect("static dir");
    let index =
        "<!doctype html><html><head><title>Тыйын</title></head><body><div id=root></div></body></html>";
    std::fs::write(dir.join("index.html"), index).expect("index");
    dir.to_string_lossy().into_owned()
}

/// The answers a page's HTML carries, by API path.
fn answers(html: &str) -> Value {
    let start =
        html.find(r#"<script type="application/json" id="initial-answers">"#).expect("answers in the page");
    let json = &html[start..].split_once('>').unwrap().1;
    serde_json::from_str(json.split_once("</script>").unwrap().0).expect("answers read as JSON")
}

#[actix_web::test]
async fn the_home_page_and_an_auction_page_carry_their_first_screen() {
    let dir = static_dir();
    let app = spawn_app_with(|s| s.server.static_dir = dir.clone()).await;
    let admin = app.new_admin("boss").await;
    // A title that tries to close the script element it travels in.
    let id = app.create_live_auction(&admin, "Лампа </script><script>alert(1)</script>").await;
    let aibek = app.new_user("aibek").await;
    assert_eq!(aibek.bid(id).await.status(), 200);
    let slug =
        json_of(app.get(&format!("/api/auctions/{id}")).await).await["slug"].as_str().unwrap().to_owned();

    let home = app.get("/").await;
    assert_eq!(home.headers()["cache-control"], "no-cache");
    assert!(home.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    let home = home.text().await.unwrap();
    assert!(!home.contains("</script><script>alert"), "the answers cannot close their element");
    let lists = answers(&home);
    let api = json_of(app.get("/api/auctions").await).await;
    assert_eq!(lists["/api/auctions"]["live"][0]["title"], api["live"][0]["title"]);
    assert_eq!(lists["/api/auctions"]["live"][0]["currentPrice"], api["live"][0]["currentPrice"]);

    let encoded: String = slug
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b'-' { (b as char).to_string() } else { format!("%{b:02X}") }
        })
        .collect();
    let page = app.get(&format!("/auction/{encoded}")).await.text().await.unwrap();
    let carried = answers(&page);
    assert_eq!(carried[format!("/api/auctions/slug/{slug}")]["id"], id);
    assert_eq!(carried[format!("/api/auctions/{id}/bids")][0]["user"]["username"], "aibek");

    // Another page, or an auction that is not there: the plain index.html, the app asks the API.
    for plain in ["/auctions", "/auction/no-such-lot-ty-2026-99999"] {
        let html = app.get(plain).await.text().await.unwrap();
        assert!(!html.contains("initial-answers"), "{plain}: {html}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
