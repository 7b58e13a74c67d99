//! Real production links from Kyrgyz banks, as published in the tests of the reference library
//! `qr-kg/elqr-js` (`tests/real-vectors.test.ts`): MBank, DCB (Simbank), O!Bank, Bakai, Finik and
//! Elcart. They prove the checksum and the length counting against what the banks really send.

use tyiyn_actors::ids::Tyiyn;

use super::*;

const MBANK: &str = "https://app.mbank.kg/qr/#00020101021132440012c2c.mbank.kg01020210129965541855191302125204999953034175909KIRILL%20B.63047129";
/// Cyrillic transaction id, a comment holding `:`, a 24-character name, lowercase checksum.
const MBANK_C2B: &str = "https://app.mbank.kg/qr/#00020101021132750012c2b.mbank.kg010202101610332200022805291123%D0%9E%D1%81%D0%9E%D0%9E%20%22%D0%94%D0%B8%D0%B4%D0%B6%D0%B8%D1%82%D0%B0%D0%BB%20%D0%A1%D0%BE%D0%BB%D1%8E%D1%88%D0%BD%D1%81%221302123422mbiz%3A27621834%3A186603085204999953034175924OsOO%20Didzhital%20Soliushns6304a891";
/// Merchant info with a Cyrillic service name; fields in the order 52, 59, 53.
const DCB: &str = "https://pay.payqr.kg#00020101021132790009qr.dcb.kg010413251012996554185519112601jz8h34f4kwb0d8myn2qs5gsm12021113021233390005340770126Simbank-%D0%BF%D0%BE%20%D0%BD%D0%BE%D0%BC%D0%B5%D1%80%D1%83%20%D1%82%D0%B5%D0%BB%D0%B5%D1%84%D0%BE%D0%BD%D0%B0520473995907Simbank530341763045e93";
/// Amount 0 on a static link, sub-ID 11 before 10, uppercase checksum.
const OBANK: &str = "https://api.dengi.o.kg/#00020101021132680012p2p.dengi.kg01048580111213834069925110129965541855191202111302123409%D0%9A%D0%98%D0%A0%D0%98%D0%9B%D0%9B%20%D0%91.520473995303417540105906O%21Bank6304B9B7";
/// A fixed amount of 5556.00 som that the payer may not change.
const OBANK_AMOUNT: &str = "https://api.dengi.o.kg/#00020101021132680012p2p.dengi.kg01048580111255772592582110129965541855191202121302123409%D0%9A%D0%98%D0%A0%D0%98%D0%9B%D0%9B%20%D0%91.52047399530341754065556005906O%21Bank630485D0";
const BAKAI: &str = "https://bakai.app#00020101021132460011qr.bakai.kg010121016124201005350784913021233120008BAKAIAPP5204653853034175909Kirill%20B.63046764";
/// The one dynamic link: 12412.00 som.
const FINIK_DYNAMIC: &str = "https://qr.finik.kg/#00020101021232810011qr.finik.kg0114averspay-items10328606240d690d42e4b036d3dba9d0371a120212130212520448295303417540712412005908Finik-QR6304b127";
const FINIK_STATIC_A: &str = "https://qr.finik.kg/#00020101021132750011qr.finik.kg0114averspay-items10326cc60f3c453e4286ae7bbbed49208ead1302125204482953034175908Finik-QR630424e3";
const FINIK_STATIC_B: &str = "https://qr.finik.kg/#00020101021132750011qr.finik.kg0114averspay-items1032c728e5bb087648b0a96fb55a677b9e721302125204482953034175908Finik-QR63040ad6";
/// A masked card number for a name; currency (53) before MCC (52).
const ELCART: &str = "https://pay.payqr.kg#00020101021132700013p2p.elcart.kg0101110323435fba7738e54e59d8f3e8e664785d912021113021253034175204482259199417%20****%20****%20526963049EE1";

/// Written in the standard's order with a lowercase (or digits-only) checksum, as we write.
const CANONICAL: [&str; 6] = [MBANK, MBANK_C2B, BAKAI, FINIK_DYNAMIC, FINIK_STATIC_A, FINIK_STATIC_B];
/// Fields out of order, an uppercase checksum, or an amount of 0.
const OTHER: [&str; 4] = [DCB, OBANK, OBANK_AMOUNT, ELCART];

/// The decoded TLV text of a vector.
fn decoded(link: &str) -> String {
    let (_, raw) = link.split_once('#').expect("a vector has a fragment");
    percent_encoding::percent_decode_str(raw).decode_utf8().expect("UTF-8").into_owned()
}

#[test]
fn every_production_link_parses_and_its_checksum_verifies() {
    for link in CANONICAL.iter().chain(&OTHER) {
        assert!(parse_verified(link).is_ok(), "{link}: {:?}", parse_verified(link));
        assert!(verify(link), "{link}");
    }
}

