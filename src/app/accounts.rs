//! A user's own account: signing up, logging in, editing the profile, changing the password and
//! ending every session (docs/rules/accounts.md, docs/rules/sessions.md, "Sessions").

use chrono::NaiveDate;
use deadpool_postgres::Pool;
use tyiyn_actors::ids::UserId;

use super::core::Core;
use super::effects::Effects;
use crate::auth::password;
use crate::auth::session::Sessions;
use crate::config::PhoneVerification;
use crate::db;
use crate::db::users::{self, NewUser, ProfileUpdate, UserView};
use crate::error::AppError;
use crate::i18n::Msg;
use crate::input::values::{Email, Phone, Username};

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
) -> Result<(), AppError> {
    if current == new {
        return Err(AppError::invalid("newPassword", Msg::PasswordUnchanged));
    }
    let stored = {
        let client = pool.get().await?;
        db::sessions::password_hash(&client, user).await?.ok_or(AppError::Unauthorized)?
    };
    let ok = current.len() <= 72 && password::verify(current, Some(stored), passwords.dummy_hash).await?;
    if !ok {
        return Err(AppError::invalid("currentPassword", Msg::CurrentPasswordWrong));
    }
    let hash = password::hash(new, passwords.cost).await?;
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    if !db::sessions::set_password_hash(&tx, user, &hash).await? {
        return Err(AppError::Unauthorized);
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
) -> Result<(), AppError> {
    sessions.end_all(user).await?;
    effects.signed_out(UserId(user));
    Ok(())
}

/// A sign-up's parsed fields; `password` is the plain one, hashed by [`register`].
pub struct SignUp {
    pub username: Username,
    pub email: Email,
    pub password: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub phone: Option<Phone>,
    pub date_of_birth: Option<NaiveDate>,
    pub gender: Option<String>,
    /// The client's address, kept with the account.
    pub address: String,
}

/// Creates an account: its username (and its look-alikes) and its e-mail must be free (409 with
/// the field; the unique indexes stay the guard against races), its password is hashed at the
/// configured cost, and the sign-up bonus comes with it unless the free bids come with a
/// confirmed phone (`app::phone::verify`). The account as stored.
pub async fn register(core: &Core, sign_up: SignUp) -> Result<UserView, AppError> {
    let SignUp { username, email, password, first_name, last_name, phone, date_of_birth, gender, address } =
        sign_up;
    let mut client = core.pool.get().await?;
    if let Some(clash) = users::username_clash(&client, &username, None).await? {
        return Err(AppError::taken("username", clash));
    }
    if users::email_exists(&client, &email, None).await? {
        return Err(AppError::taken("email", Msg::EmailTaken));
    }
    let password_hash = password::hash(password, core.config.auth.bcrypt_cost).await?;
    let new = NewUser {
        username,
        email: Some(email),
        password_hash,
        first_name,
        last_name,
        phone,
        date_of_birth,
        gender,
        ip_address: Some(address),
    };
    let bonus = match core.config.auth.phone_verification {
        PhoneVerification::Required => 0,
        PhoneVerification::Off => core.config.auth.signup_bonus_bids,
    };
    let id = users::register(&mut client, &new, bonus).await?;
    users::get(&client, id).await?.ok_or(AppError::Unauthorized)
}

/// The account that `username` and `password` log into, or `None` when either is wrong. Without
/// such an account the password is checked against a dummy hash, so that the time taken does not
/// tell which accounts exist.
pub async fn check_login(
    core: &Core,
    username: &str,
    password: String,
) -> Result<Option<UserView>, AppError> {
    // No connection is held while bcrypt runs.
    let found = users::find_login(&core.pool.get().await?, username).await?;
    let (id, stored) = found.map_or((None, None), |(id, hash)| (Some(id), Some(hash)));
    let ok = password.len() <= 72 && password::verify(password, stored, &core.dummy_hash).await?;
    let Some(id) = id.filter(|_| ok) else { return Ok(None) };
    Ok(users::get(&core.pool.get().await?, id).await?)
}

/// Saves `user`'s edited profile. A new e-mail must be free (409); a confirmed number is the
/// account's and changes only through a confirmation (400 `phone_locked`). The account as stored.
pub async fn edit_profile(core: &Core, user: i64, update: ProfileUpdate) -> Result<UserView, AppError> {
    let client = core.pool.get().await?;
    if let Some(email) = &update.email
        && users::email_exists(&client, email, Some(user)).await?
    {
        return Err(AppError::taken("email", Msg::EmailTaken));
    }
    if let Some(phone) = &update.phone {
        let current = users::get(&client, user).await?.ok_or(AppError::Unauthorized)?;
        if current.phone_confirmed && phone.as_ref().map(|p| p.as_str()) != current.phone.as_deref() {
            return Err(AppError::invalid("phone", Msg::PhoneLocked));
        }
    }
    users::update_profile(&client, user, &update).await?;
    users::get(&client, user).await?.ok_or(AppError::Unauthorized)
}
