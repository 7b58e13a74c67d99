//! The socket.io endpoint with real WebSocket clients: state on join, every bid to every watcher,
//! balances only to their owner, timers, and malformed frames.

use std::collections::{HashMap, HashSet};

use serde_json::{Value, json};

use crate::helpers::{long_countdowns, spawn_app_with};
use crate::socket::Socket;

#[actix_web::test]
async fn watchers_get_the_state_on_join_then_every_bid() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Телефон").await;
    let a = app.new_user("aibek").await;
    let b = app.new_user("nurlan").await;
    let mut sa = Socket::connect(&app.address, Some(&a.cookie)).await;
    let mut sb = Socket::connect(&app.address, Some(&b.cookie)).await;
    sa.emit("joinAuction", json!(id));
    sb.emit("joinAuction", json!(id.to_string()));
    let snap = sa.next_update(id, "snapshot").await;
    assert_eq!(snap["auction"]["status"], "live");
    sb.next_update(id, "snapshot").await;

    let placed: Value = a.bid(id).await.json().await.unwrap();
    let bid_id = placed["bid"]["id"].clone();
    for socket in [&mut sa, &mut sb] {
        let update = socket.next_update(id, "bidsPlaced").await;
        assert_eq!(update["bids"][0]["id"], bid_id);
        assert_eq!(update["auction"]["currentPrice"].to_string(), "0.02");
        assert_eq!(update["auction"]["viewers"], 2);
    }
    let balance = sa.next_named("bidBalanceUpdate").await;
    assert_eq!(balance, json!({"type": "bidBalance", "userId": a.id, "bidBalance": 4}));

    b.bid(id).await;
    // B's first balance update is B's own: A's never reached B's socket.
    let balance = sb.next_named("bidBalanceUpdate").await;
    assert_eq!(balance, json!({"type": "bidBalance", "userId": b.id, "bidBalance": 4}));
    let timers = sa.next_named("timerUpdate").await;
    assert_eq!(timers["type"], "timers");
    assert!(timers["timers"][id.to_string()].as_i64().unwrap() > 3500);
    app.check().await;
}

/// A page that joins after the auction finished (its socket connected late) still gets the whole
/// finished state, read from PostgreSQL: it must never keep showing a live auction that is over.
#[actix_web::test]
async fn a_join_after_the_finish_gets_the_finished_snapshot() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Часы").await;
    let winner = app.new_user("aidai").await;
    winner.bid(id).await;
    let ended = admin.post(&format!("/api/admin/auctions/{id}/end"), json!({})).await;
    assert_eq!(ended.status(), 200);

    let mut late = Socket::connect(&app.address, Some(&winner.cookie)).await;
    late.emit("joinAuction", json!(id));
    let snap = late.next_update(id, "snapshot").await;
    assert_eq!(snap["auction"]["status"], "finished");
    assert_eq!(snap["auction"]["winner"]["id"], winner.id);
    assert_eq!(snap["auction"]["honestNumbers"]["winnerBids"], 1);
    assert_eq!(snap["bids"].as_array().map(Vec::len), Some(1));
    app.check().await;
}

/// With `server.socket_addr` the socket has a listener (and threads) of its own: a session there
/// is the same session, with its user, its snapshot, every bid and its own balance.
#[actix_web::test]
async fn the_socket_on_its_own_listener_is_the_same_socket() {
    let app = spawn_app_with(|s| {
        long_countdowns(s);
        s.server.socket_addr = "127.0.0.1:0".into();
    })
    .await;
    let own = app.socket_address.clone().expect("the socket listener is up");
    assert_ne!(own, app.address);
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Наушники").await;
    let user = app.new_user("kanat").await;
    let mut socket = Socket::connect(&own, Some(&user.cookie)).await;
    socket.emit("joinAuction", json!(id));
    assert_eq!(socket.next_update(id, "snapshot").await["auction"]["status"], "live");
    user.bid(id).await;
    let update = socket.next_update(id, "bidsPlaced").await;
    assert_eq!(update["bids"][0]["user"]["username"], "kanat");
    let balance = socket.next_named("bidBalanceUpdate").await;
    assert_eq!(balance["bidBalance"], 4);
    // The listener serves the socket only.
    let other = reqwest::get(format!("{own}/api/settings")).await.unwrap();
    assert_eq!(other.status(), 404);
    app.check().await;
}

