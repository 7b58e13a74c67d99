//! The outbox crash script, shared by `benches/outbox_crash.rs` and its short form in
//! `tests/outbox_crash.rs`: messages are written to the outbox (half SMS, half Telegram, to local
//! stand-ins of Nikita's gateway and the Bot API that take 20 ms to answer), and while the real
//! server (a child process) delivers them it is killed with SIGKILL at seeded moments and started
//! again on the same database. Afterwards every message must have arrived, and any that arrived
//! twice must have been in flight (claimed, not yet recorded) at a kill.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::stand_in::{Service, StandIn};
use crate::{Server, keep_trying, poll};

const LOGIN: &str = "tyiyn";
const PASSWORD: &str = "bench-secret";
const SENDER: &str = "TYIYN";
const TOKEN: &str = "4242:bench";

/// What to run.
pub struct Plan {
    /// Messages written before the first kill.
    pub messages: usize,
    /// Kill-and-restart cycles while they are delivered.
    pub kills: usize,
    /// Seeds the kill moments.
    pub seed: u64,
}

/// What a run found.
pub struct Outcome {
    pub messages: usize,
    /// Messages the stand-ins took, counting repeats.
    pub received: usize,
    /// Messages that never arrived.
    pub missing: Vec<String>,
    /// Messages that arrived more than once, with how often.
    pub duplicates: BTreeMap<String, usize>,
    /// Messages claimed but not yet recorded at each kill (new since the kill before).
    pub in_flight: Vec<usize>,
    /// Duplicates that were not in flight at any kill (there must be none).
    pub unexplained: Vec<String>,
    /// Rows not `sent` at the end.
    pub unsent: i64,
    /// Time from each restart's spawn until the server answered.
    pub restarts: Vec<Duration>,
    /// From the messages' writing until the last one was recorded sent.
    pub elapsed: Duration,
}

impl Outcome {
    /// Every message arrived and every repeat is explained by a kill.
    pub fn holds(&self) -> bool {
        self.missing.is_empty() && self.unexplained.is_empty() && self.unsent == 0
    }

    pub fn print(&self) {
        let repeats: usize = self.duplicates.values().map(|n| n - 1).sum();
        let restarts: Vec<String> = self.restarts.iter().map(|d| format!("{} ms", d.as_millis())).collect();
        println!("messages written:          {}", self.messages);
        println!("received by the stand-ins: {} ({} distinct)", self.received, self.received - repeats);
        println!("missing:                   {}", self.missing.len());
        println!("in flight at each kill:    {:?} (new at each)", self.in_flight);
        println!(
            "arrived twice:             {} (all in flight at a kill: {})",
            repeats,
            self.unexplained.is_empty()
        );
        println!("rows not sent at the end:  {}", self.unsent);
        println!("restarts:                  {}", restarts.join(", "));
        println!("all delivered in:          {} ms", self.elapsed.as_millis());
    }
}

