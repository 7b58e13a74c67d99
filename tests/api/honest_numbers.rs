//! A finished auction's honest numbers over HTTP: every figure counted from the real bid rows of an
//! auction with a pre-bid, people's bids and a bot's free bids, priced at the cheapest active
//! package. Bots run on a 20 ms "second"; waits poll the bids endpoint with a deadline and never
//! assert on wall-clock timing.

use serde_json::{Value, json};

use crate::helpers::{TestApp, house, json_of, long_countdowns, quick_bots, spawn_app_with};

/// Waits until the auction has `n` bot bids.
async fn wait_for_bot_bids(app: &TestApp, auction: i64, n: usize) {
    app.wait_for_bids(auction, |bids| bids.iter().filter(|b| b["isBot"] == true).count() == n).await;
}

/// The honest numbers of `auction` as strings (money keeps its two decimals).
fn figures(auction: &Value) -> Vec<String> {
    let n = &auction["honestNumbers"];
    [
        "finalPrice",
        "totalBids",
        "peopleBids",
        "botBids",
        "winnerBids",
        "bidPrice",
        "winnerBidsCost",
        "winnerTotal",
        "totalPaid",
    ]
    .iter()
    .map(|k| n[*k].to_string())
    .collect()
}

#[actix_web::test]
async fn a_finished_auction_shows_its_bids_and_what_people_paid_at_the_cheapest_package_price() {
    let app = spawn_app_with(quick_bots).await;
    // The cheapest active bid costs 999.99 / 100 = 9.9999 som: counted as 9.99 (never rounded up);
    // a cheaper package that is not on sale does not count.
    let db = app.db().await;
    db.execute("update bid_package set price = 99999, bids = 100 where id = 2", &[]).await.unwrap();
    db.execute(
        "insert into bid_package (id, bids, price, original_price, active) values (6, 10, 100, 100, false)",
        &[],
    )
    .await
    .unwrap();
    let admin = app.new_admin("boss").await;
    let later = (chrono::Utc::now() + chrono::Duration::hours(1)).to_rfc3339();
    let bot = app.new_bot(&admin, "Эрлан", "Бейшеев").await;
    let id = app.create_auction_with(&admin, "Смартфон", &later, house(bot)).await;
    let aibek = app.new_user("aibek").await;
    let dana = app.new_user("dana").await;

    // aibek pre-bids; the bot may bid twice; the auction goes live with aibek's converted pre-bid.
    assert_eq!(aibek.post(&format!("/api/auctions/{id}/prebid"), Value::Null).await.status(), 201);
    let res = admin.patch(&format!("/api/admin/auctions/{id}/bots/{bot}"), json!({"bidLimit": 2})).await;
    assert_eq!(res.status(), 200);
    app.start_now_with(&admin, id, "Смартфон", house(bot)).await;
    // The bot answers the converted pre-bid, then aibek, then has used its limit.
    wait_for_bot_bids(&app, id, 1).await;
    assert_eq!(aibek.bid(id).await.status(), 200);
    wait_for_bot_bids(&app, id, 2).await;
    assert_eq!(dana.bid(id).await.status(), 200);
    assert_eq!(aibek.bid(id).await.status(), 200);

    let res = admin.post(&format!("/api/admin/auctions/{id}/end"), Value::Null).await;
    assert_eq!(res.status(), 200);
    let ended = json_of(res).await;

    // 6 bids from 0.01: 0.07. aibek: 1 pre-bid + 2 bids; dana 1; the bot 2 (free).
    // aibek's 3 bids at 9.99 = 29.97, plus the price = 30.04; people's 4 bids = 39.96.
    let expected: Vec<String> = ["0.07", "6", "4", "2", "3", "9.99", "29.97", "30.04", "39.96"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(ended["winner"]["username"], "aibek");
    assert_eq!(figures(&ended), expected, "the finish answer (the finish event's auction)");
    let shown = json_of(app.get(&format!("/api/auctions/{id}")).await).await;
    assert_eq!(figures(&shown), expected, "a later page load");
    let lists = json_of(app.get("/api/auctions").await).await;
    assert_eq!(lists["finished"][0]["id"], id);
    assert_eq!(figures(&lists["finished"][0]), expected, "the winners list");
    let me = json_of(aibek.get("/api/auth/me").await).await;
    assert_eq!(me["user"]["bidBalance"], 2, "aibek paid 3 of the 5 signup bids");
    app.check().await;
}

#[actix_web::test]
async fn live_and_upcoming_auctions_have_no_honest_numbers_yet() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Часы").await;
    let live = json_of(app.get(&format!("/api/auctions/{id}")).await).await;
    assert_eq!(live["honestNumbers"], Value::Null);
    // Finished without a bid: nothing was paid (serde_json reads 15.00 back as 15.0).
    assert_eq!(admin.post(&format!("/api/admin/auctions/{id}/end"), Value::Null).await.status(), 200);
    let done = json_of(app.get(&format!("/api/auctions/{id}")).await).await;
    assert_eq!(
        figures(&done),
        ["0.01", "0", "0", "0", "0", "15.0", "0.0", "0.0", "0.0"].map(String::from).to_vec()
    );
    app.check().await;
}
