//! `/api/settings` (public) and `/api/admin/settings` (admins).

use std::collections::BTreeMap;

use actix_web::{HttpResponse, get, put, web};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::required;
use crate::app;
use crate::auth::AdminUser;
use crate::config::PhoneVerification;
use crate::db::settings::{self, SiteSettings, SiteTexts};
use crate::error::{AppError, ErrorBody};
use crate::i18n::{Lang, Msg};
use crate::input::parse;
use crate::state::AppState;

const MAX_TEXT: usize = 500;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(public).service(admin_get).service(admin_put);
}

/// The public site settings (no `updatedAt`), with `phoneRequired`.
#[utoipa::path(tag = "settings", responses((status = 200, description = "The settings", body = SiteSettings)))]
#[get("/settings")]
async fn public(state: web::Data<AppState>) -> HttpResponse {
    let mut s = state.core.site.get();
    s.updated_at = None;
    s.phone_required = Some(matches!(state.core.config.auth.phone_verification, PhoneVerification::Required));
    HttpResponse::Ok().insert_header(("Cache-Control", "no-cache")).json(s)
}

/// The site settings with `updatedAt`.
#[utoipa::path(
    tag = "admin",
    responses((status = 200, description = "The settings", body = SiteSettings), (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody), (status = 403, description = "`forbidden`: not an admin", body = ErrorBody))
)]
#[get("/admin/settings")]
async fn admin_get(_admin: AdminUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    Ok(HttpResponse::Ok().json(settings::get(&client).await?))
}

/// The nine settings fields (docs/api.md).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SettingsBody {
    currency: Option<String>,
    currency_symbol: Option<String>,
    site_name: Option<String>,
    language: Option<String>,
    header_tagline: Option<String>,
    footer_description: Option<String>,
    contact_address: Option<String>,
    contact_phone: Option<String>,
    contact_email: Option<String>,
    /// The name, tagline, footer description and address in other languages: `{"en": {"siteName",
    /// "headerTagline", "footerDescription", "contactAddress"}, "ka": {...}, "ky": {...}}`, each
    /// optional; absent: none.
    #[schema(value_type = Option<std::collections::BTreeMap<String, SiteTexts>>)]
    texts: Option<serde_json::Value>,
}

/// The form's `texts`: each key a language code, each value its texts (trimmed, at most
/// `MAX_TEXT` characters); languages with neither text are left out.
fn site_texts(raw: Option<serde_json::Value>) -> Result<BTreeMap<String, SiteTexts>, Msg> {
    let raw = match raw {
        None | Some(serde_json::Value::Null) => return Ok(BTreeMap::new()),
        Some(raw) => raw,
    };
    let by_language: BTreeMap<String, SiteTexts> =
        serde_json::from_value(raw).map_err(|_| Msg::ValidationFailed)?;
    let mut out = BTreeMap::new();
    for (code, t) in by_language {
        let lang = Lang::parse(&code).filter(|l| l.code() == code).ok_or(Msg::LanguageInvalid)?;
        let texts = SiteTexts {
            site_name: text(&t.site_name)?,
            header_tagline: text(&t.header_tagline)?,
            footer_description: text(&t.footer_description)?,
            contact_address: text(&t.contact_address)?,
        };
        if texts != SiteTexts::default() {
            out.insert(lang.code().to_owned(), texts);
        }
    }
    Ok(out)
}

fn text(v: &str) -> Result<String, Msg> {
    let v = v.trim();
    if v.chars().count() > MAX_TEXT { Err(Msg::TextTooLong) } else { Ok(v.to_owned()) }
}

/// Saves the site settings.
#[utoipa::path(
    tag = "admin",
    request_body = SettingsBody,
    responses(
        (status = 200, description = "The saved settings", body = SiteSettings),
        (status = 400, description = "`validation_failed` or one field's code (`currency_required`, `language_invalid`, `text_too_long`, …), with `fields`", body = ErrorBody),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
        (status = 403, description = "`forbidden`: not an admin (or `cross_site_request`)", body = ErrorBody),
    )
)]
#[put("/admin/settings")]
async fn admin_put(
    admin: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<SettingsBody>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    let mut errors = Vec::new();
    let currency = required(&mut errors, "currency", b.currency.as_deref(), Msg::CurrencyRequired, text);
    let currency_symbol = required(
        &mut errors,
        "currencySymbol",
        b.currency_symbol.as_deref(),
        Msg::CurrencySymbolRequired,
        text,
    );
    let site_name = required(&mut errors, "siteName", b.site_name.as_deref(), Msg::SiteNameRequired, text);
    let language = required(&mut errors, "language", b.language.as_deref(), Msg::LanguageRequired, |v| {
        Lang::parse(v).filter(|l| l.code() == v).map(|l| l.code().to_owned()).ok_or(Msg::LanguageInvalid)
    });
    let mut optional_text = |field: &'static str, value: Option<String>| -> String {
        let value = value.unwrap_or_default();
        text(&value).map_err(|m| errors.push((field, m))).unwrap_or_default()
    };
    let header_tagline = optional_text("headerTagline", b.header_tagline);
    let footer_description = optional_text("footerDescription", b.footer_description);
    let contact_address = optional_text("contactAddress", b.contact_address);
    let contact_phone = optional_text("contactPhone", b.contact_phone);
    let contact_email = optional_text("contactEmail", b.contact_email);
    let texts = site_texts(b.texts).map_err(|m| errors.push(("texts", m))).unwrap_or_default();
    if !contact_email.is_empty() && parse::email(&contact_email).is_err() {
        errors.push(("contactEmail", Msg::ContactEmailInvalid));
    }
    AppError::check(errors)?;
    let (Some(currency), Some(currency_symbol), Some(site_name), Some(language)) =
        (currency, currency_symbol, site_name, language)
    else {
        return Err(AppError::BadRequest(Msg::ValidationFailed));
    };
    let new = SiteSettings {
        currency,
        currency_symbol,
        site_name,
        language,
        header_tagline,
        footer_description,
        contact_address,
        contact_phone,
        contact_email,
        texts,
        updated_at: None,
        phone_required: None,
    };
    let saved = app::settings::save(&state.core.pool, &admin.0, &new).await?;
    state.core.site.set(saved.clone());
    Ok(HttpResponse::Ok().json(saved))
}
