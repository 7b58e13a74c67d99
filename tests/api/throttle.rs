//! Account protection (docs/rules/security.md, "Account protection"): login throttling per account and
//! address that never refuses the owner from a clean address, and the per-address limits on
//! registration and the availability checks. Clients bind to other loopback addresses
//! (127.0.0.2, 127.0.0.3) to come from different addresses.

use std::net::IpAddr;

use futures_util::future::join_all;
use reqwest::{Client, Response};
use serde_json::{Value, json};

use crate::helpers::{TestApp, expect_error, spawn_app, spawn_app_with};

/// A cookie-keeping client whose requests come from `address` (a loopback address).
fn client_from(address: &str) -> Client {
    let ip: IpAddr = address.parse().expect("test address");
    Client::builder().cookie_store(true).local_address(ip).build().expect("client builds")
}

async fn login(app: &TestApp, client: &Client, username: &str, password: &str) -> Response {
    client
        .post(app.url("/api/auth/login"))
        .json(&json!({"username": username, "password": password}))
        .send()
        .await
        .expect("request sent")
}

fn retry_after(res: &Response) -> u64 {
    let value = res.headers().get("retry-after").expect("Retry-After on a 429");
    value.to_str().expect("ascii").parse().expect("whole seconds")
}

#[actix_web::test]
async fn sixty_simultaneous_wrong_passwords_reach_the_password_check_at_most_the_limit_times() {
    let app = spawn_app().await;
    app.register("bakyt").await;
    let attacker = client_from("127.0.0.2");

    let answers = join_all((0..60).map(|_| login(&app, &attacker, "bakyt", "wrong-pass"))).await;

    let mut checked = 0;
    for res in answers {
        match res.status().as_u16() {
            401 => checked += 1,
            429 => {
                assert!(retry_after(&res) >= 1);
                expect_error(res, 429, "too_many_attempts").await;
            }
            other => panic!("unexpected status {other}"),
        }
    }
    assert!((1..=10).contains(&checked), "{checked} guesses reached bcrypt; the limit is 10");
    assert_eq!(checked, 3, "the first 3 are free, the 4th must wait a second after the 3rd");
    app.check().await;
}

#[actix_web::test]
async fn the_owner_logs_in_from_another_address_while_the_guessing_address_is_refused() {
    let app = spawn_app().await;
    app.register("bakyt").await;
    let attacker = client_from("127.0.0.2");
    for _ in 0..3 {
        expect_error(login(&app, &attacker, "bakyt", "wrong-pass").await, 401, "invalid_credentials").await;
    }
    let refused = login(&app, &attacker, "bakyt", "secret1").await;
    assert!(retry_after(&refused) >= 1);
    expect_error(refused, 429, "too_many_attempts").await;

    let owner = client_from("127.0.0.3");
    let res = login(&app, &owner, "bakyt", "secret1").await;
    assert_eq!(res.status(), 200, "the owner's address has no failures");
    assert_eq!(owner.get(app.url("/api/auth/me")).send().await.expect("sent").status(), 200);
    app.check().await;
}

#[actix_web::test]
async fn a_correct_password_of_another_account_works_from_an_address_over_its_limit() {
    let app = spawn_app_with(|s| {
        s.throttle.login_address_max_failures = 5;
        s.throttle.login_address_delay_ms = 50;
    })
    .await;
    app.register("asel").await;
    let shared = client_from("127.0.0.2");
    for i in 0..5 {
        let res = login(&app, &shared, &format!("guess{i}"), "wrong-pass").await;
        expect_error(res, 401, "invalid_credentials").await;
    }

    let res = login(&app, &shared, "asel", "secret1").await;
    assert_eq!(res.status(), 200, "a correct password from the slowed address logs in");
    let wrong = login(&app, &shared, "asel", "wrong-pass").await;
    assert!(retry_after(&wrong) >= 1);
    expect_error(wrong, 429, "too_many_attempts").await;
    let other = client_from("127.0.0.3");
    expect_error(login(&app, &other, "asel", "wrong-pass").await, 401, "invalid_credentials").await;
    app.check().await;
}

