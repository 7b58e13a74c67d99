//! The durable outbox's rows (docs/rules/outbox.md, "The outbox"): every message to the outside world
//! is written here in the transaction of the event it reports ([`enqueue`], through
//! `notifications::insert` and the go-live statement), then claimed, sent and settled by the
//! workers of `crate::outbox` ([`claim`], [`settle`]). A message that must leave with the request
//! that makes it (a sign-in code) is recorded masked ([`hold`], [`settle_held`]). The admin's list
//! and retry read and write the same rows.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use tokio::sync::Notify;
use tokio_postgres::Row;

pub use super::letters::Letters;
use super::letters::NoLetters;
use super::notifications::{Enqueue, NotificationRow};
pub use super::reach::Channels;
use super::reach::reach;
use crate::i18n::Lang;
use crate::reach::{QuietHours, sms_offered};
use crate::statuses::{NotificationKind, OutboxChannel, OutboxState};

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/outbox/", $name, ".sql"))
    };
}

/// What writing to the outbox needs, cheap to clone: the channels on, the texts, the quiet hours,
/// and the bell that wakes this process's workers after a commit that wrote messages.
#[derive(Clone)]
pub struct Outbox {
    channels: Channels,
    letters: Arc<dyn Letters>,
    quiet: Option<QuietHours>,
    /// The clock the quiet hours are read by (tests drive it).
    clock: Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>,
    bell: Arc<Notify>,
}

impl Outbox {
    /// An outbox writing to `channels` in the words of `letters`, holding Telegram and SMS in
    /// `quiet` hours (`None`: never).
    pub fn new(channels: Channels, letters: Arc<dyn Letters>, quiet: Option<QuietHours>) -> Outbox {
        Outbox { channels, letters, quiet, clock: Arc::new(Utc::now), bell: Arc::new(Notify::new()) }
    }

    /// This outbox reading the time from `clock` (tests drive it through the quiet hours).
    pub fn with_clock(mut self, clock: impl Fn() -> DateTime<Utc> + Send + Sync + 'static) -> Outbox {
        self.clock = Arc::new(clock);
        self
    }

    /// Every channel off: notifications write no messages (tests of other things).
    pub fn off() -> Outbox {
        Outbox::new(Channels::default(), Arc::new(NoLetters), None)
    }

    pub fn channels(&self) -> Channels {
        self.channels
    }

    /// The quiet hours Telegram and SMS keep.
    pub fn quiet_hours(&self) -> Option<QuietHours> {
        self.quiet
    }

    /// Wakes one worker of this process: call it after the commit of a transaction that wrote
    /// messages (a wake-up with nothing due costs one query).
    pub fn wake(&self) {
        self.bell.notify_one();
    }

    /// What the workers wait on.
    pub fn bell(&self) -> Arc<Notify> {
        self.bell.clone()
    }
}

impl Enqueue for Outbox {
    fn enqueue<C: GenericClient>(
        &self,
        db: &C,
        rows: &[NotificationRow],
    ) -> impl Future<Output = Result<u64, tokio_postgres::Error>> + Send {
        enqueue(db, self, rows)
    }
}

/// The outbox's columns of messages to write, one vector each.
#[derive(Default)]
struct Columns {
    channel: Vec<&'static str>,
    recipient: Vec<String>,
    user: Vec<Option<i64>>,
    notification: Vec<Option<i64>>,
    kind: Vec<&'static str>,
    subject: Vec<Option<String>>,
    body: Vec<String>,
    event_key: Vec<String>,
    due_at: Vec<Option<DateTime<Utc>>>,
}

