//! E-mail for notifications: one plain-text mail per notification to a user who gave an e-mail,
//! in their language (texts: `i18n::mail_text`; the Telegram and SMS texts are made here too), composed when the notification is stored
//! ([`Letters`], for the outbox) and sent through SMTP ([`Mailer`], `lettre`) by the outbox's
//! workers (`crate::outbox`), which retry it until the server takes it.

use std::time::Duration;

use anyhow::Context as _;
use chrono::{DateTime, FixedOffset, Utc};
use lettre::message::header::ContentType;
use lettre::message::{Mailbox, Message};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use crate::config::MailSettings;
use crate::db;
use crate::db::letters::Slugs;
use crate::db::notifications::NotificationRow;
use crate::db::settings::SiteSettings;
use crate::i18n::{Lang, mail_text, sms_text};
use crate::ws::notice::Notification;

/// Bishkek's UTC offset, in which reservation deadlines and start times are written.
const BISHKEK_OFFSET_SECS: i32 = 6 * 3600;

/// An SMTP connection's settings and the sender's address.
#[derive(Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Mailer {
    /// The mailer the settings describe; `None` when mail is off.
    pub fn from_settings(s: &MailSettings) -> anyhow::Result<Option<Mailer>> {
        if !s.enabled {
            return Ok(None);
        }
        Mailer::new(s).map(Some)
    }

    /// A mailer for `s` (whether or not `enabled` is set): checks the host, the TLS mode and the
    /// sender's address. Connects only when sending.
    pub fn new(s: &MailSettings) -> anyhow::Result<Mailer> {
        let host = s.host.trim();
        anyhow::ensure!(!host.is_empty(), "mail.host is empty");
        let builder = match s.tls.trim() {
            "none" => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host),
            "starttls" => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host)?,
            "tls" => AsyncSmtpTransport::<Tokio1Executor>::relay(host)?,
            other => anyhow::bail!("mail.tls is {other:?}: use none, starttls or tls"),
        };
        let mut builder = builder.port(s.port).timeout(Some(Duration::from_secs(s.timeout_secs.max(1))));
        if !s.username.is_empty() {
            builder =
                builder.credentials(Credentials::new(s.username.clone(), s.password.expose().to_owned()));
        }
        let from = s.from.parse().with_context(|| format!("mail.from {:?} is not an address", s.from))?;
        Ok(Mailer { transport: builder.build(), from })
    }

    /// Sends one plain-text mail.
    pub async fn send(&self, to: &str, subject: &str, body: &str) -> anyhow::Result<()> {
        let to: Mailbox = to.parse().with_context(|| format!("{to:?} is not an address"))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body.to_owned())?;
        self.transport.send(message).await?;
        Ok(())
    }
}

/// The texts of notifications outside the site, for the outbox (`db::outbox::Letters`): the mail
/// (signed with the site's name and `public_url`), the same as one Telegram message, and the
/// one-segment SMS, each in the language the outbox asks for (the user's, else the site's).
pub struct Letters {
    pub public_url: String,
}

impl db::outbox::Letters for Letters {
    fn email(&self, row: &NotificationRow, site: &SiteSettings, lang: Lang) -> Option<(String, String)> {
        let notification = crate::notify::view(row)?;
        mail_text(notification.kind.as_str(), lang)?;
        Some(compose(&notification, lang, site, &self.public_url))
    }

    fn chat(&self, row: &NotificationRow, site: &SiteSettings, lang: Lang) -> Option<String> {
        let (subject, body) = self.email(row, site, lang)?;
        Some(format!("{subject}\n\n{}", body.trim_end()))
    }

    fn push(&self, row: &NotificationRow, site: &SiteSettings, lang: Lang, slugs: &Slugs) -> Option<String> {
        let n = crate::notify::view(row)?;
        mail_text(n.kind.as_str(), lang)?;
        let (title, body) = compose_short(&n, lang, site);
        let path = crate::notify::push::path(&n, slugs);
        Some(crate::notify::push::payload(&n, &title, &body, &path, lang))
    }

    fn sms(&self, row: &NotificationRow, lang: Lang) -> Option<String> {
        let n = crate::notify::view(row)?;
        sms_text(n.kind.as_str(), lang, n.title.as_deref(), n.until.map(bishkek_short).as_deref())
    }
}

