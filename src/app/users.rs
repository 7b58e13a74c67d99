//! The admin's hand on accounts: editing one (a balance change goes through the ledger) and
//! closing one. Bots and closed accounts are not users here (404).

use deadpool_postgres::Pool;
use tyiyn_actors::ids::UserId;
use tyiyn_actors::record::Role;

use super::audit::{action, changes};
use super::effects::Effects;
use crate::auth::CurrentUser;
use crate::auth::session::Sessions;
use crate::db;
use crate::db::admin_users::{Account, Locked};
use crate::db::users::UserView;
use crate::error::AppError;
use crate::i18n::Msg;

/// A pooled client, once `id` is an open account (404 `user_not_found` for a bot, a closed
/// account or no one).
pub async fn open_user(pool: &Pool, UserId(id): UserId) -> Result<deadpool_postgres::Object, AppError> {
    let client = pool.get().await?;
    if !db::admin_users::is_open(&client, id).await? {
        return Err(AppError::NotFound(Msg::UserNotFound));
    }
    Ok(client)
}

/// The open admins left if `target` stops being one; 409 `last_admin` when none would be.
fn admins_left(locked: &[Locked], target: i64) -> Result<(), AppError> {
    let left = locked.iter().filter(|u| u.role == Role::Admin && !u.is_bot && !u.closed && u.id != target);
    if left.count() == 0 { Err(AppError::Conflict(Msg::LastAdmin)) } else { Ok(()) }
}

/// The locked target, if it is an open user; and a check that the acting admin still is one.
fn target_of(locked: &[Locked], target: i64, admin: i64) -> Result<Locked, AppError> {
    let user = locked
        .iter()
        .find(|u| u.id == target && !u.is_bot && !u.closed)
        .copied()
        .ok_or(AppError::NotFound(Msg::UserNotFound))?;
    // Demoted or closed since this request was let in: the lock makes this answer final.
    if !locked.iter().any(|u| u.id == admin && u.role == Role::Admin && !u.closed) {
        return Err(AppError::Forbidden);
    }
    Ok(user)
}

/// What editing an account needs: the pool, the sessions (a closed or demoted account's end), and
/// the effects port (a balance change reaches the user's sessions).
pub struct Handles<'a> {
    pub pool: &'a Pool,
    pub sessions: &'a Sessions,
    pub effects: &'a dyn Effects,
}

/// Edits account `id` as `apply` changes it (it refuses with the form's errors). A balance change
/// is a ledger row (`admin_adjustment`, delta = new − old) pushed to the user's sessions; a role
/// change takes effect on the user's next request.
pub async fn update(
    h: &Handles<'_>,
    admin: &CurrentUser,
    UserId(id): UserId,
    apply: impl FnOnce(&Account) -> Result<Account, AppError>,
) -> Result<UserView, AppError> {
    let Handles { pool, sessions, effects } = *h;
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let locked = db::admin_users::lock_for_change(&tx, id).await?;
    target_of(&locked, id, admin.id)?;
    let before_view = db::users::get(&tx, id).await?.ok_or(AppError::NotFound(Msg::UserNotFound))?;
    let old = Account::of(&before_view);
    let new = apply(&old)?;
    if old.role == Role::Admin && new.role != Role::Admin {
        // The last admin hears that first, even about themselves: it is the reason that stays true.
        admins_left(&locked, id)?;
        if id == admin.id {
            return Err(AppError::Conflict(Msg::CannotDemoteSelf));
        }
    }
    let renamed = new.username != old.username;
    if renamed && let Some(clash) = db::users::username_clash(&tx, &new.username, Some(id)).await? {
        return Err(AppError::taken("username", clash));
    }
    if let Some(email) = new.email.as_ref().filter(|e| old.email.as_ref() != Some(*e))
        && db::users::email_exists(&tx, email, Some(id)).await?
    {
        return Err(AppError::taken("email", Msg::EmailTaken));
    }
    db::admin_users::save(&tx, id, old.bid_balance, &new, admin.id).await?;
    if renamed {
        db::users::set_skeleton(&tx, id, new.username.as_str()).await?;
    }
    let (before, after) = changes(&old.to_json(), &new.to_json());
    db::audit::log(&tx, &action(admin, "user.update", "user", Some(id), Some(before), Some(after))).await?;
    let saved = db::users::get(&tx, id).await?.ok_or(AppError::NotFound(Msg::UserNotFound))?;
    super::commit(tx).await?;
    if new.bid_balance != old.bid_balance {
        effects.balance_changed(UserId(id), saved.bid_balance);
    }
    if new.role != old.role {
        sessions.forget_user(id);
    }
    Ok(saved)
}

/// Closes account `id`: the row stays (its bids, wins and ledger keep pointing at it) but is
/// anonymised, can no longer log in, and every session of it ends. Its balance and ledger stay.
pub async fn close(
    pool: &Pool,
    sessions: &Sessions,
    admin: &CurrentUser,
    UserId(id): UserId,
) -> Result<(), AppError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let locked = db::admin_users::lock_for_change(&tx, id).await?;
    let target = target_of(&locked, id, admin.id)?;
    if target.role == Role::Admin {
        admins_left(&locked, id)?;
    }
    if id == admin.id {
        return Err(AppError::Conflict(Msg::CannotDeleteSelf));
    }
    if db::admin_users::has_live_stake(&tx, id).await? {
        return Err(AppError::Conflict(Msg::UserInLiveAuction));
    }
    let user = db::users::get(&tx, id).await?.ok_or(AppError::NotFound(Msg::UserNotFound))?;
    db::admin_users::close(&tx, id).await?;
    // The log names who was closed, never their contact data: closing is what erased it.
    let before = serde_json::json!({
        "username": user.username,
        "role": user.role.as_str(),
        "bidBalance": user.bid_balance,
    });
    db::audit::log(&tx, &action(admin, "user.delete", "user", Some(id), Some(before), None)).await?;
    super::commit(tx).await?;
    sessions.forget_user(id);
    Ok(())
}
