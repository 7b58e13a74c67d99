//! The push latency script (`benches/push_latency.rs`): how long after a win its notice reaches a
//! subscribed phone. `wins` users each get a device at a local stand-in push service (answering
//! after `service_ms`, as a real one takes its time), each bids on an auction of its own, and the
//! admin ends all the auctions as fast as the API takes it (sixteen requests at a time): `wins` wins in one burst through the outbox's push channel
//! (the server's own workers, batch and poll as configured by default). A win's moment is its
//! notification's time (the transaction that finished the auction); its arrival is when the
//! stand-in took the POST. Both clocks are this machine's.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::{App, HttpResponse, HttpServer, web};
use aws_lc_rs::agreement::{ECDH_P256, PrivateKey};
use base64::prelude::{BASE64_URL_SAFE_NO_PAD, Engine as _};
use chrono::{DateTime, Utc};
use futures_util::StreamExt as _;

use crate::{Server, keep_trying, quantile};

/// What to run.
pub struct Plan {
    pub wins: usize,
    /// How long the stand-in push service takes to answer each POST.
    pub service_ms: u64,
}

/// What a run found.
pub struct Outcome {
    pub wins: usize,
    /// Win → arrival, in milliseconds, sorted.
    pub latencies: Vec<f64>,
    /// Wins whose notice never arrived.
    pub missing: usize,
}

impl Outcome {
    pub fn holds(&self) -> bool {
        self.missing == 0 && self.latencies.len() == self.wins
    }

    pub fn print(&self) {
        let q = |p| quantile(&self.latencies, p);
        println!("wins:                 {}", self.wins);
        println!("notices arrived:      {} (missing {})", self.latencies.len(), self.missing);
        if !self.latencies.is_empty() {
            println!(
                "win → phone, ms:      p50 {:.0} / p99 {:.0} / max {:.0}",
                q(0.5),
                q(0.99),
                self.latencies.last().copied().unwrap_or_default()
            );
        }
    }
}

type Arrivals = Arc<Mutex<HashMap<usize, DateTime<Utc>>>>;

/// A push service that takes every POST to `/push/{n}` after `delay_ms`, noting when the first
/// one for each `n` arrived. Returns its origin.
async fn service(arrivals: Arrivals, delay_ms: u64) -> (String, actix_web::dev::ServerHandle) {
    let data = web::Data::new(arrivals);
    let server = HttpServer::new(move || {
        App::new().app_data(data.clone()).route(
            "/push/{n}",
            web::post().to(move |arrivals: web::Data<Arrivals>, n: web::Path<usize>| async move {
                arrivals.lock().unwrap().entry(n.into_inner()).or_insert_with(Utc::now);
                tokio::time::sleep(Duration::from_millis(delay_ms)).await;
                HttpResponse::Created().finish()
            }),
        )
    })
    .workers(2)
    .bind(("127.0.0.1", 0))
    .expect("a port");
    let origin = format!("http://{}", server.addrs()[0]);
    let server = server.run();
    let handle = server.handle();
    tokio::spawn(server);
    (origin, handle)
}

/// Starts the stand-in and the server, gives each user a device and an auction, ends every
/// auction at once, and waits for every win's notice to arrive.
pub async fn run(plan: &Plan) -> Outcome {
    let arrivals: Arrivals = Arc::default();
    let (origin, handle) = service(arrivals.clone(), plan.service_ms).await;
    let server = Server::start(&[("TYIYN_PUSH__ALLOW_LOCAL_ENDPOINTS", "true")]).await;
    let users = server.seed_users(plan.wins, 10).await;
    let db = server.db().await;
    for (n, (user, _)) in users.iter().enumerate() {
        let public = PrivateKey::generate(&ECDH_P256).expect("key").compute_public_key().expect("public");
        let auth: [u8; 16] = rand::random();
        db.execute(
            "insert into push_device (user_id, endpoint, p256dh, auth, device) values ($1, $2, $3, $4, 'Bench')",
            &[user, &format!("{origin}/push/{n}"), &BASE64_URL_SAFE_NO_PAD.encode(public.as_ref()), &BASE64_URL_SAFE_NO_PAD.encode(auth)],
        )
        .await
        .expect("a device");
    }
    let auctions = server.live_auctions(plan.wins).await;
    let client = reqwest::Client::new();
    for ((_, cookie), auction) in users.iter().zip(&auctions) {
        let res = client
            .post(format!("{}/api/auctions/{auction}/bid", server.base))
            .header("cookie", cookie)
            .send()
            .await
            .expect("bid");
        assert_eq!(res.status(), 200, "a bid on {auction}");
    }
    let admin = server.admin_cookie().await;
    // Sixteen at a time: as fast as the admin API takes them (all at once, some answer 503).
    let ends = auctions.iter().map(|auction| {
        client
            .post(format!("{}/api/admin/auctions/{auction}/end", server.base))
            .header("cookie", &admin)
            .send()
    });
    let ended: Vec<_> = futures_util::stream::iter(ends).buffer_unordered(16).collect().await;
    for res in ended {
        let res = res.expect("end");
        let status = res.status();
        assert!(status.is_success(), "an auction ended: {status} {}", res.text().await.unwrap_or_default());
    }
    let arrived = keep_trying(Duration::from_secs(60), Duration::from_millis(20), || async {
        let n = arrivals.lock().unwrap().len();
        if n >= plan.wins { Ok(()) } else { Err(n) }
    });
    let _ = arrived.await;
    let rows = db
        .query(
            "select n.user_id, n.created_at from notification n where n.kind = 'auction_won' and n.user_id = any($1)",
            &[&users.iter().map(|u| u.0).collect::<Vec<i64>>()],
        )
        .await
        .expect("wins");
    let won: HashMap<i64, DateTime<Utc>> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
    let arrivals = arrivals.lock().unwrap().clone();
    let mut latencies: Vec<f64> = users
        .iter()
        .enumerate()
        .filter_map(|(n, (user, _))| {
            Some((*arrivals.get(&n)? - *won.get(user)?).num_microseconds()? as f64 / 1000.0)
        })
        .collect();
    latencies.sort_by(f64::total_cmp);
    handle.stop(false).await;
    Outcome { wins: plan.wins, missing: plan.wins - latencies.len(), latencies }
}
