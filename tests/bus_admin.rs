//! Admin and user controls from any node (issue 25: the bus). Two real server processes, `a` and
//! `b`, share one database and a private NATS server, and the six auctions (four live, two
//! upcoming) are shared three per node. Every control below goes through the node that does NOT
//! run its auction, and works as it does on the owner:
//! - an admin edits an upcoming auction's title: the owner's sockets and page show it;
//! - a user sets, reads and cancels an auto-bidder;
//! - an admin promotes an auction, then another one of the same owner: the first loses the flag;
//! - an admin assigns a bot and lists it, on one auction of each node; a bot setting changed on one
//!   node reaches the auctions of both (their bots start bidding);
//! - an admin finishes a live auction now, and deletes another one, whose bid is refunded.
//!
//! `tyiyn check` holds at the end. Waits are bounded, never asserted on.

use tyiyn_testkit as common;
use tyiyn_testkit::socket;

use std::collections::HashMap;
use std::time::Duration;

use common::nats::Nats;
use common::nodes::Node;
use common::{Server, keep_trying};
use reqwest::Method;
use serde_json::{Value, json};
use socket::Socket;

/// Two nodes and the admin's cookie.
struct Cluster {
    a: Server,
    b: Node,
    admin: String,
    /// Who runs each auction: "a" or "b".
    owners: HashMap<i64, String>,
}

impl Cluster {
    fn base(&self, node: &str) -> &str {
        if node == "a" { &self.a.base } else { &self.b.base }
    }

    /// The node that runs `auction`.
    fn owner(&self, auction: i64) -> &str {
        self.base(&self.owners[&auction])
    }

    /// The node that does not run `auction`.
    fn elsewhere(&self, auction: i64) -> &str {
        self.base(if self.owners[&auction] == "a" { "b" } else { "a" })
    }

    /// The auctions `node` runs, in the order given.
    fn on(&self, node: &str, among: &[i64]) -> Vec<i64> {
        among.iter().copied().filter(|id| self.owners[id] == node).collect()
    }
}

/// One request through `base` by the holder of `cookie`: the answer's status and JSON body.
async fn call(method: Method, base: &str, path: &str, cookie: &str, body: Option<Value>) -> (u16, Value) {
    let mut req = reqwest::Client::new()
        .request(method, format!("{base}{path}"))
        .header("cookie", cookie)
        .header("origin", base);
    if let Some(body) = body {
        req = req.json(&body);
    }
    let res = req.send().await.expect("answered");
    (res.status().as_u16(), res.json().await.unwrap_or(Value::Null))
}

/// Creates an auction through `base` starting at `start` (RFC 3339), with a house reserve so that
/// bots may bid on it, and `keeper` (a house reserve needs a bot; the keeper is turned off).
async fn create(base: &str, admin: &str, title: &str, start: &str, keeper: i64) -> i64 {
    let form = json!({"title": title, "retailPrice": 1000, "startTime": start, "houseReserve": 1000,
                      "botIds": [keeper]});
    let (status, body) = call(Method::POST, base, "/api/admin/auctions", admin, Some(form)).await;
    assert_eq!(status, 201, "{body}");
    body["id"].as_i64().expect("an id")
}

/// Who holds each of `ids`' live lease.
async fn leases(server: &Server, ids: &[i64]) -> HashMap<i64, String> {
    let rows = server
        .db()
        .await
        .query(
            "select auction_id, node_id from auction_lease where auction_id = any($1) and expires_at > now()",
            &[&ids],
        )
        .await
        .expect("read");
    rows.iter().map(|r| (r.get(0), r.get(1))).collect()
}

/// Polls `done` every 50 ms for up to 30 s; panics with `what` if it never holds.
async fn eventually<F: Future<Output = bool>>(what: &str, done: impl FnMut() -> F) {
    let what = format!("never: {what}");
    common::until(&what, Duration::from_secs(30), Duration::from_millis(50), done).await;
}

