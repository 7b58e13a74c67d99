//! Bots (`app_user` rows with `is_bot`), their assignments to auctions and the global bot
//! settings. A bot's bid count on an auction is always counted from `bid`, never stored.
//! Assignments of live and upcoming auctions change only through their actors (`PgStore`'s
//! bot methods below); closing a bot removes them here, in the closing transaction.

use chrono::{DateTime, Utc};
use deadpool_postgres::{GenericClient, Pool};
use serde::Serialize;
use tokio_postgres::Row;
use tokio_postgres::error::SqlState;
use tyiyn_actors::bots::{BotAssignment, BotProfile, BotSettings};
use tyiyn_actors::ids::{AuctionId, BotAssignmentId, BotId};
use tyiyn_actors::store::BotStoreError;

use crate::input::values::Username;

/// Stored as a bot's password hash: not a bcrypt hash, so no password ever matches it (and bots
/// are refused at login before any check).
pub const UNUSABLE_PASSWORD_HASH: &str = "!bot";

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/bot/", $name, ".sql"))
    };
}

/// A bot as the admin API shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Bot)]
pub struct BotView {
    pub id: i64,
    #[schema(example = "bot_erlan")]
    pub username: String,
    #[schema(example = "Эрлан")]
    pub first_name: String,
    #[schema(example = "Бейшеев")]
    pub last_name: String,
    /// An inactive bot bids nowhere and cannot be assigned.
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    /// Its live and upcoming auctions.
    pub current_auctions: Vec<BotAuction>,
}

/// One live or upcoming auction a bot is assigned to.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BotAuction {
    pub auction_id: i64,
    pub auction_title: String,
    /// The bot's bids on it so far.
    pub current_bids: i64,
    /// Its limit there (0 = no limit).
    pub bid_limit: i32,
}

fn count(n: i64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn limit(n: i32) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

/// Open bots (or the one with `id`), newest first, each with its live and upcoming auctions.
async fn select(db: &impl GenericClient, id: Option<i64>) -> Result<Vec<BotView>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_bots")).await?;
    let mut bots: Vec<BotView> = db
        .query(&stmt, &[&id])
        .await?
        .iter()
        .map(|r| BotView {
            id: r.get(0),
            username: r.get(1),
            first_name: r.get(2),
            last_name: r.get(3),
            is_active: r.get(4),
            created_at: r.get(5),
            current_auctions: Vec::new(),
        })
        .collect();
    let ids: Vec<i64> = bots.iter().map(|b| b.id).collect();
    let stmt = db.prepare_cached(q!("select_current_auctions")).await?;
    for r in db.query(&stmt, &[&ids]).await? {
        let bot: i64 = r.get(0);
        if let Some(b) = bots.iter_mut().find(|b| b.id == bot) {
            b.current_auctions.push(BotAuction {
                auction_id: r.get(1),
                auction_title: r.get(2),
                bid_limit: r.get(3),
                current_bids: r.get(4),
            });
        }
    }
    Ok(bots)
}

/// Every open bot, newest first.
pub async fn list(db: &impl GenericClient) -> Result<Vec<BotView>, tokio_postgres::Error> {
    select(db, None).await
}

/// One open bot.
pub async fn get(db: &impl GenericClient, id: i64) -> Result<Option<BotView>, tokio_postgres::Error> {
    Ok(select(db, Some(id)).await?.pop())
}

/// A bot to create.
pub struct NewBot<'a> {
    pub username: &'a Username,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub is_active: bool,
}

/// Inserts a bot; returns its id.
pub async fn create(db: &impl GenericClient, new: &NewBot<'_>) -> Result<i64, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("insert_bot")).await?;
    let row = db
        .query_one(
            &stmt,
            &[&new.username, &UNUSABLE_PASSWORD_HASH, &new.first_name, &new.last_name, &new.is_active],
        )
        .await?;
    Ok(row.get(0))
}