/// Starts the stand-ins and the server, writes the messages, kills and restarts the server
/// `plan.kills` times while they are delivered, then waits for every one to be sent.
pub async fn run(plan: &Plan) -> Outcome {
    let sms = StandIn::start(Service::Nikita {
        login: LOGIN.into(),
        password: PASSWORD.into(),
        sender: SENDER.into(),
    })
    .await;
    let bot = StandIn::start(Service::Telegram { token: TOKEN.into() }).await;
    sms.set_delay(20);
    bot.set_delay(20);
    let env = [
        ("TYIYN_SMS__PROVIDER", "nikita"),
        ("TYIYN_SMS__API_URL", sms.url.as_str()),
        ("TYIYN_SMS__LOGIN", LOGIN),
        ("TYIYN_SMS__PASSWORD", PASSWORD),
        ("TYIYN_SMS__SENDER", SENDER),
        ("TYIYN_TELEGRAM__BOT_TOKEN", TOKEN),
        ("TYIYN_TELEGRAM__BOT_USERNAME", "tyiyn_bench_bot"),
        ("TYIYN_TELEGRAM__API_BASE", bot.url.as_str()),
        // A dead worker's messages are tried again a second after it claimed them.
        ("TYIYN_OUTBOX__LEASE_MS", "1000"),
        ("TYIYN_OUTBOX__SEND_TIMEOUT_MS", "800"),
        ("TYIYN_OUTBOX__POLL_MS", "50"),
        ("TYIYN_OUTBOX__BATCH", "10"),
        ("TYIYN_OUTBOX__WORKERS", "2"),
        ("TYIYN_OUTBOX__BACKOFF_BASE_MS", "50"),
    ];
    let mut server = Server::start(&env).await;
    let db = server.db().await;
    let started = Instant::now();
    db.execute(
        "insert into outbox (channel, recipient, kind, body, event_key)
         select case when n % 2 = 0 then 'sms' else 'telegram' end,
                case when n % 2 = 0 then (996700000000 + n)::text else (100000 + n)::text end,
                'bench', 'outbox crash message ' || n, 'bench:' || n
         from generate_series(1, $1::int) as n",
        &[&(plan.messages as i32)],
    )
    .await
    .expect("messages written");

    let mut rng = StdRng::seed_from_u64(plan.seed);
    let (mut in_flight, mut flying, mut restarts) = (Vec::new(), BTreeSet::new(), Vec::new());
    for kill in 0..plan.kills {
        // The kill falls while messages are going out: after a seeded share of what is left.
        let done = taken(&sms, &bot).len();
        let left = plan.messages.saturating_sub(done);
        let share = rng.random_range(0.1..0.6) / (plan.kills - kill) as f64;
        let at = done + ((left as f64 * share) as usize).max(1);
        wait_for(&sms, &bot, at).await;
        server.kill();
        let rows = db
            .query("select body from outbox where state = 'pending' and attempts > 0", &[])
            .await
            .expect("in flight");
        // A message left over from an earlier kill, still waiting for its lease, counts once.
        let before = flying.len();
        flying.extend(rows.iter().map(|r| r.get::<_, String>(0)));
        in_flight.push(flying.len() - before);
        restarts.push(server.restart().await);
    }
    let db = server.db().await;
    let count_unsent = || async {
        let sql = "select count(*) from outbox where state <> 'sent'";
        db.query_one(sql, &[]).await.expect("count").get::<_, i64>(0)
    };
    let all_sent = keep_trying(Duration::from_secs(120), Duration::from_millis(50), || async {
        let unsent = count_unsent().await;
        if unsent == 0 { Ok(()) } else { Err(unsent) }
    });
    let unsent = match all_sent.await {
        Ok(()) => 0,
        Err(unsent) => unsent,
    };
    let elapsed = started.elapsed();
    tally(plan, taken(&sms, &bot), flying, (in_flight, unsent, restarts, elapsed))
}

/// Every message the two stand-ins took, by its text.
fn taken(sms: &StandIn, bot: &StandIn) -> Vec<String> {
    sms.taken().into_iter().chain(bot.taken()).map(|t| t.text).collect()
}

/// Waits until the stand-ins together took `n` messages (a minute at most).
async fn wait_for(sms: &StandIn, bot: &StandIn, n: usize) {
    let took = || std::future::ready((taken(sms, bot).len() >= n).then_some(()));
    // Past a minute the kill falls anyway, on whatever was taken by then.
    let _ = poll(Duration::from_secs(60), Duration::from_millis(2), took).await;
}

type Rest = (Vec<usize>, i64, Vec<Duration>, Duration);

fn tally(plan: &Plan, texts: Vec<String>, flying: BTreeSet<String>, rest: Rest) -> Outcome {
    let (in_flight, unsent, restarts, elapsed) = rest;
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for text in &texts {
        *counts.entry(text.clone()).or_default() += 1;
    }
    let missing = (1..=plan.messages)
        .map(|n| format!("outbox crash message {n}"))
        .filter(|text| !counts.contains_key(text))
        .collect();
    let duplicates: BTreeMap<String, usize> = counts.into_iter().filter(|(_, n)| *n > 1).collect();
    let unexplained = duplicates.keys().filter(|text| !flying.contains(*text)).cloned().collect();
    Outcome {
        messages: plan.messages,
        received: texts.len(),
        missing,
        duplicates,
        in_flight,
        unexplained,
        unsent,
        restarts,
        elapsed,
    }
}
