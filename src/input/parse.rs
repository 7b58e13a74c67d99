//! Values that parse: once past these functions, a username, email, password, name, phone,
//! birth date, gender or amount is valid. Each failure is the message the user reads. The three
//! that cross into the use cases and storage come out as their own types ([`Username`], [`Email`],
//! [`Phone`], money as `Tyiyn`), which nothing but these functions makes from user input.

use chrono::{Datelike, FixedOffset, NaiveDate, Utc};
use unicode_security::{GeneralSecurityProfile, MixedScript};

use tyiyn_actors::ids::Tyiyn;

use crate::i18n::Msg;
pub use crate::input::values::{Email, Phone, Username};

/// Site time zone (Asia/Bishkek, UTC+6, no daylight saving): "today" for age checks.
const BISHKEK_OFFSET_SECS: i32 = 6 * 3600;

/// The prefix of closed accounts' usernames (`deleted_<id>`): nobody else may take it, so closing
/// an account never collides with a name in use.
pub const CLOSED_PREFIX: &str = "deleted_";

/// 3–32 characters: letters (any one script), digits, `_`, `.`, `-`; not starting with
/// [`CLOSED_PREFIX`]. Letters of two scripts in one name (`acc_аdmin`, with a Cyrillic а) are
/// refused: they exist to look like another name.
pub fn username(raw: &str) -> Result<Username, Msg> {
    let count = raw.chars().count();
    if count < 3 {
        return Err(Msg::UsernameShort);
    }
    if count > 32 {
        return Err(Msg::UsernameLong);
    }
    if !raw.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '-')) {
        return Err(Msg::UsernameChars);
    }
    // Letters UTS #39 restricts in identifiers (small capitals as in `vovᴀ`, mathematical,
    // superscript, historic and other look-alike forms), whatever their script.
    if !raw.chars().all(|c| c.identifier_allowed() || matches!(c, '_' | '.' | '-')) {
        return Err(Msg::UsernameUnusual);
    }
    if !raw.is_single_script() {
        return Err(Msg::UsernameMixedScripts);
    }
    if raw.to_lowercase().starts_with(CLOSED_PREFIX) {
        return Err(Msg::UsernameReserved);
    }
    Ok(Username(raw.to_owned()))
}

/// Names that read as the site's staff, in the site's languages: nobody signs up as one of them,
/// or as a look-alike (an admin may still give such a name to a staff account).
const STAFF_WORDS: [&str; 16] = [
    "admin",
    "administrator",
    "moderator",
    "support",
    "staff",
    "official",
    "tyiyn",
    "тыйын",
    "админ",
    "администратор",
    "модератор",
    "поддержка",
    "колдоо",
    "ადმინი",
    "მოდერატორი",
    "მხარდაჭერა",
];

/// A username a person may sign up with: a [`username`] that does not read as staff. Each part of
/// the name (between `_`, `.` and `-`, with or without its digits) and the whole name without
/// separators is compared with every staff word by confusable skeleton, digits read as the
/// letters they pass for (`adm1n`, `supp0rt`): `acc_admin`, `Tyiyn.official`, `admin2` and
/// `Админ_кг` are staff-like, `badminton` is not. (A name mixing scripts, as `ѕupport` with a
/// Cyrillic ѕ, is refused before.)
pub fn public_username(raw: &str) -> Result<Username, Msg> {
    let name = username(raw)?;
    if staff_like(name.as_str()) {
        return Err(Msg::UsernameReserved);
    }
    Ok(name)
}

fn staff_like(name: &str) -> bool {
    let fold = |s: &str| -> String {
        s.chars()
            .map(|c| match c {
                '0' => 'o',
                '1' => 'i',
                '3' => 'e',
                '4' => 'a',
                '5' => 's',
                '7' => 't',
                c => c,
            })
            .collect()
    };
    let separators = |c: char| matches!(c, '_' | '.' | '-');
    let mut variants: Vec<String> = Vec::new();
    for part in name.split(separators).filter(|p| !p.is_empty()) {
        variants.push(fold(part));
        variants.push(part.chars().filter(|c| !c.is_ascii_digit()).collect());
    }
    variants.push(fold(&name.replace(separators, "")));
    let staff: Vec<String> = STAFF_WORDS.iter().map(|w| username_skeleton(w)).collect();
    variants.iter().filter(|v| !v.is_empty()).any(|v| staff.contains(&username_skeleton(v)))
}

