//! Where a user's notices go (issue 24; docs/rules/notifications.md, "Where notices go"): the profile reads
//! and changes, per kind, which of e-mail, Telegram, SMS and push carry it, and the language messages
//! outside the site come in. The bell always gets everything. The rules (defaults, SMS only for a
//! win and an item passed on, quiet hours) are `crate::reach`'s; the outbox applies the choices
//! when it writes messages (`db::outbox::enqueue`).

use std::collections::BTreeMap;

use deadpool_postgres::Pool;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::db;
use crate::db::outbox::Outbox;
use crate::db::reach::{Channels, Reach};
use crate::error::AppError;
use crate::i18n::{Lang, Msg};
use crate::reach::sms_offered;
use crate::statuses::{NotificationKind, OutboxChannel};

/// One channel as the caller sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelView {
    /// The site delivers through it (e-mail and Telegram can be off for the whole site; when off,
    /// the profile does not show it).
    pub available: bool,
    /// The caller can be reached there: an e-mail address, a linked Telegram chat, a confirmed
    /// phone number, a device added for push.
    pub reachable: bool,
}

/// The four outside channels.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChannelViews {
    pub email: ChannelView,
    pub telegram: ChannelView,
    pub sms: ChannelView,
    /// Web Push to the devices the caller added (`/api/me/push-subscriptions`).
    pub push: ChannelView,
}

/// Where one kind of notice goes, besides the bell.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KindChoice {
    pub kind: NotificationKind,
    pub email: bool,
    pub telegram: bool,
    /// `null`: SMS is not offered for this kind (only for a win and an item passed to you).
    #[schema(required)]
    pub sms: Option<bool>,
    /// To every device the caller added (on by default for a win, an item passed on, an outbid
    /// and a watched auction starting).
    pub push: bool,
}

/// The night when Telegram, SMS and push wait, in Bishkek time (`HH:MM`).
#[derive(Debug, Serialize, ToSchema)]
pub struct QuietHoursView {
    #[schema(example = "22:00")]
    pub from: String,
    #[schema(example = "08:00")]
    pub until: String,
}

/// The caller's notice settings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeSettings {
    /// The language of e-mail, Telegram and SMS (`ru`, `en`, `ka`, `ky`); `null`: the site's.
    #[schema(required, example = "ky")]
    pub language: Option<&'static str>,
    pub channels: ChannelViews,
    /// Every kind of notice, in the order the profile lists them.
    pub kinds: Vec<KindChoice>,
    /// When Telegram, SMS and push wait for the morning (except a win and an item passed to you);
    /// `null`: never.
    #[schema(required)]
    pub quiet_hours: Option<QuietHoursView>,
}

/// A change of one kind's channels: a channel left out stays as it is.
#[derive(Debug, Deserialize, ToSchema)]
pub struct KindChange {
    /// The kind (`auctionWon`, `outbid`, …).
    #[schema(example = "outbid")]
    pub kind: String,
    pub email: Option<bool>,
    pub telegram: Option<bool>,
    /// Only for `auctionWon` and `claimPassed`; `true` elsewhere is refused.
    pub sms: Option<bool>,
    pub push: Option<bool>,
}

/// What to change; anything left out stays as it is.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NoticeChange {
    /// The language of messages outside the site (`ru`, `en`, `ka`, `ky`).
    #[schema(example = "ky")]
    pub language: Option<String>,
    #[serde(default)]
    pub kinds: Vec<KindChange>,
}

/// The most kinds one change may name (each kind once is 11).
const MAX_CHANGES: usize = 50;

/// What the caller's settings look like, from how they can be reached.
fn view(outbox: &Outbox, reach: &Reach) -> NoticeSettings {
    let on: Channels = outbox.channels();
    let kinds = NotificationKind::ALL
        .into_iter()
        .map(|kind| KindChoice {
            kind,
            email: reach.choices.wants(kind, OutboxChannel::Email),
            telegram: reach.choices.wants(kind, OutboxChannel::Telegram),
            sms: sms_offered(kind).then(|| reach.choices.wants(kind, OutboxChannel::Sms)),
            push: reach.choices.wants(kind, OutboxChannel::Push),
        })
        .collect();
    let channel = |available: bool, reachable: bool| ChannelView { available, reachable };
    NoticeSettings {
        language: reach.language.map(Lang::code),
        channels: ChannelViews {
            email: channel(on.email, reach.email.is_some()),
            telegram: channel(on.telegram, reach.chat.is_some()),
            sms: channel(on.sms, reach.phone.is_some()),
            push: channel(on.push, !reach.devices.is_empty()),
        },
        kinds,
        quiet_hours: outbox.quiet_hours().map(|q| QuietHoursView {
            from: q.from.format("%H:%M").to_string(),
            until: q.until.format("%H:%M").to_string(),
        }),
    }
}

/// `user`'s notice settings.
pub async fn settings(pool: &Pool, outbox: &Outbox, user: i64) -> Result<NoticeSettings, AppError> {
    let client = pool.get().await?;
    let reach = db::reach::reach(&client, &[user]).await?.remove(&user).unwrap_or_default();
    Ok(view(outbox, &reach))
}

/// The choices `change` asks for, checked: each a known kind, SMS turned on only where it is
/// offered; a kind named twice counts as its last mention.
fn choices(change: &NoticeChange) -> Result<Vec<(NotificationKind, OutboxChannel, bool)>, AppError> {
    if change.kinds.len() > MAX_CHANGES {
        return Err(AppError::invalid("kinds", Msg::NoticeKindUnknown));
    }
    let mut out = BTreeMap::new();
    for k in &change.kinds {
        let kind = NotificationKind::parse_wire(&k.kind)
            .ok_or(AppError::invalid("kinds", Msg::NoticeKindUnknown))?;
        if k.sms == Some(true) && !sms_offered(kind) {
            return Err(AppError::invalid("kinds", Msg::SmsNotOffered));
        }
        let asked = [
            (OutboxChannel::Email, k.email),
            (OutboxChannel::Telegram, k.telegram),
            (OutboxChannel::Sms, k.sms),
            (OutboxChannel::Push, k.push),
        ];
        for (channel, on) in asked {
            if let Some(on) = on {
                out.insert((kind.as_str(), channel.as_str()), (kind, channel, on));
            }
        }
    }
    Ok(out.into_values().collect())
}

/// Changes `user`'s notice settings as `change` asks (all of it or, on a refusal, nothing), and
/// answers the settings after it.
pub async fn change(
    pool: &Pool,
    outbox: &Outbox,
    user: i64,
    change: &NoticeChange,
) -> Result<NoticeSettings, AppError> {
    let language = match change.language.as_deref() {
        None => None,
        Some(tag) => Some(
            Lang::parse(tag)
                .filter(|l| l.code() == tag.trim())
                .ok_or(AppError::invalid("language", Msg::LanguageInvalid))?,
        ),
    };
    let choices = choices(change)?;
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    db::notice_prefs::save(&tx, user, &choices).await?;
    if language.is_some() {
        db::notice_prefs::set_language(&tx, user, language).await?;
    }
    let reach = db::reach::reach(&tx, &[user]).await?.remove(&user).unwrap_or_default();
    super::commit(tx).await?;
    Ok(view(outbox, &reach))
}
