//! ELQR payment links: Kyrgyzstan's national instant-payment QR standard, which every Kyrgyz
//! bank app opens. The QR providers write an order's link with it ([`url`]) and offer it behind
//! each bank app's prefix ([`bank_links`]); the tests read every link back ([`parse_verified`]).
//!
//! A link is a URL whose fragment (after `#`) is a TLV payload: each field is a two-digit ID, a
//! two-digit length, then the value. The fields a [`Link`] carries:
//!
//! | ID    | What                                                          |
//! |-------|---------------------------------------------------------------|
//! | 00    | payload format version, `01`                                  |
//! | 01    | `11` static (reusable), `12` dynamic (one payment)            |
//! | 32    | the service, a nested TLV ([`Service`])                       |
//! | 33    | merchant info, a nested TLV ([`Merchant`])                    |
//! | 34    | a comment shown to the payer                                  |
//! | 35-39 | additional fields, `key:label:value:title:11/12` ([`Extra`])  |
//! | 52    | MCC, four digits                                              |
//! | 53    | currency, `417` (KGS) only                                    |
//! | 54    | amount, a whole number of tyiyn                               |
//! | 59    | the payee's name                                              |
//! | 63    | checksum: the last 4 hex digits of SHA-256 over all before it |
//!
//! [`fragment`] and [`url`] write a link; [`parse`] reads one from a URL (any prefix) or a bare
//! fragment; [`parse_verified`] and [`verify`] also check field 63.
//!
//! The format is the one of the reference library `qr-kg/elqr-js` (spec v1.3.1) and of the
//! production links from Kyrgyz banks in its tests, which are our test vectors (`vectors.rs`).
//! Where the standard reads two ways, this module follows what the banks send:
//! - Lengths count UTF-16 code units (Cyrillic is one each, like Latin), as the banks' apps do.
//!   We never write a character outside the Basic Multilingual Plane (an emoji would count two),
//!   so for what we write units and characters agree.
//! - The checksum is written in lowercase and compared ignoring case (banks send both).
//! - Unknown root fields are skipped when reading, as the reference does; they are still covered
//!   by the checksum, since it is computed over the text as received.
//! - Nothing may follow field 63: a field after it would not be covered by the checksum.

mod encode;
mod parse;
mod tlv;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod vectors;

use tyiyn_actors::ids::Tyiyn;

pub use encode::{fragment, url};
pub use parse::{parse, parse_verified, verify};

/// The payload format version we read and write (field 00).
pub const VERSION: &str = "01";

/// The only currency a link may carry: ISO 4217 numeric for the Kyrgyz som (field 53).
pub const CURRENCY: &str = "417";

/// Most digits in an amount (field 54).
const AMOUNT_DIGITS: usize = 13;

/// The templates additional fields are packed into, in order.
const EXTRA_IDS: [&str; 5] = ["35", "36", "37", "38", "39"];

/// The universal ELQR router: it hands the link to whichever bank app the payer has.
pub const ROUTER: &str = "https://pay.payqr.kg/";

/// Bank deep-link prefixes, `(id, name, prefix)`: a link written behind one opens that bank's app
/// directly. Only the prefixes the reference library's README (`qr-kg/elqr-js`, "Bank deep-link
/// routers") marks as verified against a real production link, plus the universal [`ROUTER`].
pub const BANKS: &[(&str, &str, &str)] = &[
    ("payqr", "ELQR router", ROUTER),
    ("finik", "Finik", "https://qr.finik.kg/"),
    ("mbank", "MBank", "https://app.mbank.kg/qr/"),
    ("odengi", "O!Деньги", "https://api.dengi.o.kg/"),
    ("bakai", "Bakai", "https://bakai.app/"),
    ("elcart", "Elcart", "https://pay.payqr.kg/"),
    ("dantepay", "DantePay", "https://pay.payqr.kg/"),
    ("simbank", "Simbank", "https://pay.payqr.kg/"),
];

/// The payment `link` (any prefix, or a bare fragment) behind the universal router and each bank
/// app whose prefix differs from it, router first: one button per app on a phone.
pub fn bank_links(link: &str) -> Vec<crate::app::provider::BankLink> {
    let fragment = link.split_once('#').map_or(link, |(_, f)| f);
    let mut seen = Vec::new();
    BANKS
        .iter()
        .filter(|(_, _, prefix)| {
            let new = !seen.contains(prefix);
            seen.push(*prefix);
            new
        })
        .map(|(id, name, prefix)| crate::app::provider::BankLink {
            id: (*id).to_owned(),
            name: (*name).to_owned(),
            link: format!("{prefix}#{fragment}"),
        })
        .collect()
}

/// Whether a link can be paid many times (field 01).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `11`: a standing link, e.g. a printed QR; the payer usually enters the amount.
    Static,
    /// `12`: one payment, e.g. one order.
    Dynamic,
}

