//! `tyiyn check`: a database with a real history passes, and each kind of corruption, written
//! directly in SQL, is reported naming the offending row, in-process and by the binary.

use serde_json::Value;
use tyiyn::db::check::{Invariant, Report};

use crate::helpers::{TestApp, User, long_countdowns, spawn_app_with};

/// A history made through the real server: both users bid on `live` and on `won` (nurlan last),
/// `won` and `empty` (no bids) were finished by the admin, aibek pre-bid on the upcoming `soon`.
/// Balances afterwards: aibek 2, nurlan 3. Every invariant holds.
struct History {
    app: TestApp,
    admin: User,
    aibek: i64,
    nurlan: i64,
    live: i64,
    won: i64,
    empty: i64,
    soon: i64,
}

async fn history() -> History {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Телефон").await;
    let won = app.create_live_auction(&admin, "Ноутбук").await;
    let empty = app.create_live_auction(&admin, "Камера").await;
    let later = (chrono::Utc::now() + chrono::Duration::hours(1)).to_rfc3339();
    let soon = app.create_auction(&admin, "Часы", &later).await;
    let aibek = app.new_user("aibek").await;
    let nurlan = app.new_user("nurlan").await;
    for id in [live, won] {
        assert_eq!(aibek.bid(id).await.status(), 200);
        assert_eq!(nurlan.bid(id).await.status(), 200);
    }
    assert_eq!(aibek.post(&format!("/api/auctions/{soon}/prebid"), Value::Null).await.status(), 201);
    for id in [won, empty] {
        assert_eq!(admin.post(&format!("/api/admin/auctions/{id}/end"), Value::Null).await.status(), 200);
    }
    app.check().await;
    History { app, admin, aibek: aibek.id, nurlan: nurlan.id, live, won, empty, soon }
}

impl History {
    async fn sql(&self, text: &str) {
        self.app.db().await.batch_execute(text).await.expect("corrupting SQL runs");
    }

    async fn display_id(&self, auction: i64) -> String {
        let db = self.app.db().await;
        db.query_one("select display_id from auction where id = $1", &[&auction]).await.unwrap().get(0)
    }

    async fn last_bid(&self, auction: i64) -> i64 {
        let db = self.app.db().await;
        db.query_one("select max(id) from bid where auction_id = $1", &[&auction]).await.unwrap().get(0)
    }
}

/// The offending rows `invariant` lists, after asserting that it failed.
fn rows(report: &Report, invariant: Invariant) -> Vec<String> {
    let finding = report.finding(invariant);
    assert!(!finding.holds(), "{invariant:?} should fail:\n{report}");
    assert_eq!(finding.offending, finding.rows.len() as i64);
    finding.rows.clone()
}

#[actix_web::test]
async fn a_balance_that_differs_from_its_ledger_is_named() {
    let h = history().await;
    h.sql(&format!("update app_user set bid_balance = bid_balance + 1 where id = {}", h.aibek)).await;

    let report = h.app.report().await;
    assert_eq!(
        rows(&report, Invariant::Balances),
        [format!("user {} (aibek): balance 3, ledger sum 2", h.aibek)]
    );
    assert_eq!(report.violated(), 1, "only the balances:\n{report}");
}

#[actix_web::test]
async fn a_negative_balance_is_named_even_when_the_ledger_agrees() {
    let h = history().await;
    h.sql(&format!(
        "alter table app_user drop constraint app_user_bid_balance_check;
         update app_user set bid_balance = -1 where id = {0};
         insert into ledger_entry (user_id, delta, reason, admin_id) values ({0}, -4, 'admin_adjustment', {1});",
        h.nurlan, h.admin.id
    ))
    .await;

    let report = h.app.report().await;
    let expected = format!("user {} (nurlan): balance -1 (negative), ledger sum -1", h.nurlan);
    assert_eq!(rows(&report, Invariant::Balances), [expected]);
}

#[actix_web::test]
async fn a_price_or_bid_total_that_does_not_follow_the_bid_rows_is_named() {
    let h = history().await;
    h.sql(&format!(
        "update auction set current_price = current_price + 1 where id = {};
         update auction set total_bids = 3 where id = {};",
        h.live, h.won
    ))
    .await;

    let report = h.app.report().await;
    let (live, won) = (h.display_id(h.live).await, h.display_id(h.won).await);
    assert_eq!(
        rows(&report, Invariant::Prices),
        [
            format!(
                "auction {} ({live}, live): current_price 4, expected starting_price 1 + bid_increment 1 × \
                 2 bid rows = 3; total_bids 2, bid rows 2",
                h.live
            ),
            format!(
                "auction {} ({won}, finished): current_price 3, expected starting_price 1 + bid_increment 1 × \
                 2 bid rows = 3; total_bids 3, bid rows 2",
                h.won
            ),
        ]
    );
    assert_eq!(report.violated(), 1, "only the prices:\n{report}");
}

