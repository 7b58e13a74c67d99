//! One person, one account (issue 24): a phone confirmed with a code sent by SMS (through a
//! stand-in of Nikita's gateway), the free bids once per number, one number per account, the code's
//! expiry, tries and resend rules, and every route that needs a confirmed phone. Issue 39: a code
//! request says nothing of who owns a number, other accounts never lock an owner out, codes go only
//! to mobile ranges, and the hour's SMS budget holds across nodes.

use std::time::Duration;

use futures_util::future::join_all;
use serde_json::{Value, json};
use tyiyn::config::{PhoneVerification, Settings};

use crate::helpers::{TestApp, User, expect_error, json_of, spawn_app_on, spawn_app_with};
use crate::outbox::{bot, gateway, through};
use crate::stand_in::StandIn;

/// A server that asks for a phone, sending its SMS to `sms`.
async fn app(sms: &StandIn, tweak: impl FnOnce(&mut Settings)) -> TestApp {
    let telegram = bot().await;
    spawn_app_with(|s| {
        through(s, sms, &telegram);
        s.auth.phone_verification = PhoneVerification::Required;
        tweak(s);
    })
    .await
}

/// The 6-digit code in the `n`-th SMS the gateway took (from 1), and to whom it went.
async fn sms_code(sms: &StandIn, n: usize) -> (String, String) {
    let taken = sms.wait_taken(n, Duration::from_secs(10)).await;
    let text = &taken[n - 1].text;
    let code: String = text.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(code.len(), 6, "one 6-digit code in {text:?}");
    (taken[n - 1].to.clone(), code)
}

async fn send(user: &User, phone: &str) -> reqwest::Response {
    user.post("/api/auth/phone/code", json!({ "phone": phone })).await
}

async fn verify(user: &User, phone: &str, code: &str) -> reqwest::Response {
    user.post("/api/auth/phone/verify", json!({ "phone": phone, "code": code })).await
}

async fn me(user: &User) -> Value {
    user.get("/api/auth/me").await.json().await.expect("json")
}

#[actix_web::test]
async fn a_confirmed_number_brings_the_free_bids_and_lets_the_account_bid() {
    let sms = gateway().await;
    let app = app(&sms, |_| {}).await;
    let admin = app.new_admin("boss").await;
    let auction = app.create_auction(&admin, "Чайник", "2020-01-01T00:00:00Z").await;
    let aibek = app.new_user("aibek").await;
    let fresh = me(&aibek).await;
    assert_eq!((fresh["needsPhone"].as_bool(), fresh["user"]["bidBalance"].as_i64()), (Some(true), Some(0)));
    expect_error(aibek.bid(auction).await, 403, "phone_not_verified").await;

    let sent = send(&aibek, "+996555123456").await;
    assert_eq!(sent.status(), 200);
    let body: Value = sent.json().await.expect("json");
    assert_eq!((body["resendAfterSecs"].as_u64(), body["expiresInSecs"].as_u64()), (Some(60), Some(300)));
    let (to, code) = sms_code(&sms, 1).await;
    assert_eq!(to, "996555123456");
    let confirmed = verify(&aibek, "+996555123456", &code).await;
    assert_eq!(confirmed.status(), 200);
    let body: Value = confirmed.json().await.expect("json");
    assert_eq!(body["bonusBids"], 5);
    assert_eq!(
        (body["needsPhone"].as_bool(), body["user"]["phoneVerified"].as_bool()),
        (Some(false), Some(true))
    );
    assert_eq!(body["user"]["bidBalance"], 5);
    assert_eq!(body["user"]["phone"], "+996555123456");

    // The same session may bid at once, and confirming again is a no-op.
    assert_eq!(aibek.bid(auction).await.status(), 200);
    let again: Value = verify(&aibek, "+996555123456", &code).await.json().await.expect("json");
    assert_eq!(again["bonusBids"], 0);
    expect_error(send(&aibek, "+996555000111").await, 409, "phone_already_verified").await;
    app.check().await;
}

