//! Writing links and reading them back; the limits and refusals of the standard.

use tyiyn_actors::ids::Tyiyn;

use super::tlv::checksum;
use super::*;

/// An order of ours as a one-time link: a Cyrillic payee name, an order number in 32/11.
fn order_link() -> Link {
    Link {
        kind: Kind::Dynamic,
        service: Service {
            provider_id: "qr.tyiyn.kg".into(),
            service_code: Some("bids".into()),
            recipient_id: Some("996700123456".into()),
            transaction_id: Some("order-23".into()),
            amount_editable: Some(false),
            recipient_editable: Some(false),
        },
        merchant: Some(Merchant {
            id: Some("tyiyn".into()), service_name: Some("Пакет ставок".into())
        }),
        comment: Some("Заказ 23: 50 ставок".into()),
        extras: vec![],
        mcc: "5999".into(),
        amount: Some(Tyiyn(75_000)),
        provider_name: "Тыйын аукцион".into(),
    }
}

/// `body` sealed with its checksum, as a producer would write it.
fn sealed(body: &str) -> String {
    format!("{body}6304{}", checksum(body))
}

/// A minimal static body with `tail` before the name (the reference's smallest link).
fn minimal(tail: &str) -> String {
    sealed(&format!("00020101021132120003abc01011520458125303417{tail}5901X"))
}

#[test]
fn a_link_round_trips_through_its_fragment_and_its_url() {
    let link = order_link();
    let tlv = fragment(&link).expect("encodes");
    assert_eq!(parse_verified(&tlv).expect("verifies"), link);
    let address = url(ROUTER, &link).expect("encodes");
    assert_eq!(parse_verified(&address).expect("verifies"), link);
}

#[test]
fn the_fragment_is_in_the_standards_order_with_a_lowercase_checksum() {
    let tlv = fragment(&order_link()).expect("encodes");
    assert!(tlv.starts_with("00020101021232"), "{tlv}");
    assert!(tlv.contains("52045999530341754057500059"), "{tlv}");
    assert!(tlv.contains("5913Тыйын аукцион6304"), "lengths count characters: {tlv}");
    let (body, sum) = tlv.split_at(tlv.len() - 4);
    assert_eq!(sum, checksum(body.strip_suffix("6304").expect("63 last")));
    assert!(sum.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_lowercase()), "{sum}");
}

#[test]
fn a_large_amount_round_trips_exactly() {
    let mut link = order_link();
    link.amount = Some(Tyiyn(9_999_999_999_999)); // 13 digits, the most the standard allows
    let tlv = fragment(&link).expect("encodes");
    assert!(tlv.contains("54139999999999999"), "{tlv}");
    assert_eq!(parse_verified(&tlv).expect("verifies").amount, Some(Tyiyn(9_999_999_999_999)));
    link.amount = Some(Tyiyn(10_000_000_000_000));
    assert!(matches!(fragment(&link), Err(ElqrError::BadAmount { .. })));
}

#[test]
fn the_url_escapes_what_a_url_cannot_hold_raw() {
    let mut link = order_link();
    link.comment = Some("100% #1 \"ок\"".into());
    let address = url("https://app.mbank.kg/qr/", &link).expect("encodes");
    let (_, tail) = address.split_once('#').expect("one fragment");
    assert!(tail.is_ascii() && !tail.contains([' ', '#', '"']), "{tail}");
    assert!(tail.contains("100%25%20%231"), "{tail}");
    assert_eq!(parse_verified(&address).expect("verifies"), link);
}

#[test]
fn the_base_may_end_with_a_hash_but_not_carry_a_fragment() {
    let link = order_link();
    let address = url("https://example.kg/pay#", &link).expect("encodes");
    assert_eq!(address.matches('#').count(), 1, "{address}");
    assert!(address.starts_with("https://example.kg/pay#0002"), "{address}");
    let refused = url("https://example.kg/#x", &link);
    assert!(matches!(refused, Err(ElqrError::BaseHasFragment(_))));
}

#[test]
fn values_over_their_limits_are_refused() {
    // 25 Cyrillic letters (50 bytes) fit the name: the limit counts characters, not bytes.
    let mut link = order_link();
    link.provider_name = "Ы".repeat(25);
    assert!(fragment(&link).is_ok());
    link.provider_name = "Ы".repeat(26);
    let too_long = ElqrError::TooLong { field: "payee name (59)", len: 26, max: 25 };
    assert_eq!(fragment(&link), Err(too_long));

    let mut link = order_link();
    link.comment = Some("к".repeat(33));
    assert!(matches!(fragment(&link), Err(ElqrError::TooLong { field: "comment (34)", .. })));
    let mut link = order_link();
    link.service.provider_id = "p".repeat(33);
    assert!(matches!(fragment(&link), Err(ElqrError::TooLong { field: "provider id (32/00)", .. })));
    // Four texts of 32 fit one by one but not together in field 32's 99 characters.
    let mut link = order_link();
    link.service.recipient_id = Some("r".repeat(32));
    link.service.transaction_id = Some("t".repeat(32));
    assert!(matches!(fragment(&link), Err(ElqrError::TooLong { field: "service (32)", .. })));
}

#[test]
fn characters_outside_the_basic_plane_are_not_written() {
    let mut link = order_link();
    link.provider_name = "Тыйын 🎉".into();
    assert_eq!(fragment(&link), Err(ElqrError::WideCharacter("payee name (59)")));
}

