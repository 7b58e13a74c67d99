//! Admin control of auctions: create, edit (upcoming only), finish now (live only), delete with
//! refunds; the use cases are `crate::app::auctions`.

use actix_web::{HttpResponse, delete, get, post, put, web};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tyiyn_actors::fairness::{AuctionKind, NoNewBidders};
use tyiyn_actors::ids::{AuctionId, BotId, Tyiyn};
use tyiyn_actors::snapshot::AuctionDetails;
use tyiyn_actors::view::AuctionInfo;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::{optional, required};
use crate::app::auctions;
use crate::auth::AdminUser;
use crate::db;
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::input::numbers;
use crate::input::parse;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(admin_auctions).service(create).service(update).service(delete).service(end);
}

/// What deleting an auction did.
#[derive(Serialize, ToSchema)]
pub struct Deleted {
    pub ok: bool,
    /// How many users got bids back, for a finished auction; `null` for a live or upcoming one,
    /// whose actor refunds and tells each user through `bidBalanceUpdate`.
    #[schema(required)]
    pub refunded: Option<usize>,
}

/// The create and edit forms (spec section 5) plus optional product details.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AuctionForm {
    title: Option<String>,
    description: Option<String>,
    image_url: Option<String>,
    /// Som: a number, or a string such as `"1999.99"`.
    #[schema(value_type = Option<f64>, example = 1999.99)]
    retail_price: Option<Value>,
    start_time: Option<String>,
    is_bid_package: Option<bool>,
    bid_package_bids: Option<i64>,
    category: Option<String>,
    condition: Option<String>,
    /// Som, like `retailPrice`.
    #[schema(value_type = Option<f64>)]
    estimated_value: Option<Value>,
    /// `standard` (the default) or `beginner`: only users who have never won may bid.
    #[schema(value_type = Option<String>, pattern = "^(standard|beginner)$")]
    kind: Option<String>,
    /// Whether the win limits apply (`[auction] win_*` in the configuration).
    win_limited: Option<bool>,
    /// `{price, at}`: no new bidders once the price (som) reaches `price` or from `at` (a start
    /// time's format), whichever comes first; `null` or both empty: never.
    #[schema(value_type = Option<NoNewBiddersForm>, example = json!({"price": 5, "at": null}))]
    no_new_bidders_after: Option<Value>,
    /// How many the losing participants may buy after the end (Buy It Now): 0–10,000; `null` or
    /// absent: not offered.
    #[schema(value_type = Option<i64>, example = 3)]
    buy_now_stock: Option<Value>,
    /// The house rule: how many bids house bots may take part in (they bid only while the
    /// auction has taken fewer), 0–10,000; `null` or absent: no house bidders.
    #[schema(value_type = Option<i64>, example = 20)]
    house_reserve: Option<Value>,
    /// Seconds from going live to the first deadline, 10–86,400; `null` or absent: 10 s.
    #[schema(value_type = Option<i64>, example = 600)]
    opening_secs: Option<Value>,
    /// Creation only: the house bots to assign (active, no bid limit), each an open, active bot.
    /// A house reserve above 0 needs at least one (400 `reserve_needs_bot` on `houseReserve`);
    /// an edit leaves the bots to `/api/admin/auctions/{id}/bots`.
    #[schema(value_type = Option<Vec<i64>>, example = json!([12]))]
    bot_ids: Option<Value>,
}

/// The creation form's house bots: distinct ids, at most 50.
fn bot_ids(raw: Option<&Value>) -> Result<Vec<BotId>, Msg> {
    let ids = match raw {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(ids)) if ids.len() <= 50 => ids,
        Some(_) => return Err(Msg::BotIdsInvalid),
    };
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let id = numbers::whole_in(Some(id), 1..=i64::MAX).ok().flatten().ok_or(Msg::BotIdsInvalid)?;
        if !out.contains(&BotId(id)) {
            out.push(BotId(id));
        }
    }
    Ok(out)
}

