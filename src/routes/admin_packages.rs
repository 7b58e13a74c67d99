//! `/api/admin/packages…`: the bid-package catalogue as admins keep it (docs/rules/payments.md,
//! "Buying bids"). Packages are created and edited, never deleted: deactivating one takes it off
//! sale, and the orders that name it keep their own copy of its bids and price.

use actix_web::{HttpResponse, get, post, put, web};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::app::packages;
use crate::app::provider::Package;
use crate::auth::AdminUser;
use crate::db;
use crate::db::packages::{AdminPackageRow, PackageFields};
use crate::db::payments::PackageRow;
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::ids::PackageId;
use crate::input::numbers;
use crate::input::parse;
use crate::state::AppState;

/// The most bids one package may hold.
const MAX_BIDS: i64 = 100_000;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(admin_list_packages).service(admin_create_package).service(admin_update_package);
}

/// A package as admins see it: the public card plus whether it is on sale and where.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPackage {
    #[serde(flatten)]
    pub package: Package,
    /// On sale (inactive packages are listed here only).
    pub active: bool,
    /// Catalogue order: lower first, then by id.
    pub position: i32,
}

impl From<&AdminPackageRow> for AdminPackage {
    fn from(row: &AdminPackageRow) -> AdminPackage {
        let f = &row.fields;
        let card = PackageRow {
            id: row.id,
            bids: f.bids,
            price: f.price.0,
            original_price: f.original_price.0,
            popular: f.popular,
        };
        AdminPackage { package: Package::from(&card), active: f.active, position: f.position }
    }
}

/// Every package.
#[derive(Serialize, ToSchema)]
pub struct AdminPackages {
    pub packages: Vec<AdminPackage>,
}

/// One package.
#[derive(Serialize, ToSchema)]
pub struct AdminPackageBody {
    pub package: AdminPackage,
}

/// The create and edit form. Creating needs `bids` and `price`; editing keeps every absent field.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PackageForm {
    /// Bids credited when paid: a whole number 1–100,000.
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 100_000, example = 250)]
    bids: Option<Value>,
    /// Som above zero: a number, or a string such as `"3750.00"`.
    #[schema(value_type = Option<f64>, example = 3750)]
    price: Option<Value>,
    /// Som, at least `price` (creating: defaults to `price`).
    #[schema(value_type = Option<f64>, example = 5000)]
    original_price: Option<Value>,
    /// The highlighted package (creating: `false`).
    popular: Option<bool>,
    /// On sale (creating: `true`).
    active: Option<bool>,
    /// Catalogue order, a whole number from 0 (creating: 0).
    #[schema(value_type = Option<i64>, minimum = 0)]
    position: Option<Value>,
}

fn present(v: &Option<Value>) -> Option<&Value> {
    v.as_ref().filter(|v| !v.is_null() && v.as_str().is_none_or(|s| !s.trim().is_empty()))
}

/// The package after applying the form to `old` (none: a creation), or 400 with every field's
/// message.
fn apply(old: Option<&PackageFields>, f: PackageForm) -> Result<PackageFields, AppError> {
    let mut errors = Vec::new();
    let bids = match (present(&f.bids), old) {
        (Some(v), _) => numbers::whole(v)
            .filter(|n| (1..=MAX_BIDS).contains(n))
            .and_then(|n| i32::try_from(n).ok())
            .ok_or(Msg::PackageBidsInvalid)
            .map_err(|m| errors.push(("bids", m)))
            .ok(),
        (None, Some(old)) => Some(old.bids),
        (None, None) => {
            errors.push(("bids", Msg::Required));
            None
        }
    };
    let price = match (present(&f.price), old) {
        (Some(v), _) => parse::money(v).map_err(|m| errors.push(("price", m))).ok(),
        (None, Some(old)) => Some(old.price),
        (None, None) => {
            errors.push(("price", Msg::Required));
            None
        }
    };
    let original_price = match (present(&f.original_price), old) {
        (Some(v), _) => parse::money(v).map_err(|m| errors.push(("originalPrice", m))).ok(),
        (None, Some(old)) => Some(old.original_price),
        (None, None) => price,
    };
    if let (Some(price), Some(original)) = (price, original_price)
        && original < price
    {
        errors.push(("originalPrice", Msg::OriginalPriceBelowPrice));
    }
    let position = match (present(&f.position), old) {
        (Some(v), _) => numbers::whole(v)
            .and_then(|n| i32::try_from(n).ok())
            .filter(|n| *n >= 0)
            .ok_or(Msg::PositionInvalid)
            .map_err(|m| errors.push(("position", m)))
            .ok(),
        (None, old) => Some(old.map_or(0, |o| o.position)),
    };
    AppError::check(errors)?;
    let (Some(bids), Some(price), Some(original_price), Some(position)) =
        (bids, price, original_price, position)
    else {
        return Err(AppError::BadRequest(Msg::ValidationFailed));
    };
    Ok(PackageFields {
        bids,
        price,
        original_price,
        popular: f.popular.unwrap_or(old.is_some_and(|o| o.popular)),
        active: f.active.unwrap_or(old.is_none_or(|o| o.active)),
        position,
    })
}

