//! The public record of an auction (`GET /api/auctions/{id}/record`) and its verifier: a small,
//! separate implementation of the documented chain rule (sql/migrations/0009_record.sql) that
//! recomputes every hash from the published entries. The auction has all three ways a bid is
//! stored: a pre-bid converted at go-live (hashed by the database), people's bids and a bot's bids
//! (hashed by the group committer). Changing a stored bid breaks the chain from that bid on, and
//! `tyiyn check` names it.

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{TestApp, expect_error, house, json_of, quick_bots, spawn_app_with};

fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// Recomputes a record's chain: `Ok(head)`, or `Err(seq)` of the first entry that does not verify.
fn verify(record: &Value) -> Result<String, i64> {
    let auction = record["auction"]["id"].as_i64().expect("auction id");
    let mut prev = sha256_hex(&format!("tyiyn record v1\n{auction}"));
    assert_eq!(record["genesis"], prev.as_str(), "the published genesis is the rule's");
    for (i, e) in record["entries"].as_array().expect("entries").iter().enumerate() {
        let seq = i as i64 + 1;
        let at = chrono::DateTime::parse_from_rfc3339(e["at"].as_str().expect("at")).expect("rfc 3339");
        let text = format!(
            "{prev}\n{auction}\n{seq}\n{}\n{}\n{}\n{}",
            at.timestamp_millis(),
            e["amount"],
            e["kind"].as_str().expect("kind"),
            e["bidderId"]
        );
        let hash = sha256_hex(&text);
        if e["seq"] != seq || e["hash"] != hash.as_str() {
            return Err(seq);
        }
        prev = hash;
    }
    Ok(prev)
}

async fn record_of(app: &TestApp, id: i64) -> Value {
    let res = app.get(&format!("/api/auctions/{id}/record")).await;
    assert_eq!(res.status(), 200);
    let disposition = res.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert_eq!(disposition, format!("attachment; filename=\"tyiyn-record-{id}.json\""));
    json_of(res).await
}

