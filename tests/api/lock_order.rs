//! The group commit locks its bidders only as strongly as a balance update needs (`for no key
//! update`), so a transaction that writes notices for the same users (the outbid desk, whose
//! inserts take key-share locks on them through the foreign key) neither waits for it nor
//! deadlocks with it. With `for update` the two deadlocked under load on 100 auctions: the commit
//! failed and its auction paused (docs/performance.md, "Many auctions").

use std::time::Duration;

use tyiyn_testkit::poll;

use crate::helpers::{long_countdowns, spawn_app_with};

#[actix_web::test]
async fn a_group_commit_and_notices_for_its_bidders_in_another_order_never_deadlock() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let auction = app.create_live_auction(&admin, "Чайник").await;
    let (a, b) = (app.new_user("aigul").await.id, app.new_user("bakyt").await.id);
    let (first, second) = (a.min(b), a.max(b));

    // The notice desk's transaction references the second bidder first.
    let mut desk = app.db().await;
    let desk = desk.transaction().await.expect("begin");
    let notice =
        "insert into notification (user_id, kind, auction_id, payload) values ($1, 'outbid', $2, '{}')";
    desk.execute(notice, &[&second, &auction]).await.expect("a notice");

    // One group commits a bid by each bidder: it locks them in id order, first then second.
    let group = {
        let db = app.db().await;
        tokio::spawn(async move {
            db.query(
                "select batch, bid_id from commit_bid_groups(
                     '{1,1}', array[$2::bigint, $3::bigint], '{1,2}', '{false,false}', '{null,null}',
                     array[now(), now()], '{h1,h2}', '{false,false}', array[$1::bigint], '{2}',
                     array[$3::bigint], array[now() + interval '1 hour'], '{2}', null, (random() * 9e18)::bigint)",
                &[&auction, &first, &second],
            )
            .await
            .map(|rows| rows.len())
        })
    };
    // Let the group reach its locks: it either finished or waits for one.
    let probe = app.db().await;
    let at_its_locks = || async {
        let waiting: i64 = probe
            .query_one(
                "select count(*) from pg_locks l join pg_stat_activity s on s.pid = l.pid
                 where not l.granted and s.datname = current_database()",
                &[],
            )
            .await
            .expect("locks")
            .get(0);
        (group.is_finished() || waiting > 0).then_some(())
    };
    // Up to 2 s, not asserted: the desk goes ahead either way, and what follows is checked.
    let _ = poll(Duration::from_secs(2), Duration::from_millis(10), at_its_locks).await;

    // The desk now references the first bidder too, and commits.
    let desk_done = desk.execute(notice, &[&first, &auction]).await.map(|_| ());
    let desk_done = match desk_done {
        Ok(()) => desk.commit().await,
        Err(e) => Err(e),
    };
    let group_done = group.await.expect("the group's task");
    assert!(desk_done.is_ok(), "the notices: {desk_done:?}");
    assert_eq!(group_done.expect("the group commit"), 2, "both bids committed");
    let (bids, notices): (i64, i64) = {
        let row = probe
            .query_one(
                "select (select count(*) from bid where auction_id = $1),
                        (select count(*) from notification where auction_id = $1 and kind = 'outbid')",
                &[&auction],
            )
            .await
            .expect("counts");
        (row.get(0), row.get(1))
    };
    assert_eq!((bids, notices), (2, 2));
}
