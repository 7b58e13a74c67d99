//! How a notification reads outside the site (`Letters`): the texts belong to the edge
//! (`crate::mail`), which the database layer does not import, so start-up hands them to the outbox
//! (`db::outbox::Outbox`) as this.

use std::collections::HashMap;

use super::notifications::NotificationRow;
use super::settings::SiteSettings;
use crate::i18n::Lang;

/// Auctions' slugs by id.
pub type Slugs = HashMap<i64, String>;

/// How a notification reads outside the site, in a language. The texts belong to the edge
/// (`crate::mail`), which this layer does not import, so start-up hands them in as this. Each is
/// `None` for a kind that has no text on that channel.
pub trait Letters: Send + Sync {
    /// The subject and plain-text body of the e-mail telling `row`.
    fn email(&self, row: &NotificationRow, site: &SiteSettings, lang: Lang) -> Option<(String, String)>;
    /// The Telegram message telling `row`.
    fn chat(&self, row: &NotificationRow, site: &SiteSettings, lang: Lang) -> Option<String>;
    /// The SMS telling `row` (one segment).
    fn sms(&self, row: &NotificationRow, lang: Lang) -> Option<String>;
    /// The push message telling `row` (the JSON the service worker shows); `slugs` holds the
    /// slugs of the auctions the notices name, by id, for the page a tap opens.
    fn push(&self, row: &NotificationRow, site: &SiteSettings, lang: Lang, slugs: &Slugs) -> Option<String>;
}

/// No texts at all: for an outbox with every channel off.
pub(super) struct NoLetters;

impl Letters for NoLetters {
    fn email(&self, _: &NotificationRow, _: &SiteSettings, _: Lang) -> Option<(String, String)> {
        None
    }
    fn chat(&self, _: &NotificationRow, _: &SiteSettings, _: Lang) -> Option<String> {
        None
    }
    fn sms(&self, _: &NotificationRow, _: Lang) -> Option<String> {
        None
    }
    fn push(&self, _: &NotificationRow, _: &SiteSettings, _: Lang, _: &Slugs) -> Option<String> {
        None
    }
}
