//! Reading a link: from a URL behind any prefix (a bank's, the router's, a `…?qr=#…` form) or a
//! bare fragment, percent-decoded, into a [`Link`]. Strict about what a field says (a kind, a
//! flag, an amount, a currency we do not know is refused), lenient about how the fields are
//! arranged (any order, either checksum case, unknown fields skipped) and about lengths (the
//! writer's limits are not enforced; the TLV's own are), as the banks' production links need.

use std::borrow::Cow;

use percent_encoding::percent_decode_str;
use tyiyn_actors::ids::Tyiyn;

use super::tlv::{Element, checksum, elements, required, single};
use super::{
    AMOUNT_DIGITS, CURRENCY, EXTRA_IDS, ElqrError, Extra, Kind, Link, Merchant, Parsed, Service, VERSION,
};

/// Reads a link without checking its checksum: to show what a link says. To act on a link, use
/// [`parse_verified`].
pub fn parse(input: &str) -> Result<Parsed, ElqrError> {
    let text = fragment_text(input)?;
    Ok(read(&text)?.0)
}

/// Reads a link and checks field 63 against the SHA-256 of the text before it, ignoring case:
/// [`ElqrError::BadChecksum`] when the link was changed after it was sealed.
pub fn parse_verified(input: &str) -> Result<Link, ElqrError> {
    let text = fragment_text(input)?;
    let (parsed, sealed_at) = read(&text)?;
    let expected = checksum(&text[..sealed_at]);
    if !expected.eq_ignore_ascii_case(&parsed.checksum) {
        return Err(ElqrError::BadChecksum { found: parsed.checksum, expected });
    }
    Ok(parsed.link)
}

/// Whether `input` is a well-formed link whose checksum matches: [`parse_verified`] as a yes or no.
pub fn verify(input: &str) -> bool {
    parse_verified(input).is_ok()
}

/// The TLV text of `input`: what follows the first `#`, or all of it when there is none,
/// percent-decoded. A `%` that does not start an escape is refused rather than kept, since a
/// link that lost part of an escape has lost part of a value too.
fn fragment_text(input: &str) -> Result<Cow<'_, str>, ElqrError> {
    let raw = input.split_once('#').map_or(input, |(_, fragment)| fragment);
    let bytes = raw.as_bytes();
    let escape_at =
        |at: usize| bytes.get(at + 1..at + 3).is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
    if raw.match_indices('%').any(|(at, _)| !escape_at(at)) {
        return Err(ElqrError::BadPercentEncoding);
    }
    percent_decode_str(raw).decode_utf8().map_err(|_| ElqrError::BadPercentEncoding)
}

/// The link in `text` and the byte where field 63 starts (the end of what it covers).
fn read(text: &str) -> Result<(Parsed, usize), ElqrError> {
    let root = elements(text)?;
    let sealed_at = sealed_at(&root)?;
    let version = required(&root, "00", "version (00)")?;
    if version != VERSION {
        return Err(bad("version (00)", version, "01"));
    }
    let kind = required(&root, "01", "kind (01)")?;
    let kind = Kind::from_code(kind).ok_or_else(|| bad("kind (01)", kind, "11 or 12"))?;
    let mcc = required(&root, "52", "MCC (52)")?;
    if mcc.len() != 4 || !mcc.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad("MCC (52)", mcc, "4 digits"));
    }
    let currency = required(&root, "53", "currency (53)")?;
    if currency != CURRENCY {
        return Err(bad("currency (53)", currency, "417 (KGS)"));
    }
    let sum = required(&root, "63", "checksum (63)")?;
    if sum.len() != 4 || !sum.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(bad("checksum (63)", sum, "4 hex digits"));
    }
    let link = Link {
        kind,
        service: service(required(&root, "32", "service (32)")?)?,
        merchant: single(&root, "33", "merchant (33)")?.map(merchant).transpose()?,
        comment: single(&root, "34", "comment (34)")?.map(str::to_owned),
        extras: extras(&root)?,
        mcc: mcc.to_owned(),
        amount: single(&root, "54", "amount (54)")?.map(amount).transpose()?,
        provider_name: required(&root, "59", "payee name (59)")?.to_owned(),
    };
    Ok((Parsed { link, checksum: sum.to_owned() }, sealed_at))
}

