//! The operator's view of the nodes (issue 25): without leases there is no list; with them the
//! one node shows with the auctions it holds, and "drain" hands them over (none held, the auction
//! answers that it is elsewhere, nothing charged) until "resume" takes them back; both audited,
//! admins only, 404 for an unknown node.

use std::time::Duration;

use serde_json::{Value, json};
use tyiyn_testkit::keep_trying;

use crate::helpers::{TestApp, expect_error, json_of, long_countdowns, spawn_app, spawn_app_with};

async fn cluster(app: &TestApp, admin: &crate::helpers::User) -> Value {
    let res = admin.get("/api/admin/cluster").await;
    assert_eq!(res.status(), 200);
    let _ = app;
    json_of(res).await
}

/// Reads the cluster until `done` holds (at most ten seconds; never asserted on).
async fn cluster_until(app: &TestApp, admin: &crate::helpers::User, done: impl Fn(&Value) -> bool) -> Value {
    let holds = keep_trying(Duration::from_secs(10), Duration::from_millis(50), || async {
        let now = cluster(app, admin).await;
        if done(&now) { Ok(now) } else { Err(now) }
    });
    holds.await.unwrap_or_else(|now| panic!("never: {now}"))
}

#[actix_web::test]
async fn one_node_without_leases_has_no_list() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    assert_eq!(cluster(&app, &admin).await, json!({"leases": false, "node": null, "nodes": []}));
    expect_error(admin.post("/api/admin/cluster/nodes/x/drain", Value::Null).await, 404, "node_not_found")
        .await;
    let user = app.new_user("aigul").await;
    expect_error(user.get("/api/admin/cluster").await, 403, "forbidden").await;
}

#[actix_web::test]
async fn draining_a_node_hands_its_auctions_over_and_resuming_takes_them_back() {
    let app = spawn_app_with(|s| {
        long_countdowns(s);
        s.cluster.node_id = "solo".into();
    })
    .await;
    let admin = app.new_admin("boss").await;
    let auction = app.create_live_auction(&admin, "Чайник").await;
    let bidder = app.new_user("aigul").await;
    let now = cluster_until(&app, &admin, |c| c["nodes"][0]["auctions"] == json!([auction])).await;
    assert_eq!((&now["leases"], &now["node"]), (&json!(true), &json!("solo")));
    let node = &now["nodes"][0];
    assert_eq!(
        (&node["id"], &node["alive"], &node["draining"]),
        (&json!("solo"), &json!(true), &json!(false))
    );

    let res = admin.post("/api/admin/cluster/nodes/solo/drain", Value::Null).await;
    assert_eq!(json_of(res).await["nodes"][0]["draining"], true);
    cluster_until(&app, &admin, |c| c["nodes"][0]["auctions"] == json!([])).await;
    expect_error(bidder.bid(auction).await, 503, "auction_elsewhere").await;
    assert_eq!(bidder.balance().await, 5, "nothing charged");

    let res = admin.post("/api/admin/cluster/nodes/solo/resume", Value::Null).await;
    assert_eq!(json_of(res).await["nodes"][0]["draining"], false);
    cluster_until(&app, &admin, |c| c["nodes"][0]["auctions"] == json!([auction])).await;
    let placed = keep_trying(Duration::from_secs(10), Duration::from_millis(50), || async {
        let res = bidder.bid(auction).await;
        if res.status() == 200 { Ok(()) } else { Err(json_of(res).await) }
    });
    if let Err(body) = placed.await {
        panic!("no bid after resume: {body}");
    }
    let audit = app
        .db()
        .await
        .query("select action from audit_entry where target_type = 'node' order by id", &[])
        .await
        .expect("audit");
    let actions: Vec<String> = audit.iter().map(|r| r.get(0)).collect();
    assert_eq!(actions, ["cluster.drain", "cluster.resume"]);
    expect_error(
        admin.post("/api/admin/cluster/nodes/nobody/drain", Value::Null).await,
        404,
        "node_not_found",
    )
    .await;
}
