-- The hash of each auction's last bid (null when it has none): where its record's chain goes on.
select a.id,
       (select b.record_hash from bid b where b.auction_id = a.id order by b.id desc limit 1)
from unnest($1::bigint[]) as a (id)
