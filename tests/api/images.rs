//! Lot images (docs/rules/admin.md, "Lot images"): an admin uploads a picture as the request body;
//! the server stores it shrunk and re-encoded, serves it from `/media/…` with a year's cache, and
//! refuses what is not a picture, too large, or not from an admin. An auction takes its URL.

use std::io::Cursor;

use image::{ImageFormat, Rgba, RgbaImage};
use serde_json::{Value, json};

use crate::helpers::{User, expect_error, json_of, spawn_app};

fn png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    RgbaImage::from_fn(width, height, |x, y| Rgba([(x % 256) as u8, (y % 256) as u8, 90, 255]))
        .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
        .unwrap();
    out
}

async fn upload(user: &User, body: Vec<u8>, content_type: &str) -> reqwest::Response {
    user.client
        .post(format!("{}/api/admin/images", user.address()))
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .expect("request sent")
}

#[actix_web::test]
async fn an_admin_uploads_a_picture_that_is_stored_shrunk_and_served_for_a_year() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;

    let res = upload(&admin, png(2400, 1200), "image/png").await;
    assert_eq!(res.status(), 201);
    let stored = json_of(res).await;
    assert_eq!((stored["width"].as_i64(), stored["height"].as_i64()), (Some(1600), Some(800)));
    let url = stored["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/media/") && url.ends_with(".jpg"), "{url}");

    // The same picture again: the same file.
    let again = json_of(upload(&admin, png(2400, 1200), "image/png").await).await;
    assert_eq!(again["url"], stored["url"]);

    let served = reqwest::get(app.url(&url)).await.unwrap();
    assert_eq!(served.status(), 200);
    let headers = served.headers().clone();
    assert_eq!(headers["content-type"], "image/jpeg");
    assert_eq!(headers["cache-control"], "public, max-age=31536000, immutable");
    let bytes = served.bytes().await.unwrap();
    assert_eq!(image::guess_format(&bytes).unwrap(), ImageFormat::Jpeg);
    assert_eq!(image::load_from_memory(&bytes).unwrap().width(), 1600);

    // A name that is not a stored image's is 404: another digest, another id, another shape.
    let (id, rest) = url.trim_start_matches("/media/").split_once('-').unwrap();
    for wrong in
        [format!("/media/{id}-ffffffffffffffff.jpg"), format!("/media/999999-{rest}"), "/media/x.jpg".into()]
    {
        assert_eq!(reqwest::get(app.url(&wrong)).await.unwrap().status(), 404, "{wrong}");
    }

    // An auction takes the URL, and the audit log has the upload.
    let form =
        json!({"title": "Лампа", "retailPrice": 1000, "startTime": "2099-01-01T10:00:00Z", "imageUrl": url});
    let created = json_of(admin.post("/api/admin/auctions", form).await).await;
    assert_eq!(created["imageUrl"], Value::from(url));
    let db = app.db().await;
    let logged: i64 = db
        .query_one("select count(*) from audit_entry where action = 'image.upload'", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(logged, 2);
    let rows: i64 = db.query_one("select count(*) from lot_image", &[]).await.unwrap().get(0);
    assert_eq!(rows, 1, "one picture, one row");
}

#[actix_web::test]
async fn what_is_not_a_picture_too_large_or_not_an_admins_is_refused() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    let aibek = app.new_user("aibek").await;

    for junk in
        [b"".to_vec(), b"not an image".to_vec(), b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec()]
    {
        let body = expect_error(upload(&admin, junk, "image/png").await, 400, "image_invalid").await;
        assert_eq!(body["error"], "Загрузите изображение JPEG, PNG или WebP до 8 МБ");
    }
    let too_large = vec![0_u8; 8 * 1024 * 1024 + 1];
    expect_error(upload(&admin, too_large, "image/png").await, 413, "payload_too_large").await;
    expect_error(upload(&aibek, png(10, 10), "image/png").await, 403, "forbidden").await;
    let visitor = reqwest::Client::new()
        .post(app.url("/api/admin/images"))
        .header("content-type", "image/png")
        .body(png(10, 10))
        .send()
        .await
        .unwrap();
    expect_error(visitor, 401, "unauthorized").await;
    let db = app.db().await;
    let rows: i64 = db.query_one("select count(*) from lot_image", &[]).await.unwrap().get(0);
    assert_eq!(rows, 0, "nothing stored");
}
