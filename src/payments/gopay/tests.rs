use chrono::TimeZone;

use super::*;
use crate::config::{GoPaySettings, PaymentSettings};
use crate::payments::elqr::{Kind, Link, Service};

fn provider(testing_mode: bool) -> GoPay {
    GoPay::new(&PaymentSettings {
        provider: "demo".into(),
        refused_callbacks_per_minute: 60,
        public_url: "https://tyiyn.kg/".into(),
        demo: Default::default(),
        qr_provider: NAME.into(),
        qr_minutes: 15,
        freedompay: Default::default(),
        gopay: GoPaySettings {
            api_key: "pk-1".into(),
            secret_key: "s3cr3t".into(),
            webhook_secret: "hook".into(),
            testing_mode,
            ..GoPaySettings::default()
        },
    })
    .expect("configured")
}

fn order(amount: i64) -> OrderRow {
    OrderRow {
        id: 23,
        user_id: 1,
        package_id: Some(1),
        bids: 50,
        amount,
        currency: "KGS".into(),
        state: crate::statuses::OrderState::Pending,
        provider: NAME.into(),
        provider_payment_id: None,
        created_at: Utc::now(),
        paid_at: None,
        kind: crate::statuses::OrderKind::Package,
        claim_id: None,
        method: crate::statuses::PayMethod::Qr,
        qr_link: None,
        qr_expires_at: None,
        provider_fee: None,
    }
}

/// A dynamic ELQR link for `amount` tyiyn, as a bank would write it.
fn link(amount: Option<i64>) -> String {
    let link = Link {
        kind: Kind::Dynamic,
        service: Service {
            provider_id: "gopay.kg".into(),
            service_code: Some("gopay".into()),
            transaction_id: Some("a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4".into()),
            amount_editable: Some(false),
            ..Service::default()
        },
        merchant: None,
        comment: None,
        extras: Vec::new(),
        mcc: "5818".into(),
        amount: amount.map(Tyiyn),
        provider_name: "Tyiyn".into(),
    };
    elqr::url(elqr::ROUTER, &link).expect("a valid link")
}

/// GoPay's answer to `/v1/payments` for a payment, as JSON text.
fn data(order_id: &str, amount: &str, qr_data: &str) -> String {
    json!({"status": "OK", "code": "0000", "data": {
        "payment_id": "a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4",
        "order_id": order_id,
        "amount": amount,
        "status": "CREATED",
        "qr_data": qr_data,
        "expires_at": "2026-01-01T00:15:00Z",
    }})
    .to_string()
}

fn signed(body: &str, key: &str) -> Callback {
    let nonce = "0123456789abcdef0123456789abcdef";
    Callback {
        fields: Vec::new(),
        body: body.as_bytes().to_vec(),
        headers: vec![
            ("gopay-nonce".into(), nonce.into()),
            ("gopay-signature".into(), signature(key, nonce, body.as_bytes())),
        ],
    }
}

#[test]
fn the_signature_is_the_upper_case_hmac_sha512_of_nonce_and_body() {
    // Both computed outside this code (Python's hmac with hashlib.sha512).
    let body = br#"{"order_id":"23-1767225600","amount":"750.00"}"#;
    assert_eq!(
        signature("s3cr3t", "0123456789abcdef0123456789abcdef", body),
        "B7ABC24AFE4FDA7C9BD71CDCEB959BECA80158013FAFB3382EAF1F59ADA2C1AB\
         AD59F55A7D4D22C82AA1E865026E441AD9419903C1FB96F3F851CFF05A3B5C68"
    );
    assert_eq!(
        signature("key", "n", b""),
        "5AF914FF0AEE66E5B4A6E63CC5A0AD2A173F1171C232834A5CE59A0F59DAE006\
         693208A3B2369C3BAD356918ECFB2528894D011E57F7027AF3365E7B8608E5F4"
    );
}

