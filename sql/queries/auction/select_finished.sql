-- Finished auctions, newest end first (or those with the ids of $1), with their honest numbers: one
-- pass over each auction's bids (bid_auction_idx) counts bidders, bots' bids and the winner's
-- bids. The price of one bid is the lowest per-bid price among the active packages, rounded down.
select a.id, a.display_id, a.title, a.description, a.image_url, a.retail_price, a.is_bid_package,
       a.bid_package_bids, a.category, a.condition, a.estimated_value, a.current_price,
       a.starting_price, a.bid_increment, a.start_time, a.end_time, a.total_bids, a.created_at,
       w.id, w.username, w.first_name, w.last_name, w.role, w.is_bot,
       (select count(*) from prebid p where p.auction_id = a.id),
       t.bidders,
       t.last_bid_at,
       a.promoted,
       t.bids,
       t.bot_bids,
       t.winner_bids,
       (select min(k.price / k.bids) from bid_package k where k.active),
       a.kind, a.win_limited, a.no_new_after_price, a.no_new_after_at, a.buy_now_stock,
       a.house_reserve, a.opening_secs
from auction a
left join app_user w on w.id = a.winner_id
cross join lateral (
    select count(distinct b.user_id) as bidders, max(b.created_at) as last_bid_at, count(*) as bids,
           count(*) filter (where b.is_bot) as bot_bids,
           count(*) filter (where b.user_id = a.winner_id) as winner_bids
    from bid b
    where b.auction_id = a.id
) t
where a.status = 'finished' and ($1::bigint[] is null or a.id = any ($1))
order by a.end_time desc nulls last, a.created_at desc
limit $2
