//! The site settings, saved by an admin in one transaction with their audit row.

use deadpool_postgres::Pool;

use super::audit::{action, changes};
use crate::auth::CurrentUser;
use crate::db::audit;
use crate::db::settings::{self, SiteSettings};
use crate::error::AppError;

/// The settings' fields without `updatedAt`, for the audit log.
fn fields(s: &SiteSettings) -> serde_json::Value {
    serde_json::to_value(SiteSettings { updated_at: None, phone_required: None, ..s.clone() })
        .unwrap_or_default()
}

/// Saves `new` as the site settings; the saved row (the caller refreshes its cache with it).
pub async fn save(pool: &Pool, admin: &CurrentUser, new: &SiteSettings) -> Result<SiteSettings, AppError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let old = settings::get_for_update(&tx).await?;
    let saved = settings::update(&tx, new).await?;
    let (before, after) = changes(&fields(&old), &fields(&saved));
    audit::log(&tx, &action(admin, "settings.update", "settings", None, Some(before), Some(after))).await?;
    super::commit(tx).await?;
    Ok(saved)
}
