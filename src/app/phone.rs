//! One person, one account (docs/rules/phone.md, "One person, one account"): an account confirms a
//! Kyrgyz mobile number with a 6-digit code sent by SMS. The code is sent by the request that asks
//! for it and never stored (only a salted hash is); the free bids come with a number's first
//! confirmation, once per number ever; a confirmed number belongs to one account.

use deadpool_postgres::Pool;
use sha2::{Digest, Sha256};
use tyiyn_actors::ids::UserId;

use super::effects::Effects;
use crate::app::sending::{Immediate, SendNow, SendNowError};
use crate::auth::CurrentUser;
use crate::config::{AuthSettings, PhoneVerification, SmsSettings};
use crate::db;
use crate::db::phones::{Budget, NewCode};
use crate::error::AppError;
use crate::i18n::{Lang, Msg};
use crate::input::values::Phone;
use crate::statuses::OutboxChannel;

/// Bids, pre-bids, auto-bidders and Buy It Now: 403 `phone_not_verified` for an account without a
/// confirmed phone while confirmation is required.
pub fn require_verified(rule: PhoneVerification, user: &CurrentUser) -> Result<(), AppError> {
    match rule {
        PhoneVerification::Required if !user.phone_verified => Err(AppError::Refused(Msg::PhoneNotVerified)),
        _ => Ok(()),
    }
}

/// What sending a code needs: the pool, the channels, and the rules.
pub struct Handles<'a> {
    pub pool: &'a Pool,
    pub sending: &'a dyn SendNow,
    pub effects: &'a dyn Effects,
    pub auth: &'a AuthSettings,
    /// Codes one account may have sent to one number per window, and the window.
    pub number_limit: (u32, u64),
    /// The site-wide hourly budget and the mobile ranges.
    pub sms: &'a SmsSettings,
}

/// A code was sent: when the next one may be asked for.
#[derive(Debug, Clone, Copy)]
pub struct CodeSent {
    pub resend_after_secs: u64,
    pub expires_in_secs: u64,
}

/// Sends a new code to `phone` for `user` (asking from `address`), in the reader's `lang`. A number
/// another account confirmed is answered the same (no request tells which numbers have accounts):
/// its SMS tells the owner that someone asked, and `verify` refuses it. Refused: 400
/// `phone_not_mobile`, 409 `phone_already_verified`, 429 `too_many_attempts` within the account's
/// resend wait or past its codes to this number, 503 `sms_unavailable` over the hour's SMS budget
/// or when the gateway did not take it (the code is then forgotten: it counts towards no limit).
pub async fn send_code(
    h: &Handles<'_>,
    user: UserId,
    phone: &Phone,
    (address, lang): (Option<&str>, Lang),
) -> Result<CodeSent, AppError> {
    if !h.sms.is_mobile(phone.as_str()) {
        return Err(AppError::invalid("phone", Msg::PhoneNotMobile));
    }
    let code = format!("{:06}", rand::random_range(0..1_000_000u32));
    let salt: [u8; 16] = rand::random();
    let (id, taken) = store_code(h, user, phone, (&salt, code.as_str()), address).await?;
    let text = |code: &str| if taken { taken_text(lang, code) } else { code_text(lang, code) };
    let key = format!("phone_code:{id}");
    let message = Immediate {
        channel: OutboxChannel::Sms,
        recipient: phone.as_str(),
        user: Some(user.0),
        kind: "phone_code",
        event_key: &key,
        body: &text(&code),
        masked_body: &text("******"),
    };
    match h.sending.send_now(message).await {
        Ok(_) | Err(SendNowError::AlreadySent) => Ok(CodeSent {
            resend_after_secs: h.auth.phone_code_resend_secs,
            expires_in_secs: h.auth.phone_code_ttl_secs,
        }),
        Err(err) => {
            tracing::warn!(user = user.0, error = %err, "phone code not sent");
            let client = h.pool.get().await?;
            db::phones::delete_code(&client, id).await?;
            Err(AppError::Suspended(Msg::SmsUnavailable))
        }
    }
}

/// Stores a new code for `user` to `phone` within the limits: the code's id, and whether another
/// account confirmed the number. The account's row lock makes two identical requests take
/// turns: the second sees the first's code and waits out the resend time.
async fn store_code(
    h: &Handles<'_>,
    user: UserId,
    phone: &Phone,
    (salt, code): (&[u8; 16], &str),
    address: Option<&str>,
) -> Result<(i64, bool), AppError> {
    let mut client = h.pool.get().await?;
    let tx = client.transaction().await?;
    let account = db::phones::lock_account(&tx, user.0).await?.ok_or(AppError::Unauthorized)?;
    // An account admitted before numbers were confirmed may still confirm one (for SMS).
    if account.phone.is_some() {
        return Err(AppError::Conflict(Msg::PhoneAlreadyVerified));
    }
    let taken = db::phones::owner(&tx, phone).await?.is_some_and(|owner| owner != user.0);
    let (number_max, window) = h.number_limit;
    let (since_last, to_number) = db::phones::recent_codes(&tx, user.0, phone, window).await?;
    let resend = h.auth.phone_code_resend_secs as f64;
    if let Some(since) = since_last.filter(|s| *s < resend) {
        let retry_after_secs = (resend - since).ceil().max(1.0) as u64;
        return Err(AppError::TooManyRequests { msg: Msg::TooManyAttempts, retry_after_secs });
    }
    if to_number >= i64::from(number_max) {
        return Err(AppError::TooManyRequests { msg: Msg::TooManyAttempts, retry_after_secs: window.max(1) });
    }
    if let Budget::Refused(refused) = db::phones::spend_budget(&tx, h.sms.hourly_budget).await? {
        super::commit(tx).await?;
        metrics::counter!(crate::metrics::SMS_BUDGET_REFUSED).increment(1);
        if refused == 1 {
            tracing::error!(
                budget = h.sms.hourly_budget,
                "SMS budget: this hour's {} phone codes are spent; code requests are refused until the hour ends ([sms] hourly_budget)",
                h.sms.hourly_budget
            );
        }
        return Err(AppError::Suspended(Msg::SmsUnavailable));
    }
    let new = NewCode {
        user: user.0,
        phone,
        salt,
        hash: &code_hash(salt, code),
        ip_address: address,
        ttl_secs: h.auth.phone_code_ttl_secs,
    };
    let id = db::phones::insert_code(&tx, &new).await?;
    super::commit(tx).await?;
    Ok((id, taken))
}

