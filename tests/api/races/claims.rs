//! A won item at the same instant: delivery chosen N times leaves one order that can pay it, and
//! paying every order at once pays the item once (docs/rules/concurrency.md, "Concurrency": the claim row
//! locked, then its latest order read in a statement of its own).

use serde_json::json;

use super::{N, at_once, expect};
use crate::claims::{claim_of, people, quick, won};

#[actix_web::test]
async fn delivery_chosen_at_once_leaves_one_order_and_paying_them_all_at_once_pays_the_item_once() {
    let (app, admin, asel, bakyt) = people(quick).await;
    won(&app, &admin, &[&bakyt, &asel], None).await;
    let claim = claim_of(&asel).await["id"].as_i64().unwrap();
    let path = format!("/api/claims/{claim}/delivery");
    let body = json!({"method": "pickup", "phone": "+996555123456"});
    let (tally, chosen) = at_once((0..N).map(|_| asel.posting(&path, body.clone()))).await;
    assert_eq!(tally, expect(&[(201, "", N)]), "each choice replaces the one before");
    let db = app.db().await;
    let pending: i64 = db
        .query_one("select count(*) from payment_order where claim_id = $1 and state = 'pending'", &[&claim])
        .await
        .unwrap()
        .get(0);
    assert_eq!(pending, 1, "one order can pay the item");

    // The buyer pays every order they were given, at once: the item is paid once.
    let pays = chosen.iter().flatten().map(|c| {
        let order = c["order"]["id"].as_i64().unwrap();
        asel.posting(&format!("/api/payments/demo/{order}"), json!({"outcome": "paid"}))
    });
    let (tally, _) = at_once(pays).await;
    assert_eq!(tally, expect(&[(200, "", N)]), "each answered with its order as it stands");
    let paid: i64 = db
        .query_one("select count(*) from payment_order where claim_id = $1 and state = 'paid'", &[&claim])
        .await
        .unwrap()
        .get(0);
    assert_eq!(paid, 1);
    assert_eq!(claim_of(&asel).await["state"], "paid");
    app.check().await;
}
