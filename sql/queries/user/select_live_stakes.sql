-- Whether the user leads a live auction (the leader is persisted with every committed batch) or
-- holds a pre-bid on an upcoming one.
select exists (select 1 from auction where status = 'live' and leader_id = $1)
    or exists (select 1 from prebid p join auction a on a.id = p.auction_id
               where p.user_id = $1 and a.status = 'upcoming')
