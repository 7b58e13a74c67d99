//! Users and their ledger-backed bid balance (their sessions: [`super::sessions`]).

use chrono::{DateTime, NaiveDate, Utc};
use deadpool_postgres::GenericClient;
use serde::Serialize;
use tokio_postgres::Row;

use crate::i18n::Msg;
use crate::input::values::{Email, Phone, Username};

use tyiyn_actors::ids::Tyiyn;
use tyiyn_actors::record::Role;

/// A user as the API shows it (spec section 3). Never carries the password hash.
/// This is the "self" audience: only the user themselves (and, later, admins) see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = User)]
pub struct UserView {
    pub id: i64,
    #[schema(example = "aibek")]
    pub username: String,
    #[schema(required, example = "Айбек")]
    pub first_name: Option<String>,
    #[schema(required, example = "Асанов")]
    pub last_name: Option<String>,
    #[schema(required, example = "aibek@example.kg")]
    pub email: Option<String>,
    #[schema(required, example = "+996555123456")]
    pub phone: Option<String>,
    #[schema(required)]
    pub date_of_birth: Option<NaiveDate>,
    /// `male`, `female` or `other`.
    #[schema(required, example = "male")]
    pub gender: Option<String>,
    pub bid_balance: i64,
    pub role: Role,
    #[schema(required)]
    pub ip_address: Option<String>,
    pub total_bids: i64,
    pub won_auctions: i64,
    pub total_spent: Tyiyn,
    pub created_at: DateTime<Utc>,
    /// Whether the account has confirmed a phone number (accounts admitted before numbers were
    /// confirmed count as confirmed).
    pub phone_verified: bool,
    /// Whether a confirmed number is on file: it can get SMS. An account admitted before numbers
    /// were confirmed has none until it confirms one (`/verify-phone`).
    pub phone_confirmed: bool,
}

impl UserView {
    pub(super) fn from_row(row: &Row) -> UserView {
        UserView {
            id: row.get(0),
            username: row.get(1),
            first_name: row.get(2),
            last_name: row.get(3),
            email: row.get(4),
            phone: row.get(5),
            date_of_birth: row.get(6),
            gender: row.get(7),
            bid_balance: row.get(8),
            role: Role::parse(row.get(9)),
            ip_address: row.get(10),
            created_at: row.get(11),
            total_bids: row.get(12),
            won_auctions: row.get(13),
            // Each charged bid or pre-bid cost one bid, worth one increment (0.01 som).
            total_spent: Tyiyn(row.get(14)),
            phone_verified: row.get(15),
            phone_confirmed: row.get(16),
        }
    }
}

/// A registration that passed validation.
pub struct NewUser {
    pub username: Username,
    pub email: Option<Email>,
    pub password_hash: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub phone: Option<Phone>,
    pub date_of_birth: Option<NaiveDate>,
    pub gender: Option<String>,
    pub ip_address: Option<String>,
}

/// Editable profile fields; `email: None` keeps the current email.
pub struct ProfileUpdate {
    pub first_name: String,
    pub last_name: String,
    pub email: Option<Email>,
    /// `None` keeps the stored phone; `Some(None)` clears it.
    pub phone: Option<Option<Phone>>,
    pub date_of_birth: NaiveDate,
    pub gender: String,
}

/// Inserts the user and credits the sign-up bonus through the ledger, in one transaction.
pub async fn register(
    client: &mut deadpool_postgres::Object,
    new: &NewUser,
    bonus: i64,
) -> Result<i64, tokio_postgres::Error> {
    let tx = client.transaction().await?;
    let insert = tx.prepare_cached(include_str!("../../sql/queries/user/insert_user.sql")).await?;
    let id: i64 = tx
        .query_one(
            &insert,
            &[
                &new.username,
                &new.email,
                &new.password_hash,
                &new.first_name,
                &new.last_name,
                &new.phone,
                &new.date_of_birth,
                &new.gender,
                &bonus,
                &new.ip_address,
            ],
        )
        .await?
        .get(0);
    set_skeleton(&tx, id, new.username.as_str()).await?;
    if bonus != 0 {
        ledger(&tx, id, bonus, "signup_bonus", None).await?;
    }
    tx.commit().await?;
    Ok(id)
}

