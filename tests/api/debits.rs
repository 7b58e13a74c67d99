//! A paid bid is its own debit (migration 0027, issue 26): a user's ledger is their `ledger_entry`
//! rows and −1 for each bid they paid for (the view `ledger`), and `bid_balance` is its sum. A
//! deleted bid keeps its debit; an older database's per-bid ledger rows become that; the group
//! commit checks the references of the bids it inserts under its own locks, and no other insert
//! skips the check.

use deadpool_postgres::Pool;
use tokio_postgres::error::SqlState;
use tyiyn::db::migrate;

use crate::helpers::{TestApp, long_countdowns, spawn_app_with};

/// A user's balance and the sum of their ledger (the view).
async fn money(app: &TestApp, user: i64) -> (i64, i64) {
    let row = app
        .db()
        .await
        .query_one(
            "select (select bid_balance from app_user where id = $1),
                    (select coalesce(sum(delta), 0)::bigint from ledger where user_id = $1)",
            &[&user],
        )
        .await
        .expect("money");
    (row.get(0), row.get(1))
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    app.db().await.query_one(sql, &[]).await.expect(sql).get(0)
}

#[actix_web::test]
async fn a_paid_bid_writes_no_ledger_row_and_a_deleted_bid_keeps_its_debit() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Телефон").await;
    let aibek = app.new_user("aibek").await;
    assert_eq!(aibek.bid(live).await.status(), 200);
    assert_eq!(money(&app, aibek.id).await, (4, 4));
    let rows =
        format!("select count(*) from ledger_entry where user_id = {} and auction_id = {live}", aibek.id);
    assert_eq!(count(&app, &rows).await, 0, "the bid row is the debit");
    app.check().await;

    // Deleted directly (not through the admin's deletion, which refunds), the bid's debit stays.
    app.db()
        .await
        .batch_execute(&format!("delete from bid where auction_id = {live}"))
        .await
        .expect("deleted");
    let kept = app
        .db()
        .await
        .query_one(
            "select delta, reason from ledger_entry where user_id = $1 and auction_id = $2",
            &[&aibek.id, &live],
        )
        .await
        .expect("one debit row");
    assert_eq!((kept.get::<_, i64>(0), kept.get::<_, String>(1)), (-1, "deleted_bids".to_owned()));
    assert_eq!(money(&app, aibek.id).await, (4, 4));
}

#[actix_web::test]
async fn a_bid_cannot_be_moved_to_another_bidder_or_made_free() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Телефон").await;
    let aibek = app.new_user("aibek").await;
    let nurlan = app.new_user("nurlan").await;
    assert_eq!(aibek.bid(live).await.status(), 200);
    let db = app.db().await;
    for set in [format!("user_id = {}", nurlan.id), "is_bot = true".to_owned(), "is_prebid = true".to_owned()]
    {
        let sql = format!("update bid set {set} where auction_id = {live}");
        let err = db.batch_execute(&sql).await.expect_err(&sql);
        assert_eq!(err.code(), Some(&SqlState::CHECK_VIOLATION), "{sql}: {err}");
    }
    // What the public record updates still may change.
    db.batch_execute(&format!("update bid set record_hash = record_hash where auction_id = {live}"))
        .await
        .expect("the record's own column");
    assert_eq!(money(&app, aibek.id).await, (4, 4));
    assert_eq!(money(&app, nurlan.id).await, (5, 5));
    app.check().await;
}

/// The schema before migration 0027 (its view, trigger and reasons), with the ledger rows the old
/// group commit wrote: −1 per paid bid, and `extra` SQL run after (`{user}` stands for aibek).
async fn as_before_0027(app: &TestApp, aibek: i64, extra: &str) {
    let db = app.db().await;
    db.batch_execute(&format!(
        "drop view ledger;
         drop trigger bid_deletion_keeps_debits on bid;
         drop function bid_deletion_keeps_debits();
         drop trigger bid_debit_stays on bid;
         drop function bid_debit_stays();
         alter table ledger_entry drop constraint ledger_entry_reason_check;
         alter table ledger_entry add constraint ledger_entry_reason_check check (reason in
             ('signup_bonus', 'purchase', 'admin_adjustment', 'bid', 'prebid', 'refund', 'purchase_refund'));
         delete from schema_migration where name = '0027_bids_are_their_debits';
         insert into ledger_entry (user_id, delta, reason, auction_id, created_at)
         select user_id, -1, 'bid', auction_id, created_at from bid
         where not is_bot and not is_prebid order by id;
         {}",
        extra.replace("{user}", &aibek.to_string())
    ))
    .await
    .expect("the older schema");
}

