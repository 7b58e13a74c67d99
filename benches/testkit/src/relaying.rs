//! The cluster bench's bus figures (issue 25): NATS stopped and started again under load (the
//! owners keep taking bids; how soon every viewer on another node has the price again), and the
//! cost of a node in between (a frame's way to a viewer on the owner's node and on another; a
//! forwarded bid's answer against a direct one's).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::bidders::Answer;
use crate::fleet::name;
use crate::poll;
use crate::stand::{Stand, Table, describe, spread};

/// Stops NATS for `secs` seconds, then starts it again.
pub async fn nats(stand: &mut Stand, secs: u64) -> Table {
    let mut table = Table::new(&format!("4. NATS stopped for {secs} s"));
    stand.fleet.wait_shared(&stand.auctions, Duration::from_secs(60)).await;
    let owners = stand.fleet.owners().await;
    stand.viewers.record(true);
    let stopped = Instant::now();
    stand.fleet.nats.stop();
    // The outage itself: NATS stays down this long.
    tokio::time::sleep(Duration::from_secs(secs)).await;
    stand.fleet.nats.resume();
    let back = Instant::now();
    // The price each auction had when NATS came back: its bid rows.
    let db = stand.fleet.first.db().await;
    let rows = db
        .query(
            "select auction_id, count(*) from bid where auction_id = any($1) group by 1",
            &[&stand.auctions],
        )
        .await
        .expect("totals");
    let targets: HashMap<i64, i64> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
    let elsewhere: Vec<_> =
        stand.viewers.list.iter().filter(|v| owners.get(&v.auction) != Some(&v.node)).collect();
    let behind =
        || elsewhere.iter().filter(|v| v.last() < targets.get(&v.auction).copied().unwrap_or(0)).count();
    // Whoever is still behind after 30 s is counted below as missing.
    let caught_up = || std::future::ready((behind() == 0).then_some(()));
    let within = Duration::from_secs(30).saturating_sub(back.elapsed());
    let _ = poll(within, Duration::from_millis(20), caught_up).await;
    let mut caught: Vec<f64> = elsewhere
        .iter()
        .filter_map(|v| {
            let target = targets.get(&v.auction).copied().unwrap_or(0);
            let frames = v.frames();
            let first = frames.iter().find(|(at, total)| *at >= back && *total >= target)?;
            Some((first.0 - back).as_secs_f64() * 1e3)
        })
        .collect();
    let missing = elsewhere.len() - caught.len();
    stand.viewers.record(false);

    // A bid sent while NATS was down is answered within 5 s of its send (the longest an owner
    // is waited for): wait for the last ones.
    tokio::time::sleep_until((back + Duration::from_secs(6)).into()).await;
    let answers = stand.bidders.sent_since(stopped);
    let during: Vec<&Answer> = answers.iter().filter(|a| a.sent < back).collect();
    for node in 0..stand.fleet.len() {
        let to_owner: Vec<&Answer> = during
            .iter()
            .copied()
            .filter(|a| a.node == node && owners.get(&a.auction) == Some(&node))
            .collect();
        let passed: Vec<&Answer> = during
            .iter()
            .copied()
            .filter(|a| a.node == node && owners.get(&a.auction) != Some(&node))
            .collect();
        table.row(
            &format!("node {}: bids on its own auctions while NATS was down", name(node)),
            describe(&to_owner),
        );
        table.row(
            &format!("node {}: bids on other nodes' auctions while NATS was down", name(node)),
            describe(&passed),
        );
        if !to_owner.iter().any(|a| a.accepted()) {
            table.fail(format!("node {} took no bid on its own auctions without NATS", name(node)));
        }
    }
    table.row("viewers on a node that does not run their auction", elsewhere.len().to_string());
    table.row(
        "NATS back → each of them shows the auction's price at that moment, p50 / p99 / max",
        spread(&mut caught),
    );
    table.row("of them, not within 30 s", missing.to_string());
    if stand.fleet.owners().await != owners {
        table.row("note", "an auction moved between nodes meanwhile".to_owned());
    }
    if missing > 0 {
        table.fail(format!("{missing} viewers never got the price after NATS came back"));
    }
    table
}