impl Kind {
    fn code(self) -> &'static str {
        match self {
            Kind::Static => "11",
            Kind::Dynamic => "12",
        }
    }

    fn from_code(code: &str) -> Option<Kind> {
        match code {
            "11" => Some(Kind::Static),
            "12" => Some(Kind::Dynamic),
            _ => None,
        }
    }
}

/// Who is paid and for what (field 32, a nested TLV; sub-IDs in brackets). Every text at most
/// 32 characters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Service {
    /// [00] The provider running the service, e.g. `c2c.mbank.kg`. Required.
    pub provider_id: String,
    /// [01] The service at the provider. Required unless the merchant has an id. The spec says at
    /// most 10 characters, but Finik sends 14 (`averspay-items`); we allow 32, as the reference does.
    pub service_code: Option<String>,
    /// [10] The payee within the service: an account, a phone number.
    pub recipient_id: Option<String>,
    /// [11] The payment's id in the payee's system: where an order number goes.
    pub transaction_id: Option<String>,
    /// [12] Whether the payer may change the amount (`None`: not said; the standard's default is yes).
    pub amount_editable: Option<bool>,
    /// [13] Whether the payer may change the recipient id (`None`: not said; default yes).
    pub recipient_editable: Option<bool>,
}

/// Merchant info (field 33, a nested TLV). Texts at most 32 characters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Merchant {
    /// [00] The merchant's id; stands in for [`Service::service_code`] when that is absent.
    pub id: Option<String>,
    /// [01] The service's name as shown to the payer.
    pub service_name: Option<String>,
}

/// One additional field (fields 35-39): a value the payee's system wants back, optionally shown.
/// No part may contain `:`, the separator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extra {
    /// The field's id in the payee's system.
    pub key: String,
    /// Its internal label.
    pub label: String,
    /// Its raw value.
    pub value: String,
    /// What the payer sees when `visible`.
    pub title: String,
    /// Shown to the payer (`11`) or not (`12`).
    pub visible: bool,
}

/// A payment link, in KGS ([`CURRENCY`]), version [`VERSION`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// Static or dynamic (field 01).
    pub kind: Kind,
    /// Who is paid (field 32).
    pub service: Service,
    /// Merchant info (field 33), left out when it holds nothing.
    pub merchant: Option<Merchant>,
    /// A comment shown to the payer (field 34), at most 32 characters.
    pub comment: Option<String>,
    /// Additional fields, packed into templates 35 to 39 in order.
    pub extras: Vec<Extra>,
    /// The merchant category code (field 52), four digits (ISO 18245).
    pub mcc: String,
    /// The amount (field 54); `None` lets the payer enter it. At most 13 digits; positive, except
    /// that a static link may carry 0 (O!Bank sends `54010` to mean "no fixed amount").
    pub amount: Option<Tyiyn>,
    /// The payee's name as shown to the payer (field 59), 1 to 25 characters.
    pub provider_name: String,
}

/// A link as read, with its checksum (field 63) as it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// What the link says.
    pub link: Link,
    /// Four hex digits, in the case the producer used.
    pub checksum: String,
}

/// Why a link could not be written or read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ElqrError {
    /// The text is not a run of ID, length, value.
    #[error("not a TLV payload at byte {at}: {why}")]
    BadTlv { at: usize, why: &'static str },
    /// A value is longer than the standard allows.
    #[error("{field} is {len} characters long; at most {max} are allowed")]
    TooLong { field: &'static str, len: usize, max: usize },
    /// A value to write holds a character that counts as two UTF-16 units (an emoji).
    #[error("{0} contains a character outside the Basic Multilingual Plane")]
    WideCharacter(&'static str),
    /// A required field is absent.
    #[error("{0} is missing")]
    Missing(&'static str),
    /// A field that may appear once appears again.
    #[error("field {0} appears more than once")]
    Duplicate(&'static str),
    /// A value is not one the standard allows there.
    #[error("{field} is {value:?}; expected {expected}")]
    BadValue { field: &'static str, value: String, expected: &'static str },
    /// Field 54 is not written as a whole number of tyiyn (`12.50`, `-1`, `1e3`).
    #[error("the amount {0:?} is not a whole number of tyiyn")]
    AmountNotInteger(String),
    /// An amount to write that the standard refuses.
    #[error("the amount {amount} tyiyn cannot be written: {why}")]
    BadAmount { amount: i64, why: &'static str },
    /// More additional fields than templates 35 to 39 can hold.
    #[error("{0} additional fields do not fit in templates 35 to 39")]
    TooManyExtras(usize),
    /// Field 63 does not match the payload: the link was changed or corrupted.
    #[error("the checksum is {found} but the payload hashes to {expected}")]
    BadChecksum { found: String, expected: String },
    /// Fields follow field 63, where the checksum would not cover them.
    #[error("the link has fields after its checksum")]
    AfterChecksum,
    /// A `%` in the link does not start a valid escape of UTF-8 text.
    #[error("the link's percent-encoding is malformed")]
    BadPercentEncoding,
    /// The base URL given to [`url`] already has a fragment of its own.
    #[error("the base URL {0:?} already has a fragment")]
    BaseHasFragment(String),
}