async fn migrated(pool: &Pool) -> anyhow::Result<()> {
    migrate::run(pool).await
}

#[actix_web::test]
async fn the_migration_turns_per_bid_ledger_rows_into_the_bids_themselves() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Телефон").await;
    let aibek = app.new_user("aibek").await;
    let nurlan = app.new_user("nurlan").await;
    for _ in 0..2 {
        assert_eq!(aibek.bid(live).await.status(), 200);
        assert_eq!(nurlan.bid(live).await.status(), 200);
        // The 1-second rule between one user's bids: the pause is the rule, not a wait on a state.
        tokio::time::sleep(std::time::Duration::from_millis(1_050)).await;
    }
    // An auction deleted before the migration: three debits of aibek and their refund, no bids.
    as_before_0027(
        &app,
        aibek.id,
        "insert into ledger_entry (user_id, delta, reason, auction_id)
         values ({user}, -1, 'bid', 990000), ({user}, -1, 'bid', 990000), ({user}, -1, 'bid', 990000),
                ({user}, 3, 'refund', 990000);",
    )
    .await;
    assert_eq!(count(&app, "select count(*) from ledger_entry where reason = 'bid'").await, 7);

    migrated(&app.pool().await).await.expect("0027 applies");
    assert_eq!(count(&app, "select count(*) from ledger_entry where reason = 'bid'").await, 0);
    let deleted = app
        .db()
        .await
        .query(
            "select user_id, delta, auction_id from ledger_entry where reason = 'deleted_bids' order by id",
            &[],
        )
        .await
        .expect("rows");
    let deleted: Vec<(i64, i64, i64)> = deleted.iter().map(|r| (r.get(0), r.get(1), r.get(2))).collect();
    assert_eq!(deleted, [(aibek.id, -3, 990000)], "the deleted auction's debits, as one row");
    assert_eq!(money(&app, aibek.id).await, (3, 3));
    assert_eq!(money(&app, nurlan.id).await, (3, 3));
    app.check().await;

    // A node still running the old group commit cannot charge a bid twice: its row is refused.
    let err = app
        .db()
        .await
        .batch_execute(&format!(
            "insert into ledger_entry (user_id, delta, reason, auction_id) values ({}, -1, 'bid', {live})",
            aibek.id
        ))
        .await
        .expect_err("a 'bid' row");
    assert_eq!(err.code(), Some(&SqlState::CHECK_VIOLATION), "{err}");
    // And bidding goes on, on the new rows.
    assert_eq!(aibek.bid(live).await.status(), 200);
    assert_eq!(money(&app, aibek.id).await, (2, 2));
    app.check().await;
}

#[actix_web::test]
async fn the_migration_stops_on_a_paid_bid_that_was_never_debited() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Телефон").await;
    let aibek = app.new_user("aibek").await;
    assert_eq!(aibek.bid(live).await.status(), 200);
    as_before_0027(&app, aibek.id, "delete from ledger_entry where user_id = {user} and reason = 'bid';")
        .await;

    let err = migrated(&app.pool().await).await.expect_err("0027 stops");
    let text = format!("{err:#}");
    assert!(
        text.contains(&format!("user {} has 1 paid bids on auction {live} but 0 debits", aibek.id)),
        "{text}"
    );
    // Nothing of it was applied.
    assert_eq!(count(&app, "select count(*) from pg_views where viewname = 'ledger'").await, 0);
}