#[actix_web::test]
async fn the_code_is_never_stored_and_the_outbox_shows_it_masked() {
    let sms = gateway().await;
    let app = app(&sms, |_| {}).await;
    let user = app.new_user("nurlan").await;
    assert_eq!(send(&user, "+996700111222").await.status(), 200);
    let (_, code) = sms_code(&sms, 1).await;
    let db = app.db().await;
    let rows = db
        .query("select body, masked, state from outbox where kind = 'phone_code'", &[])
        .await
        .expect("rows");
    assert_eq!(rows.len(), 1);
    let (body, masked, state): (String, bool, String) = (rows[0].get(0), rows[0].get(1), rows[0].get(2));
    assert!(masked && state == "sent" && body.contains("******") && !body.contains(&code), "{body}");
    let hashes = db.query("select code_hash from phone_code", &[]).await.expect("codes");
    let stored: Vec<u8> = hashes[0].get(0);
    assert_ne!(stored, code.as_bytes());
}

#[actix_web::test]
async fn one_number_belongs_to_one_account_and_earns_the_bonus_once() {
    let sms = gateway().await;
    // (The number's minute between codes is not what this test is about.)
    let app = app(&sms, |s| s.auth.phone_code_resend_secs = 0).await;
    let admin = app.new_admin("closer").await;
    let (first, second) = (app.new_user("first").await, app.new_user("second").await);
    send(&first, "+996555777888").await;
    let (_, code) = sms_code(&sms, 1).await;
    assert_eq!(verify(&first, "+996555777888", &code).await.status(), 200);

    // Asking for a code to a confirmed number answers as for any other (nobody learns which
    // numbers have accounts); the SMS tells its owner someone asked, and the code confirms nothing.
    assert_eq!(send(&second, "+996555777888").await.status(), 200);
    let (to, code) = sms_code(&sms, 2).await;
    assert_eq!(to, "996555777888");
    let text = sms.wait_taken(2, Duration::from_secs(10)).await[1].text.clone();
    assert!(text.contains("другого аккаунта"), "the owner is told: {text}");
    expect_error(verify(&second, "+996555777888", &code).await, 409, "phone_taken").await;

    // Closing the account frees the number; a new account may confirm it, without a second bonus.
    let closed = admin.delete(&format!("/api/admin/users/{}", first.id)).await;
    assert!(closed.status().is_success(), "closing: {}", closed.status());
    assert_eq!(send(&second, "+996555777888").await.status(), 200);
    let (_, code) = sms_code(&sms, 3).await;
    let body: Value = verify(&second, "+996555777888", &code).await.json().await.expect("json");
    assert_eq!((body["bonusBids"].as_i64(), body["user"]["bidBalance"].as_i64()), (Some(0), Some(0)));
}

#[actix_web::test]
async fn a_code_allows_five_wrong_tries_and_then_is_void() {
    let sms = gateway().await;
    let app = app(&sms, |_| {}).await;
    let user = app.new_user("guess").await;
    send(&user, "+996555123400").await;
    let (_, code) = sms_code(&sms, 1).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..5 {
        expect_error(verify(&user, "+996555123400", wrong).await, 400, "code_invalid").await;
    }
    expect_error(verify(&user, "+996555123400", &code).await, 400, "code_expired").await;
    expect_error(verify(&user, "+996555123400", "12ab56").await, 400, "code_invalid").await;
}

#[actix_web::test]
async fn a_code_expires_and_a_resend_waits_a_minute() {
    let sms = gateway().await;
    let app = app(&sms, |_| {}).await;
    let user = app.new_user("late").await;
    assert_eq!(send(&user, "+996555123401").await.status(), 200);
    let res = send(&user, "+996555123401").await;
    assert!(res.headers().get("retry-after").is_some());
    expect_error(res, 429, "too_many_attempts").await;
    let (_, code) = sms_code(&sms, 1).await;

    // Five minutes pass (the clock is the database's: move the code into the past).
    let db = app.db().await;
    db.execute("update phone_code set created_at = created_at - interval '6 minutes', expires_at = expires_at - interval '6 minutes'", &[])
        .await
        .expect("age the code");
    expect_error(verify(&user, "+996555123401", &code).await, 400, "code_expired").await;
    // The minute is over too: a new code replaces the old one.
    assert_eq!(send(&user, "+996555123401").await.status(), 200);
    let (_, fresh) = sms_code(&sms, 2).await;
    assert_eq!(verify(&user, "+996555123401", &fresh).await.status(), 200);
}

