//! The invariants `tyiyn check` verifies on any Tyiyn database, and that every test moving money or
//! bids relies on. Each is one query in `sql/queries/check/` returning the rows that break it; all
//! run in one read-only, repeatable-read transaction, so a running server cannot make them
//! disagree with each other. Nothing here writes.
//!
//! The queries run once per check on a plain connection (no pool, hence no `prepare_cached`).

use std::fmt;

use std::time::Duration;

use tokio_postgres::{Client, IsolationLevel, NoTls, Row};

/// How many offending rows each invariant lists; the others are only counted.
pub const SHOWN: i64 = 50;

/// How long [`connect`] waits for the server unless the URL says otherwise.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

mod lines;

use lines::{
    balance_line, claim_line, finish_line, house_rule_line, late_bid_line, order_line, phone_line,
    price_line, record_line, reference_line, refund_line, winner_line,
};

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

/// How many won items the claims invariant examines.
async fn claims_examined(tx: &tokio_postgres::Transaction<'_>) -> Result<i64, tokio_postgres::Error> {
    Ok(tx.query_one(q!("count_claims"), &[]).await?.get(0))
}
