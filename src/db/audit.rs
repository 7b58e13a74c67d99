//! The audit log: one row per admin action (who, what, when, on what, before and after), written
//! in the same transaction as the change wherever the change is a plain SQL write.

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use serde::Serialize;
use serde_json::Value;

/// What an admin did, and to what. `action` is a stable dotted code such as `user.update`,
/// `auction.end` or `bot.assign`; `target_type` names the entity (`user`, `auction`, `bot`,
/// `bot_settings`, `settings`).
#[derive(Debug, Clone)]
pub struct Action<'a> {
    pub admin_id: i64,
    pub admin_name: &'a str,
    pub action: &'static str,
    pub target_type: &'static str,
    pub target_id: Option<i64>,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

/// Records one admin action.
pub async fn log(db: &impl GenericClient, a: &Action<'_>) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/audit/insert_entry.sql")).await?;
    db.execute(
        &stmt,
        &[&a.admin_id, &a.admin_name, &a.action, &a.target_type, &a.target_id, &a.before, &a.after],
    )
    .await?;
    Ok(())
}

/// One audit row as admins read it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: i64,
    /// The admin's account (`null` never happens for new rows; kept nullable for closed ones).
    #[schema(required)]
    pub admin_id: Option<i64>,
    /// The admin's username when they acted.
    pub admin_name: String,
    /// A stable code such as `user.update`, `user.delete`, `auction.create`, `auction.end`,
    /// `bot.create`, `bot.assign`, `bot_settings.update`, `settings.update`.
    #[schema(example = "user.update")]
    pub action: String,
    /// `user`, `auction`, `bot`, `bot_settings` or `settings`.
    #[schema(example = "user")]
    pub target_type: String,
    #[schema(required)]
    pub target_id: Option<i64>,
    /// The changed fields before the action (`null` for a creation).
    #[schema(required, value_type = Option<Object>)]
    pub before: Option<Value>,
    /// The changed fields after the action (`null` for a deletion).
    #[schema(required, value_type = Option<Object>)]
    pub after: Option<Value>,
    pub created_at: DateTime<Utc>,
}

/// A page of the log, newest first, and the total row count.
pub async fn page(
    db: &impl GenericClient,
    limit: i64,
    offset: i64,
) -> Result<(Vec<AuditEntry>, i64), tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/audit/select_page.sql")).await?;
    let rows = db.query(&stmt, &[&limit, &offset]).await?;
    let count = db.prepare_cached(include_str!("../../sql/queries/audit/count_entries.sql")).await?;
    let total: i64 = db.query_one(&count, &[]).await?.get(0);
    let entries = rows
        .iter()
        .map(|r| AuditEntry {
            id: r.get(0),
            admin_id: r.get(1),
            admin_name: r.get(2),
            action: r.get(3),
            target_type: r.get(4),
            target_id: r.get(5),
            before: r.get(6),
            after: r.get(7),
            created_at: r.get(8),
        })
        .collect();
    Ok((entries, total))
}
