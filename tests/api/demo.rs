//! The demo that keeps going (issue 22): with demo data on, the server lists new auctions from its
//! catalogue while fewer than `[demo] keep_running` are live or start within half an hour, each with two of the
//! demo's people taking part through auto-bidders, most without house bidders.

use std::time::Duration;

use tyiyn_testkit::until;

use crate::helpers::{long_countdowns, spawn_app_with};

#[actix_web::test]
async fn the_demo_lists_new_auctions_that_people_take_part_in_and_most_without_the_house() {
    let app = spawn_app_with(|s| {
        long_countdowns(s);
        s.demo.enabled = true;
        // The seed has 5 lots live or starting within half an hour (bid packages aside): four more
        // are missing.
        s.demo.keep_running = 9;
        s.demo.list_every_secs = 1;
    })
    .await;
    let db = app.db().await;
    let running = "select count(*) from auction where not is_bid_package
                   and (status = 'live' or (status = 'upcoming' and start_time < now() + interval '30 minutes'))";
    until("the demo listed nothing", Duration::from_secs(20), Duration::from_millis(100), || async {
        db.query_one(running, &[]).await.unwrap().get::<_, i64>(0) >= 9
    })
    .await;
    // Listed after the seed's 15 auctions, and no more once 9 run (a quiet period: a listing that
    // does not come cannot be awaited).
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let listed = db
        .query(
            "select a.id, a.house_reserve, a.opening_secs, a.status, a.start_time > now(),
                    (select count(*) from autobid o join app_user u on u.id = o.user_id
                     where o.auction_id = a.id and not u.is_bot),
                    (select count(*) from bot_assignment b where b.auction_id = a.id)
             from auction a order by a.id offset 15",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(listed.len(), 4, "exactly the missing ones");
    let mut housed = 0;
    for row in &listed {
        let (house, opening, status): (Option<i32>, Option<i32>, String) =
            (row.get(1), row.get(2), row.get(3));
        assert_eq!((opening, status.as_str(), row.get::<_, bool>(4)), (Some(120), "upcoming", true));
        assert_eq!(row.get::<_, i64>(5), 2, "two of the demo's people take part");
        if let Some(reserve) = house {
            housed += 1;
            assert_eq!((reserve, row.get::<_, i64>(6)), (6, 1), "a small reserve and one house bot");
        } else {
            assert_eq!(row.get::<_, i64>(6), 0, "no house bot where the house may not bid");
        }
    }
    assert_eq!(housed, 1, "one in four lets the house in");
    // The demo's people confirmed their numbers: each is theirs and had its free bids, so no new
    // account confirms one again or earns the bids twice (issue 40).
    let unowned: i64 = db
        .query_one(
            "select count(*) from app_user u where u.phone is not null and not u.is_bot
             and (not exists (select 1 from phone_owner po where po.user_id = u.id and po.phone = u.phone)
                  or not exists (select 1 from phone_bonus pb where pb.phone = u.phone))",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(unowned, 0, "every demo person's number is owned and had its bonus");
    app.check().await;
}
