//! How each invariant's offending rows read in `tyiyn check`'s report: one line per row, naming
//! the auction, the user or the order and what is wrong with it.

use chrono::{DateTime, SecondsFormat, Utc};
use tokio_postgres::Row;

/// A confirmed number that is not its account's phone.
pub(super) fn phone_line(r: &Row) -> String {
    let (phone, closed): (String, bool) = (r.get("phone"), r.get("closed"));
    let owner = who(Some(r.get("user_id")), r.get("username"));
    match r.get::<_, Option<String>>("shown") {
        _ if closed => format!("{phone}: confirmed by {owner}, a closed account"),
        Some(shown) => format!("{phone}: confirmed by {owner}, who shows {shown}"),
        None => format!("{phone}: confirmed by {owner}, who shows no number"),
    }
}

/// `7 (aibek)`, or `none`.
fn who(id: Option<i64>, name: Option<String>) -> String {
    match (id, name) {
        (Some(id), Some(name)) => format!("{id} ({name})"),
        (Some(id), None) => id.to_string(),
        (None, _) => "none".into(),
    }
}

/// `7, 7`.
fn ids(ids: &[i64]) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
}

/// `auction 3 (TY/2026/10003, live)`.
fn auction(id: i64, display_id: &str, status: &str) -> String {
    format!("auction {id} ({display_id}, {status})")
}

fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Micros, true)
}

pub(super) fn balance_line(r: &Row) -> String {
    let (id, username, balance, ledger): (i64, String, i64, i64) = (r.get(0), r.get(1), r.get(2), r.get(3));
    let negative = if balance < 0 { " (negative)" } else { "" };
    format!("user {id} ({username}): balance {balance}{negative}, ledger sum {ledger}")
}

pub(super) fn price_line(r: &Row) -> String {
    let (start, increment, price, total, rows): (i64, i64, i64, i64, i64) =
        (r.get(3), r.get(4), r.get(5), r.get(6), r.get(7));
    format!(
        "{}: current_price {price}, expected starting_price {start} + bid_increment {increment} × \
         {rows} bid rows = {}; total_bids {total}, bid rows {rows}",
        auction(r.get(0), r.get(1), r.get(2)),
        start + increment * rows,
    )
}

pub(super) fn winner_line(r: &Row) -> String {
    let last = match r.get::<_, Option<i64>>(7) {
        Some(bid) => format!("last bid {bid} by {}", who(r.get(8), r.get(9))),
        None => "no bids".into(),
    };
    let status: &str = r.get(2);
    let winner =
        if status == "finished" { format!("winner {}, ", who(r.get(5), r.get(6))) } else { String::new() };
    format!("{}: {winner}leader {}, {last}", auction(r.get(0), r.get(1), status), who(r.get(3), r.get(4)))
}

pub(super) fn late_bid_line(r: &Row) -> String {
    let status: &str = r.get(3);
    let bidder = who(r.get(4), r.get(5));
    let placed: DateTime<Utc> = r.get(6);
    let problem = match (status, r.get::<_, Option<DateTime<Utc>>>(7)) {
        ("upcoming", _) => "placed before the auction went live".to_owned(),
        (_, Some(end)) => format!("stamped {}, after its end {}", stamp(placed), stamp(end)),
        (_, None) => format!("stamped {}, but the auction has no end", stamp(placed)),
    };
    format!("bid {} by {bidder} on {}: {problem}", r.get::<_, i64>(0), auction(r.get(1), r.get(2), status))
}

pub(super) fn house_rule_line(r: &Row) -> String {
    let rule = match r.get::<_, Option<i32>>(7) {
        Some(reserve) => format!("a house reserve of {reserve} bids"),
        None => "no house bidders".to_owned(),
    };
    format!(
        "bot bid {} by {} (number {}) on {}, which has {rule}",
        r.get::<_, i64>(0),
        who(r.get(4), r.get(5)),
        r.get::<_, i64>(6),
        auction(r.get(1), r.get(2), r.get(3))
    )
}

