-- The footer's figures, from the records: people (not bots, not closed accounts) who bid or
-- pre-bid in the last 30 days; finished auctions; and what people who won saved, the retail price
-- less the price they won at, summed over the auctions people won (tyiyn).
select
  (select count(*) from app_user u
   where not u.is_bot and u.deleted_at is null
     and (exists (select 1 from bid b where b.user_id = u.id and b.created_at > now() - interval '30 days')
          or exists (select 1 from prebid p where p.user_id = u.id and p.created_at > now() - interval '30 days'))),
  (select count(*) from auction where status = 'finished'),
  (select coalesce(sum(greatest(a.retail_price - a.current_price, 0)), 0)::bigint
   from auction a join app_user w on w.id = a.winner_id
   where a.status = 'finished' and not w.is_bot)
