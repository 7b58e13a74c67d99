//! A user's own account: changing the password and ending every session (docs/decisions.md,
//! "Sessions").

use deadpool_postgres::Pool;
use tyiyn_actors::ids::UserId;

use super::effects::Effects;
use crate::auth::password;
use crate::auth::session::Sessions;
use crate::db;
use crate::error::ApiError;
use crate::i18n::Msg;

/// How passwords are checked and stored.
pub struct Passwords<'a> {
    /// bcrypt's cost for a new hash.
    pub cost: u32,
    /// A hash verified against when there is none, so that timing says nothing.
    pub dummy_hash: &'a str,
}

/// Replaces `user`'s password once `current` is verified; every session of the account ends and
/// its sockets close (the caller starts a new session for this browser).
pub async fn change_password(
    pool: &Pool,
    sessions: &Sessions,
    effects: &dyn Effects,
    passwords: Passwords<'_>,
    user: i64,
    current: String,
    new: String,
) -> Result<(), ApiError> {
    if current == new {
        return Err(ApiError::invalid("newPassword", Msg::PasswordUnchanged));
    }
    let stored = {
        let client = pool.get().await?;
        db::sessions::password_hash(&client, user).await?.ok_or(ApiError::Unauthorized)?
    };
    let ok = current.len() <= 72 && password::verify(current, Some(stored), passwords.dummy_hash).await?;
    if !ok {
        return Err(ApiError::invalid("currentPassword", Msg::CurrentPasswordWrong));
    }
    let hash = password::hash(new, passwords.cost).await?;
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    if !db::sessions::set_password_hash(&tx, user, &hash).await? {
        return Err(ApiError::Unauthorized);
    }
    db::sessions::delete_user(&tx, user).await?;
    super::commit(tx).await?;
    sessions.forget_user(user);
    effects.signed_out(UserId(user));
    Ok(())
}

/// "Log out everywhere": every session of `user` ends, this one included, and their sockets close.
pub async fn log_out_everywhere(
    sessions: &Sessions,
    effects: &dyn Effects,
    user: i64,
) -> Result<(), ApiError> {
    sessions.end_all(user).await?;
    effects.signed_out(UserId(user));
    Ok(())
}
