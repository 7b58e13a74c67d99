//! The logged-in user's auction history: bids, pre-bids, statistics, wins, recent bids.
//! Every accepted bid is committed before it is acknowledged, so these read PostgreSQL directly.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::json;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;
use tyiyn_actors::ids::Tyiyn;
use tyiyn_actors::slug::slug;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/bids/user", web::get().to(user_bids))
        .route("/prebids/user", web::get().to(user_prebids))
        .route("/users/stats", web::get().to(stats))
        .route("/users/won-auctions", web::get().to(won))
        .route("/users/recent-bids", web::get().to(recent));
}

const HISTORY_LIMIT: i64 = 200;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AuctionRef {
    id: i64,
    title: String,
    status: String,
    slug: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct UserBid {
    id: i64,
    amount: Tyiyn,
    is_bot: bool,
    bot_name: Option<String>,
    is_prebid: bool,
    created_at: DateTime<Utc>,
    /// winning | outbid | won | lost, for this user's position in that auction.
    bid_status: &'static str,
    auction: AuctionRef,
}

fn bid_status(status: &str, leader: Option<i64>, winner: Option<i64>, me: i64) -> &'static str {
    match status {
        "finished" if winner == Some(me) => "won",
        "finished" => "lost",
        _ if leader == Some(me) => "winning",
        _ => "outbid",
    }
}

async fn user_bids(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let client = state.pool.get().await?;
    let stmt = client.prepare_cached(include_str!("../../sql/queries/bid/select_user_bids.sql")).await?;
    let rows = client.query(&stmt, &[&user.id, &HISTORY_LIMIT]).await?;
    let bids: Vec<UserBid> = rows
        .iter()
        .map(|r| {
            let status: String = r.get(9);
            UserBid {
                id: r.get(0),
                amount: Tyiyn(r.get(1)),
                is_bot: r.get(2),
                bot_name: r.get(3),
                is_prebid: r.get(4),
                created_at: r.get(5),
                bid_status: bid_status(&status, r.get(10), r.get(11), user.id),
                auction: AuctionRef { id: r.get(6), slug: slug(r.get(7), r.get(8)), title: r.get(7), status },
            }
        })
        .collect();
    Ok(HttpResponse::Ok().json(bids))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct UserPrebid {
    id: i64,
    auction_id: i64,
    created_at: DateTime<Utc>,
    /// upcoming (waiting for the start), live (converted to a bid) or finished.
    status: String,
    converted: bool,
    auction: serde_json::Value,
}

async fn user_prebids(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let client = state.pool.get().await?;
    let stmt = client.prepare_cached(include_str!("../../sql/queries/bid/select_user_prebids.sql")).await?;
    let rows = client.query(&stmt, &[&user.id, &HISTORY_LIMIT]).await?;
    let list: Vec<UserPrebid> = rows
        .iter()
        .map(|r| {
            let title: String = r.get(4);
            let status: String = r.get(6);
            let start: DateTime<Utc> = r.get(7);
            let image: String = r.get(8);
            UserPrebid {
                id: r.get(0),
                created_at: r.get(1),
                converted: r.get::<_, Option<i64>>(2).is_some(),
                auction_id: r.get(3),
                auction: json!({"id": r.get::<_, i64>(3), "title": title, "status": status,
                                "slug": slug(&title, r.get(5)), "startTime": start, "imageUrl": image}),
                status,
            }
        })
        .collect();
    Ok(HttpResponse::Ok().json(list))
}

async fn stats(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let client = state.pool.get().await?;
    let stmt = client.prepare_cached(include_str!("../../sql/queries/user/select_user_stats.sql")).await?;
    let r = client.query_one(&stmt, &[&user.id]).await?;
    let (active, prebids, won, charged): (i64, i64, i64, i64) = (r.get(0), r.get(1), r.get(2), r.get(3));
    Ok(HttpResponse::Ok().json(json!({
        "activeBids": active,
        "activePrebids": prebids,
        "wonAuctions": won,
        // Each charged bid or pre-bid is one bid, shown as 0.01 som (spec section 9).
        "totalSpent": Tyiyn(charged),
    })))
}

async fn won(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let client = state.pool.get().await?;
    let stmt = client.prepare_cached(include_str!("../../sql/queries/user/select_won_auctions.sql")).await?;
    let rows = client.query(&stmt, &[&user.id]).await?;
    let list: Vec<serde_json::Value> = rows
        .iter()
        .map(|r| {
            let title: String = r.get(1);
            json!({"id": r.get::<_, i64>(0), "slug": slug(&title, r.get(3)), "title": title,
                   "imageUrl": r.get::<_, String>(2), "wonAt": r.get::<_, DateTime<Utc>>(4),
                   "finalPrice": Tyiyn(r.get(5))})
        })
        .collect();
    Ok(HttpResponse::Ok().json(list))
}

async fn recent(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let client = state.pool.get().await?;
    let stmt =
        client.prepare_cached(include_str!("../../sql/queries/bid/select_recent_user_bids.sql")).await?;
    let rows = client.query(&stmt, &[&user.id]).await?;
    let list: Vec<serde_json::Value> = rows
        .iter()
        .map(|r| {
            json!({"id": r.get::<_, i64>(0), "auctionId": r.get::<_, i64>(1),
                   "amount": Tyiyn(r.get(2)), "createdAt": r.get::<_, DateTime<Utc>>(3)})
        })
        .collect();
    Ok(HttpResponse::Ok().json(list))
}