#[test]
fn lengths_are_read_in_utf16_units_as_the_banks_count_them() {
    let two_units = minimal("").replace("5901X", "5902🎉");
    assert_eq!(parse(&two_units).expect("parses").link.provider_name, "🎉");
    let cut_in_half = minimal("").replace("5901X", "5901🎉");
    assert!(matches!(parse(&cut_in_half), Err(ElqrError::BadTlv { .. })));
}

#[test]
fn an_amount_is_a_whole_number_of_tyiyn() {
    assert_eq!(parse(&minimal("54045000")).expect("parses").link.amount, Some(Tyiyn(5000)));
    for written in ["540512.50", "54031e3", "5402-1", "5400"] {
        let refused = parse(&minimal(written));
        assert!(matches!(refused, Err(ElqrError::AmountNotInteger(_))), "{written}: {refused:?}");
    }
    let fourteen = parse(&minimal("541499999999999999"));
    assert!(matches!(fourteen, Err(ElqrError::TooLong { field: "amount (54)", .. })));
}

#[test]
fn amounts_we_cannot_write_are_refused() {
    let mut link = order_link();
    link.amount = Some(Tyiyn(-1));
    assert!(matches!(fragment(&link), Err(ElqrError::BadAmount { amount: -1, .. })));
    link.amount = Some(Tyiyn(0));
    assert!(matches!(fragment(&link), Err(ElqrError::BadAmount { amount: 0, .. })), "dynamic");
    link.kind = Kind::Static;
    assert!(fragment(&link).expect("a static link may say 0").contains("54010"));
    link.amount = None;
    assert!(!fragment(&link).expect("no amount").contains("5401"));
}

#[test]
fn a_service_needs_a_provider_and_a_code_or_a_merchant_id() {
    let mut link = order_link();
    link.service.service_code = None;
    assert!(fragment(&link).is_ok(), "the merchant id stands in");
    link.merchant = None;
    assert!(matches!(fragment(&link), Err(ElqrError::Missing(_))));
    let mut link = order_link();
    link.service.provider_id.clear();
    assert_eq!(fragment(&link), Err(ElqrError::Missing("provider id (32/00)")));
}

#[test]
fn malformed_links_are_refused_with_their_reason() {
    assert!(matches!(parse("000"), Err(ElqrError::BadTlv { at: 0, .. })));
    assert!(matches!(parse("0099abc"), Err(ElqrError::BadTlv { .. })));
    assert_eq!(parse("000201010211").map(|_| ()), Err(ElqrError::Missing("checksum (63)")));
    let no_name = minimal("").replace("5901X", "");
    assert_eq!(parse(&no_name).map(|_| ()), Err(ElqrError::Missing("payee name (59)")));
    let twice = minimal("").replacen("000201", "000201000201", 1);
    assert_eq!(parse(&twice).map(|_| ()), Err(ElqrError::Duplicate("version (00)")));
    assert!(matches!(parse("https://x/#0002%ZZ"), Err(ElqrError::BadPercentEncoding)));
    assert!(matches!(parse("https://x/#0002%D0"), Err(ElqrError::BadPercentEncoding)));
    let good = minimal("");
    let not_hex = format!("{}XYZW", &good[..good.len() - 4]);
    assert!(matches!(parse(&not_hex), Err(ElqrError::BadValue { field: "checksum (63)", .. })));
}

#[test]
fn codes_the_standard_does_not_define_are_refused() {
    let cases = [
        ("010211", "010299", "kind (01)"),
        ("000201", "000202", "version (00)"),
        ("5303417", "5303840", "currency (53)"),
        ("52045812", "5204581A", "MCC (52)"),
    ];
    for (from, to, field) in cases {
        let changed = minimal("").replace(from, to);
        assert!(matches!(parse(&changed), Err(ElqrError::BadValue { field: f, .. }) if f == field), "{to}");
    }
    let flag = sealed("00020101021132180003abc010111302995204581253034175901X");
    let refused = parse(&flag);
    assert!(matches!(refused, Err(ElqrError::BadValue { field: "recipient editable (32/13)", .. })));
}

#[test]
fn unknown_fields_are_skipped_but_covered_by_the_checksum() {
    let link = order_link();
    let tlv = fragment(&link).expect("encodes");
    let body = &tlv[..tlv.len() - 8]; // all but `6304` and the checksum
    let with_unknown = sealed(&format!("{body}8004test"));
    assert_eq!(parse_verified(&with_unknown).expect("verifies"), link);
    let changed = with_unknown.replace("8004test", "8004best");
    assert!(matches!(parse_verified(&changed), Err(ElqrError::BadChecksum { .. })));
}

#[test]
fn additional_fields_pack_into_templates_and_read_back() {
    let extra = |i: usize| Extra {
        key: format!("k{i}"),
        label: "Стол".into(),
        value: "x".repeat(10),
        title: "t".into(),
        visible: i.is_multiple_of(2),
    };
    let mut link = order_link();
    link.extras = (0..10).map(extra).collect();
    let tlv = fragment(&link).expect("encodes");
    assert!(tlv.contains("0023k0:Стол:xxxxxxxxxx:t:11") && tlv.contains("0123k1:Стол:xxxxxxxxxx:t:12"));
    // 27 characters an entry: three fill a template (81), the tenth starts a fourth at sub-ID 00.
    assert!(tlv.contains("35810023k0:") && tlv.contains("38270023k9:"), "{tlv}");
    assert_eq!(parse_verified(&tlv).expect("verifies"), link);
    link.extras = (0..60).map(extra).collect();
    assert_eq!(fragment(&link), Err(ElqrError::TooManyExtras(60)));
    link.extras = vec![Extra { key: "a:b".into(), ..extra(0) }];
    assert!(matches!(fragment(&link), Err(ElqrError::BadValue { .. })));
}
