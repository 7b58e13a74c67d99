-- Whom a won item passes to: the human participant whose last bid on the auction is the latest
-- among those not yet offered it (bots and closed accounts skipped), with that bid's amount.
select b.user_id, b.amount
from (select distinct on (user_id) user_id, amount, id
      from bid
      where auction_id = $1 and not is_bot
      order by user_id, id desc) as b
join app_user u on u.id = b.user_id
where not u.is_bot and u.deleted_at is null
  and not exists (select 1 from claim c where c.auction_id = $1 and c.user_id = b.user_id)
order by b.id desc
limit 1