/// The form's `noNewBiddersAfter` (described for the contract; read by `no_new_bidders`).
#[derive(ToSchema)]
#[allow(dead_code)]
struct NoNewBiddersForm {
    /// Som, like `retailPrice`; `null` or empty: no price.
    #[schema(value_type = Option<f64>)]
    price: Option<Value>,
    /// A time in `startTime`'s format; `null` or empty: no time.
    at: Option<String>,
}

/// The no-new-bidders rule of the form: `Ok(None)` when absent, `null`, or with neither set.
fn no_new_bidders(raw: Option<&Value>) -> Result<Option<NoNewBidders>, Msg> {
    let Some(Value::Object(rule)) = raw else {
        return if raw.is_none_or(Value::is_null) { Ok(None) } else { Err(Msg::NoNewBiddersInvalid) };
    };
    let blank = |v: Option<&Value>| match v {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.trim().is_empty(),
        _ => false,
    };
    let price = match rule.get("price") {
        v if blank(v) => None,
        Some(v) => Some(parse::money(v).map_err(|_| Msg::NoNewBiddersInvalid)?),
        None => None,
    };
    let at = match rule.get("at") {
        v if blank(v) => None,
        Some(Value::String(s)) => {
            Some(db::rows::ms(parse::start_time(s).map_err(|_| Msg::NoNewBiddersInvalid)?))
        }
        _ => return Err(Msg::NoNewBiddersInvalid),
    };
    Ok((price.is_some() || at.is_some()).then_some(NoNewBidders { price, at }))
}

fn short_text(max: usize) -> impl Fn(&str) -> Result<String, Msg> {
    move |v| {
        let v = v.trim();
        if v.chars().count() > max { Err(Msg::TextTooLong) } else { Ok(v.to_owned()) }
    }
}

