//! Outbid notices (issue 24): a person who loses the lead on an auction they are not watching
//! live gets a stored `outbid` notification (with its e-mail in the outbox when mail is on), at
//! most once per auction per interval; a person watching it live gets none.

use std::time::Duration;

use serde_json::{Value, json};
use tyiyn_testkit::keep_trying;

use crate::helpers::{User, json_of, long_countdowns, spawn_app_with};
use crate::socket::Socket;

/// `user`'s stored notices of kind `outbid`, polled until there are `n` (ten seconds at most).
async fn outbids(user: &User, n: usize) -> Vec<Value> {
    let found = keep_trying(Duration::from_secs(10), Duration::from_millis(20), || async {
        let body = json_of(user.get("/api/notifications").await).await;
        let found: Vec<Value> = body["notifications"]
            .as_array()
            .expect("list")
            .iter()
            .filter(|n| n["type"] == "outbid")
            .cloned()
            .collect();
        if found.len() >= n { Ok(found) } else { Err(body) }
    });
    found.await.unwrap_or_else(|body| panic!("{n} outbid notices never arrived: {body:#}"))
}

#[actix_web::test]
async fn the_person_who_lost_the_lead_is_told_once_with_the_price() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Телефон").await;
    let (a, b) = (app.new_user("aibek").await, app.new_user("nurlan").await);
    assert_eq!(a.bid(id).await.status(), 200);
    let taken: Value = b.bid(id).await.json().await.expect("json");

    let told = outbids(&a, 1).await;
    assert_eq!(told[0]["auctionId"], id);
    assert_eq!(told[0]["title"], "Телефон");
    assert_eq!(told[0]["amount"], taken["bid"]["amount"]);
    assert_eq!(told[0]["read"], false);

    // Taking the lead back and losing it again within ten minutes tells nobody anew.
    assert_eq!(a.bid(id).await.status(), 200);
    assert_eq!(b.bid(id).await.status(), 200);
    let b_told = outbids(&b, 1).await;
    assert_eq!(b_told.len(), 1, "b lost the lead once");
    assert_eq!(outbids(&a, 1).await.len(), 1, "a is told once per ten minutes");
}

#[actix_web::test]
async fn a_person_watching_live_is_not_told() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Чайник").await;
    let (a, b, c) = (app.new_user("watcher").await, app.new_user("rival").await, app.new_user("away").await);
    let mut socket = Socket::connect(&app.address, Some(&a.cookie)).await;
    socket.emit("joinAuction", json!(id));
    socket.next_update(id, "snapshot").await;
    assert_eq!(a.bid(id).await.status(), 200);
    assert_eq!(b.bid(id).await.status(), 200);
    // c's bid tells b (not watching): once that notice is stored, a's would have been too.
    assert_eq!(c.bid(id).await.status(), 200);
    outbids(&b, 1).await;
    assert!(outbids(&a, 0).await.is_empty(), "the watcher saw it live");
}
