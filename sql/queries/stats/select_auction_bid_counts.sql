-- An auction's bids by kind: bots' (is_bot), admins' (bidders whose role is admin now) and users'
-- (the rest). No row when the auction does not exist.
select count(b.id),
       count(b.id) filter (where b.is_bot),
       count(b.id) filter (where not b.is_bot and u.role = 'admin'),
       count(b.id) filter (where not b.is_bot and u.role <> 'admin')
from auction a
left join bid b on b.auction_id = a.id
left join app_user u on u.id = b.user_id
where a.id = $1
group by a.id
