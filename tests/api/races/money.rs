//! Bids and pre-bids at the same instant: a balance is never spent twice and never goes below
//! zero, a bid limit holds, and one pre-bid per auction is charged once (docs/rules/concurrency.md,
//! "Concurrency": the bidders' rows locked in the group commit and in the pre-bid's debit; the
//! pre-bid's unique key).

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::{N, at_once, expect};
use crate::buy_now::settings;
use crate::helpers::{TestApp, User, json_of, spawn_app_with};

/// `n` live auctions.
async fn live_auctions(app: &TestApp, admin: &User, n: usize) -> Vec<i64> {
    let mut ids = Vec::new();
    for i in 0..n {
        ids.push(app.create_live_auction(admin, &format!("Лот {i}")).await);
    }
    ids
}

/// How many of `user`'s answers were accepted, after checking every refusal was `refusal`.
fn accepted(answers: &BTreeMap<(u16, String), usize>, refusal: &str) -> usize {
    for ((status, code), n) in answers {
        assert!(*status == 200 || (*status == 409 && code == refusal), "{n} × {status} {code}");
    }
    answers.get(&(200, String::new())).copied().unwrap_or(0)
}

#[actix_web::test]
async fn bids_sent_at_once_on_many_auctions_spend_a_balance_or_a_limit_exactly_once() {
    let app = spawn_app_with(settings).await;
    let admin = app.new_admin("boss").await;
    let auctions = live_auctions(&app, &admin, N).await;
    // Five free bids: of N bids at once on N auctions, five pass and the rest find the balance
    // spent, however the bids fall into group commits (docs/rules/concurrency.md, "Concurrency").
    let aida = app.new_user("aida").await;
    assert_eq!(aida.balance().await, 5);
    let (tally, _) = at_once(auctions.iter().map(|id| aida.bid(*id))).await;
    assert_eq!(accepted(&tally, "insufficient_bids"), 5, "{tally:?}");
    assert_eq!(aida.balance().await, 0);

    // Two users at once, each with a daily limit of 3 bids: three each.
    let (timur, nurlan) = (app.new_user("timur").await, app.new_user("nurlan").await);
    for user in [&timur, &nurlan] {
        assert_eq!(user.put("/api/users/limits", json!({"dailyBids": 3})).await.status(), 200);
    }
    let (one, two): (Vec<_>, Vec<_>) = auctions.iter().map(|id| (timur.bid(*id), nurlan.bid(*id))).unzip();
    let ((one, _), (two, _)) = futures_util::join!(at_once(one), at_once(two));
    for (user, tally) in [(&timur, one), (&nurlan, two)] {
        assert_eq!(accepted(&tally, "limit_reached"), 3, "{tally:?}");
        assert_eq!(user.balance().await, 2);
    }
    app.check().await;
}

#[actix_web::test]
async fn pre_bids_sent_at_once_are_charged_once_per_auction_and_never_past_the_balance() {
    let app = spawn_app_with(settings).await;
    let admin = app.new_admin("boss").await;
    let later = (chrono::Utc::now() + chrono::TimeDelta::hours(1)).to_rfc3339();
    let mut upcoming = Vec::new();
    for i in 0..N {
        upcoming.push(app.create_auction(&admin, &format!("Скоро {i}"), &later).await);
    }
    let (aida, timur) = (app.new_user("aida").await, app.new_user("timur").await);
    let prebid = |user: &User, id: i64| user.posting(&format!("/api/auctions/{id}/prebid"), Value::Null);

    // The same pre-bid N times at once: one is placed and charged.
    let (tally, _) = at_once((0..N).map(|_| prebid(&aida, upcoming[0]))).await;
    assert_eq!(tally, expect(&[(201, "", 1), (409, "already_prebid", N - 1)]));
    assert_eq!(aida.balance().await, 4);

    // N pre-bids on N auctions at once with five bids: five are placed.
    let (tally, _) = at_once(upcoming.iter().map(|id| prebid(&timur, *id))).await;
    assert_eq!(tally, expect(&[(201, "", 5), (409, "insufficient_bids", N - 5)]));
    assert_eq!(timur.balance().await, 0);
    app.check().await;
}

#[actix_web::test]
async fn an_auto_bidder_set_at_once_is_one_auto_bidder_within_the_balance() {
    let app = spawn_app_with(settings).await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Лот").await;
    let aida = app.new_user("aida").await;
    let path = format!("/api/auctions/{id}/autobid");
    let sets = (1..=N as i64).map(|bids| aida.sending(reqwest::Method::PUT, &path, json!({"bids": bids})));
    let (tally, _) = at_once(sets).await;
    assert_eq!(tally, expect(&[(200, "", N)]), "each replaces the one before");
    let rows = app
        .db()
        .await
        .query(
            "select bids_left::bigint from autobid where auction_id = $1 and user_id = $2",
            &[&id, &aida.id],
        )
        .await
        .unwrap();
    assert_eq!(rows.len(), 1);
    // Whichever came last is in force, the same in the auction's memory and in PostgreSQL; its
    // bids are a budget, spent only as its bids commit.
    let mine = json_of(aida.get(&path).await).await;
    let left = mine["autobid"]["bidsLeft"].as_i64().unwrap_or(0);
    assert!((1..=N as i64).contains(&left), "{mine}");
    assert_eq!(rows[0].get::<_, i64>(0), left);
    assert_eq!(aida.balance().await, 5);
    app.check().await;
}