/// Where field 63 starts; it must be there, and last, so that it covers every other field.
fn sealed_at(root: &[Element<'_>]) -> Result<usize, ElqrError> {
    match root.iter().position(|e| e.id == "63") {
        None => Err(ElqrError::Missing("checksum (63)")),
        Some(i) if i + 1 < root.len() => Err(ElqrError::AfterChecksum),
        Some(i) => Ok(root[i].at),
    }
}

fn bad(field: &'static str, value: &str, expected: &'static str) -> ElqrError {
    ElqrError::BadValue { field, value: value.to_owned(), expected }
}

/// Field 32; unknown sub-IDs are skipped.
fn service(text: &str) -> Result<Service, ElqrError> {
    let subs = elements(text)?;
    let owned = |id, field| single(&subs, id, field).map(|v| v.map(str::to_owned));
    let flag_of = |id, field| single(&subs, id, field)?.map(|code| flag(code, field)).transpose();
    Ok(Service {
        provider_id: required(&subs, "00", "provider id (32/00)")?.to_owned(),
        service_code: owned("01", "service code (32/01)")?,
        recipient_id: owned("10", "recipient id (32/10)")?,
        transaction_id: owned("11", "transaction id (32/11)")?,
        amount_editable: flag_of("12", "amount editable (32/12)")?,
        recipient_editable: flag_of("13", "recipient editable (32/13)")?,
    })
}

/// Field 33; unknown sub-IDs are skipped.
fn merchant(text: &str) -> Result<Merchant, ElqrError> {
    let subs = elements(text)?;
    Ok(Merchant {
        id: single(&subs, "00", "merchant id (33/00)")?.map(str::to_owned),
        service_name: single(&subs, "01", "service name (33/01)")?.map(str::to_owned),
    })
}

/// The standard's booleans: `11` yes, `12` no. Anything else is refused rather than read as
/// "not said", which for 32/12 would mean "the payer may change the amount".
fn flag(code: &str, field: &'static str) -> Result<bool, ElqrError> {
    match code {
        "11" => Ok(true),
        "12" => Ok(false),
        _ => Err(bad(field, code, "11 or 12")),
    }
}

/// Field 54: digits only, a whole number of tyiyn (`12.50` is refused, not rounded).
fn amount(text: &str) -> Result<Tyiyn, ElqrError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ElqrError::AmountNotInteger(text.to_owned()));
    }
    if text.len() > AMOUNT_DIGITS {
        return Err(ElqrError::TooLong { field: "amount (54)", len: text.len(), max: AMOUNT_DIGITS });
    }
    // At most 13 digits always fit an i64; the error arm is never taken.
    text.parse().map(Tyiyn).map_err(|_| ElqrError::AmountNotInteger(text.to_owned()))
}

/// Fields 35-39, every template in the order it appears (a template may repeat, as the reference
/// allows), each entry `key:label:value:title:visible`.
fn extras(root: &[Element<'_>]) -> Result<Vec<Extra>, ElqrError> {
    const FIELD: &str = "additional field (35-39)";
    let mut out = Vec::new();
    for template in root.iter().filter(|e| EXTRA_IDS.contains(&e.id)) {
        for entry in elements(template.value)? {
            let parts: Vec<&str> = entry.value.split(':').collect();
            let [key, label, value, title, visible] = parts[..] else {
                return Err(bad(FIELD, entry.value, "key:label:value:title:11 or 12"));
            };
            let (key, label, value, title) = (key.into(), label.into(), value.into(), title.into());
            out.push(Extra { key, label, value, title, visible: flag(visible, FIELD)? });
        }
    }
    Ok(out)
}