#[actix_web::test]
async fn a_leader_or_winner_other_than_the_last_bidder_is_named() {
    let h = history().await;
    h.sql(&format!(
        "update auction set leader_id = {a} where id = {live};
         update auction set leader_id = {a}, winner_id = {a} where id = {won};
         update auction set leader_id = {n}, winner_id = {n} where id = {empty};",
        a = h.aibek,
        n = h.nurlan,
        live = h.live,
        won = h.won,
        empty = h.empty,
    ))
    .await;

    let report = h.app.report().await;
    let (a, n) = (format!("{} (aibek)", h.aibek), format!("{} (nurlan)", h.nurlan));
    let (live_bid, won_bid) = (h.last_bid(h.live).await, h.last_bid(h.won).await);
    assert_eq!(
        rows(&report, Invariant::Winners),
        [
            format!(
                "auction {} ({}, live): leader {a}, last bid {live_bid} by {n}",
                h.live,
                h.display_id(h.live).await
            ),
            format!(
                "auction {} ({}, finished): winner {a}, leader {a}, last bid {won_bid} by {n}",
                h.won,
                h.display_id(h.won).await
            ),
            format!(
                "auction {} ({}, finished): winner {n}, leader {n}, no bids",
                h.empty,
                h.display_id(h.empty).await
            ),
        ]
    );
}

#[actix_web::test]
async fn a_bid_after_its_auctions_end_or_before_it_went_live_is_named() {
    let h = history().await;
    let (won_bid, live_bid) = (h.last_bid(h.won).await, h.last_bid(h.live).await);
    h.sql(&format!(
        "update bid set created_at = a.end_time + interval '1 second'
         from auction a where a.id = bid.auction_id and bid.id = {won_bid};
         update bid set created_at = a.ends_at + interval '1 second'
         from auction a where a.id = bid.auction_id and bid.id = {live_bid};"
    ))
    .await;
    let db = h.app.db().await;
    let early: i64 = db
        .query_one(
            "insert into bid (auction_id, user_id, amount, is_prebid) values ($1, $2, 2, true) returning id",
            &[&h.soon, &h.aibek],
        )
        .await
        .unwrap()
        .get(0);

    let report = h.app.report().await;
    let lines = rows(&report, Invariant::BidTimes);
    let n = format!("{} (nurlan)", h.nurlan);
    assert_eq!(lines.len(), 3, "{report}");
    assert!(lines[0].starts_with(&format!("bid {live_bid} by {n} on auction {} (", h.live)), "{report}");
    assert!(lines[0].contains(", live): stamped ") && lines[0].contains(", after its end "), "{report}");
    assert!(lines[1].starts_with(&format!("bid {won_bid} by {n} on auction {} (", h.won)), "{report}");
    assert!(lines[1].contains(", finished): stamped ") && lines[1].contains(", after its end "), "{report}");
    let soon = h.display_id(h.soon).await;
    assert_eq!(
        lines[2],
        format!(
            "bid {early} by {} (aibek) on auction {} ({soon}, upcoming): placed before the auction went live",
            h.aibek, h.soon
        )
    );
}

#[actix_web::test]
async fn an_auction_finished_twice_or_half_finished_is_named() {
    let h = history().await;
    // What a second finish of `won` would leave: a new end time and a second notice to its winner.
    h.sql(&format!(
        "update auction set end_time = now() where id = {won};
         insert into notification (user_id, kind, auction_id) values ({n}, 'auction_won', {won});
         update auction set end_time = now() where id = {live};
         update auction set ends_at = now() where id = {empty};",
        n = h.nurlan,
        won = h.won,
        live = h.live,
        empty = h.empty,
    ))
    .await;

    let report = h.app.report().await;
    assert_eq!(
        rows(&report, Invariant::Finishes),
        [
            format!(
                "auction {} ({}, live): end_time set but not finished",
                h.live,
                h.display_id(h.live).await
            ),
            format!(
                "auction {} ({}, finished): 2 auction_won notifications (to users {n}, {n})",
                h.won,
                h.display_id(h.won).await,
                n = h.nurlan
            ),
            format!(
                "auction {} ({}, finished): finished but still has a deadline (ends_at)",
                h.empty,
                h.display_id(h.empty).await
            ),
        ]
    );
}

#[actix_web::test]
async fn a_deleted_auction_passes_but_a_repeated_notice_of_its_finish_is_named() {
    let h = history().await;
    assert_eq!(h.admin.delete(&format!("/api/admin/auctions/{}", h.won)).await.status(), 200);
    h.app.check().await;

    h.sql(&format!(
        "insert into notification (user_id, kind, auction_id) values ({}, 'auction_won', {})",
        h.nurlan, h.won
    ))
    .await;
    let report = h.app.report().await;
    assert_eq!(
        rows(&report, Invariant::Finishes),
        [format!("auction {} (deleted): 2 auction_won notifications", h.won)]
    );
}