#[test]
fn amounts_are_read_exactly_as_strings_or_numbers() {
    let raw = |t: &str| serde_json::from_str::<Box<RawValue>>(t).expect("json");
    assert_eq!(amount_of(&raw(r#""750.00""#)), Some(75_000));
    assert_eq!(amount_of(&raw(r#""0.30""#)), Some(30));
    assert_eq!(amount_of(&raw("750.5")), Some(75_050));
    assert_eq!(amount_of(&raw("999999.99")), Some(99_999_999));
    for refused in [r#""750.001""#, "7.5e2", "-1", r#""""#, "null", r#"" 7 50""#] {
        assert_eq!(amount_of(&raw(refused)), None, "{refused}");
    }
}

#[test]
fn the_order_number_carries_our_order_id() {
    let (first, second) = (order_number(23), order_number(23));
    assert_ne!(first, second, "each link its own order_id");
    assert!(first.starts_with("23-") && first.len() == 13, "{first}");
    assert_eq!((our_order(&first), our_order(&second)), (Some(23), Some(23)));
    assert_eq!(our_order("23"), Some(23));
    assert!(order_number(i64::MAX).len() <= 32, "GoPay's limit");
    for refused in ["", "-5", "abc-1", "0-1"] {
        assert_eq!(our_order(refused), None, "{refused}");
    }
}

#[test]
fn the_create_request_asks_for_the_exact_amount_and_our_callback() {
    let p = provider(true);
    let body = p.create_body(&order(75_050), "23-1", Utc::now() + chrono::Duration::minutes(15));
    assert_eq!(body["order_id"], "23-1");
    assert_eq!(body["amount"], "750.50");
    assert_eq!(body["callback_url"], "https://tyiyn.kg/api/payments/callback/gopay");
    assert_eq!(body["testing_mode"], true);
    let lifetime = body["lifetime"].as_i64().expect("seconds");
    assert!((895..=900).contains(&lifetime), "{lifetime}");
    // GoPay's bounds: 5 minutes to a day.
    let short = provider(false).create_body(&order(100), "23-2", Utc::now());
    assert_eq!((short["lifetime"].as_i64(), short.get("testing_mode")), (Some(300), None));
}

#[test]
fn a_link_for_the_orders_exact_amount_is_taken() {
    let text = data("23-1", "750.00", &link(Some(75_000)));
    let payment = payment_of(&text, "test").expect("OK");
    let asked = Utc::now();
    let qr = checked_qr(&order(75_000), "23-1", &payment, asked).expect("taken");
    assert_eq!(qr.link, link(Some(75_000)));
    assert_eq!(qr.expires_at, Utc.with_ymd_and_hms(2026, 1, 1, 0, 15, 0).unwrap());
}

#[test]
fn a_link_whose_amount_differs_is_refused() {
    let o = order(75_000);
    let cases = [
        // The link's field 54 says 7.50 som while GoPay's own amount matches.
        data("23-1", "750.00", &link(Some(750))),
        // A link without an amount: the payer would type one.
        data("23-1", "750.00", &link(None)),
        // GoPay's amount differs.
        data("23-1", "751.00", &link(Some(75_000))),
        // Another order's payment.
        data("24-1", "750.00", &link(Some(75_000))),
        // A link changed after it was sealed (its checksum no longer matches).
        data("23-1", "750.00", &link(Some(75_000)).replace("5905Tyiyn", "5905Tyiyx")),
        // No link at all.
        data("23-1", "750.00", ""),
    ];
    for text in cases {
        let payment = payment_of(&text, "test").expect("OK");
        assert!(checked_qr(&o, "23-1", &payment, Utc::now()).is_err(), "{text}");
    }
    let fail = r#"{"status":"FAIL","code":"4005","error_message":"Duplicate order_id"}"#;
    let err = payment_of(fail, "GoPay /v1/payments").expect_err("FAIL");
    assert!(format!("{err:#}").contains("Duplicate order_id"), "{err:#}");
}

#[test]
fn a_signed_callback_parses_and_a_tampered_one_does_not() {
    let p = provider(false);
    let body = json!({
        "event": "payment.committed",
        "data": {"payment_id": "pay-1", "order_id": "23-1767225600", "amount": "750.00", "status": "COMMITTED"},
    })
    .to_string();
    let outcome = p.parse_callback(&signed(&body, "hook")).expect("verified");
    assert_eq!(
        outcome,
        CallbackOutcome {
            order_id: 23,
            payment_id: "pay-1".into(),
            amount: 75_000,
            currency: "KGS".into(),
            paid: true,
            fee: None,
        }
    );
    let mut tampered = signed(&body, "hook");
    tampered.body = body.replace("750.00", "7.50").into_bytes();
    assert_eq!(p.parse_callback(&tampered), Err(Rejection::BadSignature));
    // Signed with the API key instead of the webhook's, or lower-cased: the first refused, the
    // second the same hex.
    assert_eq!(p.parse_callback(&signed(&body, "s3cr3t")), Err(Rejection::BadSignature));
    let mut lower = signed(&body, "hook");
    lower.headers[1].1 = lower.headers[1].1.to_ascii_lowercase();
    assert!(p.parse_callback(&lower).is_ok());
    let mut unsigned = signed(&body, "hook");
    unsigned.headers.remove(1);
    assert_eq!(p.parse_callback(&unsigned), Err(Rejection::Unsigned));
}

#[test]
fn a_flat_callback_with_a_failure_and_a_fee_reads_too() {
    let body = r#"{"payment_id":"pay-2","order_id":"7-1","amount":1500.5,"status":"FAILED","currency":"KGS","fee":"12.30"}"#;
    let outcome = read_callback(body.as_bytes()).expect("read");
    assert_eq!(
        (outcome.order_id, outcome.amount, outcome.paid, outcome.fee),
        (7, 150_050, false, Some(1_230))
    );
    let cases = [
        (r#"{"payment_id":"p","order_id":"7-1","amount":"1.00","status":"PENDING"}"#, "status"),
        (r#"{"payment_id":"p","order_id":"x-1","amount":"1.00","status":"COMMITTED"}"#, "order_id"),
        (r#"{"payment_id":"","order_id":"7-1","amount":"1.00","status":"COMMITTED"}"#, "payment_id"),
        (r#"{"payment_id":"p","order_id":"7-1","amount":1e2,"status":"COMMITTED"}"#, "amount"),
        ("not json", "body"),
    ];
    for (body, field) in cases {
        assert_eq!(read_callback(body.as_bytes()), Err(Rejection::Malformed(field)), "{body}");
    }
}

#[test]
fn the_answer_is_gopays_json_envelope_and_the_page_is_ours() {
    let p = provider(false);
    let ok: serde_json::Value = serde_json::from_str(&p.answer(Verdict::Ok, "credited").body).unwrap();
    assert_eq!((ok["status"].as_str(), ok["message"].as_str()), (Some("OK"), Some("credited")));
    let refused = p.answer(Verdict::Rejected, "amount_mismatch");
    assert_eq!(refused.content_type, "application/json");
    let refused: serde_json::Value = serde_json::from_str(&refused.body).unwrap();
    assert_eq!((refused["status"].as_str(), refused["code"].as_str()), (Some("FAIL"), Some("rejected")));
    assert_eq!(p.payment_url(&order(1), "ru"), "/pay/23");
    assert!(p.takes_qr());
    let banks = p.bank_links(&link(Some(75_000)));
    assert_eq!(banks[0].link, link(Some(75_000)));
}
