//! Bids over the realtime socket (`placeBid`, issue 26): the socket a bidder already has open
//! places a bid as `POST /api/auctions/{id}/bid` does, for its handshake's session asked again at
//! each bid, and acks with the status and body that request would have answered.

use futures_util::future::join_all;
use serde_json::{Value, json};
use tyiyn::config::Settings;

use crate::helpers::{TestApp, User, json_of, long_countdowns, spawn_app_with};
use crate::races::N;
use crate::socket::Socket;

/// Long countdowns, and ten minutes between one user's bids: a user's next bid is too fast.
fn paced(s: &mut Settings) {
    long_countdowns(s);
    s.auction.min_bid_interval_ms = 600_000;
}

async fn socket_of(app: &TestApp, user: &User) -> Socket {
    Socket::connect(&app.address, Some(&user.cookie)).await
}

/// The HTTP answer to an anonymous bid asking in `lang`: its status and body.
async fn anonymous_http_bid(app: &TestApp, auction: i64, lang: &str) -> (u64, Value) {
    let res = reqwest::Client::new()
        .post(app.url(&format!("/api/auctions/{auction}/bid")))
        .header("accept-language", lang)
        .send()
        .await
        .expect("request sent");
    (u64::from(res.status().as_u16()), json_of(res).await)
}

async fn bids_on(app: &TestApp, auction: i64) -> i64 {
    let db = app.db().await;
    db.query_one("select count(*) from bid where auction_id = $1", &[&auction]).await.expect("bids").get(0)
}

#[actix_web::test]
async fn a_bid_over_the_socket_is_committed_and_answered_as_over_http() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Телефон").await;
    let aibek = app.new_user("aibek").await;
    let nurlan = app.new_user("nurlan").await;
    let mut socket = socket_of(&app, &aibek).await;

    let ack = socket.call(1, "placeBid", json!({"auctionId": live, "lang": "ky"})).await;
    assert_eq!(ack["status"], 200, "{ack}");
    let body = &ack["body"];
    assert_eq!(body["bidBalance"], 4);
    assert_eq!(body["auction"]["id"], live);
    assert_eq!(body["auction"]["totalBids"], 1);
    assert_eq!(body["auction"]["lastBidder"], "aibek");
    assert_eq!(body["bid"]["user"]["username"], "aibek", "{body}");
    assert!(ack.get("retryAfter").is_none());

    // The same bid, as everyone else sees it: in the history, the balance, the ledger.
    let history = json_of(app.get(&format!("/api/auctions/{live}/bids")).await).await;
    assert_eq!(history[0]["id"], body["bid"]["id"], "{history}");
    assert_eq!(aibek.balance().await, 4);

    // HTTP and the socket take turns on one auction; the id may come as a string.
    assert_eq!(nurlan.bid(live).await.status(), 200);
    let ack = socket.call(2, "placeBid", json!(live.to_string())).await;
    assert_eq!((ack["status"].as_u64(), ack["body"]["bidBalance"].as_i64()), (Some(200), Some(3)), "{ack}");
    assert_eq!(bids_on(&app, live).await, 3);
    app.check().await;
}

