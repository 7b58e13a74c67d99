//! What admins read and change about accounts: the paged list, today's registrations, a user's
//! activity, and the two guarded changes (edit, close) whose rows are locked first.

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use serde::Serialize;
use tyiyn_actors::ids::Tyiyn;
use tyiyn_actors::record::Role;
use tyiyn_actors::snapshot::AuctionStatus;
use utoipa::ToSchema;

use super::users::UserView;
use crate::input::values::{Email, Phone, Username};

/// How many rows each list of a user's activity shows.
const ACTIVITY_LIMIT: i64 = 200;

macro_rules! q {
    ($path:literal) => {
        include_str!(concat!("../../sql/queries/", $path, ".sql"))
    };
}

/// One page of open accounts, newest first, and how many match in all.
pub async fn page(
    db: &impl GenericClient,
    search: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<UserView>, i64), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("user/select_users_page")).await?;
    let users = db.query(&stmt, &[&search, &limit, &offset]).await?.iter().map(UserView::from_row).collect();
    let count = db.prepare_cached(q!("user/count_users")).await?;
    let total = db.query_one(&count, &[&search]).await?.get(0);
    Ok((users, total))
}

/// Whether `id` is an open account (not a bot, not closed).
pub async fn is_open(db: &impl GenericClient, id: i64) -> Result<bool, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("user/open_user_exists")).await?;
    Ok(db.query_one(&stmt, &[&id]).await?.get(0))
}

/// Open accounts created since midnight in Bishkek.
pub async fn registered_today(db: &impl GenericClient) -> Result<i64, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("user/count_registered_today")).await?;
    Ok(db.query_one(&stmt, &[]).await?.get(0))
}

/// An auction the user won.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityWin {
    /// The auction's id.
    pub id: i64,
    pub title: String,
    pub final_price: Tyiyn,
    #[schema(required)]
    pub end_time: Option<DateTime<Utc>>,
}

/// One auction the user bid on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityBid {
    /// The auction's id.
    pub id: i64,
    pub auction_title: String,
    /// The user's bids on it (converted pre-bids included).
    pub bid_count: i64,
    pub current_price: Tyiyn,
    /// The auction's status.
    pub status: AuctionStatus,
    /// When the user's latest bid on it arrived.
    pub created_at: DateTime<Utc>,
}

/// One of the user's pre-bids.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityPrebid {
    /// The pre-bid's id.
    pub id: i64,
    pub auction_title: String,
    /// The auction's status: `upcoming` (waiting), `live` or `finished` (converted to a bid).
    pub status: AuctionStatus,
    pub created_at: DateTime<Utc>,
}

/// What a user did: wins, the auctions they bid on, their pre-bids (each newest first, at most 200).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserActivity {
    pub won_auctions: Vec<ActivityWin>,
    pub active_bids: Vec<ActivityBid>,
    pub prebids: Vec<ActivityPrebid>,
}

fn status(text: &str) -> AuctionStatus {
    match text {
        "live" => AuctionStatus::Live,
        "finished" => AuctionStatus::Finished,
        _ => AuctionStatus::Upcoming,
    }
}

pub async fn activity(db: &impl GenericClient, user: i64) -> Result<UserActivity, tokio_postgres::Error> {
    let won = db.prepare_cached(q!("user/select_activity_won")).await?;
    let won_auctions = db
        .query(&won, &[&user, &ACTIVITY_LIMIT])
        .await?
        .iter()
        .map(|r| ActivityWin {
            id: r.get(0),
            title: r.get(1),
            final_price: Tyiyn(r.get(2)),
            end_time: r.get(3),
        })
        .collect();
    let bids = db.prepare_cached(q!("user/select_activity_bids")).await?;
    let active_bids = db
        .query(&bids, &[&user, &ACTIVITY_LIMIT])
        .await?
        .iter()
        .map(|r| ActivityBid {
            id: r.get(0),
            auction_title: r.get(1),
            bid_count: r.get(2),
            current_price: Tyiyn(r.get(3)),
            status: status(r.get(4)),
            created_at: r.get(5),
        })
        .collect();
    let prebids = db.prepare_cached(q!("user/select_activity_prebids")).await?;
    let prebids = db
        .query(&prebids, &[&user, &ACTIVITY_LIMIT])
        .await?
        .iter()
        .map(|r| ActivityPrebid {
            id: r.get(0),
            auction_title: r.get(1),
            status: status(r.get(2)),
            created_at: r.get(3),
        })
        .collect();
    Ok(UserActivity { won_auctions, active_bids, prebids })
}