/// Measures for `secs` seconds of steady load: frames of bids placed on their owner, at viewers
/// on that node and on the others; forwarded bids' answers against direct ones'.
pub async fn latency(stand: &mut Stand, secs: u64) -> Table {
    let mut table = Table::new("5. Latency across nodes");
    stand.fleet.wait_shared(&stand.auctions, Duration::from_secs(60)).await;
    let owners = stand.fleet.owners().await;
    stand.viewers.record(true);
    let from = Instant::now();
    // The window measured: steady load for `secs`.
    tokio::time::sleep(Duration::from_secs(secs)).await;
    let to = Instant::now();
    // The frames of the last bids in the window.
    tokio::time::sleep(Duration::from_secs(1)).await;
    stand.viewers.record(false);
    let answers: Vec<Answer> =
        stand.bidders.sent_since(from).into_iter().filter(|a| a.sent < to && a.accepted()).collect();
    let direct = |a: &Answer| owners.get(&a.auction) == Some(&a.node);
    let mut direct_ms: Vec<f64> = answers.iter().filter(|a| direct(a)).map(Answer::ms).collect();
    let mut forwarded_ms: Vec<f64> = answers.iter().filter(|a| !direct(a)).map(Answer::ms).collect();

    // Each viewer's frames as (arrival, the highest totalBids shown so far), to search by total.
    let mut seen: HashMap<i64, Vec<(bool, Frames)>> = HashMap::new();
    for v in &stand.viewers.list {
        let (mut frames, mut high) = (v.frames(), -1);
        for f in &mut frames {
            high = high.max(f.1);
            f.1 = high;
        }
        seen.entry(v.auction).or_default().push((owners.get(&v.auction) == Some(&v.node), frames));
    }
    let (mut same, mut other, mut same_after, mut other_after) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for a in answers.iter().filter(|a| direct(a)) {
        for (on_owner, frames) in seen.get(&a.auction).map_or(&[][..], Vec::as_slice) {
            let i = frames.partition_point(|f| f.1 < a.total);
            let Some((at, _)) = frames.get(i) else { continue };
            let (sent, answered) = ((*at - a.sent).as_secs_f64() * 1e3, signed_ms(*at, a.at));
            if *on_owner {
                same.push(sent);
                same_after.push(answered);
            } else {
                other.push(sent);
                other_after.push(answered);
            }
        }
    }
    table.row("window", format!("{secs} s of steady load, {} accepted bids", answers.len()));
    table.row("bid sent to the owner → frame at a viewer on the owner's node", spread(&mut same));
    table.row("bid sent to the owner → frame at a viewer on another node", spread(&mut other));
    table.row(
        "its answer → the frame, viewer on the owner's node (negative: the frame came first)",
        spread(&mut same_after),
    );
    table.row("its answer → the frame, viewer on another node", spread(&mut other_after));
    table.row("answer to a bid sent to the owner (direct)", spread(&mut direct_ms));
    table.row("answer to a bid sent to another node (forwarded over NATS)", spread(&mut forwarded_ms));
    if stand.fleet.owners().await != owners {
        table.row("note", "an auction moved between nodes in the window".to_owned());
    }
    table
}

/// A viewer's frames: (arrival, `totalBids`).
type Frames = Vec<(Instant, i64)>;

/// `later - earlier` in milliseconds, negative when `later` came first.
fn signed_ms(later: Instant, earlier: Instant) -> f64 {
    match later.checked_duration_since(earlier) {
        Some(d) => d.as_secs_f64() * 1e3,
        None => -(earlier - later).as_secs_f64() * 1e3,
    }
}