#[actix_web::test]
async fn two_identical_requests_at_once_send_one_code() {
    let sms = gateway().await;
    let app = app(&sms, |_| {}).await;
    let user = app.new_user("twice").await;
    let answers = join_all((0..8).map(|_| send(&user, "+996555123402"))).await;
    let statuses: Vec<u16> = answers.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 7, "{statuses:?}");
    let count: i64 =
        app.db().await.query_one("select count(*) from phone_code", &[]).await.expect("count").get(0);
    assert_eq!(count, 1);
}

#[actix_web::test]
async fn eight_identical_confirmations_at_once_credit_the_bids_once() {
    let sms = gateway().await;
    let app = app(&sms, |_| {}).await;
    let user = app.new_user("eager").await;
    assert_eq!(send(&user, "+996555123408").await.status(), 200);
    let (_, code) = sms_code(&sms, 1).await;
    let answers = join_all((0..8).map(|_| verify(&user, "+996555123408", &code))).await;
    let mut bonuses = Vec::new();
    for answer in answers {
        assert_eq!(answer.status(), 200);
        bonuses.push(answer.json::<Value>().await.expect("json")["bonusBids"].as_i64().expect("bonus"));
    }
    bonuses.sort();
    assert_eq!(bonuses, [0, 0, 0, 0, 0, 0, 0, 5]);
    assert_eq!(me(&user).await["user"]["bidBalance"], 5);
    app.check().await;
}

#[actix_web::test]
async fn a_number_and_an_address_have_their_limits() {
    let sms = gateway().await;
    let app = app(&sms, |s| {
        s.auth.phone_code_resend_secs = 0;
        s.throttle.phone_code_number_max = 2;
        s.throttle.phone_code_max = 3;
    })
    .await;
    let (a, b) = (app.new_user("limit_a").await, app.new_user("limit_b").await);
    assert_eq!(send(&a, "+996555123403").await.status(), 200);
    assert_eq!(send(&a, "+996555123403").await.status(), 200);
    // A third code from one account to that number today: refused.
    expect_error(send(&a, "+996555123403").await, 429, "too_many_attempts").await;
    // Another account's requests never lock the number's owner out: `b` still gets its code. (The
    // refused one gave its address slot back: this is the address's third and last.)
    assert_eq!(send(&b, "+996555123403").await.status(), 200);
    expect_error(send(&b, "+996555123405").await, 429, "too_many_attempts").await;
}

#[actix_web::test]
async fn five_accounts_asking_for_one_number_leave_its_owner_a_code() {
    let sms = gateway().await;
    let app = app(&sms, |s| s.throttle.phone_code_number_max = 1).await;
    for i in 0..5 {
        let other = app.new_user(&format!("pest{i}")).await;
        assert_eq!(send(&other, "+996700123450").await.status(), 200);
    }
    let owner = app.new_user("owner").await;
    assert_eq!(send(&owner, "+996700123450").await.status(), 200, "the owner is never locked out");
    let (_, code) = sms_code(&sms, 6).await;
    assert_eq!(verify(&owner, "+996700123450", &code).await.status(), 200);
}

#[actix_web::test]
async fn codes_go_only_to_kyrgyz_mobile_ranges() {
    let sms = gateway().await;
    let app = app(&sms, |_| {}).await;
    let user = app.new_user("landline").await;
    // Bishkek's landlines, toll-free 800, an unassigned range.
    for number in ["+996312123456", "+996800123456", "+996100123456"] {
        let err = expect_error(send(&user, number).await, 400, "phone_not_mobile").await;
        assert!(err["fields"]["phone"].as_str().is_some_and(|t| t.contains("мобильные")), "{err}");
    }
    for number in ["+996700123456", "+996777123456", "+996555123456", "+996990123456", "+996220123456"] {
        let res = send(&app.new_user(&format!("m{}", &number[4..7])).await, number).await;
        assert_eq!(res.status(), 200, "{number}");
    }
}