/// The form's whole numbers: Buy It Now stock, house reserve and opening seconds, each `None`
/// when absent, `null` or blank.
fn counts(f: &AuctionForm, errors: &mut Vec<(&'static str, Msg)>) -> (Option<i32>, Option<i32>, Option<i32>) {
    let mut whole = |raw: Option<&Value>, range, field, msg| {
        let raw = raw.filter(|v| v.as_str().is_none_or(|s| !s.trim().is_empty()));
        match numbers::count_in(raw, range) {
            Ok(n) => n.and_then(|n| i32::try_from(n).ok()),
            Err(_) => {
                errors.push((field, msg));
                None
            }
        }
    };
    let buy_now_stock = whole(f.buy_now_stock.as_ref(), 0..=10_000, "buyNowStock", Msg::BuyNowStockInvalid);
    let house_reserve = whole(f.house_reserve.as_ref(), 0..=10_000, "houseReserve", Msg::HouseReserveInvalid);
    let opening_secs = whole(f.opening_secs.as_ref(), 10..=86_400, "openingSecs", Msg::OpeningInvalid);
    (buy_now_stock, house_reserve, opening_secs)
}

/// A sum in som (`field`), read into tyiyn; a blank one is `None`, and an error when `required`.
fn money_field(
    errors: &mut Vec<(&'static str, Msg)>,
    field: &'static str,
    raw: Option<&Value>,
    required: bool,
) -> Option<Tyiyn> {
    let blank = match raw {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.trim().is_empty(),
        Some(_) => false,
    };
    match raw {
        Some(v) if !blank => parse::money(v).map_err(|m| errors.push((field, m))).ok(),
        _ => {
            if required {
                errors.push((field, Msg::FillRequired));
            }
            None
        }
    }
}

/// The auction's kind; a blank one is a standard auction.
fn kind(errors: &mut Vec<(&'static str, Msg)>, raw: Option<&str>) -> AuctionKind {
    match raw.map(str::trim) {
        None | Some("") => AuctionKind::Standard,
        Some(k) => AuctionKind::parse(k).unwrap_or_else(|| {
            errors.push(("kind", Msg::KindInvalid));
            AuctionKind::Standard
        }),
    }
}

/// How many bids a bid package holds (1 to 100,000), kept only for a bid package.
fn package_bids(
    errors: &mut Vec<(&'static str, Msg)>,
    raw: Option<i64>,
    is_bid_package: bool,
) -> Option<i32> {
    match raw {
        Some(n) if !(1..=100_000).contains(&n) => {
            errors.push(("bidPackageBids", Msg::PackageBidsInvalid));
            None
        }
        Some(n) if is_bid_package => i32::try_from(n).ok(),
        _ => None,
    }
}

/// The form, read: its details, start time and (creation only) house bots.
struct Parsed {
    details: AuctionDetails,
    start: chrono::DateTime<chrono::Utc>,
    bots: Vec<BotId>,
}

/// Validates the form, or 400 with every field's message. `creating`: the house bots come with
/// it, and a house reserve needs one.
fn parse_form(f: AuctionForm, creating: bool) -> Result<Parsed, AppError> {
    let mut errors = Vec::new();
    let title = required(&mut errors, "title", f.title.as_deref(), Msg::FillRequired, |v| {
        let v = v.trim();
        if v.chars().count() > 200 { Err(Msg::TitleTooLong) } else { Ok(v.to_owned()) }
    });
    let retail = money_field(&mut errors, "retailPrice", f.retail_price.as_ref(), true);
    let start =
        required(&mut errors, "startTime", f.start_time.as_deref(), Msg::FillRequired, parse::start_time);
    let description = optional(&mut errors, "description", f.description.as_deref(), short_text(5000));
    let image_url = optional(&mut errors, "imageUrl", f.image_url.as_deref(), parse::image_url);
    let category = optional(&mut errors, "category", f.category.as_deref(), short_text(100));
    let condition = optional(&mut errors, "condition", f.condition.as_deref(), short_text(100));
    let estimated_value = money_field(&mut errors, "estimatedValue", f.estimated_value.as_ref(), false);
    let kind = kind(&mut errors, f.kind.as_deref());
    let no_new_bidders_after = no_new_bidders(f.no_new_bidders_after.as_ref())
        .map_err(|m| errors.push(("noNewBiddersAfter", m)))
        .ok()
        .flatten();
    let (buy_now_stock, house_reserve, opening_secs) = counts(&f, &mut errors);
    let bots = if creating {
        bot_ids(f.bot_ids.as_ref()).map_err(|m| errors.push(("botIds", m))).unwrap_or_default()
    } else {
        Vec::new()
    };
    // A reserve nothing would ever bid for (docs/rules/bots.md, "A house reserve has a bot").
    let bots_read = !errors.iter().any(|(field, _)| *field == "botIds");
    if creating && house_reserve.is_some_and(|r| r > 0) && bots.is_empty() && bots_read {
        errors.push(("houseReserve", Msg::ReserveNeedsBot));
    }
    let is_bid_package = f.is_bid_package.unwrap_or(false);
    let bid_package_bids = package_bids(&mut errors, f.bid_package_bids, is_bid_package);
    if errors.iter().any(|(_, m)| *m == Msg::FillRequired) {
        // The spec's admin toast: 'Ошибка валидации' with 'Заполните все обязательные поля'.
        return Err(AppError::Invalid { conflict: false, fields: errors });
    }
    AppError::check(errors)?;
    let (Some(title), Some(retail), Some(start)) = (title, retail, start) else {
        return Err(AppError::BadRequest(Msg::FillRequired));
    };
    let details = AuctionDetails {
        title,
        description: description.unwrap_or_default(),
        image_url,
        retail_price: retail,
        is_bid_package,
        bid_package_bids,
        category,
        condition,
        estimated_value,
        kind,
        win_limited: f.win_limited.unwrap_or(false),
        no_new_bidders_after,
        buy_now_stock,
        house_reserve,
        opening_secs,
    };
    Ok(Parsed { details, start, bots })
}

/// Live and upcoming auctions.
#[utoipa::path(
    tag = "admin",
    responses((status = 200, description = "The auctions", body = Vec<AuctionInfo>))
)]
#[get("/admin/auctions")]
async fn admin_auctions(_admin: AdminUser, state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(state.core.auction_handles().running().await)
}

/// Creates an upcoming auction.
#[utoipa::path(
    tag = "admin",
    request_body = AuctionForm,
    responses(
        (status = 201, description = "The new auction", body = AuctionInfo),
        (status = 400, description = "`fill_required` or a field's code (`title_too_long`, `price_invalid`, `start_time_invalid`, `image_url_invalid`, `package_bids_invalid`, `bot_ids_invalid`, `reserve_needs_bot`, …), with `fields`", body = ErrorBody),
        (status = 404, description = "`bot_not_found`: a house bot that does not exist", body = ErrorBody),
        (status = 409, description = "`bot_inactive`: a house bot that is closed or turned off", body = ErrorBody),
    )
)]
#[post("/admin/auctions")]
async fn create(
    admin: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<AuctionForm>,
) -> Result<HttpResponse, AppError> {
    let Parsed { details, start, bots } = parse_form(body.into_inner(), true)?;
    let info =
        auctions::create(&state.core.auction_handles(), &admin.0, details, db::rows::ms(start), bots).await?;
    Ok(HttpResponse::Created().json(info))
}