/// The subject and plain-text body of the mail for `n` in `lang`, signed with the site's name
/// and address.
pub fn compose(n: &Notification, lang: Lang, site: &SiteSettings, public_url: &str) -> (String, String) {
    let (subject, mut lines) = filled(n, lang, site);
    lines.push(String::new());
    lines.push(format!("— {}", site.site_name));
    if !public_url.is_empty() {
        lines.push(public_url.trim_end_matches('/').to_owned());
    }
    (subject, lines.join("\n") + "\n")
}

/// The mail's subject and the lines of its body, filled with `n`'s values.
fn filled(n: &Notification, lang: Lang, site: &SiteSettings) -> (String, Vec<String>) {
    let (subject, body) = mail_text(n.kind.as_str(), lang).unwrap_or(("", ""));
    let values = Values::of(n, &site.currency_symbol);
    let subject = fill(subject, &values)
        // No title to name: the subject up to its colon.
        .unwrap_or_else(|| subject.split(':').next().unwrap_or(subject).trim().to_owned());
    (subject, body.lines().filter_map(|line| fill(line, &values)).collect())
}

/// The mail's subject and its body on one line with no signature: a notice on a phone's lock
/// screen.
pub fn compose_short(n: &Notification, lang: Lang, site: &SiteSettings) -> (String, String) {
    let (subject, lines) = filled(n, lang, site);
    (subject, lines.join(" ").split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The notification's fields as mail text.
struct Values {
    pairs: [(&'static str, Option<String>); 7],
}

impl Values {
    fn of(n: &Notification, currency: &str) -> Values {
        let amount = n.amount.map(|a| format!("{}.{:02} {currency}", a.0 / 100, a.0 % 100));
        Values {
            pairs: [
                ("{title}", n.title.clone()),
                ("{until}", n.until.map(bishkek_time)),
                ("{starts}", n.starts_at.map(bishkek_clock)),
                ("{amount}", amount.map(|a| a.trim_end().to_owned())),
                ("{bids}", n.bids.map(|b| b.to_string())),
                ("{order}", n.order_id.map(|o| o.to_string())),
                ("{tracking}", n.tracking.clone().filter(|t| !t.trim().is_empty())),
            ],
        }
    }
}

/// `line` with its placeholders filled; `None` when it names a value the notification lacks.
fn fill(line: &str, values: &Values) -> Option<String> {
    let mut out = line.to_owned();
    for (key, value) in &values.pairs {
        if out.contains(key) {
            out = out.replace(key, value.as_deref()?);
        }
    }
    Some(out)
}

/// `24.11.2026 18:00 (UTC+6)`.
fn bishkek_time(t: DateTime<Utc>) -> String {
    match FixedOffset::east_opt(BISHKEK_OFFSET_SECS) {
        Some(offset) => t.with_timezone(&offset).format("%d.%m.%Y %H:%M (UTC+6)").to_string(),
        None => t.format("%d.%m.%Y %H:%M UTC").to_string(),
    }
}

/// `29.11 14:05`, Bishkek time: a deadline as short as an SMS needs it.
fn bishkek_short(t: DateTime<Utc>) -> String {
    match FixedOffset::east_opt(BISHKEK_OFFSET_SECS) {
        Some(offset) => t.with_timezone(&offset).format("%d.%m %H:%M").to_string(),
        None => t.format("%d.%m %H:%M UTC").to_string(),
    }
}

/// `18:00`, Bishkek time: a start minutes away needs no date (the notice is short enough for a
/// chat message).
fn bishkek_clock(t: DateTime<Utc>) -> String {
    match FixedOffset::east_opt(BISHKEK_OFFSET_SECS) {
        Some(offset) => t.with_timezone(&offset).format("%H:%M").to_string(),
        None => t.format("%H:%M UTC").to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ws::notice::NotificationKind;
    use tyiyn_actors::ids::Tyiyn;

    fn site() -> SiteSettings {
        SiteSettings {
            currency: "KGS".into(),
            currency_symbol: "сом".into(),
            site_name: "Tyiyn".into(),
            language: "ru".into(),
            header_tagline: String::new(),
            footer_description: String::new(),
            contact_address: String::new(),
            contact_phone: String::new(),
            contact_email: String::new(),
            texts: Default::default(),
            updated_at: None,
            phone_required: None,
        }
    }

    fn notice(kind: NotificationKind) -> Notification {
        Notification::new(Some(1), kind, Utc::now())
    }

    #[test]
    fn a_payment_mail_names_the_amount_and_the_order_in_the_site_language() {
        let mut n = notice(NotificationKind::PaymentReceived);
        n.order_id = Some(42);
        n.amount = Some(Tyiyn(150_050));
        let (subject, body) = compose(&n, Lang::Ru, &site(), "https://tyiyn.kg/");
        assert_eq!(subject, "Оплата получена");
        assert_eq!(
            body,
            "Мы получили вашу оплату 1500.50 сом по заказу №42. Спасибо!\n\n— Tyiyn\nhttps://tyiyn.kg\n"
        );
        let (subject, body) = compose(&n, Lang::En, &site(), "https://tyiyn.kg");
        assert_eq!(subject, "Payment received");
        assert!(body.starts_with("We received your payment of 1500.50 сом for order #42."), "{body}");
    }

    #[test]
    fn a_win_mail_gives_the_reservation_deadline_in_bishkek_time() {
        let mut n = notice(NotificationKind::AuctionWon);
        n.title = Some("iPhone 15".into());
        n.until = DateTime::parse_from_rfc3339("2026-11-24T12:00:00Z").ok().map(|t| t.with_timezone(&Utc));
        let (subject, body) = compose(&n, Lang::En, &site(), "");
        assert_eq!(subject, "You won: iPhone 15");
        assert!(body.contains("reserved for you until 24.11.2026 18:00 (UTC+6)"), "{body}");
        assert!(body.ends_with("\n— Tyiyn\n"), "{body}");
    }

    #[test]
    fn a_line_whose_value_is_missing_is_left_out() {
        let (subject, body) = compose(&notice(NotificationKind::ItemShipped), Lang::En, &site(), "");
        assert_eq!(subject, "Your won item has been shipped");
        assert!(!body.contains("Tracking"), "{body}");
        let (subject, _) = compose(&notice(NotificationKind::AuctionStarted), Lang::Ky, &site(), "");
        assert_eq!(subject, "Аукцион башталды");
    }

    #[test]
    fn a_starting_mail_gives_the_start_as_bishkek_clock_time() {
        let mut n = notice(NotificationKind::AuctionStarting);
        n.title = Some("iPhone 15".into());
        n.starts_at =
            DateTime::parse_from_rfc3339("2026-11-24T12:05:00Z").ok().map(|t| t.with_timezone(&Utc));
        let (subject, body) = compose(&n, Lang::Ru, &site(), "");
        assert_eq!(subject, "Скоро старт: iPhone 15");
        assert!(body.starts_with("Аукцион «iPhone 15» из избранного начнётся в 18:05.\n"), "{body}");
    }

    #[test]
    fn every_kind_has_a_mail_in_every_language() {
        use NotificationKind as K;
        let kinds = [
            K::AuctionStarted,
            K::AuctionStarting,
            K::Outbid,
            K::AuctionWon,
            K::ReservationExpiring,
            K::BuyNowExpiring,
            K::ClaimPassed,
            K::PaymentReceived,
            K::BidsCredited,
            K::ItemShipped,
            K::ItemDelivered,
        ];
        for kind in kinds {
            for lang in [Lang::Ru, Lang::En, Lang::Ka, Lang::Ky] {
                let (subject, body) = mail_text(kind.as_str(), lang).expect("a text");
                assert!(!subject.trim().is_empty() && !body.trim().is_empty(), "{kind:?} {lang:?}");
            }
        }
    }

    #[test]
    fn settings_are_checked_before_any_mail_is_sent() {
        let mut s = MailSettings {
            enabled: true,
            host: "127.0.0.1".into(),
            tls: "none".into(),
            ..Default::default()
        };
        assert!(Mailer::from_settings(&s).expect("valid").is_some());
        for tls in ["starttls", "tls"] {
            let s = MailSettings { tls: tls.into(), host: "smtp.example.kg".into(), ..s.clone() };
            assert!(Mailer::new(&s).is_ok(), "{tls}");
        }
        s.tls = "ssl".into();
        assert!(Mailer::new(&s).is_err());
        s.tls = "none".into();
        s.from = "not an address".into();
        assert!(Mailer::new(&s).is_err());
        s.enabled = false;
        assert!(Mailer::from_settings(&s).expect("off").is_none());
    }
}