/// What `name` looks like, by Unicode's confusable skeleton (UTS #39) of its lowercase form: two
/// names with one skeleton read alike (`acc_admin` and `асс_admin`, with Cyrillic а and с; `a1ice`
/// and `alice`). One account per skeleton (sql/migrations/0014_username_skeleton.sql).
pub fn username_skeleton(name: &str) -> String {
    unicode_security::skeleton(&name.to_lowercase()).collect::<String>().to_lowercase()
}

/// `local@domain.tld`: one `@`, no spaces, a dotted domain of non-empty labels, ≤ 254 bytes.
pub fn email(raw: &str) -> Result<Email, Msg> {
    let value = raw.trim();
    let Some((local, domain)) = value.split_once('@') else {
        return Err(Msg::EmailInvalid);
    };
    let labels_ok = domain.split('.').count() >= 2
        && domain.split('.').all(|l| {
            !l.is_empty() && !l.starts_with('-') && l.chars().all(|c| c.is_alphanumeric() || c == '-')
        });
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && local.chars().all(|c| !c.is_whitespace() && !c.is_control() && c != '@' && c != ',');
    if value.len() > 254 || !labels_ok || !local_ok {
        return Err(Msg::EmailInvalid);
    }
    Ok(Email(value.to_owned()))
}

/// At least 6 characters and at most 72 bytes (bcrypt ignores anything past 72: refuse, never truncate).
pub fn password(raw: &str) -> Result<String, Msg> {
    if raw.chars().count() < 6 {
        return Err(Msg::PasswordShort);
    }
    if raw.len() > 72 {
        return Err(Msg::PasswordLong);
    }
    Ok(raw.to_owned())
}

/// A first or last name: 2–64 characters after trimming.
pub fn name(raw: &str, too_short: Msg) -> Result<String, Msg> {
    let value = raw.trim();
    match value.chars().count() {
        0..=1 => Err(too_short),
        65.. => Err(Msg::NameLong),
        _ => Ok(value.to_owned()),
    }
}

/// `+996` followed by exactly nine digits, no spaces or brackets.
pub fn phone(raw: &str) -> Result<Phone, Msg> {
    match raw.strip_prefix("+996") {
        Some(rest) if rest.len() == 9 && rest.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(Phone(raw.to_owned()))
        }
        _ => Err(Msg::PhoneInvalid),
    }
}

/// A `YYYY-MM-DD` date of birth of someone at least 18 years old today (in Bishkek).
pub fn date_of_birth(raw: &str) -> Result<NaiveDate, Msg> {
    let date = NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d").map_err(|_| Msg::DateInvalid)?;
    let offset = FixedOffset::east_opt(BISHKEK_OFFSET_SECS).ok_or(Msg::DateInvalid)?;
    let today = Utc::now().with_timezone(&offset).date_naive();
    if date.year() < 1900 || date > today {
        return Err(Msg::DateInvalid);
    }
    if age_on(date, today) < 18 {
        return Err(Msg::AgeUnder18);
    }
    Ok(date)
}

/// Full years between `birth` and `day`.
pub fn age_on(birth: NaiveDate, day: NaiveDate) -> i32 {
    let had_birthday = (day.month(), day.day()) >= (birth.month(), birth.day());
    day.year() - birth.year() - i32::from(!had_birthday)
}