/// An account row as an admin change sees it under lock.
#[derive(Debug, Clone, Copy)]
pub struct Locked {
    pub id: i64,
    pub role: Role,
    pub is_bot: bool,
    pub closed: bool,
}

/// Locks the target account and every open admin account (in id order) for the rest of the
/// transaction; returns those rows.
pub async fn lock_for_change(
    db: &impl GenericClient,
    target: i64,
) -> Result<Vec<Locked>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("user/lock_for_admin_change")).await?;
    Ok(db
        .query(&stmt, &[&target])
        .await?
        .iter()
        .map(|r| Locked { id: r.get(0), role: Role::parse(r.get(1)), is_bot: r.get(2), closed: r.get(3) })
        .collect())
}

/// The fields an admin may edit, as they will be stored.
#[derive(Debug, Clone)]
pub struct Account {
    pub username: Username,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<Email>,
    pub phone: Option<Phone>,
    pub bid_balance: i64,
    pub role: Role,
}

impl Account {
    /// The editable fields of a user as shown.
    pub fn of(user: &UserView) -> Account {
        Account {
            username: Username::stored(user.username.clone()),
            first_name: user.first_name.clone(),
            last_name: user.last_name.clone(),
            email: user.email.clone().map(Email::stored),
            phone: user.phone.clone().map(Phone::stored),
            bid_balance: user.bid_balance,
            role: user.role,
        }
    }

    /// The fields as camelCase JSON, for the audit log.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "username": self.username,
            "firstName": self.first_name,
            "lastName": self.last_name,
            "email": self.email,
            "phone": self.phone,
            "bidBalance": self.bid_balance,
            "role": self.role.as_str(),
        })
    }
}

/// Writes the edited fields; a balance change is written to the ledger as an `admin_adjustment`
/// by `admin` with delta = new − old (no row when unchanged). The row must be locked.
pub async fn save(
    db: &impl GenericClient,
    id: i64,
    old_balance: i64,
    new: &Account,
    admin: i64,
) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("user/update_account")).await?;
    db.execute(
        &stmt,
        &[
            &id,
            &new.username,
            &new.first_name,
            &new.last_name,
            &new.email,
            &new.phone,
            &new.bid_balance,
            &new.role.as_str(),
        ],
    )
    .await?;
    let moved = db.prepare_cached(q!("user/move_confirmed_phone")).await?;
    db.execute(&moved, &[&id, &new.phone]).await?;
    let delta = new.bid_balance - old_balance;
    if delta != 0 {
        let ledger = db.prepare_cached(q!("user/insert_admin_adjustment")).await?;
        db.execute(&ledger, &[&id, &delta, &admin]).await?;
    }
    Ok(())
}

/// Whether the user leads a live auction or holds a pre-bid on an upcoming one.
pub async fn has_live_stake(db: &impl GenericClient, user: i64) -> Result<bool, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("user/select_live_stakes")).await?;
    Ok(db.query_one(&stmt, &[&user]).await?.get(0))
}

/// Closes an account (anonymised, unusable password, `deleted_at` set) and ends its sessions. The
/// row must be locked.
pub async fn close(db: &impl GenericClient, user: i64) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("user/close_account")).await?;
    db.execute(&stmt, &[&user]).await?;
    let sessions = db.prepare_cached(q!("session/delete_user_sessions")).await?;
    db.execute(&sessions, &[&user]).await?;
    Ok(())
}