/// Every package of the catalogue, inactive ones too, in catalogue order.
#[utoipa::path(
    tag = "admin",
    responses((status = 200, description = "The catalogue", body = AdminPackages))
)]
#[get("/admin/packages")]
async fn admin_list_packages(
    _admin: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    let packages = db::packages::all(&client).await?.iter().map(AdminPackage::from).collect();
    Ok(HttpResponse::Ok().json(AdminPackages { packages }))
}

/// Adds a package to the catalogue.
#[utoipa::path(
    tag = "admin",
    request_body = PackageForm,
    responses(
        (status = 201, description = "The new package", body = AdminPackageBody),
        (status = 400, description = "`validation_failed` or one field's code (`required`, `package_bids_invalid`, `price_invalid`, `original_price_below_price`, `position_invalid`), with `fields`", body = ErrorBody),
    )
)]
#[post("/admin/packages")]
async fn admin_create_package(
    admin: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<PackageForm>,
) -> Result<HttpResponse, AppError> {
    let fields = apply(None, body.into_inner())?;
    let saved = packages::create(&state.core.pool, &admin.0, &fields).await?;
    Ok(HttpResponse::Created().json(AdminPackageBody { package: AdminPackage::from(&saved) }))
}

/// Edits a package; absent fields keep their value. Open orders keep the bids and amount they
/// were made with.
#[utoipa::path(
    tag = "admin",
    params(("id" = i32, Path, description = "Package id")),
    request_body = PackageForm,
    responses(
        (status = 200, description = "The saved package", body = AdminPackageBody),
        (status = 400, description = "`validation_failed` or one field's code (`package_bids_invalid`, `price_invalid`, `original_price_below_price`, `position_invalid`), with `fields`", body = ErrorBody),
        (status = 404, description = "`package_not_found`", body = ErrorBody),
    )
)]
#[put("/admin/packages/{id}")]
async fn admin_update_package(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<PackageId>,
    body: web::Json<PackageForm>,
) -> Result<HttpResponse, AppError> {
    let form = body.into_inner();
    let saved =
        packages::update(&state.core.pool, &admin.0, path.into_inner(), |old| apply(Some(old), form)).await?;
    Ok(HttpResponse::Ok().json(AdminPackageBody { package: AdminPackage::from(&saved) }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use tyiyn_actors::ids::Tyiyn;

    fn form(v: Value) -> PackageForm {
        serde_json::from_value(v).expect("form")
    }

    fn codes(err: AppError) -> Vec<(&'static str, &'static str)> {
        match err {
            AppError::Invalid { fields, .. } => fields.iter().map(|(f, m)| (*f, m.code())).collect(),
            other => panic!("not a validation error: {other:?}"),
        }
    }

    #[test]
    fn a_new_package_needs_bids_and_a_price_and_defaults_the_rest() {
        let p = apply(None, form(json!({"bids": 60, "price": "900"}))).expect("valid");
        assert_eq!(
            p,
            PackageFields {
                bids: 60,
                price: Tyiyn(90_000),
                original_price: Tyiyn(90_000),
                popular: false,
                active: true,
                position: 0
            }
        );
        let err = apply(None, form(json!({}))).expect_err("empty");
        assert_eq!(codes(err), [("bids", "required"), ("price", "required")]);
    }

    #[test]
    fn every_bad_field_is_named() {
        let err = apply(None, form(json!({"bids": 0, "price": 100, "originalPrice": 99.99, "position": -1})))
            .expect_err("invalid");
        assert_eq!(
            codes(err),
            [
                ("bids", "package_bids_invalid"),
                ("originalPrice", "original_price_below_price"),
                ("position", "position_invalid")
            ]
        );
        let err = apply(None, form(json!({"bids": 100_001, "price": "0"}))).expect_err("invalid");
        assert_eq!(codes(err), [("bids", "package_bids_invalid"), ("price", "price_invalid")]);
    }

    #[test]
    fn an_edit_keeps_what_it_does_not_name() {
        let old = PackageFields {
            bids: 50,
            price: Tyiyn(75_000),
            original_price: Tyiyn(100_000),
            popular: true,
            active: true,
            position: 1,
        };
        let p = apply(Some(&old), form(json!({"active": false}))).expect("valid");
        assert_eq!(p, PackageFields { active: false, ..old });
        let err = apply(Some(&old), form(json!({"price": 1001}))).expect_err("above original");
        assert_eq!(codes(err), [("originalPrice", "original_price_below_price")]);
    }
}
