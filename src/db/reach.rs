//! How each user can be reached outside the site, and where they want their notices
//! (docs/rules/notifications.md, "Where notices go"): the channels a deployment delivers through, each
//! user's addresses (e-mail, confirmed phone, linked Telegram chat), the language they read
//! messages in and their choices. The outbox (`db::outbox::enqueue`) applies them, and the
//! profile's notice settings show them.

use std::collections::HashMap;

use deadpool_postgres::GenericClient;

use crate::i18n::Lang;
use crate::reach::Choices;
use crate::statuses::{NotificationKind, OutboxChannel};

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/outbox/", $name, ".sql"))
    };
}

/// Which channels this deployment delivers through: e-mail when `[mail]` is enabled, Telegram
/// when `[telegram]` has a bot token, SMS always (the `log` provider at least), push when
/// `[push]` is enabled.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Channels {
    pub email: bool,
    pub sms: bool,
    pub telegram: bool,
    pub push: bool,
}

impl Channels {
    /// Whether `channel` is on.
    pub fn has(self, channel: OutboxChannel) -> bool {
        match channel {
            OutboxChannel::Email => self.email,
            OutboxChannel::Sms => self.sms,
            OutboxChannel::Telegram => self.telegram,
            OutboxChannel::Push => self.push,
        }
    }
}

/// How one user can be reached outside the site, and what they chose.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reach {
    pub email: Option<String>,
    /// Their confirmed number (`+996…`).
    pub phone: Option<String>,
    /// Their linked Telegram chat.
    pub chat: Option<i64>,
    /// The devices they added for push (`push_device` ids), oldest first.
    pub devices: Vec<i64>,
    /// The language they read messages in; `None`: the site's.
    pub language: Option<Lang>,
    pub choices: Choices,
}

impl Reach {
    /// Where this user gets a notice of `kind`: the channels on in this deployment (`on`) where
    /// they can be reached and want it. The one place the choices are applied.
    pub fn channels_for(&self, on: Channels, kind: NotificationKind) -> Channels {
        let wants = |channel| on.has(channel) && self.choices.wants(kind, channel);
        Channels {
            email: self.email.is_some() && wants(OutboxChannel::Email),
            sms: self.phone.is_some() && wants(OutboxChannel::Sms),
            telegram: self.chat.is_some() && wants(OutboxChannel::Telegram),
            push: !self.devices.is_empty() && wants(OutboxChannel::Push),
        }
    }

    /// The addresses on `channel`: one for e-mail, SMS and Telegram when the user has one there,
    /// each device's id for push (each device gets a message of its own).
    pub fn addresses(&self, channel: OutboxChannel) -> Vec<String> {
        match channel {
            OutboxChannel::Email => self.email.iter().cloned().collect(),
            OutboxChannel::Sms => self.phone.iter().cloned().collect(),
            OutboxChannel::Telegram => self.chat.iter().map(i64::to_string).collect(),
            OutboxChannel::Push => self.devices.iter().map(i64::to_string).collect(),
        }
    }
}

/// How each of `users` (open, human accounts; others are left out) can be reached.
pub async fn reach(
    db: &impl GenericClient,
    users: &[i64],
) -> Result<HashMap<i64, Reach>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_reach")).await?;
    let rows = db.query(&stmt, &[&users]).await?;
    Ok(rows
        .iter()
        .map(|r| {
            let kinds: Vec<String> = r.get("kinds");
            let channels: Vec<String> = r.get("channels");
            let enabled: Vec<bool> = r.get("enabled");
            let stored =
                kinds.iter().zip(&channels).zip(&enabled).map(|((k, c), on)| (k.as_str(), c.as_str(), *on));
            let reach = Reach {
                email: r.get("email"),
                phone: r.get("phone"),
                chat: r.get("chat_id"),
                devices: r.get("devices"),
                language: r.get::<_, Option<&str>>("notice_language").and_then(Lang::parse),
                choices: Choices::from_stored(stored),
            };
            (r.get("id"), reach)
        })
        .collect())
}
