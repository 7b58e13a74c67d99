//! The bid-package catalogue, edited by an admin: each change is one transaction with its audit
//! row. Open orders keep the bids and amount they were made with.

use deadpool_postgres::Pool;
use serde_json::Value;

use super::audit::{action, changes};
use crate::auth::CurrentUser;
use crate::db;
use crate::db::packages::{AdminPackageRow, PackageFields};
use crate::error::AppError;
use crate::i18n::Msg;
use crate::ids::PackageId;

/// The package's fields for the audit log (money in tyiyn).
fn audit_json(p: &PackageFields) -> Value {
    serde_json::json!({
        "bids": p.bids,
        "price": p.price,
        "originalPrice": p.original_price,
        "popular": p.popular,
        "active": p.active,
        "position": p.position,
    })
}

/// Adds a package to the catalogue.
pub async fn create(
    pool: &Pool,
    admin: &CurrentUser,
    fields: &PackageFields,
) -> Result<AdminPackageRow, AppError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let saved = db::packages::insert(&tx, fields).await?;
    let id = Some(i64::from(saved.id));
    let entry = action(admin, "package.create", "package", id, None, Some(audit_json(fields)));
    db::audit::log(&tx, &entry).await?;
    super::commit(tx).await?;
    tracing::info!(package = saved.id, admin = admin.id, "package created");
    Ok(saved)
}

/// Edits package `id` as `apply` changes its fields (it refuses with the form's errors).
pub async fn update(
    pool: &Pool,
    admin: &CurrentUser,
    PackageId(id): PackageId,
    apply: impl FnOnce(&PackageFields) -> Result<PackageFields, AppError>,
) -> Result<AdminPackageRow, AppError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let old = db::packages::lock(&tx, id).await?.ok_or(AppError::NotFound(Msg::PackageNotFound))?;
    let fields = apply(&old.fields)?;
    let saved =
        db::packages::update(&tx, id, &fields).await?.ok_or(AppError::NotFound(Msg::PackageNotFound))?;
    let (before, after) = changes(&audit_json(&old.fields), &audit_json(&fields));
    let entry = action(admin, "package.update", "package", Some(i64::from(id)), Some(before), Some(after));
    db::audit::log(&tx, &entry).await?;
    super::commit(tx).await?;
    Ok(saved)
}
