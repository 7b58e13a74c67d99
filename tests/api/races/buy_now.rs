//! Buy It Now at the same instant: the stock is never oversold, and one buyer's repeated request
//! buys once (docs/rules/concurrency.md, "Concurrency": the auction row's lock, taken before the claims
//! are counted).

use serde_json::json;

use super::{N, at_once, expect};
use crate::buy_now::{PICKUP, end, live, settings};
use crate::helpers::{TestApp, User, spawn_app_with};

/// An auction with `stock` to buy now, finished, that `N` losers and one winner bid on; the losers.
async fn finished_with_losers(app: &TestApp, admin: &User, title: &str, stock: i64) -> (i64, Vec<User>) {
    let id = live(app, admin, title, json!({"buyNowStock": stock})).await;
    let mut losers = Vec::new();
    for i in 0..N {
        let user = app.new_user(&format!("{title}_loser{i}")).await;
        assert_eq!(user.bid(id).await.status(), 200);
        losers.push(user);
    }
    let winner = app.new_user(&format!("{title}_winner")).await;
    assert_eq!(winner.bid(id).await.status(), 200);
    end(admin, id).await;
    (id, losers)
}

#[actix_web::test]
async fn losers_buying_the_last_items_at_once_never_buy_more_than_the_stock() {
    let app = spawn_app_with(settings).await;
    let admin = app.new_admin("boss").await;
    for (title, stock) in [("one", 1), ("three", 3)] {
        let (id, losers) = finished_with_losers(&app, &admin, title, stock).await;
        let path = format!("/api/auctions/{id}/buy-now");
        let body: serde_json::Value = serde_json::from_str(PICKUP).unwrap();
        let (tally, bought) = at_once(losers.iter().map(|u| u.post(&path, body.clone()))).await;
        let stock = stock as usize;
        assert_eq!(tally, expect(&[(201, "", stock), (409, "buy_now_sold_out", N - stock)]), "{title}");
        // Every purchase can be paid, and is: still no more than the stock.
        let pays = bought.iter().zip(&losers).filter_map(|(b, buyer)| {
            let order = b.as_ref()?["order"]["id"].as_i64().unwrap();
            Some(buyer.posting(&format!("/api/payments/demo/{order}"), json!({"outcome": "paid"})))
        });
        let (paid, _) = at_once(pays).await;
        assert_eq!(paid, expect(&[(200, "", stock)]));
    }
    app.check().await;
}

#[actix_web::test]
async fn one_buyer_sending_the_same_purchase_at_once_buys_once_and_hears_409_for_the_rest() {
    let app = spawn_app_with(settings).await;
    let admin = app.new_admin("boss").await;
    let (id, losers) = finished_with_losers(&app, &admin, "lamp", N as i64).await;
    let path = format!("/api/auctions/{id}/buy-now");
    let body: serde_json::Value = serde_json::from_str(PICKUP).unwrap();
    let buyer = &losers[0];
    let (tally, _) = at_once((0..N).map(|_| buyer.post(&path, body.clone()))).await;
    assert_eq!(tally, expect(&[(201, "", 1), (409, "buy_now_taken", N - 1)]));
    let claims = app
        .db()
        .await
        .query_one("select count(*) from claim where auction_id = $1 and user_id = $2", &[&id, &buyer.id])
        .await
        .unwrap()
        .get::<_, i64>(0);
    assert_eq!(claims, 1);
    app.check().await;
}