#[test]
fn an_mbank_c2b_link_reads_field_by_field() {
    let parsed = parse(MBANK_C2B).expect("parses");
    let link = parsed.link;
    assert_eq!(link.kind, Kind::Static);
    assert_eq!(link.service.provider_id, "c2b.mbank.kg");
    assert_eq!(link.service.service_code.as_deref(), Some("02"));
    assert_eq!(link.service.recipient_id.as_deref(), Some("1033220002280529"));
    assert_eq!(link.service.transaction_id.as_deref(), Some("ОсОО \"Диджитал Солюшнс\""));
    assert_eq!(link.service.recipient_editable, Some(false));
    assert_eq!(link.comment.as_deref(), Some("mbiz:27621834:18660308"), "a ':' in 34 is plain text");
    assert_eq!((link.mcc.as_str(), link.amount), ("9999", None));
    assert_eq!(link.provider_name, "OsOO Didzhital Soliushns");
    assert_eq!(parsed.checksum, "a891");
}

#[test]
fn a_dcb_link_reads_its_merchant_and_flags() {
    let link = parse_verified(DCB).expect("verifies");
    assert_eq!(link.service.provider_id, "qr.dcb.kg");
    assert_eq!(link.service.transaction_id.as_deref(), Some("01jz8h34f4kwb0d8myn2qs5gsm"));
    assert_eq!((link.service.amount_editable, link.service.recipient_editable), (Some(true), Some(false)));
    let merchant = link.merchant.expect("field 33");
    assert_eq!(merchant.id.as_deref(), Some("34077"));
    assert_eq!(merchant.service_name.as_deref(), Some("Simbank-по номеру телефона"));
    assert_eq!((link.mcc.as_str(), link.provider_name.as_str()), ("7399", "Simbank"));
}

#[test]
fn amounts_read_as_whole_tyiyn() {
    assert_eq!(parse_verified(OBANK_AMOUNT).expect("verifies").amount, Some(Tyiyn(555_600)));
    assert_eq!(parse_verified(OBANK).expect("verifies").amount, Some(Tyiyn(0)));
    let finik = parse_verified(FINIK_DYNAMIC).expect("verifies");
    assert_eq!((finik.kind, finik.amount), (Kind::Dynamic, Some(Tyiyn(1_241_200))));
    assert_eq!(finik.service.service_code.as_deref(), Some("averspay-items"));
    assert_eq!(parse_verified(ELCART).expect("verifies").provider_name, "9417 **** **** 5269");
}

#[test]
fn canonical_production_links_reencode_to_the_same_fragment() {
    for link in CANONICAL {
        let parsed = parse(link).expect("parses");
        assert_eq!(fragment(&parsed.link).expect("encodes"), decoded(link), "{link}");
    }
}

#[test]
fn reordered_production_links_reencode_to_the_same_payment() {
    for link in OTHER {
        let parsed = parse(link).expect("parses").link;
        let ours = fragment(&parsed).expect("encodes");
        assert_ne!(ours, decoded(link), "written in the standard's order: {link}");
        assert_eq!(parse_verified(&ours).expect("ours verifies"), parsed, "{link}");
    }
}

#[test]
fn a_changed_amount_name_or_checksum_fails_verification() {
    let tampered = [
        OBANK_AMOUNT.replace("54065556", "54066556"),
        MBANK.replace("5909KIRILL%20B.", "5909KIRILL%20C."),
        MBANK.replace("63047129", "63047128"),
        BAKAI.replace("5204653853", "5204653953"),
    ];
    for link in &tampered {
        assert!(parse(link).is_ok(), "still well formed: {link}");
        assert!(matches!(parse_verified(link), Err(ElqrError::BadChecksum { .. })), "{link}");
        assert!(!verify(link), "{link}");
    }
}

#[test]
fn checksums_compare_ignoring_case() {
    assert!(verify(&MBANK_C2B.replace("6304a891", "6304A891")));
    assert!(verify(&OBANK.replace("6304B9B7", "6304b9b7")));
}

#[test]
fn a_field_appended_after_the_checksum_is_refused() {
    // Without this rule anyone could add an amount to a link that has none, unchecked.
    let with_amount = format!("{MBANK}540810000000");
    assert!(matches!(parse_verified(&with_amount), Err(ElqrError::AfterChecksum)));
}

#[test]
fn a_link_behind_each_bank_prefix_parses_to_the_same_payment() {
    let payment = parse_verified(MBANK).expect("verifies");
    let tlv = decoded(MBANK);
    for (id, _, prefix) in BANKS {
        let behind = url(prefix, &payment).expect("writes");
        assert!(behind.starts_with(&format!("{prefix}#")), "{id}: {behind}");
        assert_eq!(parse_verified(&behind).expect("verifies"), payment, "{id}");
        // The `?…=#…` form some prefixes use, and the raw text behind the prefix.
        let query_form = format!("{}?qr=#{tlv}", prefix.trim_end_matches('/'));
        assert_eq!(parse_verified(&query_form).expect("verifies"), payment, "{id}");
    }
    assert_eq!(parse_verified(&tlv).expect("a bare fragment verifies"), payment);
}
