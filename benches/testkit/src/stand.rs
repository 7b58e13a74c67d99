//! The cluster bench's stand (issue 25): three nodes on one database and a private NATS server,
//! live auctions created round-robin through the nodes and shared among them, users bidding
//! through every node, socket viewers spread over the nodes. Each scenario gets a fresh stand and
//! closes it the same way: every auction finished through its owner while the users still bid,
//! then the users stopped, every acknowledged bid looked up, every balance compared with the
//! user's bid rows, and `tyiyn check` run. A scenario's figures are a [`Table`].

use std::time::{Duration, Instant};

use crate::bidders::{self, Answer, Bidders};
use crate::fleet::Fleet;
use crate::viewers::Viewers;

/// Each user's bids at the start.
pub const BALANCE: i64 = 1_000_000;

/// What a stand runs, from the command line.
#[derive(Debug, Clone)]
pub struct Plan {
    pub nodes: usize,
    pub users: usize,
    pub auctions: usize,
    pub viewers: usize,
    /// The countdown a bid sets, in seconds (a takeover gives back the time it took: no auction
    /// may finish during one).
    pub countdown_secs: u64,
    /// Load before a scenario starts.
    pub warmup: Duration,
    /// The server binary (empty: this checkout's build).
    pub bin: String,
}

/// A running stand.
pub struct Stand {
    pub fleet: Fleet,
    pub auctions: Vec<i64>,
    users: Vec<i64>,
    pub bidders: Bidders,
    pub viewers: Viewers,
    /// When the users started.
    pub started: Instant,
}

impl Stand {
    /// Starts the nodes, the auctions (shared among the nodes), the viewers and the users, and
    /// lets the load run for the warm-up.
    pub async fn up(plan: &Plan) -> Stand {
        let countdown = plan.countdown_secs.to_string();
        // Every countdown is the bid countdown (a start countdown of an hour would outlast the
        // run: a bid only ever lengthens a countdown). The nodes log at info: each takeover and
        // hand-over is a line in target/bench-server-*.log.
        let env = [
            ("TYIYN_AUCTION__BID_COUNTDOWN_SECS", countdown.as_str()),
            ("TYIYN_AUCTION__START_COUNTDOWN_SECS", countdown.as_str()),
            ("RUST_LOG", "info"),
        ];
        let fleet = Fleet::start(plan.nodes, &plan.bin, &env).await;
        let people = fleet.first.seed_users(plan.users, BALANCE).await;
        let users = people.iter().map(|p| p.0).collect();
        let auctions = fleet.live_auctions(plan.auctions).await;
        // The users bid at once: each countdown runs from its auction's start.
        let bidders = Bidders::start(fleet.bases(), auctions.clone(), people);
        let started = Instant::now();
        if !fleet.wait_shared(&auctions, Duration::from_secs(60)).await {
            println!("stand: the auctions were not shared within 60 s: {:?}", fleet.owners().await);
        }
        let viewers = Viewers::start(&fleet.bases(), &auctions, plan.viewers).await;
        println!(
            "stand: {} nodes, {} live auctions, {} of {} viewers joined; {} users bidding",
            fleet.len(),
            auctions.len(),
            viewers.ready(),
            plan.viewers,
            plan.users
        );
        // Load before the scenarios start: the stretch of time is the warm-up.
        tokio::time::sleep(plan.warmup).await;
        Stand { fleet, auctions, users, bidders, viewers, started }
    }

