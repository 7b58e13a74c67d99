select a.id, a.display_id, a.created_at, a.title, a.description, a.image_url, a.retail_price,
       a.is_bid_package, a.bid_package_bids, a.category, a.condition, a.estimated_value,
       a.status, a.start_time, a.starting_price, a.current_price, a.ends_at, a.end_time,
       a.leader_id, l.username, l.is_bot, l.first_name, l.last_name, a.total_bids,
       (select max(b.created_at) from bid b where b.auction_id = a.id and b.user_id = a.leader_id),
       a.promoted, a.kind, a.win_limited, a.no_new_after_price, a.no_new_after_at,
       a.buy_now_stock, a.house_reserve, a.opening_secs
from auction a
left join app_user l on l.id = a.leader_id
where ($1::bigint is null and a.status in ('upcoming', 'live')) or a.id = $1
order by a.id