/// Edits an upcoming auction's details and start time.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Auction id")),
    request_body = AuctionForm,
    responses(
        (status = 200, description = "The saved auction", body = AuctionInfo),
        (status = 400, description = "`fill_required` or a field's code (`title_too_long`, `price_invalid`, `start_time_invalid`, `image_url_invalid`, `package_bids_invalid`, …), with `fields`", body = ErrorBody), (status = 404, description = "`auction_not_found`", body = ErrorBody),
        (status = 409, description = "`auction_not_upcoming`, `auction_finished`, or `reserve_needs_bot` (a house reserve while no bot is assigned)", body = ErrorBody),
        (status = 503, description = super::CONTROL_UNAVAILABLE, body = ErrorBody),
    )
)]
#[put("/admin/auctions/{id}")]
async fn update(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<AuctionId>,
    body: web::Json<AuctionForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let Parsed { details, start, .. } = parse_form(body.into_inner(), false)?;
    let saved =
        auctions::update(&state.core.auction_handles(), &admin.0, id, details, db::rows::ms(start)).await?;
    Ok(HttpResponse::Ok().json(saved))
}

/// Finishes a live auction now; the leader wins (exactly once).
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Auction id")),
    responses(
        (status = 200, description = "The finished auction", body = AuctionInfo),
        (status = 404, description = "`auction_not_found`", body = ErrorBody),
        (status = 409, description = "`auction_not_live` or `auction_finished`", body = ErrorBody),
        (status = 503, description = super::CONTROL_UNAVAILABLE, body = ErrorBody),
    )
)]
#[post("/admin/auctions/{id}/end")]
async fn end(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<AuctionId>,
) -> Result<HttpResponse, AppError> {
    let auction = auctions::end(&state.core.auction_handles(), &admin.0, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(auction))
}

/// Deletes an auction; every paid bid and pre-bid is refunded through the ledger.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Auction id")),
    responses(
        (status = 200, description = "Deleted", body = Deleted),
        (status = 404, description = "`auction_not_found`", body = ErrorBody),
        (status = 503, description = super::CONTROL_UNAVAILABLE, body = ErrorBody),
    )
)]
#[delete("/admin/auctions/{id}")]
async fn delete(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<AuctionId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let refunded = auctions::delete(&state.core.auction_handles(), &admin.0, id).await?;
    Ok(HttpResponse::Ok().json(Deleted { ok: true, refunded }))
}
