//! The single row of site settings.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use serde::{Deserialize, Serialize};
use tokio_postgres::Row;

/// Site settings as admins edit them; the public subset omits `updatedAt`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Settings)]
pub struct SiteSettings {
    pub currency: String,
    pub currency_symbol: String,
    pub site_name: String,
    pub language: String,
    pub header_tagline: String,
    pub footer_description: String,
    pub contact_address: String,
    pub contact_phone: String,
    pub contact_email: String,
    /// The site's name, tagline, footer description and address in the other languages, by
    /// language code (`en`, `ka`, `ky`, `ru`); the fields above are the site language's.
    #[serde(default)]
    pub texts: BTreeMap<String, SiteTexts>,
    /// Admins only: when the settings were last saved.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub updated_at: Option<DateTime<Utc>>,
    /// Public answer only, from `[auth] phone_verification`: whether the free bids come with a
    /// confirmed phone number (`true`) or at registration (`false`), so that sign-up promises what
    /// happens.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub phone_required: Option<bool>,
}

/// The site's own texts in one language (empty: the reader sees the site language's, or for the
/// name the app's own name in their language).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteTexts {
    #[serde(default)]
    pub site_name: String,
    #[serde(default)]
    pub header_tagline: String,
    #[serde(default)]
    pub footer_description: String,
    #[serde(default)]
    pub contact_address: String,
}

fn from_row(row: &Row) -> SiteSettings {
    SiteSettings {
        currency: row.get(0),
        currency_symbol: row.get(1),
        site_name: row.get(2),
        language: row.get(3),
        header_tagline: row.get(4),
        footer_description: row.get(5),
        contact_address: row.get(6),
        contact_phone: row.get(7),
        contact_email: row.get(8),
        updated_at: row.get(9),
        phone_required: None,
        // The column is written only through `update`, from this type.
        texts: row.get::<_, tokio_postgres::types::Json<BTreeMap<String, SiteTexts>>>(10).0,
    }
}

pub async fn get(db: &impl GenericClient) -> Result<SiteSettings, tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/setting/get_settings.sql")).await?;
    Ok(from_row(&db.query_one(&stmt, &[]).await?))
}

/// The settings, locked until the transaction ends (to save them with their previous values).
pub async fn get_for_update(db: &impl GenericClient) -> Result<SiteSettings, tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/setting/lock_settings.sql")).await?;
    Ok(from_row(&db.query_one(&stmt, &[]).await?))
}

pub async fn update(
    db: &impl GenericClient,
    s: &SiteSettings,
) -> Result<SiteSettings, tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/setting/update_settings.sql")).await?;
    let row = db
        .query_one(
            &stmt,
            &[
                &s.currency,
                &s.currency_symbol,
                &s.site_name,
                &s.language,
                &s.header_tagline,
                &s.footer_description,
                &s.contact_address,
                &s.contact_phone,
                &s.contact_email,
                &tokio_postgres::types::Json(&s.texts),
            ],
        )
        .await?;
    Ok(from_row(&row))
}
