//! HTTP handlers, one module per resource, and the route table.

pub mod account;
pub mod admin_auction_bots;
pub mod admin_auctions;
pub mod admin_audit;
pub mod admin_bots;
pub mod admin_claims;
pub mod admin_cluster;
pub mod admin_images;
// Issue 9 B: notifications, admin packages, admin orders and refunds.
pub mod admin_orders;
pub mod admin_packages;
pub mod admin_reconciliation;
pub mod media;
pub mod notices;
pub mod notifications;
// end issue 9 B
pub mod admin_outbox;
pub mod admin_promoted;
pub mod admin_stats;
pub mod admin_users;
pub mod auctions;
pub mod auth;
pub mod autobid;
pub mod buy_now;
pub mod claims;
pub mod contract;
pub mod history;
pub mod limits;
pub mod payment_callback;
pub mod payments;
pub mod phone;
pub mod push;
pub mod settings;
pub mod site_figures;
pub mod socket;
pub mod spa;
pub mod telegram;
pub mod users;
pub mod watchlist;

use std::cell::RefCell;
use std::future::{Ready, ready};
use std::sync::Arc;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use serde::Serialize;
use serde_json::value::RawValue;
use tyiyn_actors::auction::BidAccepted;
use tyiyn_actors::record::BidRecord;
use tyiyn_actors::view::{AuctionInfo, AuctionView};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::error::AppError;
use crate::i18n::{Lang, Msg};
pub use crate::input::form::{optional, required};
use crate::state::AppState;

/// Every `/api` route, each registered with its OpenAPI description (see [`crate::openapi`]).
/// Register handlers here only with `cfg.service(handler)`: a plain `route` would be served
/// without being described (a test scans for that).
pub fn api(cfg: &mut ServiceConfig) {
    cfg.configure(auth::routes)
        .configure(phone::routes)
        .configure(users::routes)
        .configure(account::routes)
        .configure(limits::routes)
        .configure(history::routes)
        .configure(telegram::routes)
        .configure(notices::routes)
        .configure(push::routes)
        .configure(auctions::routes)
        .configure(autobid::routes)
        .configure(watchlist::routes)
        .configure(buy_now::routes)
        .configure(site_figures::routes)
        .configure(admin_auctions::routes)
        .configure(admin_users::routes)
        .configure(admin_stats::routes)
        .configure(admin_promoted::routes)
        .configure(admin_images::routes)
        .configure(admin_audit::routes)
        .configure(admin_bots::routes)
        .configure(admin_auction_bots::routes)
        .configure(payments::routes)
        .configure(payment_callback::routes)
        .configure(claims::routes)
        .configure(admin_claims::routes)
        .configure(settings::routes)
        // Issue 9 B: notifications, admin packages, admin orders and refunds.
        .configure(notifications::routes)
        .configure(admin_packages::routes)
        .configure(admin_orders::routes)
        .configure(admin_reconciliation::routes)
        .configure(admin_outbox::routes)
        .configure(admin_cluster::routes)
        .configure(contract::routes);
}

/// The answer for an `/api` path no route serves (or a method it does not take).
pub async fn no_route() -> Result<actix_web::HttpResponse, AppError> {
    Err(AppError::NotFound(Msg::RouteNotFound))
}

/// The realtime socket and the web app, outside `/api`.
pub fn site(cfg: &mut web::ServiceConfig) {
    socket_only(cfg);
    cfg.route("/media/{name}", web::get().to(media::serve));
    cfg.default_service(web::get().to(spa::serve));
}

/// The realtime socket alone (the socket listener, `server.socket_addr`).
pub fn socket_only(cfg: &mut web::ServiceConfig) {
    cfg.route("/socket.io/", web::get().to(socket::connect));
}

/// The request's language, as an extractor.
pub struct ReqLang(pub Lang);