pub(super) fn reference_line(r: &Row) -> String {
    let (kind, id, user, no_auction, no_user): (String, i64, i64, bool, bool) =
        (r.get(0), r.get(1), r.get(3), r.get(4), r.get(5));
    let mut missing = Vec::new();
    if no_auction {
        missing.push(format!("auction {}", r.get::<_, i64>(2)));
    }
    if no_user {
        missing.push(format!("user {user}"));
    }
    format!("{kind} {id} names {}, which does not exist", missing.join(" and "))
}

pub(super) fn record_line(r: &Row) -> String {
    let problem = if r.get::<_, bool>(5) { "has no record hash" } else { "does not match its record hash" };
    format!(
        "bid {} (number {} of {}) {problem}: the record is broken from here",
        r.get::<_, i64>(0),
        r.get::<_, i64>(4),
        auction(r.get(1), r.get(2), r.get(3))
    )
}

pub(super) fn order_line(r: &Row) -> String {
    let (id, state, bids, rows, credited): (i64, String, i32, i64, i64) =
        (r.get(0), r.get(3), r.get(4), r.get(5), r.get(6));
    let users: Vec<i64> = r.get(7);
    let buyer = who(r.get(1), r.get(2));
    let to = if users.is_empty() { String::new() } else { format!(" to users {}", ids(&users)) };
    format!("order {id} of {buyer} ({state}, {bids} bids): {rows} ledger rows crediting {credited}{to}")
}

pub(super) fn refund_line(r: &Row) -> String {
    let (id, state, bids, recorded, rows, taken): (i64, String, i32, Option<i32>, i64, i64) =
        (r.get(0), r.get(3), r.get(4), r.get(5), r.get(6), r.get(7));
    let users: Vec<i64> = r.get(8);
    let buyer = who(r.get(1), r.get(2));
    let recorded = recorded.map_or("none".to_owned(), |n| n.to_string());
    let from = if users.is_empty() { String::new() } else { format!(" from users {}", ids(&users)) };
    format!(
        "order {id} of {buyer} ({state}, {bids} bids, refund_bids {recorded}): {rows} purchase_refund \
         rows taking back {taken}{from}"
    )
}

pub(super) fn finish_line(r: &Row) -> String {
    let id: i64 = r.get(0);
    let Some(display_id) = r.get::<_, Option<String>>(1) else {
        let notices: i64 = r.get(7);
        return format!("auction {id} (deleted): {notices} auction_won notifications");
    };
    let status: String = r.get(2);
    let (has_end, has_deadline): (bool, bool) = (r.get(3), r.get(4));
    let (winner, leader): (Option<i64>, Option<i64>) = (r.get(5), r.get(6));
    let (notices, notified): (i64, Vec<i64>) = (r.get(7), r.get(8));
    let finished = status == "finished";
    let mut problems = Vec::new();
    if notices > 1 {
        problems.push(format!("{notices} auction_won notifications (to users {})", ids(&notified)));
    }
    if finished && has_deadline {
        problems.push("finished but still has a deadline (ends_at)".to_owned());
    }
    if finished && winner != leader {
        problems.push(format!("winner {} but leader {}", who(winner, None), who(leader, None)));
    }
    if !finished && has_end {
        problems.push("end_time set but not finished".to_owned());
    }
    if !finished && winner.is_some() {
        problems.push(format!("winner {} but not finished", who(winner, None)));
    }
    let to_the_winner = finished && winner.is_some_and(|w| notified == [w]);
    if notices == 1 && !to_the_winner {
        problems.push(format!(
            "auction_won notification to user {}, winner {}",
            ids(&notified),
            who(winner, None)
        ));
    }
    if problems.is_empty() {
        problems.push("inconsistent finish".to_owned());
    }
    format!("{}: {}", auction(id, &display_id, &status), problems.join("; "))
}

pub(super) fn claim_line(r: &Row) -> String {
    let (id, auction, state, paid, open, pending): (i64, Option<i64>, String, i64, i64, i64) =
        (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4), r.get(5));
    let auction = auction.map_or("a deleted auction".to_owned(), |a| format!("auction {a}"));
    let line =
        format!("claim {id} on {auction} ({state}): {paid} paid orders, {open} open claims on the auction");
    if pending > 1 { format!("{line}, {pending} pending orders") } else { line }
}
