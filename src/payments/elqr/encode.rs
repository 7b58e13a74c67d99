//! Writing a [`Link`]: the fragment in the standard's field order, sealed with its checksum, and
//! the URL that carries it. Every limit of the standard is checked here, so a link we write is one
//! every bank app reads.

use percent_encoding::{AsciiSet, CONTROLS, utf8_percent_encode};

use super::tlv::{MAX_VALUE, checked_len, checksum, put};
use super::{AMOUNT_DIGITS, CURRENCY, EXTRA_IDS, ElqrError, Extra, Kind, Link, Merchant, Service, VERSION};

/// Most characters in a service, merchant or comment text.
const TEXT_MAX: usize = 32;
/// Most characters in the payee's name.
const NAME_MAX: usize = 25;

/// What a fragment may not hold raw inside a URL: controls, space, `"`, `<`, `>`, `` ` ``
/// (the WHATWG fragment set), and `#` and `%`, so that a value holding them reads back as
/// itself. Everything outside ASCII is escaped as UTF-8 bytes too.
const FRAGMENT_ESCAPED: &AsciiSet =
    &CONTROLS.add(b' ').add(b'"').add(b'<').add(b'>').add(b'`').add(b'#').add(b'%');

/// The link's TLV payload, fields in the standard's order (00, 01, 32, 33, 34, 35-39, 52, 53,
/// 54, 59) and field 63 last, unescaped: what a QR code holds after `#`, or on its own.
pub fn fragment(link: &Link) -> Result<String, ElqrError> {
    let mut out = String::new();
    put(&mut out, "00", VERSION, "version (00)", 2)?;
    put(&mut out, "01", link.kind.code(), "kind (01)", 2)?;
    put(&mut out, "32", &service(&link.service, link.merchant.as_ref())?, "service (32)", MAX_VALUE)?;
    if let Some(merchant) = link.merchant.as_ref().map(merchant).transpose()?.filter(|m| !m.is_empty()) {
        put(&mut out, "33", &merchant, "merchant (33)", MAX_VALUE)?;
    }
    if let Some(comment) = &link.comment {
        put(&mut out, "34", comment, "comment (34)", TEXT_MAX)?;
    }
    for (id, template) in EXTRA_IDS.iter().zip(extras(&link.extras)?) {
        put(&mut out, id, &template, "additional fields (35-39)", MAX_VALUE)?;
    }
    if link.mcc.len() != 4 || !link.mcc.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ElqrError::BadValue { field: "MCC (52)", value: link.mcc.clone(), expected: "4 digits" });
    }
    put(&mut out, "52", &link.mcc, "MCC (52)", 4)?;
    put(&mut out, "53", CURRENCY, "currency (53)", 3)?;
    if let Some(amount) = link.amount {
        put(&mut out, "54", &amount_text(link.kind, amount.0)?, "amount (54)", AMOUNT_DIGITS)?;
    }
    if link.provider_name.is_empty() {
        return Err(ElqrError::Missing("payee name (59)"));
    }
    put(&mut out, "59", &link.provider_name, "payee name (59)", NAME_MAX)?;
    let sum = checksum(&out);
    put(&mut out, "63", &sum, "checksum (63)", 4)?;
    Ok(out)
}

/// `{base}#{fragment}`, the fragment percent-encoded: everything outside ASCII, controls, space,
/// `"`, `<`, `>`, `` ` ``, `#` and `%`. A URL may not hold raw spaces or Cyrillic, and the banks'
/// own production links escape them the same way (MBank's `KIRILL%20B.`, O!Bank's
/// `%D0%9A%D0%98…`), so bank apps read this form. The checksum is over the
/// unescaped text, so escaping never changes it. `base` is a bank's prefix from
/// [`super::BANKS`] or [`super::ROUTER`]; it may end with `#`, but hold no fragment of its own.
pub fn url(base: &str, link: &Link) -> Result<String, ElqrError> {
    let base = match base.split_once('#') {
        None => base,
        Some((before, "")) => before,
        Some(_) => return Err(ElqrError::BaseHasFragment(base.to_owned())),
    };
    Ok(format!("{base}#{}", utf8_percent_encode(&fragment(link)?, FRAGMENT_ESCAPED)))
}