impl FromRequest for ReqLang {
    type Error = AppError;
    type Future = Ready<Result<ReqLang, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let site = req.app_data::<web::Data<AppState>>().map(|s| s.core.site.lang()).unwrap_or_default();
        ready(Ok(ReqLang(Lang::of_request(req, site))))
    }
}

/// `{user, needsPhone}`: the logged-in user, after registration, login, `me` or a phone's
/// confirmation.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserAnswer {
    pub user: crate::db::users::UserView,
    /// Whether this account must confirm a phone number before it may bid (confirmation is
    /// required here and it has none).
    pub needs_phone: bool,
}

impl UserAnswer {
    pub fn new(user: crate::db::users::UserView, rule: crate::config::PhoneVerification) -> UserAnswer {
        let needs_phone = rule == crate::config::PhoneVerification::Required && !user.phone_verified;
        UserAnswer { user, needs_phone }
    }
}

/// `{ok: true}`.
#[derive(Serialize, ToSchema)]
pub struct Done {
    pub ok: bool,
}

/// The 503 of a control message to an auction, which may run on another node
/// (`crate::app::auctions::Handles::reach`).
const CONTROL_UNAVAILABLE: &str = "`auction_elsewhere` (several nodes: the auction is moving between them; nothing changed), `outcome_unknown` (the node that runs it took the request and did not answer in time: a change may or may not have been made) or `service_unavailable` (PostgreSQL is unreachable), with `Retry-After` seconds";

/// The answer of a removal.
#[derive(Serialize, ToSchema)]
pub struct BotRemoved {
    pub ok: bool,
}

/// An accepted bid: the auction right after its commit, the bid, and the bidder's balance.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BidAnswer<'a> {
    // The auction object, as JSON written once per committed batch (`bid_answer`).
    #[schema(value_type = AuctionInfo)]
    pub auction: &'a serde_json::value::RawValue,
    #[schema(value_type = BidRecord)]
    pub bid: &'a BidRecord,
    /// The balance after the debit.
    #[schema(required)]
    pub bid_balance: Option<i64>,
}

/// The JSON of an accepted bid's [`BidAnswer`], for its HTTP answer or its socket ack. The bids of
/// one committed batch share one view of the auction (`BidAccepted::view`); each worker thread
/// keeps the JSON of the last view it wrote and writes it again for the next bid of the same
/// batch instead of serializing the auction once per bid (a tenth of the server's CPU per bid on
/// one busy auction, docs/performance.md, "One auction").
pub(crate) fn bid_body(accepted: &BidAccepted) -> String {
    thread_local! {
        static LAST: RefCell<Option<(Arc<AuctionView>, Box<RawValue>)>> = const { RefCell::new(None) };
    }
    LAST.with_borrow_mut(|last| {
        let fresh = match last.take() {
            Some((view, json)) if Arc::ptr_eq(&view, &accepted.view) => Some((view, json)),
            _ => serde_json::value::to_raw_value(&accepted.view.auction)
                .ok()
                .map(|json| (accepted.view.clone(), json)),
        };
        let Some((view, json)) = fresh else {
            // Not reached (an auction object always serializes); the bid stands, so it is answered.
            let (auction, placed, balance) = (&accepted.view.auction, &accepted.bid, accepted.balance);
            return serde_json::json!({"auction": auction, "bid": placed, "bidBalance": balance}).to_string();
        };
        let answer = BidAnswer { auction: &json, bid: &accepted.bid, bid_balance: accepted.balance };
        // Plain structs and raw JSON: serializing cannot fail.
        let body = serde_json::to_string(&answer).unwrap_or_default();
        *last = Some((view, json));
        body
    })
}

/// Counts an answered bid or pre-bid by its outcome (`accepted`, or the error's code).
pub(crate) fn counted<T>(kind: &'static str, answer: &Result<T, AppError>) {
    let outcome = answer.as_ref().map_or_else(AppError::code, |_| "accepted");
    metrics::counter!(crate::metrics::BIDS, "kind" => kind, "outcome" => outcome).increment(1);
}