/// Usernames to try for a new bot named `first`, in order: `bot_<first in latin letters>`, then
/// with `_2` … `_9`, then with a random suffix (`bot_<random>` when the name has no letter we can
/// spell in latin). Each is a valid username (at most 31 characters).
pub fn username_candidates(first: &str) -> impl Iterator<Item = String> {
    let mut spelled: String = first.chars().flat_map(char::to_lowercase).map(latin).collect();
    // `latin` writes ASCII only, so cutting at a byte count cuts between letters.
    spelled.truncate(20);
    let base = if spelled.is_empty() { "bot".to_owned() } else { format!("bot_{spelled}") };
    let named: Vec<String> = if spelled.is_empty() {
        Vec::new()
    } else {
        std::iter::once(base.clone()).chain((2..=9).map(|n| format!("{base}_{n}"))).collect()
    };
    let random = std::iter::repeat_with(move || format!("{base}_{}", hex::encode(rand::random::<[u8; 3]>())));
    named.into_iter().chain(random)
}

/// One lowercase letter in latin (Russian and Kyrgyz Cyrillic); other characters are dropped.
fn latin(c: char) -> &'static str {
    const ASCII: [&str; 36] = [
        "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t",
        "u", "v", "w", "x", "y", "z", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
    ];
    match c {
        'a'..='z' => ASCII[(c as u8 - b'a') as usize],
        '0'..='9' => ASCII[26 + (c as u8 - b'0') as usize],
        'а' => "a",
        'б' => "b",
        'в' => "v",
        'г' => "g",
        'д' => "d",
        'е' | 'э' => "e",
        'ё' => "yo",
        'ж' => "zh",
        'з' => "z",
        'и' => "i",
        'й' | 'ы' => "y",
        'к' => "k",
        'л' => "l",
        'м' => "m",
        'н' => "n",
        'ң' => "ng",
        'о' | 'ө' => "o",
        'п' => "p",
        'р' => "r",
        'с' => "s",
        'т' => "t",
        'у' | 'ү' => "u",
        'ф' => "f",
        'х' => "kh",
        'ц' => "ts",
        'ч' => "ch",
        'ш' => "sh",
        'щ' => "shch",
        'ю' => "yu",
        'я' => "ya",
        _ => "",
    }
}

/// Locks an open bot's row for a change; its `is_active`, or `None` when there is no such bot.
pub async fn lock(db: &impl GenericClient, id: i64) -> Result<Option<bool>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("lock_bot")).await?;
    Ok(db.query_opt(&stmt, &[&id]).await?.map(|r| r.get(0)))
}

/// Activates or deactivates a bot.
pub async fn set_active(db: &impl GenericClient, id: i64, active: bool) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("update_bot_active")).await?;
    db.execute(&stmt, &[&id, &active]).await?;
    Ok(())
}

/// Closes a bot: marks it deleted and inactive and removes its live and upcoming assignments
/// (returns those auctions). Its bids stay.
pub async fn close(db: &impl GenericClient, id: i64) -> Result<Vec<i64>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("close_bot")).await?;
    db.execute(&stmt, &[&id]).await?;
    let stmt = db.prepare_cached(q!("delete_open_assignments")).await?;
    Ok(db.query(&stmt, &[&id]).await?.iter().map(|r| r.get(0)).collect())
}

fn settings_from(r: &Row) -> BotSettings {
    let n = |i: usize| u32::try_from(r.get::<_, i32>(i)).unwrap_or(0);
    BotSettings { enabled: r.get(0), min_delay: n(1), max_delay: n(2), active_bots: n(3) }
}

/// The global bot settings.
pub async fn settings(db: &impl GenericClient) -> Result<BotSettings, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_settings")).await?;
    Ok(settings_from(&db.query_one(&stmt, &[]).await?))
}

/// The global bot settings, locked until the transaction ends (an edit reads them this way).
pub async fn lock_settings(db: &impl GenericClient) -> Result<BotSettings, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("lock_settings")).await?;
    Ok(settings_from(&db.query_one(&stmt, &[]).await?))
}

/// Saves the global bot settings (already validated; the table's checks guard them too).
pub async fn save_settings(
    db: &impl GenericClient,
    s: &BotSettings,
) -> Result<BotSettings, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("update_settings")).await?;
    let n = |v: u32| i32::try_from(v).unwrap_or(i32::MAX);
    let row = db.query_one(&stmt, &[&s.enabled, &n(s.min_delay), &n(s.max_delay), &n(s.active_bots)]).await?;
    Ok(settings_from(&row))
}

