//! Package orders at the same instant under a monthly spend limit: the limit holds, however many
//! orders arrive together and however many users send them (docs/rules/concurrency.md, "Concurrency": the
//! user row's lock, taken in a statement before the limit is read).

use serde_json::json;

use super::{N, at_once, expect};
use crate::helpers::{User, json_of, spawn_app};

async fn paid_orders(user: &User) -> usize {
    let orders = json_of(user.get("/api/payments/orders").await).await;
    orders["orders"].as_array().unwrap().iter().filter(|o| o["state"] == "paid").count()
}

#[actix_web::test]
async fn orders_sent_at_once_never_pass_a_monthly_spend_limit() {
    let app = spawn_app().await;
    // Package 1 costs 750 som: a limit of 750 allows one order, 1,500 allows two.
    let (aida, timur, nurlan) =
        (app.new_user("aida").await, app.new_user("timur").await, app.new_user("nurlan").await);
    for (user, limit) in [(&aida, 750), (&timur, 1500), (&nurlan, 1500)] {
        assert_eq!(user.put("/api/users/limits", json!({"monthlySpend": limit})).await.status(), 200);
    }

    // One user, N at once.
    let order = || json!({"packageId": 1});
    let (tally, _) = at_once((0..N).map(|_| aida.post("/api/payments/orders", order()))).await;
    assert_eq!(tally, expect(&[(201, "", 1), (409, "limit_reached", N - 1)]));

    // Two users, N each, all at once, interleaved.
    let both = (0..N).flat_map(|_| [&timur, &nurlan]).map(|u| u.post("/api/payments/orders", order()));
    let (tally, created) = at_once(both).await;
    assert_eq!(tally, expect(&[(201, "", 4), (409, "limit_reached", 2 * N - 4)]));

    // Every order that was created is paid, at once: still within each limit.
    let buyers = (0..N).flat_map(|_| [&timur, &nurlan]);
    let pays = created.iter().zip(buyers).filter_map(|(body, buyer)| {
        let id = body.as_ref()?["order"]["id"].as_i64().unwrap();
        Some(buyer.posting(&format!("/api/payments/demo/{id}"), json!({"outcome": "paid"})))
    });
    let (paid, _) = at_once(pays).await;
    assert_eq!(paid, expect(&[(200, "", 4)]));
    assert_eq!((paid_orders(&timur).await, paid_orders(&nurlan).await), (2, 2));
    app.check().await;
}