#[actix_web::test]
async fn list_watchers_get_compact_updates() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Ноутбук").await;
    let user = app.new_user("asel").await;
    let mut lobby = Socket::connect(&app.address, None).await;
    user.bid(id).await;
    let compact = loop {
        let v = lobby.next_named("auctionUpdate").await;
        if v["type"] == "lobby" && v["auctionId"] == id && v["totalBids"] == 1 {
            break v;
        }
    };
    assert_eq!(compact["lastBidder"], "asel");
    assert_eq!(compact["currentPrice"].to_string(), "0.02");
    app.check().await;
}

/// The next lobby frame about auction `id` with `total` bids.
async fn lobby_frame(socket: &mut Socket, id: i64, total: i64) -> Value {
    loop {
        let v = socket.next_named("auctionUpdate").await;
        if v["type"] == "lobby" && v["auctionId"] == id && v["totalBids"] == total {
            return v;
        }
    }
}

/// `watchLobby` false: a page that shows no list (an auction's own page) gets no lobby frames,
/// until `watchLobby` true.
#[actix_web::test]
async fn a_socket_that_does_not_watch_the_lobby_gets_no_lobby_frames() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Ноутбук").await;
    let (asel, bakyt) = (app.new_user("asel").await, app.new_user("bakyt").await);
    let mut loud = Socket::connect(&app.address, None).await;
    let mut quiet = Socket::connect(&app.address, None).await;
    assert_eq!(quiet.call(1, "watchLobby", json!(false)).await, json!({"ok": true}));

    assert_eq!(asel.bid(id).await.status(), 200);
    lobby_frame(&mut loud, id, 1).await;
    // The same flush reached every socket that asked; give the quiet one time to show otherwise.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    while let Ok((name, v)) = quiet.events.try_recv() {
        assert!(
            !(name == "auctionUpdate" && v["type"] == "lobby"),
            "a lobby frame reached the quiet socket: {v}"
        );
    }

    assert_eq!(quiet.call(2, "watchLobby", json!(true)).await, json!({"ok": true}));
    assert_eq!(bakyt.bid(id).await.status(), 200);
    lobby_frame(&mut quiet, id, 2).await;
    // A malformed argument closes the socket, as for every known event.
    quiet.emit("watchLobby", json!("off"));
    assert_eq!(quiet.next_named("close").await, 1008);
}

/// `batchLobby` true: each flush's lobby updates come in one `lobbyUpdates` frame (several
/// auctions' updates, one write), never as `auctionUpdate` frames of type `lobby`, and without the
/// auctions the socket joined; a socket that did not ask gets one frame per auction as before.
#[actix_web::test]
async fn a_socket_that_batches_the_lobby_gets_one_frame_per_flush() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let a = app.create_live_auction(&admin, "Ноутбук").await;
    let b = app.create_live_auction(&admin, "Телефон").await;
    let (asel, bakyt) = (app.new_user("asel").await, app.new_user("bakyt").await);
    let mut each = Socket::connect(&app.address, None).await;
    let mut batched = Socket::connect(&app.address, None).await;
    let mut on_a = Socket::connect(&app.address, None).await;
    assert_eq!(batched.call(1, "batchLobby", json!(true)).await, json!({"ok": true}));
    assert_eq!(on_a.call(1, "batchLobby", json!(true)).await, json!({"ok": true}));
    on_a.emit("joinAuction", json!(a));
    on_a.next_update(a, "snapshot").await;

    assert_eq!(asel.bid(a).await.status(), 200);
    assert_eq!(bakyt.bid(b).await.status(), 200);
    // One frame per auction, in either order (one flush may hold both).
    let mut apart = HashSet::new();
    while apart.len() < 2 {
        let v = each.next_named("auctionUpdate").await;
        if v["type"] == "lobby" && v["totalBids"] == 1 {
            apart.insert(v["auctionId"].as_i64().expect("auction id"));
        }
    }
    assert_eq!(apart, [a, b].into());

    // Every auction that changed, in `lobbyUpdates` frames only.
    let mut seen = HashSet::new();
    while seen.len() < 2 {
        for u in batched.next_lobby_batch().await {
            if u["totalBids"] == 1 {
                seen.insert(u["auctionId"].as_i64().expect("auction id"));
            }
        }
    }
    assert_eq!(seen, [a, b].into());

    // The socket on auction `a` gets `a`'s own events, and of the lobby only `b`.
    let mut got_b = false;
    while !got_b {
        for u in on_a.next_lobby_batch().await {
            assert_ne!(u["auctionId"], a, "a lobby update of the joined auction: {u}");
            got_b |= u["auctionId"] == b && u["totalBids"] == 1;
        }
    }

    // `false`: one frame per auction again.
    assert_eq!(batched.call(2, "batchLobby", json!(false)).await, json!({"ok": true}));
    assert_eq!(app.new_user("chyngyz").await.bid(b).await.status(), 200);
    lobby_frame(&mut batched, b, 2).await;
    // A malformed argument closes the socket, as for every known event.
    batched.emit("batchLobby", json!("yes"));
    assert_eq!(batched.next_named("close").await, 1008);
}