#[actix_web::test]
async fn a_refused_socket_bid_gets_the_http_status_and_text_in_the_asked_language_and_costs_nothing() {
    let app = spawn_app_with(paced).await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Телефон").await;
    let other = app.create_live_auction(&admin, "Часы").await;
    let soon = app.create_auction(&admin, "Планшет", "2099-01-01T10:00:00Z").await;
    let aibek = app.new_user("aibek").await;

    // Without a login, in each language the client asks in: the body HTTP would answer.
    let mut anonymous = Socket::connect(&app.address, None).await;
    for (ack, lang) in (1..).zip(["ru", "en", "ka", "ky"]) {
        let answer = anonymous.call(ack, "placeBid", json!({"auctionId": live, "lang": lang})).await;
        let (status, body) = anonymous_http_bid(&app, live, lang).await;
        assert_eq!((answer["status"].as_u64(), &answer["body"]), (Some(status), &body), "{lang}");
        assert_eq!(body["code"], "unauthorized");
    }

    let mut socket = socket_of(&app, &aibek).await;
    let missing = socket.call(1, "placeBid", json!({"auctionId": 999_999, "lang": "en"})).await;
    assert_eq!(missing["status"], 404);
    assert_eq!(missing["body"]["code"], "auction_not_found");
    assert_eq!(missing["body"]["error"], "Auction not found", "{missing}");
    let upcoming = socket.call(2, "placeBid", json!(soon)).await;
    assert_eq!(
        (upcoming["status"].as_u64(), upcoming["body"]["code"].as_str()),
        (Some(409), Some("auction_not_live"))
    );

    assert_eq!(socket.call(3, "placeBid", json!(live)).await["status"], 200);
    let leader = socket.call(4, "placeBid", json!(live)).await;
    assert_eq!(
        (leader["status"].as_u64(), leader["body"]["code"].as_str()),
        (Some(409), Some("already_leader"))
    );
    // The one-bid-per-interval rule is the user's, over HTTP and the socket alike.
    let fast = socket.call(5, "placeBid", json!(other)).await;
    assert_eq!(
        (fast["status"].as_u64(), fast["body"]["code"].as_str()),
        (Some(429), Some("too_fast")),
        "{fast}"
    );
    let wait = fast["retryAfter"].as_u64().expect("retryAfter");
    assert!((590..=600).contains(&wait), "{wait}");
    assert_eq!(json_of(aibek.bid(other).await).await["code"], "too_fast");

    assert_eq!(aibek.balance().await, 4, "refused bids cost nothing");
    assert_eq!(bids_on(&app, live).await + bids_on(&app, other).await, 1);
    app.check().await;
}

#[actix_web::test]
async fn a_socket_bids_no_more_once_its_session_has_ended() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Телефон").await;
    let aibek = app.new_user("aibek").await;
    let mut socket = socket_of(&app, &aibek).await;
    assert_eq!(aibek.post("/api/auth/logout", json!({})).await.status(), 200);

    let ack = socket.call(1, "placeBid", json!(live)).await;
    assert_eq!(
        (ack["status"].as_u64(), ack["body"]["code"].as_str()),
        (Some(401), Some("unauthorized")),
        "{ack}"
    );
    assert_eq!(bids_on(&app, live).await, 0);
    app.check().await;
}

#[actix_web::test]
async fn a_malformed_bid_closes_only_its_socket() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Телефон").await;
    let aibek = app.new_user("aibek").await;
    let mut bad = socket_of(&app, &aibek).await;
    let mut good = socket_of(&app, &aibek).await;
    bad.emit_with_ack(1, "placeBid", json!({"lang": "ky"}));
    assert_eq!(bad.next_named("close").await, 1008);
    assert_eq!(good.call(1, "placeBid", json!(live)).await["status"], 200);
}

/// One user's bids at the same instant, over N sockets and N HTTP requests: one is placed and
/// charged, every other is refused (the interval, or already leading) and costs nothing.
#[actix_web::test]
async fn simultaneous_bids_of_one_user_over_sockets_and_http_charge_once() {
    let app = spawn_app_with(paced).await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Телефон").await;
    let aibek = app.new_user("aibek").await;
    let mut sockets = Vec::new();
    for _ in 0..N {
        sockets.push(socket_of(&app, &aibek).await);
    }
    let over_http = (0..N).map(|_| aibek.posting(&format!("/api/auctions/{live}/bid"), Value::Null));
    let over_sockets = sockets.iter_mut().map(|s| s.call(1, "placeBid", json!(live)));
    let (http, acks) = futures_util::join!(join_all(over_http), join_all(over_sockets));

    let mut statuses: Vec<u64> = http.iter().map(|r| u64::from(r.status().as_u16())).collect();
    statuses.extend(acks.iter().filter_map(|a| a["status"].as_u64()));
    assert_eq!(statuses.len(), 2 * N);
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| [200, 409, 429].contains(s)), "{statuses:?}");
    assert_eq!(aibek.balance().await, 4);
    assert_eq!(bids_on(&app, live).await, 1);
    app.check().await;
}