/// The account after a confirmation: its balance, and the free bids it just got (0 when the
/// number or the account had them before).
#[derive(Debug, Clone, Copy)]
pub struct Confirmed {
    pub bonus: i64,
    pub balance: i64,
}

/// Confirms `phone` for `user` with `code`. Refused: 400 `code_invalid` (a wrong code; the code is
/// void after `phone_code_tries` of them), 400 `code_expired` (none asked, expired or void), 409
/// `phone_taken`. Confirming the number the account already confirmed answers as a success.
pub async fn verify(h: &Handles<'_>, user: UserId, phone: &Phone, code: &str) -> Result<Confirmed, AppError> {
    let (pool, auth, effects) = (h.pool, h.auth, h.effects);
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let account = db::phones::lock_account(&tx, user.0).await?.ok_or(AppError::Unauthorized)?;
    if account.phone.is_some() {
        let balance = db::users::get(&tx, user.0).await?.map_or(0, |u| u.bid_balance);
        return match account.phone.as_deref() {
            Some(mine) if mine == phone.as_str() => Ok(Confirmed { bonus: 0, balance }),
            _ => Err(AppError::Conflict(Msg::PhoneAlreadyVerified)),
        };
    }
    let stored = db::phones::lock_current_code(&tx, user.0, phone).await?;
    let Some(stored) = stored.filter(|c| c.fresh) else {
        return Err(AppError::invalid("code", Msg::CodeExpired));
    };
    let given = code.trim();
    if !matches_code(&stored.salt, &stored.hash, given) {
        db::phones::count_wrong_try(&tx, stored.id, auth.phone_code_tries).await?;
        // The wrong try counts even though the request fails.
        super::commit(tx).await?;
        return Err(AppError::invalid("code", Msg::CodeInvalid));
    }
    if db::phones::owner(&tx, phone).await?.is_some() {
        return Err(AppError::taken("phone", Msg::PhoneTaken));
    }
    db::phones::confirm(&tx, stored.id, user.0, phone).await?;
    let credited = match auth.signup_bonus_bids {
        0 => None,
        bids => db::phones::claim_bonus(&tx, user.0, phone, bids).await?,
    };
    let bonus = if credited.is_some() { auth.signup_bonus_bids } else { 0 };
    let balance = db::users::get(&tx, user.0).await?.map_or(0, |u| u.bid_balance);
    super::commit(tx).await?;
    if bonus > 0 {
        effects.balance_changed(user, balance);
    }
    Ok(Confirmed { bonus, balance })
}

/// SHA-256 of the salt and the code: what is stored.
fn code_hash(salt: &[u8], code: &str) -> Vec<u8> {
    let mut h = Sha256::new();
    h.update(salt);
    h.update(code.as_bytes());
    h.finalize().to_vec()
}

/// Whether `given` is the code stored as `hash`, compared in constant time.
fn matches_code(salt: &[u8], hash: &[u8], given: &str) -> bool {
    let ours = code_hash(salt, given);
    ours.len() == hash.len() && ours.iter().zip(hash).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

/// The SMS with `code`, in one segment (at most 70 Cyrillic characters).
pub fn code_text(lang: Lang, code: &str) -> String {
    match lang {
        Lang::Ru => format!("Тыйын: ваш код {code}. Никому его не сообщайте."),
        Lang::En => format!("Tyiyn: your code is {code}. Do not share it with anyone."),
        Lang::Ka => format!("Tyiyn: თქვენი კოდია {code}. არავის გაუზიაროთ."),
        Lang::Ky => format!("Тыйын: сиздин код {code}. Аны эч кимге айтпаңыз."),
    }
}

/// The SMS with `code` to a number another account confirmed: its owner learns that someone asked
/// (the code confirms nothing: `verify` answers `phone_taken`). One segment, like `code_text`.
pub fn taken_text(lang: Lang, code: &str) -> String {
    match lang {
        Lang::Ru => format!("Тыйын: ваш номер указали для другого аккаунта. Код {code}"),
        Lang::En => format!("Tyiyn: someone gave your number for another account. Code {code}"),
        Lang::Ka => format!("Tyiyn: თქვენი ნომერი სხვა ანგარიშისთვის მიუთითეს. კოდი {code}"),
        Lang::Ky => format!("Тыйын: номериңизди башка аккаунт үчүн көрсөтүштү. Код {code}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_matches_only_itself() {
        let salt = [7u8; 16];
        let hash = code_hash(&salt, "123456");
        assert!(matches_code(&salt, &hash, "123456"));
        assert!(!matches_code(&salt, &hash, "123457"));
        assert!(!matches_code(&[8u8; 16], &hash, "123456"));
    }

    #[test]
    fn every_code_text_fits_one_sms() {
        for lang in [Lang::Ru, Lang::En, Lang::Ka, Lang::Ky] {
            for text in [code_text(lang, "123456"), taken_text(lang, "123456")] {
                assert!(text.chars().count() <= 70, "{lang:?}: {text}");
                assert!(text.contains("123456"));
            }
        }
    }
}
