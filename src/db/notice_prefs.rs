//! Each user's choices of where their notices go (`notice_pref`) and the language of their
//! messages outside the site; read back through `db::outbox::reach`, which the outbox applies
//! (docs/rules/notifications.md, "Where notices go").

use deadpool_postgres::GenericClient;

use crate::i18n::Lang;
use crate::statuses::{NotificationKind, OutboxChannel};

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/notice_pref/", $name, ".sql"))
    };
}

/// Stores `user`'s `choices` (each kind and channel at most once), replacing earlier ones.
pub async fn save(
    db: &impl GenericClient,
    user: i64,
    choices: &[(NotificationKind, OutboxChannel, bool)],
) -> Result<(), tokio_postgres::Error> {
    if choices.is_empty() {
        return Ok(());
    }
    let kinds: Vec<&str> = choices.iter().map(|c| c.0.as_str()).collect();
    let channels: Vec<&str> = choices.iter().map(|c| c.1.as_str()).collect();
    let on: Vec<bool> = choices.iter().map(|c| c.2).collect();
    db.execute(&db.prepare_cached(q!("upsert_choices")).await?, &[&user, &kinds, &channels, &on]).await?;
    Ok(())
}

/// Sets the language `user` reads messages outside the site in (`None`: the site's).
pub async fn set_language(
    db: &impl GenericClient,
    user: i64,
    lang: Option<Lang>,
) -> Result<(), tokio_postgres::Error> {
    let code = lang.map(Lang::code);
    db.execute(&db.prepare_cached(q!("update_language")).await?, &[&user, &code]).await?;
    Ok(())
}
