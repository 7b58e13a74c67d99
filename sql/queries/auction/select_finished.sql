select a.id, a.display_id, a.title, a.description, a.image_url, a.retail_price, a.is_bid_package,
       a.bid_package_bids, a.category, a.condition, a.estimated_value, a.current_price,
       a.starting_price, a.bid_increment, a.start_time, a.end_time, a.total_bids, a.created_at,
       w.id, w.username, w.first_name, w.last_name, w.role, w.is_bot,
       (select count(*) from prebid p where p.auction_id = a.id),
       (select count(distinct b.user_id) from bid b where b.auction_id = a.id),
       (select max(b.created_at) from bid b where b.auction_id = a.id),
       a.promoted
from auction a
left join app_user w on w.id = a.winner_id
where a.status = 'finished' and ($1::bigint is null or a.id = $1)
order by a.end_time desc nulls last, a.created_at desc
limit $2
