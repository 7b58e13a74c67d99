-- Auction $1 as Buy It Now sees it for user $2, with the offer open for $3 hours after its end
-- (when buying, read after `lock_auction` in a statement of its own: see db::buy_now::lock): its
-- status, stock, retail price, title, whether $2 won it, the offer's end and whether it is still open,
-- the bids $2 spent on it (their paid bids, each its own debit, and the ledger's pre-bid debits),
-- the lowest price of one bid in the active packages (as the top-up page shows it), the Buy It Now
-- claims still open, and $2's own claim of this auction, if any.
select a.status, a.buy_now_stock, a.retail_price, a.title, a.winner_id is not distinct from $2 as won,
       a.end_time + make_interval(hours => $3) as until,
       coalesce(a.end_time + make_interval(hours => $3) > now(), false) as open,
       (select count(*) from bid b
        where b.auction_id = a.id and b.user_id = $2 and not b.is_bot and not b.is_prebid)
         + (select coalesce(-sum(l.delta), 0) from ledger_entry l
            where l.user_id = $2 and l.auction_id = a.id and l.reason = 'prebid')::bigint as spent,
       (select min(k.price / k.bids) from bid_package k where k.active) as per_bid,
       (select count(*) from claim c
        where c.auction_id = a.id and c.kind = 'buy_now' and c.state not in ('passed', 'expired')) as taken,
       (select c.id from claim c where c.auction_id = a.id and c.user_id = $2) as mine,
       (select c.kind from claim c where c.auction_id = a.id and c.user_id = $2) as mine_kind,
       a.is_bid_package
from auction a
where a.id = $1
