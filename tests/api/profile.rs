//! `/api/users/profile`.

use serde_json::{Value, json};

use crate::helpers::{expect_error, spawn_app};

#[actix_web::test]
async fn a_user_completes_their_profile() {
    let app = spawn_app().await;
    app.register("aigerim").await;
    let res = app
        .put(
            "/api/users/profile",
            json!({"firstName": "Айгерим", "lastName": "Токтогулова", "phone": "+996700123456",
                   "dateOfBirth": "1995-03-08", "gender": "female", "username": "hacker"}),
        )
        .await;
    assert_eq!(res.status(), 200);
    let user: Value = res.json().await.unwrap();
    assert_eq!(user["firstName"], "Айгерим");
    assert_eq!(user["phone"], "+996700123456");
    assert_eq!(user["dateOfBirth"], "1995-03-08");
    assert_eq!(user["username"], "aigerim", "the username never changes");
    assert_eq!(user["email"], "aigerim@example.kg", "absent email is kept");

    let profile: Value = app.get("/api/users/profile").await.json().await.unwrap();
    assert_eq!(profile["gender"], "female");
    app.check().await;
}

#[actix_web::test]
async fn profile_rules_are_enforced() {
    let app = spawn_app().await;
    app.register("someone").await;
    app.client.post(app.url("/api/auth/logout")).send().await.unwrap();
    app.register("taken_mail").await;
    let res = app
        .put(
            "/api/users/profile",
            json!({"firstName": "A", "lastName": "", "email": "bad", "phone": "0555",
                   "dateOfBirth": "2012-01-01", "gender": "robot"}),
        )
        .await;
    let body = expect_error(res, 400, "validation_failed").await;
    for field in ["firstName", "lastName", "email", "phone", "dateOfBirth", "gender"] {
        assert!(body["fields"][field].is_string(), "{field} in {body}");
    }
    let res = app
        .put(
            "/api/users/profile",
            json!({"firstName": "Ай", "lastName": "Бек", "email": "someone@example.kg",
                   "dateOfBirth": "1990-01-01", "gender": "male"}),
        )
        .await;
    expect_error(res, 409, "email_taken").await;
    app.check().await;
}

#[actix_web::test]
async fn the_profile_needs_a_login() {
    let app = spawn_app().await;
    expect_error(app.get("/api/users/profile").await, 401, "unauthorized").await;
    let res = app.put("/api/users/profile", json!({})).await;
    expect_error(res, 401, "unauthorized").await;
}

#[actix_web::test]
async fn a_profile_put_that_leaves_the_phone_out_keeps_it() {
    let app = spawn_app().await;
    app.register("aigerim").await;
    let base = json!({"firstName": "Айгерим", "lastName": "Токтогулова",
                      "dateOfBirth": "1995-03-08", "gender": "female"});
    let mut with_phone = base.clone();
    with_phone["phone"] = json!("+996700123456");
    assert_eq!(app.put("/api/users/profile", with_phone).await.status(), 200);

    let res = app.put("/api/users/profile", base.clone()).await;
    assert_eq!(res.status(), 200);
    let user: Value = res.json().await.unwrap();
    assert_eq!(user["phone"], "+996700123456", "an absent phone is kept");
    assert_eq!(user["email"], "aigerim@example.kg", "an absent email is kept");

    for clear in [json!(null), json!(""), json!("+996")] {
        let mut body = base.clone();
        body["phone"] = json!("+996700123456");
        app.put("/api/users/profile", body.clone()).await;
        body["phone"] = clear.clone();
        let user: Value = app.put("/api/users/profile", body).await.json().await.unwrap();
        assert_eq!(user["phone"], Value::Null, "{clear} clears the phone");
    }
    app.check().await;
}

#[actix_web::test]
async fn the_profile_s_numbers_mean_what_they_say() {
    let app = crate::helpers::spawn_app_with(crate::helpers::long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let (aida, timur) = (app.new_user("aida").await, app.new_user("timur").await);
    let lost = app.create_live_auction(&admin, "Чайник").await;
    for user in [&aida, &timur, &aida, &timur] {
        assert_eq!(user.bid(lost).await.status(), 200);
    }
    let won = app.create_live_auction(&admin, "Лампа").await;
    assert_eq!(aida.bid(won).await.status(), 200);
    for id in [lost, won] {
        assert_eq!(admin.post(&format!("/api/admin/auctions/{id}/end"), Value::Null).await.status(), 200);
    }
    let stats: Value = aida.get("/api/users/stats").await.json().await.unwrap();
    let per_bid: i64 = app
        .db()
        .await
        .query_one("select min(price / bids) from bid_package where active", &[])
        .await
        .unwrap()
        .get(0);
    // Three bids at the price of one bid in the packages; one win of two auctions taken part in.
    assert_eq!(stats["bidsUsed"], 3);
    assert_eq!((stats["spentValue"].as_f64().unwrap() * 100.0).round() as i64, 3 * per_bid);
    assert_eq!((stats["wonAuctions"].as_i64(), stats["auctionsEntered"].as_i64()), (Some(1), Some(2)));
}