#[actix_web::test]
async fn the_group_commit_checks_its_own_references_and_leaves_every_other_insert_checked() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Телефон").await;
    let aibek = app.new_user("aibek").await;
    // (user, bot, auction) of one bid, committed directly.
    let call = |user: i64, bot: bool, auction: i64| {
        format!(
            "select * from commit_bid_groups(array[1], array[{user}]::bigint[], array[1]::bigint[], array[{bot}],
                 array[case when {bot} then 'Бот' end]::text[], array[now()], array['x'], array[false],
                 array[{auction}]::bigint[], array[1]::bigint[], array[{user}]::bigint[],
                 array[now() + interval '10 seconds'], array[1]::bigint[], null::bigint[], (random() * 9e18)::bigint)"
        )
    };
    let db = app.db().await;
    for (sql, what) in [
        (call(999_999, false, live), "a bidder who does not exist"),
        (call(999_999, true, live), "a house bot that does not exist"),
        (call(aibek.id, false, 999_999), "an auction that does not exist"),
    ] {
        let err = db.batch_execute(&sql).await.expect_err(what);
        assert_eq!(err.code(), Some(&SqlState::FOREIGN_KEY_VIOLATION), "{what}: {err}");
    }

    // In the transaction of a commit that passed, the next insert is checked again.
    let err = db
        .batch_execute(&format!(
            "begin;
             {};
             insert into bid (auction_id, user_id, amount) values (999999, {}, 1);",
            call(aibek.id, false, live),
            aibek.id
        ))
        .await
        .expect_err("a bid naming no auction");
    assert_eq!(err.code(), Some(&SqlState::FOREIGN_KEY_VIOLATION), "{err}");
    db.batch_execute("rollback").await.expect("rolled back");
    assert_eq!(money(&app, aibek.id).await, (5, 5), "nothing of it stands");
    app.check().await;
}

/// A group of at most 32 bids runs on cached generic plans (sql/functions/commit_bid_groups.sql),
/// a larger one on PostgreSQL's choice: both store and charge the same way, and neither changes the
/// caller's `plan_cache_mode` for the rest of its transaction.
#[actix_web::test]
async fn small_and_large_groups_commit_alike_and_leave_the_plan_setting_as_it_was() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Телефон").await;
    let mut bidders = Vec::new();
    for n in 0..9 {
        bidders.push(app.new_user(&format!("bidder{n}")).await.id);
    }
    let db = app.db().await;
    let row = db
        .query_one("select current_price, bid_increment, total_bids from auction where id = $1", &[&live])
        .await
        .expect("the auction");
    let (mut price, step, mut total): (i64, i64, i64) = (row.get(0), row.get(1), row.get(2));
    // One batch of `users`' bids in this order, as the group commit sends it.
    let mut group = |users: &[i64]| {
        let amounts: Vec<i64> = users
            .iter()
            .map(|_| {
                price += step;
                price
            })
            .collect();
        total += users.len() as i64;
        let n = users.len();
        let list = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        format!(
            "select count(*) from commit_bid_groups(array_fill(1, array[{n}]), array[{}]::bigint[],
                 array[{}]::bigint[], array_fill(false, array[{n}]), array_fill(null::text, array[{n}]),
                 array_fill(now(), array[{n}]), array_fill('x'::text, array[{n}]), array_fill(false, array[{n}]),
                 array[{live}]::bigint[], array[{price}]::bigint[], array[{}]::bigint[],
                 array[now() + interval '1 hour'], array[{total}]::bigint[], null::bigint[], (random() * 9e18)::bigint)",
            list(users),
            list(&amounts),
            users[n - 1]
        )
    };
    // 40 bids (five of each of eight bidders: all they have), then one: a large group and a small one.
    let large: Vec<i64> = (0..40).map(|k| bidders[k % 8]).collect();
    let large = group(&large);
    let small = group(&[bidders[8]]);
    for session_mode in ["auto", "force_custom_plan"] {
        db.batch_execute(&format!("begin; set local plan_cache_mode = {session_mode}")).await.expect("begun");
        let sql = if session_mode == "auto" { &large } else { &small };
        let stored: i64 = db.query_one(sql.as_str(), &[]).await.expect("committed").get(0);
        assert_eq!(stored, if session_mode == "auto" { 40 } else { 1 });
        let after: String =
            db.query_one("select current_setting('plan_cache_mode')", &[]).await.expect("read").get(0);
        assert_eq!(after, session_mode, "the call leaves the caller's plan setting");
        db.batch_execute("commit").await.expect("committed");
    }
    for (n, &bidder) in bidders.iter().enumerate() {
        let left = if n < 8 { 0 } else { 4 };
        assert_eq!(money(&app, bidder).await, (left, left), "bidder {bidder} paid for every bid, once");
    }
    assert_eq!(count(&app, &format!("select count(*) from bid where auction_id = {live}")).await, 41);
    // (Not `tyiyn check`: the record's hashes here are placeholders.)
    let (stored_total, leader): (i64, i64) = {
        let row = db
            .query_one("select total_bids, leader_id from auction where id = $1", &[&live])
            .await
            .expect("the auction");
        (row.get(0), row.get(1))
    };
    assert_eq!((stored_total, leader), (total, bidders[8]));
}