/// One value from the database.
async fn count(server: &Server, sql: &str, params: &[&(dyn tokio_postgres::types::ToSql + Sync)]) -> i64 {
    server.db().await.query_one(sql, params).await.expect("read").get(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_control_works_through_the_node_that_does_not_run_the_auction() {
    let nats = Nats::start();
    let url = nats.url();
    let env = [
        ("TYIYN_CLUSTER__NODE_ID", "a"),
        ("TYIYN_CLUSTER__NATS_URL", url.as_str()),
        // Bots answer within ~120 ms instead of 5–6 s.
        ("TYIYN_AUCTION__BOT_SECOND_MS", "20"),
        ("TYIYN_AUCTION__BOT_SEED", "7"),
    ];
    let a = Server::start(&env).await;
    let admin = a.admin_cookie().await;
    // Bots stay silent until the setting changes; `b` reads this when it starts.
    let (status, _) =
        call(Method::PUT, &a.base, "/api/admin/bot-settings", &admin, Some(json!({"enabled": false}))).await;
    assert_eq!(status, 200);
    // Every auction's house reserve has this bot, turned off once they exist.
    let (status, keeper) = call(
        Method::POST,
        &a.base,
        "/api/admin/bots",
        &admin,
        Some(json!({"firstName": "Сторож", "lastName": "Дома"})),
    )
    .await;
    assert_eq!(status, 201, "{keeper}");
    let keeper = keeper["id"].as_i64().expect("a bot id");
    let now = chrono::Utc::now().to_rfc3339();
    let later = (chrono::Utc::now() + chrono::Duration::days(1)).to_rfc3339();
    let mut live = Vec::new();
    for i in 0..4 {
        live.push(create(&a.base, &admin, &format!("Лот {i}"), &now, keeper).await);
    }
    let upcoming = [
        create(&a.base, &admin, "Скоро 1", &later, keeper).await,
        create(&a.base, &admin, "Скоро 2", &later, keeper).await,
    ];
    let off = json!({"isActive": false});
    let (status, body) =
        call(Method::PATCH, &a.base, &format!("/api/admin/bots/{keeper}"), &admin, Some(off)).await;
    assert_eq!(status, 200, "{body}");
    for &id in &live {
        a.auction_until(id, 500, Duration::from_millis(10), |x| x["status"] == "live").await;
    }
    let all: Vec<i64> = live.iter().chain(&upcoming).copied().collect();

    // `b` joins: the six are shared, three per node.
    let b = Node::start(&a, "b", &[]).await;
    let owners = keep_trying(Duration::from_secs(60), Duration::from_millis(50), || async {
        let owners = leases(&a, &all).await;
        let on_b = owners.values().filter(|n| *n == "b").count();
        if owners.len() == all.len() && on_b == 3 { Ok(owners) } else { Err(owners) }
    })
    .await
    .unwrap_or_else(|owners| panic!("the auctions were not shared: {owners:?}"));
    let c = Cluster { a, b, admin, owners };
    let (live_a, live_b) = (c.on("a", &live), c.on("b", &live));
    assert!(!live_a.is_empty() && !live_b.is_empty(), "a live auction on each node: {:?}", c.owners);
    let users = c.a.seed_users(2, 50).await;

    // An admin edits an upcoming auction's title: its owner's socket and page show it.
    let edited = upcoming[0];
    let mut watcher = Socket::connect(c.owner(edited), None).await;
    watcher.emit("joinAuction", json!(edited));
    watcher.next_update(edited, "snapshot").await;
    let form = json!({"title": "Новое имя", "retailPrice": 1000, "startTime": later, "houseReserve": 1000});
    let path = format!("/api/admin/auctions/{edited}");
    let (status, body) = call(Method::PUT, c.elsewhere(edited), &path, &c.admin, Some(form)).await;
    assert_eq!((status, &body["title"]), (200, &json!("Новое имя")), "{body}");
    let frame = watcher.next_update(edited, "detailsUpdated").await;
    assert_eq!(frame["auction"]["title"], "Новое имя", "{frame}");
    let (_, shown) = call(Method::GET, c.owner(edited), &format!("/api/auctions/{edited}"), "", None).await;
    assert_eq!(shown["title"], "Новое имя", "{shown}");

    // A user sets, reads and cancels an auto-bidder.
    let ordered = upcoming[1];
    let (user, cookie) = (users[0].0, users[0].1.as_str());
    let path = format!("/api/auctions/{ordered}/autobid");
    let via = c.elsewhere(ordered);
    let (status, body) =
        call(Method::PUT, via, &path, cookie, Some(json!({"bids": 3, "maxPrice": "10"}))).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["autobid"], json!({"bids": 3, "bidsLeft": 3, "maxPrice": 10.0, "active": true}));
    let (status, read) = call(Method::GET, via, &path, cookie, None).await;
    assert_eq!((status, &read["autobid"]), (200, &body["autobid"]), "{read}");
    let (status, _) = call(Method::DELETE, via, &path, cookie, None).await;
    assert_eq!(status, 204);
    let (_, read) = call(Method::GET, via, &path, cookie, None).await;
    assert_eq!(read, json!({"autobid": null}));
    let (status, body) = call(Method::DELETE, via, &path, cookie, None).await;
    assert_eq!((status, &body["code"]), (404, &json!("autobid_not_found")), "{body}");

    // An admin promotes two auctions of one node in turn: the first loses the flag on its owner.
    let pair = match c.on("a", &all) {
        on_a if on_a.len() >= 2 => [on_a[0], on_a[1]],
        _ => {
            let on_b = c.on("b", &all);
            [on_b[0], on_b[1]]
        }
    };
    for &id in &pair {
        let path = format!("/api/admin/auctions/{id}/promoted");
        let (status, body) =
            call(Method::PUT, c.elsewhere(id), &path, &c.admin, Some(json!({"promoted": true}))).await;
        assert_eq!((status, &body["isPromoted"]), (200, &json!(true)), "{body}");
    }
    let (_, first) =
        call(Method::GET, c.owner(pair[0]), &format!("/api/auctions/{}", pair[0]), "", None).await;
    assert_eq!(first["isPromoted"], false, "the first lost the flag: {first}");
    let promoted: Vec<i64> =
        c.a.db()
            .await
            .query("select id from auction where promoted", &[])
            .await
            .expect("read")
            .iter()
            .map(|r| r.get(0))
            .collect();
    assert_eq!(promoted, vec![pair[1]]);

    // An admin assigns a bot to an auction of each node and lists it; the bots bid once a setting
    // changed on `b` reaches both nodes.
    let (status, bot) = call(
        Method::POST,
        &c.a.base,
        "/api/admin/bots",
        &c.admin,
        Some(json!({"firstName": "Эрлан", "lastName": "Бейшеев"})),
    )
    .await;
    assert_eq!(status, 201, "{bot}");
    let bot = bot["id"].as_i64().expect("a bot id");
    let with_bots = [live_a[0], live_b[0]];
    for &id in &with_bots {
        let path = format!("/api/admin/auctions/{id}/bots");
        let (status, body) =
            call(Method::POST, c.elsewhere(id), &path, &c.admin, Some(json!({"botId": bot, "bidLimit": 0})))
                .await;
        assert_eq!((status, &body["botId"]), (201, &json!(bot)), "{body}");
        let (status, listed) = call(Method::GET, c.elsewhere(id), &path, &c.admin, None).await;
        assert_eq!(status, 200, "{listed}");
        let bots: Vec<&Value> = listed.as_array().expect("a list").iter().map(|x| &x["botId"]).collect();
        assert_eq!(bots, vec![&json!(keeper), &json!(bot)], "{listed}");
    }
    let (status, overview) =
        call(Method::GET, &c.a.base, "/api/admin/bots/auction-status", &c.admin, None).await;
    assert_eq!(status, 200, "{overview}");
    for id in with_bots {
        let row = overview.as_array().expect("rows").iter().find(|r| r["auctionId"] == id);
        let row = row.unwrap_or_else(|| panic!("auction {id} in the overview: {overview}"));
        assert_eq!(row["bots"][1]["botId"], bot, "{row}");
    }
    let (status, _) =
        call(Method::PUT, &c.b.base, "/api/admin/bot-settings", &c.admin, Some(json!({"enabled": true})))
            .await;
    assert_eq!(status, 200);
    for id in with_bots {
        let sql = "select count(*) from bid where auction_id = $1 and user_id = $2";
        eventually(&format!("a bot bid on {id}"), || async { count(&c.a, sql, &[&id, &bot]).await > 0 })
            .await;
    }

    // An admin finishes a live auction now.
    let rest: Vec<i64> = live.iter().copied().filter(|id| !with_bots.contains(id)).collect();
    let ended = rest[0];
    let (status, body) =
        call(Method::POST, c.elsewhere(ended), &format!("/api/admin/auctions/{ended}/end"), &c.admin, None)
            .await;
    assert_eq!((status, &body["status"]), (200, &json!("finished")), "{body}");

    // A user bids on another one; an admin deletes it, and the bid is refunded.
    let deleted = rest[1];
    let (status, body) =
        call(Method::POST, c.elsewhere(deleted), &format!("/api/auctions/{deleted}/bid"), cookie, None).await;
    assert_eq!((status, &body["bidBalance"]), (200, &json!(49)), "{body}");
    let path = format!("/api/admin/auctions/{deleted}");
    let (status, body) = call(Method::DELETE, c.elsewhere(deleted), &path, &c.admin, None).await;
    assert_eq!((status, &body["ok"]), (200, &json!(true)), "{body}");
    let balance = "select bid_balance from app_user where id = $1";
    assert_eq!(count(&c.a, balance, &[&user]).await, 50, "the bid was refunded");
    let (status, _) =
        call(Method::GET, c.owner(deleted), &format!("/api/auctions/{deleted}"), "", None).await;
    assert_eq!(status, 404);

    let Cluster { a, b, .. } = c;
    drop(b);
    let (code, text) = common::check(&a.db_url).await;
    assert_eq!(code, Some(0), "tyiyn check:\n{text}");
}
