//! The rolling restart (issue 25), shared by `benches/cluster.rs` and its short form in
//! `tests/rolling.rs`: while users bid through every node, each node in turn is told to stop
//! (SIGTERM: it hands its auctions over, then stops serving), started again on its port, and
//! waited for until it runs auctions again. What the users saw meanwhile is their answers; how
//! long an auction went without an accepted bid is read from the bids' arrival stamps.

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};

use crate::bidders::Answer;
use crate::fleet::Fleet;
use crate::poll;

/// One node's turn.
#[derive(Debug, Clone)]
pub struct Step {
    pub node: usize,
    /// The auctions it held when told to stop.
    pub held: usize,
    /// SIGTERM to exit (`None`: it did not exit within 30 s and was killed).
    pub stopped_in: Option<Duration>,
    /// Spawn to answering again.
    pub restarted_in: Duration,
    /// Answering to holding an auction again (`None`: not within 60 s).
    pub owns_again_in: Option<Duration>,
}

/// The whole roll: its steps and when it ran.
pub struct Roll {
    pub steps: Vec<Step>,
    pub from: Instant,
    pub to: Instant,
    pub wall: (DateTime<Utc>, DateTime<Utc>),
}

impl Roll {
    /// The answers to bids sent while it ran.
    pub fn during<'a>(&self, answers: &'a [Answer]) -> Vec<&'a Answer> {
        answers.iter().filter(|a| a.sent >= self.from && a.sent < self.to).collect()
    }
}

/// Restarts every node of `fleet` in turn, each once `auctions` are shared among the nodes.
pub async fn roll(fleet: &mut Fleet, auctions: &[i64]) -> Roll {
    let (from, wall_from) = (Instant::now(), Utc::now());
    let mut steps = Vec::new();
    for node in 0..fleet.len() {
        fleet.wait_shared(auctions, Duration::from_secs(60)).await;
        let held = fleet.held_by(node).await.len();
        let stopped_in = fleet.terminate(node, Duration::from_secs(30)).await;
        let restarted_in = fleet.restart(node).await;
        let up = Instant::now();
        let shared: &Fleet = fleet;
        let owns_again_in = poll(Duration::from_secs(60), Duration::from_millis(50), || async {
            let owns = !shared.held_by(node).await.is_empty();
            owns.then(|| up.elapsed())
        })
        .await;
        println!(
            "rolling: node {} stopped in {} (held {held}), answering again {:.0} ms after its start, running auctions {}",
            crate::fleet::name(node),
            stopped_in.map_or("—, killed".to_owned(), |d| format!("{:.0} ms", d.as_secs_f64() * 1e3)),
            restarted_in.as_secs_f64() * 1e3,
            owns_again_in.map_or("never".to_owned(), |d| format!("{:.0} ms later", d.as_secs_f64() * 1e3)),
        );
        steps.push(Step { node, held, stopped_in, restarted_in, owns_again_in });
    }
    Roll { steps, from, to: Instant::now(), wall: (wall_from, Utc::now()) }
}

/// The longest time between two accepted bids (by their arrival stamps) on any of `auctions`
/// within `wall`: the auction and the gap in milliseconds.
pub async fn longest_gap(
    db: &tokio_postgres::Client,
    auctions: &[i64],
    (from, to): (DateTime<Utc>, DateTime<Utc>),
) -> Option<(i64, f64)> {
    let row = db
        .query_opt(
            "select auction_id, (extract(epoch from gap) * 1000)::float8 from (
                 select auction_id,
                        created_at - lag(created_at) over (partition by auction_id order by created_at) as gap
                 from bid where auction_id = any($1) and created_at between $2 and $3) t
             where gap is not null order by gap desc limit 1",
            &[&auctions, &from, &to],
        )
        .await
        .expect("gaps");
    row.map(|r| (r.get(0), r.get(1)))
}
