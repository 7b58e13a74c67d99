-- Won items with what the API shows of them: the auction's picture, the holder's name, and the
-- latest order paying for each. $1: one claim id, or null; $2: one user, or null; $3: one state,
-- or null; newest first, $4 rows after $5.
select c.id, c.auction_id, c.user_id, u.username, c.position, c.title, nullif(a.image_url, ''),
       c.price, c.package_bids, c.state, c.end_reason, c.reserved_until, c.delivery_method,
       c.delivery_fee, c.address, c.phone, c.tracking, c.created_at, c.paid_at, c.shipped_at,
       c.delivered_at, o.id, o.state, c.kind, c.retail_price, c.bid_credit
from claim c
join app_user u on u.id = c.user_id
left join auction a on a.id = c.auction_id
left join lateral (select id, state from payment_order
                   where claim_id = c.id order by id desc limit 1) as o on true
where ($1::bigint is null or c.id = $1)
  and ($2::bigint is null or c.user_id = $2)
  and ($3::text is null or c.state = $3)
order by c.id desc
limit $4 offset $5
