//! The invariants `tyiyn check` verifies on any Tyiyn database, and that every test moving money or
//! bids relies on. Each is one query in `sql/queries/check/` returning the rows that break it; all
//! run in one read-only, repeatable-read transaction, so a running server cannot make them
//! disagree with each other. Nothing here writes.
//!
//! The queries run once per check on a plain connection (no pool, hence no `prepare_cached`).

use std::fmt;

use std::time::Duration;

use chrono::{DateTime, SecondsFormat, Utc};
use tokio_postgres::{Client, IsolationLevel, NoTls, Row};

/// How many offending rows each invariant lists; the others are only counted.
pub const SHOWN: i64 = 50;

/// How long [`connect`] waits for the server unless the URL says otherwise.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/check/", $name, ".sql"))
    };
}

/// One invariant of the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Invariant {
    /// Each user's bid balance equals the sum of their ledger and is not negative.
    Balances,
    /// Each auction's price is starting price + increment × its bid rows, and its total_bids is
    /// the number of its bid rows.
    Prices,
    /// Each auction's leader, and a finished auction's winner, is the bidder of its last bid.
    Winners,
    /// No bid is stamped after its auction's end (nor placed before it went live).
    BidTimes,
    /// Each auction finished at most once, and completely.
    Finishes,
    /// Each paid order has exactly one ledger row, a purchase of its bids to its buyer; other
    /// orders have none.
    Purchases,
    /// Each won item in paid, shipped or delivered has exactly one paid order; an auction has at
    /// most one open won item.
    Claims,
    /// Each refunded order took back exactly the bids it records (`refund_bids`), as at most one
    /// `purchase_refund` ledger row from its buyer; other orders have none.
    Refunds,
    /// Each bid's record hash chains to the one before it in its auction (the public record).
    Records,
    /// No house bot bid where the auction's house rule did not let it: none on an auction without
    /// house bidders, none past its house reserve.
    HouseRule,
    /// Every bid's auction and bidder, and every ledger entry's user, exist.
    References,
    /// Each confirmed number is the phone its open account shows: one number, one account.
    Phones,
}

impl Invariant {
    /// Every invariant, in the order they are checked and reported.
    pub const ALL: [Invariant; 12] = [
        Invariant::Balances,
        Invariant::Prices,
        Invariant::Winners,
        Invariant::BidTimes,
        Invariant::Finishes,
        Invariant::Purchases,
        Invariant::Claims,
        Invariant::Refunds,
        Invariant::Records,
        Invariant::HouseRule,
        Invariant::References,
        Invariant::Phones,
    ];

    /// What holds when all is well, as the report prints it.
    pub fn describe(self) -> &'static str {
        match self {
            Invariant::Balances => "balances equal the ledger and are not negative",
            Invariant::Prices => "prices and bid totals follow the bid rows",
            Invariant::Winners => "leaders and winners are the last bidder",
            Invariant::BidTimes => "no bid after its auction's end",
            Invariant::Finishes => "each auction finished at most once",
            Invariant::Purchases => "each paid order credited its bids exactly once",
            Invariant::Claims => {
                "each paid won item has one paid order and each won item at most one pending, each auction one open won item and Buy It Now within its stock"
            }
            Invariant::Refunds => "each refund took back the bids it records",
            Invariant::Records => "each auction's public record chains unbroken",
            Invariant::HouseRule => "house bots bid only where the house rule lets them",
            Invariant::References => {
                "every bid's auction and bidder, ledger entry's user and auction's leader exist"
            }
            Invariant::Phones => "each confirmed number is its open account's phone",
        }
    }

    /// The query returning the offending rows (at most `$1`), and what one row is.
    fn query(self) -> (&'static str, fn(&Row) -> String) {
        match self {
            Invariant::Balances => (q!("select_balance_mismatches"), balance_line),
            Invariant::Prices => (q!("select_price_mismatches"), price_line),
            Invariant::Winners => (q!("select_winner_mismatches"), winner_line),
            Invariant::BidTimes => (q!("select_late_bids"), late_bid_line),
            Invariant::Finishes => (q!("select_repeated_finishes"), finish_line),
            Invariant::Purchases => (q!("select_order_mismatches"), order_line),
            Invariant::Claims => (q!("select_claim_mismatches"), claim_line),
            Invariant::Refunds => (q!("select_refund_mismatches"), refund_line),
            Invariant::Records => (q!("select_record_breaks"), record_line),
            Invariant::HouseRule => (q!("select_house_rule_breaks"), house_rule_line),
            Invariant::References => (q!("select_dangling_references"), reference_line),
            Invariant::Phones => (q!("select_phone_mismatches"), phone_line),
        }
    }
}