/// `lobbySince`: a page whose lists are as of some moment (its HTML's, or its last frame before a
/// drop) gets, over a new socket, each auction's latest lobby frame since then, before the ack
/// `{"complete": true}`, and reads the lists no more; for a moment before this server started it
/// gets `{"complete": false}` and nothing else, and reads them.
#[actix_web::test]
async fn a_new_socket_brings_lists_up_to_date_since_their_moment() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let a = app.create_live_auction(&admin, "Ноутбук").await;
    app.create_live_auction(&admin, "Телефон").await;
    // A node answers for moments from its start on, less the slack for the nodes' clocks: that
    // much time itself must pass.
    tokio::time::sleep(std::time::Duration::from_millis(2_100)).await;
    let lists: Value = app.get("/api/auctions").await.json().await.unwrap();
    let since = lists["live"][0]["serverTime"].clone();
    assert!(since.is_string(), "{lists}");

    // A bid after the lists were read, flushed before the socket connects: it never saw it.
    assert_eq!(app.new_user("asel").await.bid(a).await.status(), 200);
    // Past a few lobby flushes (every 100 ms): no socket is there yet to see the flush happen.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let mut socket = Socket::connect(&app.address, None).await;
    assert_eq!(socket.call(1, "lobbySince", json!({ "since": since })).await, json!({"complete": true}));
    let caught = loop {
        let v = socket.next_named("auctionUpdate").await;
        if v["auctionId"] == a {
            break v;
        }
    };
    assert_eq!((caught["type"].as_str(), caught["totalBids"].as_i64()), (Some("lobby"), Some(1)), "{caught}");

    // Before the server started: it cannot know, says so, and sends nothing.
    let mut late = Socket::connect(&app.address, None).await;
    assert_eq!(
        late.call(1, "lobbySince", json!({ "since": "2020-01-01T00:00:00.000Z" })).await,
        json!({"complete": false})
    );
    // A malformed moment closes the socket, as for every known event.
    late.emit("lobbySince", json!({ "since": 5 }));
    assert_eq!(late.next_named("close").await, 1008);
}

#[actix_web::test]
async fn a_malformed_frame_closes_only_that_connection() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Камера").await;
    let user = app.new_user("bakyt").await;
    let mut bad = Socket::connect(&app.address, None).await;
    let mut good = Socket::connect(&app.address, None).await;
    good.emit("joinAuction", json!(id));
    good.next_update(id, "snapshot").await;
    bad.send_raw("42{not an event");
    let closed = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        while bad.events.recv().await.is_some() {}
    })
    .await;
    assert!(closed.is_ok(), "the bad connection was closed");
    user.bid(id).await;
    good.next_update(id, "bidsPlaced").await;
    app.check().await;
}