/// The hour's SMS budget holds for every node together: twelve requests at once, six through each
/// of two servers on one database, with room for five: five codes leave, seven are refused, and the
/// admin's dashboard says so.
#[actix_web::test]
async fn the_sms_budget_holds_across_two_nodes_under_twelve_requests_at_once() {
    let sms = gateway().await;
    let budget = |s: &mut Settings| s.sms.hourly_budget = 5;
    let first = app(&sms, budget).await;
    let telegram = bot().await;
    let second = spawn_app_on(first.db_name(), |s| {
        through(s, &sms, &telegram);
        s.auth.phone_verification = PhoneVerification::Required;
        budget(s);
    })
    .await;
    let mut users = Vec::new();
    for i in 0..12 {
        users.push(first.new_user(&format!("rush{i}")).await);
    }
    let asks = users.iter().enumerate().map(|(i, user)| {
        let node = if i % 2 == 0 { &first } else { &second };
        let url = node.url("/api/auth/phone/code");
        let phone = format!("+99670012{:04}", 3000 + i);
        async move { user.client.post(url).json(&json!({ "phone": phone })).send().await.expect("sent") }
    });
    let mut statuses = Vec::new();
    for res in join_all(asks).await {
        let status = res.status().as_u16();
        if status == 503 {
            expect_error(res, 503, "sms_unavailable").await;
        }
        statuses.push(status);
    }
    statuses.sort();
    assert_eq!(statuses, [200, 200, 200, 200, 200, 503, 503, 503, 503, 503, 503, 503]);
    assert_eq!(sms.wait_taken(5, Duration::from_secs(10)).await.len(), 5);

    let admin = first.new_admin("watcher").await;
    let stats = json_of(admin.get("/api/admin/stats").await).await;
    assert_eq!(
        (&stats["smsCodesThisHour"], &stats["smsRefusedThisHour"], &stats["smsHourlyBudget"]),
        (&json!(5), &json!(7), &json!(5)),
        "{stats}"
    );
}

#[actix_web::test]
async fn a_gateway_that_refuses_leaves_nothing_counted() {
    let sms = gateway().await;
    let app = app(&sms, |_| {}).await;
    let user = app.new_user("offline").await;
    sms.set_failing(true);
    expect_error(send(&user, "+996555123406").await, 503, "sms_unavailable").await;
    sms.set_failing(false);
    // No resend wait: the failed code never reached anyone.
    assert_eq!(send(&user, "+996555123406").await.status(), 200);
}

#[actix_web::test]
async fn every_route_that_spends_needs_a_confirmed_phone() {
    let sms = gateway().await;
    let app = app(&sms, |_| {}).await;
    let admin = app.new_admin("chief").await;
    let live = app.create_auction(&admin, "Живой", "2020-01-01T00:00:00Z").await;
    let upcoming = app.create_auction(&admin, "Скоро", "2099-01-01T00:00:00Z").await;
    let user = app.new_user("stranger").await;
    expect_error(user.bid(live).await, 403, "phone_not_verified").await;
    expect_error(
        user.post(&format!("/api/auctions/{upcoming}/prebid"), Value::Null).await,
        403,
        "phone_not_verified",
    )
    .await;
    let autobid = user.put(&format!("/api/auctions/{live}/autobid"), json!({"bids": 3})).await;
    expect_error(autobid, 403, "phone_not_verified").await;
    let buy = user
        .post(&format!("/api/auctions/{live}/buy-now"), json!({"method": "pickup", "phone": "+996555123407"}))
        .await;
    expect_error(buy, 403, "phone_not_verified").await;
    // Browsing and buying bids do not need it.
    assert_eq!(user.get("/api/payments/packages").await.status(), 200);
}