/// Field 32's nested TLV. A service is found by its code or, without one, by the merchant's id.
fn service(service: &Service, merchant: Option<&Merchant>) -> Result<String, ElqrError> {
    if service.provider_id.is_empty() {
        return Err(ElqrError::Missing("provider id (32/00)"));
    }
    if service.service_code.is_none() && merchant.and_then(|m| m.id.as_ref()).is_none() {
        return Err(ElqrError::Missing("service code (32/01) or merchant id (33/00)"));
    }
    let mut out = String::new();
    put(&mut out, "00", &service.provider_id, "provider id (32/00)", TEXT_MAX)?;
    let texts = [
        ("01", &service.service_code, "service code (32/01)"),
        ("10", &service.recipient_id, "recipient id (32/10)"),
        ("11", &service.transaction_id, "transaction id (32/11)"),
    ];
    for (id, value, field) in texts {
        if let Some(value) = value {
            put(&mut out, id, value, field, TEXT_MAX)?;
        }
    }
    let flags = [("12", service.amount_editable), ("13", service.recipient_editable)];
    for (id, flag) in flags {
        if let Some(flag) = flag {
            put(&mut out, id, flag_code(flag), "service flag (32/12-13)", 2)?;
        }
    }
    Ok(out)
}

/// `11` for yes, `12` for no: the standard's booleans.
fn flag_code(flag: bool) -> &'static str {
    if flag { "11" } else { "12" }
}

/// Field 33's nested TLV; empty when the merchant has neither id nor name (then 33 is left out).
fn merchant(merchant: &Merchant) -> Result<String, ElqrError> {
    let mut out = String::new();
    if let Some(id) = &merchant.id {
        put(&mut out, "00", id, "merchant id (33/00)", TEXT_MAX)?;
    }
    if let Some(name) = &merchant.service_name {
        put(&mut out, "01", name, "service name (33/01)", TEXT_MAX)?;
    }
    Ok(out)
}

/// The additional fields packed into as few templates as they fit, each template a nested TLV of
/// at most [`MAX_VALUE`] characters whose sub-IDs count from `00`; at most five templates.
fn extras(extras: &[Extra]) -> Result<Vec<String>, ElqrError> {
    const FIELD: &str = "additional field (35-39)";
    let mut templates = Vec::new();
    let (mut template, mut chars, mut entries) = (String::new(), 0, 0);
    for extra in extras {
        let parts = [&extra.key, &extra.label, &extra.value, &extra.title];
        if let Some(part) = parts.iter().find(|p| p.contains(':')) {
            return Err(ElqrError::BadValue { field: FIELD, value: part.to_string(), expected: "no ':'" });
        }
        let value =
            format!("{}:{}:{}:{}:{}", parts[0], parts[1], parts[2], parts[3], flag_code(extra.visible));
        // The entry's header takes four of the template's characters.
        let len = 4 + checked_len(&value, FIELD, MAX_VALUE - 4)?;
        if chars + len > MAX_VALUE {
            templates.push(std::mem::take(&mut template));
            (chars, entries) = (0, 0);
        }
        put(&mut template, &format!("{entries:02}"), &value, FIELD, MAX_VALUE)?;
        chars += len;
        entries += 1;
    }
    if !template.is_empty() {
        templates.push(template);
    }
    if templates.len() > EXTRA_IDS.len() {
        return Err(ElqrError::TooManyExtras(extras.len()));
    }
    Ok(templates)
}

/// Field 54's digits: a positive whole number of tyiyn of at most 13 digits; 0 only on a static
/// link, where banks use it to mean "no fixed amount".
fn amount_text(kind: Kind, amount: i64) -> Result<String, ElqrError> {
    if amount < 0 {
        return Err(ElqrError::BadAmount { amount, why: "it is negative" });
    }
    if amount == 0 && kind == Kind::Dynamic {
        return Err(ElqrError::BadAmount { amount, why: "a dynamic link needs an amount above zero" });
    }
    let text = amount.to_string();
    if text.len() > AMOUNT_DIGITS {
        return Err(ElqrError::BadAmount { amount, why: "it has more than 13 digits" });
    }
    Ok(text)
}