#[actix_web::test]
async fn fifty_users_bidding_on_five_auctions_keep_every_invariant() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let mut auctions = Vec::new();
    for n in 0..5 {
        auctions.push(app.create_live_auction(&admin, &format!("Лот {n}")).await);
    }
    let mut users = Vec::new();
    for n in 0..50 {
        users.push(app.new_user(&format!("bidder{n}")).await);
    }
    let mut sockets = Vec::new();
    for user in &users {
        let socket = Socket::connect(&app.address, Some(&user.cookie)).await;
        for id in &auctions {
            socket.emit("joinAuction", json!(id));
        }
        sockets.push(socket);
    }

    // Every user bids concurrently, five rounds over the auctions (balance 5 each).
    let tasks: Vec<_> = users
        .into_iter()
        .enumerate()
        .map(|(n, user)| {
            let auctions = auctions.clone();
            actix_web::rt::spawn(async move {
                let mut accepted = Vec::new();
                for round in 0..7 {
                    let id = auctions[(n + round) % auctions.len()];
                    let res = user.bid(id).await;
                    let status = res.status().as_u16();
                    let body: Value = res.json().await.unwrap();
                    match status {
                        200 => accepted.push((id, body["bid"]["id"].as_i64().unwrap())),
                        409 | 429 => assert!(body["code"].is_string()),
                        other => panic!("unexpected {other}: {body}"),
                    }
                }
                accepted
            })
        })
        .collect();
    let mut accepted: HashMap<i64, HashSet<i64>> = HashMap::new();
    for task in tasks {
        for (auction, bid) in task.await.unwrap() {
            accepted.entry(auction).or_default().insert(bid);
        }
    }
    for id in &auctions {
        let res = admin.post(&format!("/api/admin/auctions/{id}/end"), Value::Null).await;
        assert_eq!(res.status(), 200);
    }

    // Every socket saw every accepted bid of every auction, and each auction's finish.
    for socket in &mut sockets {
        let mut seen: HashMap<i64, HashSet<i64>> = HashMap::new();
        let mut finished = HashSet::new();
        while finished.len() < auctions.len() {
            let v = socket.next_named("auctionUpdate").await;
            let Some(id) = v["auction"]["id"].as_i64() else {
                continue;
            };
            if v["type"] == "finished" {
                finished.insert(id);
            }
            for bid in v["bids"].as_array().into_iter().flatten() {
                seen.entry(id).or_default().insert(bid["id"].as_i64().unwrap());
            }
        }
        for (id, bids) in &accepted {
            let missing: Vec<_> = bids.difference(seen.get(id).unwrap_or(&HashSet::new())).copied().collect();
            assert!(missing.is_empty(), "auction {id}: socket missed bids {missing:?}");
        }
    }

    // Balances, prices, totals, winners and bid times: everything `tyiyn check` verifies.
    app.check().await;
    let db = app.db().await;
    for id in &auctions {
        let row = db.query_one("select status, total_bids from auction where id = $1", &[id]).await.unwrap();
        assert_eq!(row.get::<_, String>(0), "finished");
        let stored = row.get::<_, i64>(1) as usize;
        assert_eq!(stored, accepted.get(id).map_or(0, HashSet::len), "every acknowledged bid is stored");
    }
}

#[actix_web::test]
async fn a_socket_handshake_from_another_site_is_refused() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let app = spawn_app_with(long_countdowns).await;
    let url = format!("{}/socket.io/?EIO=4&transport=websocket", app.address.replace("http://", "ws://"));
    let mut request = url.clone().into_client_request().unwrap();
    request.headers_mut().insert("origin", "https://evil.example".parse().unwrap());
    let refused = tokio_tungstenite::connect_async(request).await;
    assert!(
        matches!(&refused, Err(tokio_tungstenite::tungstenite::Error::Http(r)) if r.status() == 403),
        "{refused:?}"
    );
    let mut request = url.into_client_request().unwrap();
    request.headers_mut().insert("origin", app.address.parse().unwrap());
    assert!(tokio_tungstenite::connect_async(request).await.is_ok(), "same-site sockets connect");
}