    /// Finishes every auction, stops the load and checks the database; adds the closing rows to
    /// `table`.
    pub async fn close(self, table: &mut Table) {
        let finished = self.fleet.finish_all(&self.auctions).await;
        let answers = self.bidders.stop().await;
        let [never, once, again] = self.viewers.finishes().await;
        let reconnects = self.viewers.reconnects();
        self.viewers.stop();
        let secs = self.started.elapsed().as_secs_f64();
        let accepted = answers.iter().filter(|a| a.accepted()).count();
        table.row(
            "load, whole run",
            format!("{accepted} bids accepted in {secs:.0} s = {:.0}/s", accepted as f64 / secs),
        );
        table.row("answers, whole run", describe(&answers.iter().collect::<Vec<_>>()));
        table.row("viewers' reconnections (their node went away)", reconnects.to_string());
        table.row(
            "viewers shown their auction's finish: once / more than once / not (had it by snapshot)",
            format!("{once} / {again} / {never}"),
        );
        if again > 0 {
            table.fail(format!("{again} viewers were shown one finish more than once"));
        }
        let db = self.fleet.first.db().await;
        let verdict = bidders::verify(&db, &answers, &self.users, BALANCE).await;
        table.row(
            "acknowledged bids found as rows (auction, bidder, amount)",
            format!(
                "{} of {} ({} lost); {} bid rows",
                verdict.found,
                verdict.acknowledged,
                verdict.lost.len(),
                verdict.rows
            ),
        );
        if !verdict.lost.is_empty() {
            table.fail(format!("acknowledged bids lost: {:?}", verdict.lost));
        }
        table.row(
            "bid rows never acknowledged (each answered `bid_outcome_unknown` or not at all)",
            verdict.unacknowledged_rows.to_string(),
        );
        table.row(
            "bids placed though answered as not placed (any other refusal)",
            verdict.placed_though_refused.len().to_string(),
        );
        if !verdict.placed_though_refused.is_empty() {
            table.fail(format!(
                "placed though refused (user, auction, rows not acknowledged, open answers): {:?}",
                verdict.placed_though_refused
            ));
        }
        table.row("users charged other than for their bid rows", verdict.mischarged.len().to_string());
        if !verdict.mischarged.is_empty() {
            table.fail(format!("users charged for bids that are not rows: {:?}", verdict.mischarged));
        }
        let server_errors = answers.iter().filter(|a| a.server_error()).count();
        if server_errors > 0 {
            table.fail(format!("{server_errors} answers were 5xx other than 503"));
        }
        let once = finished.iter().filter(|f| f.once()).count();
        table.row("auctions finished exactly once at the end", format!("{once} of {}", finished.len()));
        if once < finished.len() {
            table.fail(format!(
                "not finished exactly once: {:?}",
                finished.iter().filter(|f| !f.once()).collect::<Vec<_>>()
            ));
        }
        let (code, text) = self.fleet.first.check().await;
        table.row("`tyiyn check`", format!("exit {}", code.map_or("none".to_owned(), |c| c.to_string())));
        if code != Some(0) {
            table.fail(format!("tyiyn check:\n{text}"));
        }
    }
}

/// Answers by outcome, with the 503 share: `12,345 answers: accepted 12,000, 503 auction_elsewhere 40, …`.
pub fn describe(answers: &[&Answer]) -> String {
    let counts = bidders::tally(answers.iter().copied());
    let total: u64 = counts.values().sum();
    let unavailable = answers.iter().filter(|a| a.status == 503).count();
    let parts: Vec<String> = counts.iter().map(|(k, n)| format!("{k} {n}")).collect();
    format!(
        "{total} answers: {}; 503 share {:.2} %",
        parts.join(", "),
        unavailable as f64 * 100.0 / total.max(1) as f64
    )
}

/// `p50 / p99 / max` of milliseconds (sorted in place).
pub fn spread(ms: &mut [f64]) -> String {
    if ms.is_empty() {
        return "no samples".to_owned();
    }
    ms.sort_by(f64::total_cmp);
    let q = |p| crate::quantile(ms, p);
    format!("{:.0} / {:.0} / {:.0} ms (n = {})", q(0.5), q(0.99), q(1.0), ms.len())
}

/// A scenario's figures, printed as a two-column Markdown table, and what failed.
pub struct Table {
    pub title: String,
    pub rows: Vec<(String, String)>,
    pub failed: Vec<String>,
}

impl Table {
    pub fn new(title: &str) -> Table {
        Table { title: title.to_owned(), rows: Vec::new(), failed: Vec::new() }
    }

    pub fn row(&mut self, figure: &str, result: impl Into<String>) {
        self.rows.push((figure.to_owned(), result.into()));
    }

    /// Records a goal the run did not meet (the bench exits 1).
    pub fn fail(&mut self, why: String) {
        println!("FAILED: {why}");
        self.failed.push(why);
    }

    pub fn print(&self) {
        println!("\n### {}\n\n| figure | result |\n|---|---|", self.title);
        for (figure, result) in &self.rows {
            println!("| {figure} | {result} |");
        }
        let verdict =
            if self.failed.is_empty() { "every check holds".to_owned() } else { self.failed.join("; ") };
        println!("\n{}: {verdict}", self.title);
    }
}