/// One invariant's outcome.
#[derive(Debug, Clone)]
pub struct Finding {
    /// Which invariant.
    pub invariant: Invariant,
    /// How many rows it examined.
    pub examined: i64,
    /// What those rows are ("users", "auctions", "bids").
    pub unit: &'static str,
    /// How many rows break it, all of them.
    pub offending: i64,
    /// The first [`SHOWN`] offending rows, each a line naming the row and what is wrong.
    pub rows: Vec<String>,
}

impl Finding {
    /// Whether the invariant holds.
    pub fn holds(&self) -> bool {
        self.offending == 0
    }
}

/// Every invariant's outcome, in [`Invariant::ALL`] order.
#[derive(Debug, Clone)]
pub struct Report {
    findings: Vec<Finding>,
}

impl Report {
    /// Whether every invariant holds.
    pub fn holds(&self) -> bool {
        self.findings.iter().all(Finding::holds)
    }

    /// Every finding, in [`Invariant::ALL`] order.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// The finding of `invariant`.
    pub fn finding(&self, invariant: Invariant) -> &Finding {
        // `run` pushes one finding per invariant in `Invariant::ALL` order, which is declaration order.
        &self.findings[invariant as usize]
    }

    /// How many invariants are violated.
    pub fn violated(&self) -> usize {
        self.findings.iter().filter(|f| !f.holds()).count()
    }
}

/// One line per invariant (`ok` or `FAIL`), each failure followed by its offending rows.
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for finding in &self.findings {
            let (name, examined, unit) = (finding.invariant.describe(), finding.examined, finding.unit);
            if finding.holds() {
                writeln!(f, "ok    {name} ({examined} {unit})")?;
                continue;
            }
            writeln!(f, "FAIL  {name} ({examined} {unit}): {} offending", finding.offending)?;
            for row in &finding.rows {
                writeln!(f, "      {row}")?;
            }
            let unlisted = finding.offending - finding.rows.len() as i64;
            if unlisted > 0 {
                writeln!(f, "      … and {unlisted} more")?;
            }
        }
        Ok(())
    }
}

/// One connection to `url` for the checks: no pool, and unlike [`super::connect`] it neither
/// creates the database nor migrates it. Its driver runs on the current tokio runtime.
pub async fn connect(url: &str) -> Result<Client, tokio_postgres::Error> {
    let mut config: tokio_postgres::Config = url.parse()?;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT_TIMEOUT);
    }
    let (client, connection) = config.connect(NoTls).await?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            tracing::warn!("check connection: {}", super::rows::describe(&e));
        }
    });
    Ok(client)
}

