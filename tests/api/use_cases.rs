//! The use cases called directly, without actix-web or HTTP, against a fresh PostgreSQL database:
//! what they commit, and what they tell the outside world through the effects port. (In this
//! crate for its database helpers; nothing here goes through the server.)

use std::sync::Mutex;

use deadpool_postgres::Pool;
use tyiyn::app::effects::Effects;
use tyiyn::app::provider::{Order, PayMethod, Verdict};
use tyiyn::app::{limits, payments};
use tyiyn::config::Settings;
use tyiyn::db;
use tyiyn::db::limits::LimitName;
use tyiyn::db::notifications::NotificationRow;
use tyiyn::db::outbox::Outbox;
use tyiyn::db::users::NewUser;
use tyiyn::i18n::Lang;
use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::ids::UserId;
use tyiyn_actors::outlets::Outlets;

use crate::helpers::on_database;

/// What the use cases told the outside world, in order (their messages go to no outbox).
struct Told(Mutex<Vec<String>>, Outbox);

impl Default for Told {
    fn default() -> Told {
        Told(Mutex::default(), Outbox::off())
    }
}

impl Effects for Told {
    fn balance_changed(&self, user: UserId, balance: i64) {
        self.0.lock().unwrap().push(format!("balance {} {balance}", user.0));
    }
    fn order_changed(&self, user: UserId, order: Order) {
        self.0.lock().unwrap().push(format!("order {} {} {:?}", user.0, order.id, order.state));
    }
    fn notify(&self, notices: &[NotificationRow]) {
        for n in notices {
            let kind = n.notice.as_ref().map(|notice| notice.stored().0).unwrap_or_default();
            self.0.lock().unwrap().push(format!("notify {} {kind}", n.user_id));
        }
    }
    fn outbox(&self) -> &Outbox {
        &self.1
    }
    fn signed_out(&self, user: UserId) {
        self.0.lock().unwrap().push(format!("signed out {}", user.0));
    }
    fn outlets(&self) -> Outlets {
        unreachable!("no auction runs in these tests")
    }
}

/// A fresh, migrated database of its own (dropped by [`drop_database`] at the test's end) and the
/// settings of the test configuration.
async fn database() -> (Pool, Settings, String) {
    let name = format!("tyiyn_app_{}", hex::encode(rand::random::<[u8; 6]>()));
    let (admin, conn) =
        tokio_postgres::connect(&on_database("postgres"), tokio_postgres::NoTls).await.expect("postgres");
    tokio::spawn(conn);
    admin.batch_execute(&format!("create database \"{name}\"")).await.expect("create database");
    let pool = db::connect(&on_database(&name), 8, std::time::Duration::from_secs(5)).await.expect("pool");
    db::migrate::run(&pool).await.expect("migrations");
    let settings = Settings::load(Some(include_str!("../../config/test.toml"))).expect("settings");
    (pool, settings, name)
}

async fn drop_database(name: &str) {
    let (admin, conn) =
        tokio_postgres::connect(&on_database("postgres"), tokio_postgres::NoTls).await.expect("postgres");
    tokio::spawn(conn);
    let _ = admin.batch_execute(&format!("drop database if exists \"{name}\" with (force)")).await;
}

async fn user(pool: &Pool, name: &str) -> i64 {
    let new = NewUser {
        username: tyiyn::input::parse::username(name).expect("a valid username"),
        email: Some(tyiyn::input::parse::email(&format!("{name}@example.kg")).expect("a valid e-mail")),
        password_hash: "x".into(),
        first_name: None,
        last_name: None,
        phone: None,
        date_of_birth: None,
        gender: None,
        ip_address: None,
    };
    db::users::register(&mut pool.get().await.expect("client"), &new, 5).await.expect("register")
}

