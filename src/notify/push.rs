//! What a push message carries to the phone: one notification as the service worker shows it
//! (`web/src/sw.ts`): a title, one line of text, the page a tap opens, and a tag under which a
//! newer notice of the same thing replaces the older one on the lock screen.

use std::collections::HashMap;

use serde::Serialize;

use crate::i18n::Lang;
use crate::ws::notice::{Notification, NotificationKind};

/// The longest body a notice carries (characters): a lock screen shows two or three lines, and
/// the whole message must fit one push record (4 KiB with the encryption's header).
const MAX_BODY_CHARS: usize = 300;

/// Where the won items are listed, each with its way to pay and its delivery.
const WON_ITEMS: &str = "/profile#won-items";

/// The JSON the service worker reads.
#[derive(Serialize)]
struct Payload<'a> {
    title: &'a str,
    body: String,
    url: &'a str,
    tag: String,
    kind: NotificationKind,
    lang: &'static str,
}

/// The message for `n`, titled `title`, saying `body`, opening `path` when tapped.
pub fn payload(n: &Notification, title: &str, body: &str, path: &str, lang: Lang) -> String {
    let body: String = if body.chars().count() > MAX_BODY_CHARS {
        body.chars().take(MAX_BODY_CHARS - 1).chain(['…']).collect()
    } else {
        body.to_owned()
    };
    let tag = match (n.kind, n.auction_id) {
        // Only the latest outbid on an auction matters: it replaces the one before.
        (NotificationKind::Outbid, Some(auction)) => format!("outbid-{}", auction.0),
        _ => format!("notice-{}", n.id.unwrap_or_default()),
    };
    let payload = Payload { title, body, url: path, tag, kind: n.kind, lang: lang.code() };
    serde_json::to_string(&payload).unwrap_or_default()
}

/// The page a tap on `n` opens: the auction's for what happens on an auction (it started, starts
/// soon, someone outbid you), the won items for a win and what follows it, the bid history for
/// bids credited. `slugs` holds the auctions' slugs by id.
pub fn path(n: &Notification, slugs: &HashMap<i64, String>) -> String {
    use NotificationKind as K;
    let auction = n.auction_id.and_then(|a| slugs.get(&a.0));
    match n.kind {
        K::AuctionStarted | K::AuctionStarting | K::Outbid => match auction {
            Some(slug) => format!("/auction/{slug}"),
            None => "/auctions".to_owned(),
        },
        K::BidsCredited => "/bid-history".to_owned(),
        K::PaymentReceived if n.claim_id.is_none() => "/bid-history".to_owned(),
        _ => WON_ITEMS.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use chrono::Utc;
    use tyiyn_actors::ids::AuctionId;

    use super::*;

    fn notice(kind: NotificationKind, auction: Option<i64>) -> Notification {
        let mut n = Notification::new(Some(7), kind, Utc::now());
        n.auction_id = auction.map(AuctionId);
        n
    }

    #[test]
    fn a_tap_opens_the_auction_or_the_won_items() {
        let slugs = HashMap::from([(3, "iphone-15-ty-2026-00003".to_owned())]);
        let outbid = notice(NotificationKind::Outbid, Some(3));
        assert_eq!(path(&outbid, &slugs), "/auction/iphone-15-ty-2026-00003");
        assert_eq!(path(&notice(NotificationKind::AuctionWon, Some(3)), &slugs), "/profile#won-items");
        assert_eq!(path(&notice(NotificationKind::AuctionStarting, Some(9)), &slugs), "/auctions");
        assert_eq!(path(&notice(NotificationKind::BidsCredited, None), &slugs), "/bid-history");
    }

    #[test]
    fn the_payload_is_what_the_worker_reads_and_a_long_body_is_cut() {
        let n = notice(NotificationKind::Outbid, Some(3));
        let long = "а".repeat(500);
        let json: serde_json::Value =
            serde_json::from_str(&payload(&n, "Перебили", &long, "/auction/x-1", Lang::Ky)).expect("json");
        assert_eq!(json["title"], "Перебили");
        assert_eq!(json["url"], "/auction/x-1");
        assert_eq!(json["tag"], "outbid-3");
        assert_eq!(json["kind"], "outbid");
        assert_eq!(json["lang"], "ky");
        assert_eq!(json["body"].as_str().map(|b| b.chars().count()), Some(MAX_BODY_CHARS));
        let won = notice(NotificationKind::AuctionWon, Some(3));
        let json: serde_json::Value =
            serde_json::from_str(&payload(&won, "t", "b", "/", Lang::Ru)).expect("json");
        assert_eq!(json["tag"], "notice-7");
    }
}