/// Runs every check on `client`'s database, in one read-only snapshot.
pub async fn run(client: &mut Client) -> Result<Report, tokio_postgres::Error> {
    let tx = client
        .build_transaction()
        .isolation_level(IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .await?;
    let counts = tx.query_one(q!("count_rows"), &[]).await?;
    let (users, auctions, bids, orders, ledger): (i64, i64, i64, i64, i64) =
        (counts.get(0), counts.get(1), counts.get(2), counts.get(3), counts.get(4));
    let mut findings = Vec::with_capacity(Invariant::ALL.len());
    for invariant in Invariant::ALL {
        let (sql, line) = invariant.query();
        let rows = tx.query(sql, &[&SHOWN]).await?;
        let (examined, unit) = match invariant {
            Invariant::Balances => (users, "users"),
            Invariant::BidTimes | Invariant::Records | Invariant::HouseRule => (bids, "bids"),
            Invariant::Prices | Invariant::Winners | Invariant::Finishes => (auctions, "auctions"),
            Invariant::Purchases | Invariant::Refunds => (orders, "orders"),
            Invariant::Claims => (claims_examined(&tx).await?, "claims"),
            Invariant::References => (bids + ledger + auctions, "bids, ledger entries and auctions"),
            Invariant::Phones => {
                (tx.query_one("select count(*) from phone_owner", &[]).await?.get(0), "confirmed numbers")
            }
        };
        findings.push(Finding {
            invariant,
            examined,
            unit,
            offending: rows.first().map_or(0, |r| r.get("offending")),
            rows: rows.iter().map(line).collect(),
        });
    }
    tx.commit().await?;
    Ok(Report { findings })
}

/// A confirmed number that is not its account's phone.
fn phone_line(r: &Row) -> String {
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

fn balance_line(r: &Row) -> String {
    let (id, username, balance, ledger): (i64, String, i64, i64) = (r.get(0), r.get(1), r.get(2), r.get(3));
    let negative = if balance < 0 { " (negative)" } else { "" };
    format!("user {id} ({username}): balance {balance}{negative}, ledger sum {ledger}")
}

fn price_line(r: &Row) -> String {
    let (start, increment, price, total, rows): (i64, i64, i64, i64, i64) =
        (r.get(3), r.get(4), r.get(5), r.get(6), r.get(7));
    format!(
        "{}: current_price {price}, expected starting_price {start} + bid_increment {increment} × \
         {rows} bid rows = {}; total_bids {total}, bid rows {rows}",
        auction(r.get(0), r.get(1), r.get(2)),
        start + increment * rows,
    )
}

fn winner_line(r: &Row) -> String {
    let last = match r.get::<_, Option<i64>>(7) {
        Some(bid) => format!("last bid {bid} by {}", who(r.get(8), r.get(9))),
        None => "no bids".into(),
    };
    let status: &str = r.get(2);
    let winner =
        if status == "finished" { format!("winner {}, ", who(r.get(5), r.get(6))) } else { String::new() };
    format!("{}: {winner}leader {}, {last}", auction(r.get(0), r.get(1), status), who(r.get(3), r.get(4)))
}

fn late_bid_line(r: &Row) -> String {
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

fn house_rule_line(r: &Row) -> String {
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

fn reference_line(r: &Row) -> String {
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

fn record_line(r: &Row) -> String {
    let problem = if r.get::<_, bool>(5) { "has no record hash" } else { "does not match its record hash" };
    format!(
        "bid {} (number {} of {}) {problem}: the record is broken from here",
        r.get::<_, i64>(0),
        r.get::<_, i64>(4),
        auction(r.get(1), r.get(2), r.get(3))
    )
}

fn order_line(r: &Row) -> String {
    let (id, state, bids, rows, credited): (i64, String, i32, i64, i64) =
        (r.get(0), r.get(3), r.get(4), r.get(5), r.get(6));
    let users: Vec<i64> = r.get(7);
    let buyer = who(r.get(1), r.get(2));
    let to = if users.is_empty() { String::new() } else { format!(" to users {}", ids(&users)) };
    format!("order {id} of {buyer} ({state}, {bids} bids): {rows} ledger rows crediting {credited}{to}")
}

fn refund_line(r: &Row) -> String {
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

fn finish_line(r: &Row) -> String {
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

/// How many won items the claims invariant examines.
async fn claims_examined(tx: &tokio_postgres::Transaction<'_>) -> Result<i64, tokio_postgres::Error> {
    Ok(tx.query_one(q!("count_claims"), &[]).await?.get(0))
}

fn claim_line(r: &Row) -> String {
    let (id, auction, state, paid, open, pending): (i64, Option<i64>, String, i64, i64, i64) =
        (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4), r.get(5));
    let auction = auction.map_or("a deleted auction".to_owned(), |a| format!("auction {a}"));
    let line =
        format!("claim {id} on {auction} ({state}): {paid} paid orders, {open} open claims on the auction");
    if pending > 1 { format!("{line}, {pending} pending orders") } else { line }
}