/// Writes one ledger row; the caller changes the balance by `delta` in the same transaction.
pub async fn ledger(
    db: &impl GenericClient,
    user: i64,
    delta: i64,
    reason: &str,
    auction: Option<i64>,
) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/user/insert_ledger_entry.sql")).await?;
    db.execute(&stmt, &[&user, &delta, &reason, &auction]).await?;
    Ok(())
}

pub async fn get(db: &impl GenericClient, id: i64) -> Result<Option<UserView>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/user/get_user.sql")).await?;
    Ok(db.query_opt(&stmt, &[&id]).await?.as_ref().map(UserView::from_row))
}

/// The id and password hash of an open (not closed, not bot) account, by case-insensitive username.
pub async fn find_login(
    db: &impl GenericClient,
    username: &str,
) -> Result<Option<(i64, String)>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/user/find_login.sql")).await?;
    Ok(db.query_opt(&stmt, &[&username]).await?.map(|r| (r.get(0), r.get(1))))
}

/// Whether an account other than `except` has `username` (`Some(UsernameTaken)`) or a name that
/// looks like it (`Some(UsernameConfusable)`: the same skeleton).
pub async fn username_clash(
    db: &impl GenericClient,
    username: &Username,
    except: Option<i64>,
) -> Result<Option<Msg>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/user/username_clash.sql")).await?;
    let skeleton = crate::input::parse::username_skeleton(username.as_str());
    let row = db.query_opt(&stmt, &[&username, &skeleton, &except]).await?;
    Ok(row.map(|r| if r.get(0) { Msg::UsernameTaken } else { Msg::UsernameConfusable }))
}

/// Stores user `id`'s username skeleton, in the transaction that gave them the name; a lookalike
/// of another account's name fails on `app_user_username_skeleton_key` (409 `username_confusable`).
pub async fn set_skeleton(
    db: &impl GenericClient,
    id: i64,
    username: &str,
) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/user/set_skeleton.sql")).await?;
    db.execute(&stmt, &[&id, &crate::input::parse::username_skeleton(username)]).await?;
    Ok(())
}

/// Fills in the skeletons of accounts that have none (those from before the column, and any a
/// seed inserted), oldest first; an account whose name looks like an older one's keeps none.
/// Returns how many were filled.
pub async fn backfill_skeletons(db: &impl GenericClient) -> Result<usize, tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/user/select_missing_skeletons.sql")).await?;
    let mut filled = 0;
    for row in db.query(&stmt, &[]).await? {
        let (id, name): (i64, String) = (row.get(0), row.get(1));
        match set_skeleton(db, id, &name).await {
            Ok(()) => filled += 1,
            Err(e) if e.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION) => {
                tracing::warn!(
                    user = id,
                    username = name,
                    "username looks like an older account's: no skeleton"
                );
            }
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// Whether another account (not `except`) already uses this email.
pub async fn email_exists(
    db: &impl GenericClient,
    email: &Email,
    except: Option<i64>,
) -> Result<bool, tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/user/email_exists.sql")).await?;
    Ok(db.query_one(&stmt, &[&email, &except]).await?.get(0))
}

pub async fn update_profile(
    db: &impl GenericClient,
    id: i64,
    p: &ProfileUpdate,
) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/user/update_profile.sql")).await?;
    let (set_phone, phone) = (p.phone.is_some(), p.phone.clone().flatten());
    db.execute(
        &stmt,
        &[&id, &p.first_name, &p.last_name, &p.email, &phone, &p.date_of_birth, &p.gender, &set_phone],
    )
    .await?;
    Ok(())
}

pub async fn role(db: &impl GenericClient, id: i64) -> Result<Option<String>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/user/get_role.sql")).await?;
    Ok(db.query_opt(&stmt, &[&id]).await?.map(|r| r.get(0)))
}

/// Creates the admin account, or resets its password and role when it exists.
pub async fn ensure_admin(
    db: &impl GenericClient,
    username: &Username,
    password_hash: &str,
) -> Result<(), tokio_postgres::Error> {
    let updated = db
        .execute(
            "update app_user set password_hash = $2, role = 'admin', updated_at = now()
             where lower(username) = lower($1)",
            &[&username, &password_hash],
        )
        .await?;
    if updated == 0 {
        db.execute(
            "insert into app_user (username, password_hash, role) values ($1, $2, 'admin')",
            &[&username, &password_hash],
        )
        .await?;
        backfill_skeletons(db).await?;
    }
    Ok(())
}