/// Writes the messages telling `rows` (notifications just inserted) in the caller's transaction:
/// one per notification and channel its user gets it on (`Reach::channels_for`; for push, one per
/// device), composed now in the user's language (else the site's), Telegram, SMS and push due
/// after the quiet hours when they fall in them. The event key `notification:<id>:<channel>`
/// (`…:push:<device>`) makes a repeated call write nothing more. Returns how many were written;
/// after the commit, [`Outbox::wake`] (`Effects::notify` does).
pub async fn enqueue(
    db: &impl GenericClient,
    outbox: &Outbox,
    rows: &[NotificationRow],
) -> Result<u64, tokio_postgres::Error> {
    let on = outbox.channels;
    if on == Channels::default() {
        return Ok(0);
    }
    // Only notices some channel on here may carry: with e-mail, Telegram and push off, an outbid
    // (never by SMS) costs no query at all.
    let known: Vec<(&NotificationRow, NotificationKind)> = rows
        .iter()
        .filter_map(|r| Some((r, NotificationKind::parse(&r.notice.as_ref()?.stored().0)?)))
        .filter(|(_, kind)| on.email || on.telegram || on.push || (on.sms && sms_offered(*kind)))
        .collect();
    if known.is_empty() {
        return Ok(0);
    }
    let users: Vec<i64> = known.iter().map(|(r, _)| r.user_id).collect();
    let reach = reach(db, &users).await?;
    let site = super::settings::get(db).await?;
    let site_lang = Lang::parse(&site.language).unwrap_or_default();
    let now = (outbox.clock)();
    // Each notice with its user and the channels it goes to, decided once.
    let targets: Vec<_> = known
        .into_iter()
        .filter_map(|(row, kind)| reach.get(&row.user_id).map(|u| (row, kind, u, u.channels_for(on, kind))))
        .collect();
    let pushed: Vec<i64> = targets.iter().filter(|t| t.3.push).filter_map(|t| t.0.auction_id).collect();
    let slugs = if pushed.is_empty() { HashMap::new() } else { slugs(db, &pushed).await? };
    let mut c = Columns::default();
    for (row, kind, user, to) in targets {
        let lang = user.language.unwrap_or(site_lang);
        for channel in OutboxChannel::ALL.into_iter().filter(|ch| to.has(*ch)) {
            let text = match channel {
                OutboxChannel::Email => outbox.letters.email(row, &site, lang).map(|(s, b)| (Some(s), b)),
                OutboxChannel::Telegram => outbox.letters.chat(row, &site, lang).map(|b| (None, b)),
                OutboxChannel::Sms => outbox.letters.sms(row, lang).map(|b| (None, b)),
                OutboxChannel::Push => outbox.letters.push(row, &site, lang, &slugs).map(|b| (None, b)),
            };
            let Some((subject, body)) = text else { continue };
            for address in user.addresses(channel) {
                let key = match channel {
                    OutboxChannel::Push => format!("notification:{}:push:{address}", row.id),
                    _ => format!("notification:{}:{}", row.id, channel.as_str()),
                };
                c.push(channel, address, row, kind, (subject.clone(), body.clone()), key);
                c.due_at.push(outbox.quiet.and_then(|q| q.due(kind, channel, now)));
            }
        }
    }
    if c.channel.is_empty() {
        return Ok(0);
    }
    let stmt = db.prepare_cached(q!("insert_messages")).await?;
    let params: [&(dyn tokio_postgres::types::ToSql + Sync); 9] = [
        &c.channel,
        &c.recipient,
        &c.user,
        &c.notification,
        &c.kind,
        &c.subject,
        &c.body,
        &c.event_key,
        &c.due_at,
    ];
    Ok(db.query(&stmt, &params).await?.len() as u64)
}

impl Columns {
    /// One more message (its `due_at` is pushed by the caller).
    fn push(
        &mut self,
        channel: OutboxChannel,
        recipient: String,
        row: &NotificationRow,
        kind: NotificationKind,
        (subject, body): (Option<String>, String),
        event_key: String,
    ) {
        self.channel.push(channel.as_str());
        self.recipient.push(recipient);
        self.user.push(Some(row.user_id));
        self.notification.push(Some(row.id));
        self.kind.push(kind.as_str());
        self.subject.push(subject);
        self.body.push(body);
        self.event_key.push(event_key);
    }
}

/// The slugs of `auctions` by id: the pages a tap on a push notice opens.
async fn slugs(
    db: &impl GenericClient,
    auctions: &[i64],
) -> Result<HashMap<i64, String>, tokio_postgres::Error> {
    let rows = db.query(&db.prepare_cached(q!("select_slugs")).await?, &[&auctions]).await?;
    Ok(rows.iter().map(|r| (r.get(0), tyiyn_actors::slug::slug(r.get(1), r.get(2)))).collect())
}

/// A message a worker claimed: what to send, and the attempt it is (its fence).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claimed {
    pub id: i64,
    pub channel: OutboxChannel,
    pub recipient: String,
    pub subject: Option<String>,
    pub body: String,
    pub attempt: i32,
}

/// Claims up to `limit` due messages, each leased to the caller for `lease_ms` (one statement,
/// so one short transaction of its own).
pub async fn claim(
    db: &impl GenericClient,
    limit: i64,
    lease_ms: i64,
) -> Result<Vec<Claimed>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("claim_due")).await?;
    let rows = db.query(&stmt, &[&limit, &lease_ms]).await?;
    Ok(rows
        .iter()
        .filter_map(|r| {
            Some(Claimed {
                id: r.get(0),
                channel: OutboxChannel::parse(r.get(1))?,
                recipient: r.get(2),
                subject: r.get(3),
                body: r.get(4),
                attempt: r.get(5),
            })
        })
        .collect())
}

/// What became of one attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settle {
    Sent,
    /// Failed; the next attempt after this many milliseconds.
    RetryIn(i64, String),
    /// Given up.
    Failed(String),
}