/// `male`, `female` or `other`.
pub fn gender(raw: &str) -> Result<String, Msg> {
    match raw {
        "male" | "female" | "other" => Ok(raw.to_owned()),
        _ => Err(Msg::GenderInvalid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_follow_the_rules() {
        assert_eq!(username("ab"), Err(Msg::UsernameShort));
        assert_eq!(username(&"a".repeat(33)), Err(Msg::UsernameLong));
        assert_eq!(username("bad name"), Err(Msg::UsernameChars));
        assert_eq!(username("a<b"), Err(Msg::UsernameChars));
        assert!(username("Айбек_1.2-3").is_ok());
        assert!(username("ნინო_92").is_ok());
        assert!(username("Үмүт.ӨҢ").is_ok());
        assert_eq!(username("Deleted_42"), Err(Msg::UsernameReserved));
        assert!(username("deleted").is_ok());
    }

    #[test]
    fn a_username_mixing_alphabets_is_refused() {
        // `acc_аdmin` with a Cyrillic а reads exactly like `acc_admin`.
        assert_eq!(username("acc_\u{430}dmin"), Err(Msg::UsernameMixedScripts));
        assert_eq!(username("Айбек_x"), Err(Msg::UsernameMixedScripts));
    }

    #[test]
    fn staff_like_names_are_reserved_for_sign_up_in_every_script() {
        for name in [
            "admin",
            "Admin",
            "acc_admin",
            "adm1n",
            "admin2024",
            "Tyiyn.official",
            "supp0rt",
            "support-kg",
            "админ",
            "Админ_кг",
            "поддержка",
            "тыйын",
            "модератор",
            "ადმინი",
            "adm-in",
        ] {
            assert_eq!(public_username(name), Err(Msg::UsernameReserved), "{name}");
        }
        for name in ["badminton", "aibek", "vova", "supporter_fan", "tyiynchik", "Айбек"] {
            assert!(public_username(name).is_ok(), "{name}");
        }
        // The operator's own bootstrap name stays a valid username.
        assert!(username("admin").is_ok());
    }

    #[test]
    fn letters_restricted_in_identifiers_are_refused_whatever_their_script() {
        for name in ["vov\u{1d00}", "\u{1d41a}ibek", "x\u{2070}x", "abc\u{fe70}"] {
            assert!(
                matches!(username(name), Err(Msg::UsernameUnusual | Msg::UsernameChars)),
                "{name}: {:?}",
                username(name)
            );
        }
        assert_eq!(username("vov\u{1d00}"), Err(Msg::UsernameUnusual));
    }

    #[test]
    fn lookalike_usernames_share_a_skeleton() {
        let admin = username_skeleton("acc_admin");
        // All Cyrillic, each letter a Latin one's twin: one alphabet, yet it reads like the other.
        assert_eq!(username_skeleton("\u{430}\u{441}\u{441}_\u{430}dmin"), admin);
        assert_eq!(username_skeleton("ACC_Admin"), admin);
        assert_eq!(username_skeleton("a1ice"), username_skeleton("alice"));
        assert_ne!(username_skeleton("aibek"), username_skeleton("aidar"));
    }

    #[test]
    fn emails_need_a_dotted_domain() {
        assert!(email("a@b.kg").is_ok());
        for bad in ["", "a", "a@b", "@b.kg", "a b@c.kg", "a@b..kg", "a@.kg", "a@b.kg@c.kg"] {
            assert_eq!(email(bad), Err(Msg::EmailInvalid), "{bad}");
        }
    }

    #[test]
    fn passwords_are_refused_past_72_bytes_not_truncated() {
        assert_eq!(password("12345"), Err(Msg::PasswordShort));
        assert!(password("123456").is_ok());
        assert!(password(&"a".repeat(72)).is_ok());
        assert_eq!(password(&"a".repeat(73)), Err(Msg::PasswordLong));
        // 37 two-byte letters: 37 characters but 74 bytes.
        assert_eq!(password(&"ж".repeat(37)), Err(Msg::PasswordLong));
    }

    #[test]
    fn phones_are_plus_996_and_nine_digits() {
        assert!(phone("+996555123456").is_ok());
        for bad in ["+99655512345", "+9965551234567", "996555123456", "+996 555123456", "+996abcdefghi"] {
            assert_eq!(phone(bad), Err(Msg::PhoneInvalid), "{bad}");
        }
    }

    #[test]
    fn age_is_counted_in_full_years() {
        let birth = NaiveDate::from_ymd_opt(2008, 6, 15).unwrap();
        assert_eq!(age_on(birth, NaiveDate::from_ymd_opt(2026, 6, 14).unwrap()), 17);
        assert_eq!(age_on(birth, NaiveDate::from_ymd_opt(2026, 6, 15).unwrap()), 18);
        assert_eq!(date_of_birth("1990-01-01").map(|d| d.year()), Ok(1990));
        assert_eq!(date_of_birth("2020-01-01"), Err(Msg::AgeUnder18));
        assert_eq!(date_of_birth("1990-02-30"), Err(Msg::DateInvalid));
        assert_eq!(date_of_birth("3000-01-01"), Err(Msg::DateInvalid));
    }

    #[test]
    fn names_need_two_characters() {
        assert_eq!(name(" A ", Msg::FirstNameShort), Err(Msg::FirstNameShort));
        assert_eq!(name("Ай", Msg::FirstNameShort), Ok("Ай".to_owned()));
        assert_eq!(gender("robot"), Err(Msg::GenderInvalid));
    }
}

/// An amount in som (a JSON number or numeric string, at most two decimals) as tyiyn, above zero
/// and at most 10 billion som. Parsed from the decimal text, never through a float.
pub fn money(raw: &serde_json::Value) -> Result<Tyiyn, Msg> {
    crate::input::numbers::som(raw)
        .filter(|t| (1..=1_000_000_000_000).contains(t))
        .map(Tyiyn)
        .ok_or(Msg::PriceInvalid)
}

/// A start time: RFC 3339, or a `datetime-local` value (`2026-11-22T10:00`) read in Bishkek time.
pub fn start_time(raw: &str) -> Result<chrono::DateTime<Utc>, Msg> {
    let raw = raw.trim();
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(raw) {
        return Ok(t.with_timezone(&Utc));
    }
    let offset = FixedOffset::east_opt(BISHKEK_OFFSET_SECS).ok_or(Msg::StartTimeInvalid)?;
    ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"]
        .iter()
        .find_map(|f| chrono::NaiveDateTime::parse_from_str(raw, f).ok())
        .and_then(|naive| naive.and_local_timezone(offset).single())
        .map(|t| t.with_timezone(&Utc))
        .ok_or(Msg::StartTimeInvalid)
}

/// An image link: absolute http(s) or a path on this site.
pub fn image_url(raw: &str) -> Result<String, Msg> {
    let v = raw.trim();
    let ok = (v.starts_with("https://") || v.starts_with("http://") || v.starts_with('/'))
        && v.len() <= 1000
        && !v.chars().any(char::is_whitespace);
    if ok { Ok(v.to_owned()) } else { Err(Msg::ImageUrlInvalid) }
}

#[cfg(test)]
mod auction_form_tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn money_is_parsed_exactly_from_its_digits() {
        assert_eq!(money(&json!(179900)), Ok(Tyiyn(17_990_000)));
        assert_eq!(money(&json!(0.1)), Ok(Tyiyn(10)));
        assert_eq!(money(&json!(12.34)), Ok(Tyiyn(1234)));
        assert_eq!(money(&json!("1 000")), Err(Msg::PriceInvalid));
        assert_eq!(money(&json!("99,90")), Ok(Tyiyn(9990)));
        for bad in [json!(0), json!(-5), json!(1.234), json!("abc"), json!(null), json!(1e300)] {
            assert_eq!(money(&bad), Err(Msg::PriceInvalid), "{bad}");
        }
    }

    #[test]
    fn start_times_accept_rfc3339_and_local_bishkek_time() {
        let utc = start_time("2026-11-22T10:00:00Z").unwrap();
        assert_eq!(utc.to_rfc3339(), "2026-11-22T10:00:00+00:00");
        let local = start_time("2026-11-22T16:00").unwrap();
        assert_eq!(local, utc);
        assert_eq!(start_time("tomorrow"), Err(Msg::StartTimeInvalid));
    }
}