async fn register(app: &TestApp, client: &Client, username: &str) -> Response {
    client
        .post(app.url("/api/auth/register"))
        .json(
            &json!({"username": username, "email": format!("{username}@example.kg"), "password": "secret1"}),
        )
        .send()
        .await
        .expect("request sent")
}

#[actix_web::test]
async fn registrations_over_the_per_address_limit_get_429_with_retry_after() {
    let app = spawn_app_with(|s| s.throttle.register_max = 2).await;
    let farm = client_from("127.0.0.2");
    assert_eq!(register(&app, &farm, "farm1").await.status(), 201);
    expect_error(register(&app, &farm, "farm1").await, 409, "username_taken").await;
    assert_eq!(
        register(&app, &farm, "farm2").await.status(),
        201,
        "a taken name does not spend a registration"
    );

    let res = farm
        .post(app.url("/api/auth/register"))
        .header("accept-language", "en")
        .json(&json!({"username": "farm3", "email": "farm3@example.kg", "password": "secret1"}))
        .send()
        .await
        .expect("request sent");
    let wait = retry_after(&res);
    assert!(wait > 3500 && wait <= 3600, "until the first registration is an hour old: {wait}");
    let body = expect_error(res, 429, "too_many_registrations").await;
    assert_eq!(body["error"], "Too many sign-ups from this address. Try again later");

    assert_eq!(register(&app, &client_from("127.0.0.3"), "farm3").await.status(), 201, "another address");
    let users: i64 = app.db().await.query_one("select count(*) from app_user", &[]).await.unwrap().get(0);
    assert_eq!(users, 3);
    app.check().await;
}

#[actix_web::test]
async fn simultaneous_registrations_from_one_address_create_at_most_the_limit() {
    let app = spawn_app_with(|s| s.throttle.register_max = 5).await;
    let farm = client_from("127.0.0.2");
    let names: Vec<String> = (0..20).map(|i| format!("farm{i}")).collect();
    let answers = join_all(names.iter().map(|name| register(&app, &farm, name))).await;
    let created = answers.iter().filter(|r| r.status() == 201).count();
    let refused = answers.iter().filter(|r| r.status() == 429).count();
    assert_eq!((created, refused), (5, 15));
    app.check().await;
}

#[actix_web::test]
async fn availability_checks_over_the_per_address_limit_get_429_with_retry_after() {
    let app = spawn_app_with(|s| s.throttle.check_max = 4).await;
    let probe = client_from("127.0.0.2");
    let check = |path: &'static str, body: Value| {
        let req = probe.post(app.url(path)).json(&body).send();
        async move { req.await.expect("request sent") }
    };
    for i in 0..2 {
        assert_eq!(
            check("/api/auth/validate-username", json!({"username": format!("name{i}")})).await.status(),
            200
        );
        assert_eq!(
            check("/api/auth/validate-email", json!({"email": format!("e{i}@example.kg")})).await.status(),
            200
        );
    }
    for (path, body) in [
        ("/api/auth/validate-username", json!({"username": "name9"})),
        ("/api/auth/validate-email", json!({"email": "e9@example.kg"})),
    ] {
        let res = check(path, body).await;
        let wait = retry_after(&res);
        assert!(wait > 0 && wait <= 60, "{wait}");
        expect_error(res, 429, "too_many_requests").await;
    }
    let res = check("/api/auth/validate-phone", json!({"phone": "+996555123456"})).await;
    assert_eq!(res.status(), 200, "the phone format check reads no accounts and is not limited");
    let other = client_from("127.0.0.3");
    let res =
        other.post(app.url("/api/auth/validate-username")).json(&json!({"username": "name9"})).send().await;
    assert_eq!(res.expect("sent").status(), 200, "another address has its own count");
    app.check().await;
}
