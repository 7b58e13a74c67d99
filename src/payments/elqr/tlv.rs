//! The TLV layer under ELQR: reading and writing `IDLLvalue` elements, and the checksum. It knows
//! nothing of what the fields mean; templates (32, 33, 35-39) are TLV inside a value, read again.
//!
//! Lengths count UTF-16 code units, which is what the banks' apps (and the reference library)
//! count: one for a Latin or Cyrillic letter, two for an emoji.

use sha2::{Digest, Sha256};

use super::ElqrError;

/// The longest value a two-digit length can announce.
pub(super) const MAX_VALUE: usize = 99;

/// One element as read: its ID, its value, and the byte where its header starts.
#[derive(Debug, Clone, Copy)]
pub(super) struct Element<'a> {
    pub id: &'a str,
    pub value: &'a str,
    pub at: usize,
}

/// Every element of `text`, in order; the text must be nothing but elements.
pub(super) fn elements(text: &str) -> Result<Vec<Element<'_>>, ElqrError> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let (element, next) = element_at(text, at)?;
        out.push(element);
        at = next;
    }
    Ok(out)
}

/// The element whose header starts at byte `at`, and the byte after its value.
fn element_at(text: &str, at: usize) -> Result<(Element<'_>, usize), ElqrError> {
    let header = text
        .get(at..at + 4)
        .filter(|h| h.bytes().all(|b| b.is_ascii_digit()))
        .ok_or(ElqrError::BadTlv { at, why: "expected a two-digit ID and a two-digit length" })?;
    let digits = header.as_bytes();
    let units = usize::from(digits[2] - b'0') * 10 + usize::from(digits[3] - b'0');
    let start = at + 4;
    let (mut end, mut counted) = (start, 0);
    let mut chars = text[start..].chars();
    while counted < units {
        let c = chars.next().ok_or(ElqrError::BadTlv { at, why: "the value is shorter than its length" })?;
        counted += c.len_utf16();
        end += c.len_utf8();
    }
    if counted > units {
        return Err(ElqrError::BadTlv { at, why: "the length ends inside a character" });
    }
    Ok((Element { id: &header[..2], value: &text[start..end], at }, end))
}

/// The value of the one element `id` among `elements`, if any; a second one is an error, since
/// which of the two the payer's bank would honour is anyone's guess.
pub(super) fn single<'a>(
    elements: &[Element<'a>],
    id: &str,
    field: &'static str,
) -> Result<Option<&'a str>, ElqrError> {
    let mut found = elements.iter().filter(|e| e.id == id);
    let first = found.next().map(|e| e.value);
    match found.next() {
        Some(_) => Err(ElqrError::Duplicate(field)),
        None => Ok(first),
    }
}

/// The value of the element `id`, which must be there exactly once.
pub(super) fn required<'a>(
    elements: &[Element<'a>],
    id: &str,
    field: &'static str,
) -> Result<&'a str, ElqrError> {
    single(elements, id, field)?.ok_or(ElqrError::Missing(field))
}

/// The length of `value` in UTF-16 code units, checked for writing: a character outside the
/// Basic Multilingual Plane is refused (its two units would surprise a reader counting
/// characters), and so is a value over `max` (never more than [`MAX_VALUE`]).
pub(super) fn checked_len(value: &str, field: &'static str, max: usize) -> Result<usize, ElqrError> {
    if value.chars().any(|c| c.len_utf16() > 1) {
        return Err(ElqrError::WideCharacter(field));
    }
    let len = value.chars().count();
    let max = max.min(MAX_VALUE);
    if len > max {
        return Err(ElqrError::TooLong { field, len, max });
    }
    Ok(len)
}

/// Appends the element `id` with `value` to `out`, after [`checked_len`].
pub(super) fn put(
    out: &mut String,
    id: &str,
    value: &str,
    field: &'static str,
    max: usize,
) -> Result<(), ElqrError> {
    let len = checked_len(value, field, max)?;
    out.push_str(id);
    out.push_str(&format!("{len:02}"));
    out.push_str(value);
    Ok(())
}

/// Field 63's value for `body`, every element before it as text: the last four hex digits of the
/// SHA-256 of its UTF-8 bytes, in lowercase. The `6304` header of field 63 is not hashed.
pub(super) fn checksum(body: &str) -> String {
    let digest = Sha256::digest(body.as_bytes());
    hex::encode(&digest[digest.len() - 2..])
}