/// Records what became of attempt `attempt` of message `id`; `false` when the message had moved
/// on (another worker claimed it after this one's lease ran out), which changes nothing.
pub async fn settle(
    db: &impl GenericClient,
    id: i64,
    attempt: i32,
    outcome: &Settle,
) -> Result<bool, tokio_postgres::Error> {
    let changed = match outcome {
        Settle::Sent => db.execute(&db.prepare_cached(q!("mark_sent")).await?, &[&id, &attempt]).await?,
        Settle::RetryIn(ms, error) => {
            let stmt = db.prepare_cached(q!("retry_later")).await?;
            db.execute(&stmt, &[&id, &attempt, ms, error]).await?
        }
        Settle::Failed(error) => {
            db.execute(&db.prepare_cached(q!("mark_failed")).await?, &[&id, &attempt, error]).await?
        }
    };
    Ok(changed == 1)
}

/// A message its request sends at once, as recorded: the masked body only.
pub struct Held<'a> {
    pub channel: OutboxChannel,
    pub recipient: &'a str,
    pub user: Option<i64>,
    pub kind: &'a str,
    pub masked_body: &'a str,
    pub event_key: &'a str,
}

/// Records a message about to be sent at once, masked and held (no worker ever sends it); its id,
/// or `None` when its event key is already recorded (it was sent before).
pub async fn hold(db: &impl GenericClient, m: &Held<'_>) -> Result<Option<i64>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("insert_held")).await?;
    let params: [&(dyn tokio_postgres::types::ToSql + Sync); 6] =
        [&m.channel.as_str(), &m.recipient, &m.user, &m.kind, &m.masked_body, &m.event_key];
    Ok(db.query_opt(&stmt, &params).await?.map(|r| r.get(0)))
}

/// Records what became of a held message: sent (`error` `None`) or failed.
pub async fn settle_held(
    db: &impl GenericClient,
    id: i64,
    error: Option<&str>,
) -> Result<(), tokio_postgres::Error> {
    db.execute(&db.prepare_cached(q!("settle_held")).await?, &[&id, &error]).await?;
    Ok(())
}

/// A message as the admin's list shows it (the recipient as stored; the route masks it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageRow {
    pub id: i64,
    pub channel: OutboxChannel,
    pub recipient: String,
    pub body: String,
    pub state: OutboxState,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
    /// Its real text was never stored: it cannot be sent again.
    pub masked: bool,
}

impl MessageRow {
    fn from_row(r: &Row) -> Option<MessageRow> {
        Some(MessageRow {
            id: r.get::<_, Option<i64>>(0)?,
            channel: OutboxChannel::parse(r.get(1))?,
            recipient: r.get(2),
            body: r.get(3),
            state: OutboxState::parse(r.get(4))?,
            attempts: r.get(5),
            last_error: r.get(6),
            created_at: r.get(7),
            sent_at: r.get(8),
            masked: r.get(9),
        })
    }
}

/// A page of messages, newest first, of `channel` and `state` (`None`: any), and how many match.
pub async fn page(
    db: &impl GenericClient,
    (channel, state): (Option<OutboxChannel>, Option<OutboxState>),
    limit: i64,
    offset: i64,
) -> Result<(Vec<MessageRow>, i64), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_page")).await?;
    let (channel, state) = (channel.map(OutboxChannel::as_str), state.map(OutboxState::as_str));
    let rows = db.query(&stmt, &[&channel, &state, &limit, &offset]).await?;
    let total = rows.first().map_or(0, |r| r.get("total"));
    Ok((rows.iter().filter_map(MessageRow::from_row).collect(), total))
}

/// How many messages of `channel` (`None`: every channel) are pending, sent and failed.
pub async fn counts(
    db: &impl GenericClient,
    channel: Option<OutboxChannel>,
) -> Result<HashMap<OutboxState, i64>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("count_states")).await?;
    let rows = db.query(&stmt, &[&channel.map(OutboxChannel::as_str)]).await?;
    Ok(rows.iter().filter_map(|r| Some((OutboxState::parse(r.get(0))?, r.get(1)))).collect())
}

/// Message `id`, locked until the transaction ends.
pub async fn lock(db: &impl GenericClient, id: i64) -> Result<Option<MessageRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("lock_one")).await?;
    Ok(db.query_opt(&stmt, &[&id]).await?.as_ref().and_then(MessageRow::from_row))
}

/// A failed message whose text is stored back to pending, due now, with its attempts counted
/// afresh; `None` when it is not such a message.
pub async fn requeue(db: &impl GenericClient, id: i64) -> Result<Option<MessageRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("requeue")).await?;
    Ok(db.query_opt(&stmt, &[&id]).await?.as_ref().and_then(MessageRow::from_row))
}
