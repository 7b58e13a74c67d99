select
  (select count(*) from bid b join auction a on a.id = b.auction_id
    where b.user_id = $1 and a.status = 'live'),
  (select count(*) from prebid p join auction a on a.id = p.auction_id
    where p.user_id = $1 and a.status = 'upcoming'),
  (select count(*) from auction a where a.winner_id = $1),
  (select count(*) from bid b where b.user_id = $1 and not b.is_prebid and not b.is_bot)
    + (select count(*) from prebid p where p.user_id = $1)