/// An auction's leader is checked by triggers (migration 0028), as its foreign key did: the user
/// must exist and stays locked until the writer commits, and deleting a user clears their leads.
/// The group commit skips the check only for leaders among the bidders it locked.
#[actix_web::test]
async fn an_auctions_leader_must_exist_stays_locked_and_is_cleared_with_its_user() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Телефон").await;
    let aibek = app.new_user("aibek").await;
    let db = app.db().await;

    let err = db
        .execute("update auction set leader_id = 999999 where id = $1", &[&live])
        .await
        .expect_err("a leader who does not exist");
    assert_eq!(err.code(), Some(&SqlState::FOREIGN_KEY_VIOLATION), "{err}");
    assert!(format!("{err:?}").contains("auction_leader_id_fkey"), "{err:?}");
    let err = db
        .execute(
            "insert into auction (display_id, title, retail_price, current_price, start_time, leader_id)
             values ('X-1', 'x', 1, 1, now(), 999999)",
            &[],
        )
        .await
        .expect_err("a new auction led by no one who exists");
    assert_eq!(err.code(), Some(&SqlState::FOREIGN_KEY_VIOLATION), "{err}");

    // A group commit naming a leader who is none of its bidders: checked, and refused.
    let call = |leader: i64| {
        format!(
            "select * from commit_bid_groups(array[1], array[{user}]::bigint[], array[1]::bigint[], array[false],
                 array[null]::text[], array[now()], array['x'], array[false],
                 array[{live}]::bigint[], array[1]::bigint[], array[{leader}]::bigint[],
                 array[now() + interval '10 seconds'], array[1]::bigint[], null::bigint[], (random() * 9e18)::bigint)",
            user = aibek.id
        )
    };
    let err = db.batch_execute(&call(999_999)).await.expect_err("a leader who does not exist");
    assert_eq!(err.code(), Some(&SqlState::FOREIGN_KEY_VIOLATION), "{err}");
    assert_eq!(money(&app, aibek.id).await, (5, 5), "nothing of it stands");

    // The writer's leader stays locked until it commits: deleting that user waits for it.
    let other = app.db().await;
    db.batch_execute(&format!("begin; update auction set leader_id = {} where id = {live}", aibek.id))
        .await
        .expect("led");
    let err = other
        .batch_execute(&format!("set lock_timeout = '200ms'; delete from app_user where id = {}", aibek.id))
        .await
        .expect_err("the leader's row is locked");
    assert_eq!(err.code(), Some(&SqlState::LOCK_NOT_AVAILABLE), "{err}");
    db.batch_execute("commit").await.expect("committed");

    other
        .batch_execute(&format!("set lock_timeout = 0; delete from app_user where id = {}", aibek.id))
        .await
        .expect("the user deleted");
    let leader: Option<i64> = db
        .query_one("select leader_id from auction where id = $1", &[&live])
        .await
        .expect("the auction")
        .get(0);
    assert_eq!(leader, None, "deleting the user cleared their lead");
}