#[actix_web::test]
async fn a_bid_or_ledger_entry_naming_no_one_is_refused_and_one_written_past_the_triggers_is_named() {
    let h = history().await;
    let db = h.app.db().await;
    // The statement triggers of migration 0025 refuse what the foreign keys refused, with their
    // SQLSTATE, for every writer.
    for text in [
        format!("insert into bid (auction_id, user_id, amount) values (999999, {}, 1)", h.aibek),
        format!("insert into bid (auction_id, user_id, amount) values ({}, 999999, 1)", h.live),
        "insert into ledger_entry (user_id, delta, reason) values (999999, 1, 'purchase')".to_owned(),
        format!("update bid set auction_id = 999999 where id = {}", h.last_bid(h.live).await),
        format!("update auction set leader_id = 999999 where id = {}", h.live),
    ] {
        let err = db.batch_execute(&text).await.expect_err(&text);
        assert_eq!(
            err.code(),
            Some(&tokio_postgres::error::SqlState::FOREIGN_KEY_VIOLATION),
            "{text}: {err}"
        );
    }
    h.app.check().await;

    // Written with triggers off (as a restore without them might), they are named.
    h.sql(&format!(
        "set session_replication_role = replica;
         insert into bid (auction_id, user_id, amount) values (999999, {}, 1);
         insert into ledger_entry (user_id, delta, reason) values (999998, 1, 'purchase');
         update auction set leader_id = 999997 where id = {};
         reset session_replication_role;",
        h.aibek, h.live
    ))
    .await;
    let report = h.app.report().await;
    let lines = rows(&report, Invariant::References);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0], format!("auction {} names user 999997, which does not exist", h.live));
    assert!(
        lines[1].starts_with("bid ") && lines[1].ends_with("names auction 999999, which does not exist"),
        "{lines:?}"
    );
    assert!(
        lines[2].starts_with("ledger entry ")
            && lines[2].ends_with("names user 999998, which does not exist"),
        "{lines:?}"
    );
}

/// Issue 40: one confirmed number, one account, and it is the number the account shows (the demo
/// once left its people's numbers unowned, so a stranger could confirm them again).
#[actix_web::test]
async fn a_confirmed_number_its_account_does_not_show_is_named() {
    let h = history().await;
    h.sql(&format!(
        "insert into phone_owner (phone, user_id) values ('+996700111000', {0});
         update app_user set phone = '+996700111000' where id = {0};
         insert into phone_owner (phone, user_id) values ('+996700222000', {1});",
        h.aibek, h.nurlan
    ))
    .await;

    let report = h.app.report().await;
    assert_eq!(
        rows(&report, Invariant::Phones),
        [format!("+996700222000: confirmed by {} (nurlan), who shows no number", h.nurlan)]
    );
    assert_eq!(report.violated(), 1, "only the phones:\n{report}");
}

#[actix_web::test]
async fn the_binary_exits_0_on_a_clean_database_and_1_naming_the_row_on_a_corrupted_one() {
    let h = history().await;
    let clean = tokio::process::Command::new(env!("CARGO_BIN_EXE_tyiyn"))
        .arg("check")
        .env("DATABASE_URL", &h.app.db_url)
        .output()
        .await
        .expect("tyiyn check runs");
    let stdout = String::from_utf8_lossy(&clean.stdout);
    assert_eq!(clean.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&clean.stderr));
    assert!(stdout.contains("ok    balances equal the ledger and are not negative (3 users)"), "{stdout}");
    let all = Invariant::ALL.len();
    assert!(stdout.contains(&format!("all {all} invariants hold")), "{stdout}");

    h.sql(&format!("update app_user set bid_balance = 5 where id = {}", h.nurlan)).await;
    let corrupted = tokio::process::Command::new(env!("CARGO_BIN_EXE_tyiyn"))
        .args(["check", "--database-url", &h.app.db_url])
        .output()
        .await
        .expect("tyiyn check runs");
    let stdout = String::from_utf8_lossy(&corrupted.stdout);
    assert_eq!(corrupted.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("FAIL  balances equal the ledger and are not negative (3 users): 1 offending"),
        "{stdout}"
    );
    assert!(stdout.contains(&format!("user {} (nurlan): balance 5, ledger sum 3", h.nurlan)), "{stdout}");
    assert!(stdout.contains(&format!("1 of {all} invariants violated")), "{stdout}");
}

#[actix_web::test]
async fn the_binary_exits_2_on_a_wrong_command_or_an_unreachable_database() {
    let wrong =
        tokio::process::Command::new(env!("CARGO_BIN_EXE_tyiyn")).arg("frobnicate").output().await.unwrap();
    assert_eq!(wrong.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("tyiyn check"), "usage on stderr");

    let unreachable = tokio::process::Command::new(env!("CARGO_BIN_EXE_tyiyn"))
        .args(["check", "--database-url", "postgres://postgres@127.0.0.1:1/tyiyn"])
        .output()
        .await
        .unwrap();
    let stderr = String::from_utf8_lossy(&unreachable.stderr);
    assert_eq!(unreachable.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot connect to postgres://postgres@127.0.0.1:1/tyiyn"), "{stderr}");
}