#[tokio::test]
async fn a_confirmed_payment_credits_once_and_tells_the_buyer_after_the_commit() {
    let (pool, settings, name) = database().await;
    let aigul = user(&pool, "aigul").await;
    let payments = tyiyn::payments::from_settings(&settings.payments).expect("demo payments");
    let told = Told::default();
    let handles = payments::Handles { pool: &pool, effects: &told, payments: &payments };
    let order = tyiyn::app::buying::order_package(&handles, aigul, 1, PayMethod::Card).await.expect("order");
    assert!(told.0.lock().unwrap().is_empty(), "an order tells nobody until it is paid");

    let demo = payments.demo.clone().expect("the demo provider");
    let fields = demo.signed_callback(&order, true).expect("the demo signs");
    // The provider repeats its report, twice at once: the order row is locked for the decision.
    let (a, b) = tokio::join!(
        payments::process(&handles, Lang::Ru, demo.as_ref(), &fields),
        payments::process(&handles, Lang::Ru, demo.as_ref(), &fields),
    );
    let mut words = [a.expect("first").1, b.expect("second").1];
    words.sort();
    assert_eq!(words, ["credited".to_owned(), "duplicate".to_owned()]);
    let (verdict, word) = payments::process(&handles, Lang::Ru, demo.as_ref(), &fields).await.expect("again");
    assert_eq!((verdict, word.as_str()), (Verdict::Ok, "duplicate"));

    let balance = db::users::get(&pool.get().await.unwrap(), aigul).await.unwrap().unwrap().bid_balance;
    assert_eq!(balance, 5 + 50, "the signup bonus and one package, credited once");
    assert_eq!(
        *told.0.lock().unwrap(),
        [
            format!("balance {aigul} 55"),
            format!("order {aigul} {} Paid", order.id),
            format!("notify {aigul} payment_received"),
            format!("notify {aigul} bids_credited"),
        ]
    );
    drop_database(&name).await;
}

#[tokio::test]
async fn limits_set_by_the_use_case_hold_at_once_when_stricter() {
    let (pool, _, name) = database().await;
    let bakyt = user(&pool, "bakyt").await;
    limits::set(
        &pool,
        bakyt,
        vec![(LimitName::DailyBids, Some(20)), (LimitName::MonthlySpend, Some(150_000))],
    )
    .await
    .expect("set");
    let now = UnixMillis(chrono::Utc::now().timestamp_millis());
    let read = serde_json::to_value(limits::current(&pool, now, bakyt).await.expect("read")).unwrap();
    assert_eq!(read["dailyBids"], 20);
    assert_eq!(read["monthlySpend"], 1500.0, "som on the wire");
    assert_eq!(read["left"]["dailyBids"], 20);
    drop_database(&name).await;
}

/// The 1-second rule as several nodes share it (`db::pace`): eight requests of one user on eight
/// auctions at once, each on a connection of its own (as on eight nodes), and one is let through;
/// the same auction is left to its actor; a refused bid's stamp is given back, but never over a
/// later one.
#[tokio::test]
async fn one_users_bids_on_every_node_take_their_turns_in_the_shared_pace() {
    let (pool, _, name) = database().await;
    let at = 1_800_000_000_000_i64;
    let racing = (0..8).map(|auction| {
        let pool = pool.clone();
        tokio::spawn(async move { db::pace::take(&pool.get().await.unwrap(), 7, auction, at, 1000).await })
    });
    let taken: Vec<_> = futures_util::future::join_all(racing)
        .await
        .into_iter()
        .map(|r| r.expect("task").expect("query"))
        .collect();
    let (ok, waits): (Vec<_>, Vec<_>) = taken.into_iter().partition(Result::is_ok);
    assert_eq!(ok.len(), 1, "one of eight at once: {waits:?}");
    assert!(waits.iter().all(|w| *w == Err(1000)), "each told to wait the whole second: {waits:?}");

    let db = pool.get().await.unwrap();
    let first: i64 =
        db.query_one("select auction_id from user_pace where user_id = 7", &[]).await.unwrap().get(0);
    let again = db::pace::take(&db, 7, first, at + 100, 1000).await.unwrap().expect("its actor decides");
    assert_eq!(
        db::pace::take(&db, 7, 99, at + 300, 1000).await.unwrap(),
        Err(800),
        "the bid in flight counts"
    );
    // Refused by its actor: the stamp before it holds again, and a bid elsewhere waits from there.
    db::pace::give_back(&db, again).await.unwrap();
    assert_eq!(db::pace::take(&db, 7, 99, at + 400, 1000).await.unwrap(), Err(600));
    let later = db::pace::take(&db, 7, 99, at + 1000, 1000).await.unwrap().expect("a second later");
    let last = db::pace::take(&db, 7, 98, at + 2000, 1000).await.unwrap().expect("and another");
    // A late give-back does not undo the bid after it.
    db::pace::give_back(&db, later).await.unwrap();
    assert_eq!(db::pace::take(&db, 7, 97, at + 2500, 1000).await.unwrap(), Err(500));
    db::pace::give_back(&db, last).await.unwrap();
    let row = db.query_one("select auction_id, at_ms from user_pace where user_id = 7", &[]).await.unwrap();
    assert_eq!((row.get::<_, i64>(0), row.get::<_, i64>(1)), (99, at + 1000), "the one before it again");
    drop(db);
    drop(pool);
    drop_database(&name).await;
}
