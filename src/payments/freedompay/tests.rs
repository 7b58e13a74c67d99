//! Freedom Pay's signatures, callbacks and answers against their documented examples.

use super::*;
use crate::config::{FreedomPaySettings, PaymentSettings};

fn f(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
}

fn provider() -> FreedomPay {
    FreedomPay::new(&PaymentSettings {
        provider: NAME.into(),
        refused_callbacks_per_minute: 60,
        public_url: "https://tyiyn.kg/".into(),
        demo: Default::default(),
        qr_provider: String::new(),
        qr_minutes: 15,
        freedompay: FreedomPaySettings {
            merchant_id: "545".into(),
            secret_key: "s3cr3t".into(),
            host: "https://api.freedompay.kg".into(),
            testing_mode: true,
            check_status: false,
        },
        gopay: Default::default(),
    })
    .expect("configured")
}

#[test]
fn the_documented_example_signs_as_documented() {
    // Their worked example: init_payment.php;25;test;{merchant_id};23;molbulak;{secret_key}.
    let fields = f(&[
        ("pg_order_id", "23"),
        ("pg_merchant_id", "545"),
        ("pg_amount", "25"),
        ("pg_description", "test"),
        ("pg_salt", "molbulak"),
    ]);
    // md5("init_payment.php;25;test;545;23;molbulak;s3cr3t"), computed outside this code.
    assert_eq!(signature("init_payment.php", &fields, "s3cr3t"), "4f7443480629d57481ee4c226078520c");
}

#[test]
fn known_md5_values_match() {
    // md5("") and md5("abc") from RFC 1321's test suite, through the same code path.
    assert_eq!(hex::encode(Md5::digest(b"")), "d41d8cd98f00b204e9800998ecf8427e");
    assert_eq!(hex::encode(Md5::digest(b"abc")), "900150983cd24fb0d6963f7d28e17f72");
    // A signature over no fields is the MD5 of `script;secret`.
    assert_eq!(signature("a", &[], "bc"), hex::encode(Md5::digest(b"a;bc")));
}

#[test]
fn the_signature_ignores_pg_sig_and_field_order() {
    let a = f(&[("pg_b", "2"), ("pg_a", "1"), ("pg_sig", "whatever")]);
    let b = f(&[("pg_a", "1"), ("pg_b", "2")]);
    assert_eq!(signature("x.php", &a, "k"), signature("x.php", &b, "k"));
    assert_eq!(signature("x.php", &b, "k"), "f960ec3b69924676c6b1bae1ec2273c7");
}

#[test]
fn the_script_name_is_the_result_urls_last_segment() {
    assert_eq!(script_name("https://tyiyn.kg/api/payments/callback/freedompay"), "freedompay");
    assert_eq!(script_name("https://tyiyn.kg/api/payments/callback/freedompay/?x=1"), "freedompay");
}

#[test]
fn the_payment_page_address_is_signed_for_init_payment() {
    let p = provider();
    let order = OrderRow {
        id: 23,
        user_id: 1,
        package_id: Some(1),
        bids: 50,
        amount: 75_000,
        currency: "KGS".into(),
        state: crate::statuses::OrderState::Pending,
        provider: NAME.into(),
        provider_payment_id: None,
        created_at: chrono::Utc::now(),
        paid_at: None,
        kind: crate::statuses::OrderKind::Package,
        claim_id: None,
        method: crate::statuses::PayMethod::Card,
        qr_link: None,
        qr_expires_at: None,
        provider_fee: None,
    };
    let fields = p.init_fields(&order, "ky");
    assert_eq!(field(&fields, "pg_amount"), Some("750"));
    assert_eq!(field(&fields, "pg_currency"), Some("KGS"));
    assert_eq!(field(&fields, "pg_order_id"), Some("23"));
    assert_eq!(field(&fields, "pg_result_url"), Some("https://tyiyn.kg/api/payments/callback/freedompay"));
    assert_eq!(field(&fields, "pg_testing_mode"), Some("1"));
    let sig = field(&fields, "pg_sig").expect("signed");
    assert_eq!(sig, signature("init_payment.php", &fields, "s3cr3t"));
    let url = p.payment_url(&order, "ru");
    assert!(url.starts_with("https://api.freedompay.kg/init_payment.php?pg_merchant_id=545&"), "{url}");
    assert_eq!(url, p.payment_url(&order, "ru"), "one order, one address");
}

#[test]
fn a_callback_signed_with_the_result_script_name_parses() {
    let p = provider();
    let mut fields = f(&[
        ("pg_order_id", "23"),
        ("pg_payment_id", "987654"),
        ("pg_amount", "750.00"),
        ("pg_currency", "KGS"),
        ("pg_result", "1"),
        ("pg_salt", "abc"),
    ]);
    let sig = signature("freedompay", &fields, "s3cr3t");
    fields.push(("pg_sig".into(), sig.clone()));
    let outcome = p.parse_callback(&Callback::of_fields(fields.clone())).expect("verified");
    assert_eq!(
        outcome,
        CallbackOutcome {
            order_id: 23,
            payment_id: "987654".into(),
            amount: 75_000,
            currency: "KGS".into(),
            paid: true,
            fee: None,
        }
    );
    // Any changed value, a signature for another script, or none at all is refused.
    let mut tampered = fields.clone();
    tampered[2].1 = "1.00".into();
    assert_eq!(p.parse_callback(&Callback::of_fields(tampered.clone())), Err(Rejection::BadSignature));
    let mut other_script = fields[..6].to_vec();
    other_script.push(("pg_sig".into(), signature("init_payment.php", &fields[..6], "s3cr3t")));
    assert_eq!(p.parse_callback(&Callback::of_fields(other_script.clone())), Err(Rejection::BadSignature));
    assert_eq!(p.parse_callback(&Callback::of_fields(fields[..6].to_vec())), Err(Rejection::Unsigned));
}

#[test]
fn the_answer_is_a_signed_xml_response() {
    let p = provider();
    let answer = p.answer(Verdict::Rejected, "Amount <differs>");
    let fields = response_fields(&answer.body);
    assert_eq!(field(&fields, "pg_status"), Some("rejected"));
    assert_eq!(field(&fields, "pg_description"), Some("Amount <differs>"));
    let sig = field(&fields, "pg_sig").expect("signed");
    assert_eq!(sig, signature("freedompay", &fields, "s3cr3t"));
    assert!(answer.body.starts_with("<?xml"));
}