#[actix_web::test]
async fn the_record_lists_every_bid_with_a_chain_anyone_can_recompute_and_a_changed_bid_breaks_it() {
    let app = spawn_app_with(quick_bots).await;
    let admin = app.new_admin("boss").await;
    let later = (chrono::Utc::now() + chrono::Duration::hours(1)).to_rfc3339();
    let bot = app.new_bot(&admin, "Эрлан", "Бейшеев").await;
    let id = app.create_auction_with(&admin, "Наушники", &later, house(bot)).await;
    let aibek = app.new_user("aibek").await;
    let dana = app.new_user("dana").await;

    // Before anything: an upcoming auction's record is empty, with its genesis.
    let empty = record_of(&app, id).await;
    assert_eq!(empty["entries"], json!([]));
    assert_eq!(empty["finish"], Value::Null);
    assert!(verify(&empty).is_ok());

    // aibek's pre-bid is converted at go-live; the bot answers it once; then dana and aibek.
    assert_eq!(aibek.post(&format!("/api/auctions/{id}/prebid"), Value::Null).await.status(), 201);
    let res = admin.patch(&format!("/api/admin/auctions/{id}/bots/{bot}"), json!({"bidLimit": 1})).await;
    assert_eq!(res.status(), 200);
    app.start_now_with(&admin, id, "Наушники", house(bot)).await;
    app.wait_for_bids(id, |b| b.len() >= 2).await;
    assert_eq!(dana.bid(id).await.status(), 200);
    assert_eq!(aibek.bid(id).await.status(), 200);

    // While live, the record so far already verifies.
    let live = record_of(&app, id).await;
    assert_eq!(live["entries"].as_array().unwrap().len(), 4);
    assert_eq!(live["finish"], Value::Null);
    assert!(verify(&live).is_ok(), "{live:#}");

    assert_eq!(admin.post(&format!("/api/admin/auctions/{id}/end"), Value::Null).await.status(), 200);
    let record = record_of(&app, id).await;
    let entries = record["entries"].as_array().unwrap();
    let kinds: Vec<&str> = entries.iter().map(|e| e["kind"].as_str().unwrap()).collect();
    let names: Vec<&str> = entries.iter().map(|e| e["bidder"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["person", "bot", "person", "person"]);
    assert_eq!(names, ["aibek", "Эрлан Бейшеев", "dana", "aibek"]);
    assert_eq!(entries[0]["isPrebid"], true);
    assert_eq!(entries.iter().map(|e| e["amount"].as_i64().unwrap()).collect::<Vec<_>>(), [2, 3, 4, 5]);
    let bids = json_of(app.get(&format!("/api/auctions/{id}/bids")).await).await;
    assert_eq!(entries[3]["bidId"], bids[0]["id"], "the entries are the bid history's bids");
    assert_eq!(record["finish"]["winner"], "aibek");
    assert_eq!(record["finish"]["winnerId"], entries[3]["bidderId"]);
    assert_eq!(record["finish"]["price"], 5);
    let head = verify(&record).expect("the finished record verifies");
    assert_eq!(entries[3]["hash"], head.as_str());
    app.check().await;

    // Someone with database access makes dana's bid a second earlier: the chain breaks at it.
    let db = app.db().await;
    let dana_bid = entries[2]["bidId"].as_i64().unwrap();
    db.execute("update bid set created_at = created_at - interval '1 second' where id = $1", &[&dana_bid])
        .await
        .unwrap();
    assert_eq!(verify(&record_of(&app, id).await), Err(3));
    let report = app.report().await;
    assert!(!report.holds());
    assert!(report.to_string().contains(&format!("bid {dana_bid} (number 3 of auction {id}")), "{report}");
}

#[actix_web::test]
async fn a_removed_bid_breaks_the_record_after_it_and_an_unknown_auction_has_none() {
    let app = spawn_app_with(quick_bots).await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Часы").await;
    let (aibek, dana) = (app.new_user("aibek").await, app.new_user("dana").await);
    for bidder in [&aibek, &dana, &aibek] {
        assert_eq!(bidder.bid(id).await.status(), 200);
    }
    let record = record_of(&app, id).await;
    assert!(verify(&record).is_ok());
    app.check().await;

    let db = app.db().await;
    let middle = record["entries"][1]["bidId"].as_i64().unwrap();
    db.execute("delete from bid where id = $1", &[&middle]).await.unwrap();
    assert_eq!(verify(&record_of(&app, id).await), Err(2), "the next bid no longer follows its predecessor");

    expect_error(app.get("/api/auctions/999999/record").await, 404, "auction_not_found").await;
}

#[actix_web::test]
async fn the_demo_seeds_records_that_verify_and_new_bids_continue_their_chains() {
    let app = spawn_app_with(|s| {
        quick_bots(s);
        s.demo.enabled = true;
    })
    .await;
    let lists = json_of(app.get("/api/auctions").await).await;
    let finished = lists["finished"].as_array().expect("finished auctions");
    let live = lists["live"].as_array().expect("live auctions");
    assert!(!finished.is_empty() && !live.is_empty(), "{lists:#}");
    let mut entries = 0;
    for auction in finished.iter().chain(live) {
        let id = auction["id"].as_i64().unwrap();
        let record = record_of(&app, id).await;
        entries += record["entries"].as_array().unwrap().len();
        assert!(verify(&record).is_ok(), "demo auction {id}: {record:#}");
    }
    assert!(entries > 100, "the demo's auctions have their bids ({entries})");
    // A bid on a seeded live auction is hashed by the committer onto the seed's chain.
    let id = live[0]["id"].as_i64().unwrap();
    let before = record_of(&app, id).await["entries"].as_array().unwrap().len();
    let newcomer = app.new_user("newcomer").await;
    assert_eq!(newcomer.bid(id).await.status(), 200);
    let after = record_of(&app, id).await;
    assert!(after["entries"].as_array().unwrap().len() > before);
    assert!(verify(&after).is_ok(), "{after:#}");
    app.check().await;
}