#[actix_web::test]
async fn with_confirmation_off_registration_gives_the_bids_as_before() {
    let sms = gateway().await;
    let app = app(&sms, |s| s.auth.phone_verification = PhoneVerification::Off).await;
    let user = app.new_user("classic").await;
    let body = me(&user).await;
    assert_eq!((body["needsPhone"].as_bool(), body["user"]["bidBalance"].as_i64()), (Some(false), Some(5)));
}

#[actix_web::test]
async fn an_account_admitted_without_a_number_may_confirm_one_for_sms_and_gets_no_second_bonus() {
    let sms = gateway().await;
    let app = app(&sms, |s| s.auth.phone_verification = PhoneVerification::Off).await;
    let old = app.new_user("old_timer").await;
    // As the migration left the accounts that existed before numbers were confirmed.
    let db = app.db().await;
    db.execute("update app_user set phone_verified_at = created_at where id = $1", &[&old.id])
        .await
        .expect("set");
    let before = me(&old).await;
    assert_eq!(
        (before["user"]["phoneVerified"].as_bool(), before["user"]["phoneConfirmed"].as_bool()),
        (Some(true), Some(false))
    );

    assert_eq!(send(&old, "+996555123457").await.status(), 200);
    let (_, code) = sms_code(&sms, 1).await;
    let body: Value = verify(&old, "+996555123457", &code).await.json().await.expect("json");
    assert_eq!(body["bonusBids"], 0, "the free bids came with the registration");
    assert_eq!(
        (body["user"]["phoneConfirmed"].as_bool(), body["user"]["bidBalance"].as_i64()),
        (Some(true), Some(5))
    );
    let reach = json_of(old.get("/api/me/notices").await).await;
    assert_eq!(reach["channels"]["sms"]["reachable"], true, "the number now takes SMS");
    expect_error(send(&old, "+996555000111").await, 409, "phone_already_verified").await;
    app.check().await;
}

/// Issue 39, row 5: a confirmed number is the account's phone. The profile can neither change it
/// to another account's confirmed number nor clear it; the admin's change moves the confirmation.
#[actix_web::test]
async fn a_confirmed_number_stays_the_accounts_phone_whatever_the_profile_sends() {
    let sms = gateway().await;
    let app = app(&sms, |_| {}).await;
    let (first, second) = (app.new_user("first").await, app.new_user("second").await);
    for (n, (user, number)) in [(&first, "+996700111222"), (&second, "+996700333444")].into_iter().enumerate()
    {
        send(user, number).await;
        let (_, code) = sms_code(&sms, n + 1).await;
        assert_eq!(verify(user, number, &code).await.status(), 200);
    }
    let profile = |phone: Value| json!({"firstName": "Айбек", "lastName": "Асанов", "dateOfBirth": "1990-01-01", "gender": "male", "phone": phone});
    for phone in [json!("+996700111222"), Value::Null, json!("+996700555666")] {
        let res = second.put("/api/users/profile", profile(phone)).await;
        let err = expect_error(res, 400, "phone_locked").await;
        assert!(err["fields"]["phone"].is_string(), "{err}");
    }
    let mine = me(&second).await;
    assert_eq!(
        (&mine["user"]["phone"], &mine["user"]["phoneConfirmed"]),
        (&json!("+996700333444"), &json!(true))
    );
    // The same number, or none given, saves the rest of the profile.
    assert_eq!(second.put("/api/users/profile", profile(json!("+996700333444"))).await.status(), 200);

    // The admin's change moves the confirmation; another account's confirmed number is refused.
    let admin = app.new_admin("helpdesk").await;
    let path = format!("/api/admin/users/{}", second.id);
    expect_error(admin.patch(&path, json!({"phone": "+996700111222"})).await, 409, "phone_taken").await;
    assert_eq!(admin.patch(&path, json!({"phone": "+996700777888"})).await.status(), 200);
    let owner: i64 = app
        .db()
        .await
        .query_one("select user_id from phone_owner where phone = '+996700777888'", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(owner, second.id);
    app.check().await;
}