/// An auction's assignments (closed bots' left out), by id, with each bot's bid count there.
pub async fn assignments(
    db: &impl GenericClient,
    auction: AuctionId,
) -> Result<Vec<BotAssignment>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_assignments")).await?;
    Ok(db
        .query(&stmt, &[&auction.0])
        .await?
        .iter()
        .map(|r| BotAssignment {
            id: BotAssignmentId(r.get(0)),
            bot: BotId(r.get(1)),
            profile: BotProfile { first_name: r.get(2), last_name: r.get(3), username: r.get(4) },
            active: r.get(5),
            bot_active: r.get(6),
            bid_limit: limit(r.get(7)),
            current_bids: count(r.get(8)),
        })
        .collect())
}

fn unavailable(e: impl std::fmt::Display) -> BotStoreError {
    BotStoreError::Unavailable(e.to_string())
}

fn bid_limit(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// Assigns `bot` to a new `auction` inside its creation's transaction (active, no bid limit);
/// `false` when the bot is missing, closed or inactive.
pub(super) async fn assign_in(
    db: &impl GenericClient,
    auction: AuctionId,
    bot: BotId,
) -> Result<bool, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("insert_assignment")).await?;
    Ok(db.query_opt(&stmt, &[&auction.0, &bot.0, &true, &0_i32]).await?.is_some())
}

/// `AuctionStore::assign_bot` on PostgreSQL.
pub async fn assign(
    pool: Pool,
    auction: AuctionId,
    bot: BotId,
    active: bool,
    limit_: u32,
) -> Result<BotAssignment, BotStoreError> {
    let client = pool.get().await.map_err(unavailable)?;
    let stmt = client.prepare_cached(q!("insert_assignment")).await.map_err(unavailable)?;
    let row = match client.query_opt(&stmt, &[&auction.0, &bot.0, &active, &bid_limit(limit_)]).await {
        Ok(Some(row)) => row,
        Ok(None) => return Err(BotStoreError::BotUnavailable),
        Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => {
            return Err(BotStoreError::AlreadyAssigned);
        }
        Err(e) => return Err(unavailable(super::rows::describe(&e))),
    };
    Ok(BotAssignment {
        id: BotAssignmentId(row.get(0)),
        bot,
        profile: BotProfile { first_name: row.get(1), last_name: row.get(2), username: row.get(3) },
        active,
        bot_active: true,
        bid_limit: limit_,
        current_bids: count(row.get(4)),
    })
}

/// `AuctionStore::update_bot_assignment` on PostgreSQL.
pub async fn update_assignment(
    pool: Pool,
    auction: AuctionId,
    bot: BotId,
    active: bool,
    limit_: u32,
) -> Result<(), BotStoreError> {
    let client = pool.get().await.map_err(unavailable)?;
    let stmt = client.prepare_cached(q!("update_assignment")).await.map_err(unavailable)?;
    match client.execute(&stmt, &[&auction.0, &bot.0, &active, &bid_limit(limit_)]).await {
        Ok(0) => Err(BotStoreError::NotAssigned),
        Ok(_) => Ok(()),
        Err(e) => Err(unavailable(super::rows::describe(&e))),
    }
}

/// `AuctionStore::remove_bot_assignment` on PostgreSQL.
pub async fn remove_assignment(pool: Pool, auction: AuctionId, bot: BotId) -> Result<(), BotStoreError> {
    let client = pool.get().await.map_err(unavailable)?;
    let stmt = client.prepare_cached(q!("delete_assignment")).await.map_err(unavailable)?;
    match client.execute(&stmt, &[&auction.0, &bot.0]).await {
        Ok(0) => Err(BotStoreError::NotAssigned),
        Ok(_) => Ok(()),
        Err(e) => Err(unavailable(super::rows::describe(&e))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_usernames_spell_the_first_name_in_latin() {
        let mut names = username_candidates("Гүлнара");
        assert_eq!(names.next().as_deref(), Some("bot_gulnara"));
        assert_eq!(names.next().as_deref(), Some("bot_gulnara_2"));
        let later: Vec<String> = names.skip(8).take(2).collect();
        assert!(later.iter().all(|n| n.starts_with("bot_gulnara_") && n.len() == "bot_gulnara_".len() + 6));
        assert_ne!(later[0], later[1]);
    }

    #[test]
    fn a_name_without_latin_spelling_gets_a_random_username() {
        let first = username_candidates("ნინო").next().unwrap();
        assert!(first.starts_with("bot_") && first.len() == "bot_".len() + 6, "{first}");
        let long = username_candidates(&"Щ".repeat(40)).take(12).collect::<Vec<_>>();
        assert!(long.iter().all(|n| crate::input::parse::username(n).is_ok()), "{long:?}");
    }
}
