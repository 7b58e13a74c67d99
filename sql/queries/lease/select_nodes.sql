-- Every node that ever shared this database, newest first: whether it was seen within the last
-- $1 milliseconds, whether it drains, its figures, and the auctions it holds live leases on.
select n.id, n.started_at, n.last_seen_at,
       n.last_seen_at > now() - $1 * interval '1 millisecond' as alive,
       n.draining, n.bids_per_sec, n.sockets,
       coalesce(array_agg(l.auction_id order by l.auction_id) filter (where l.auction_id is not null), '{}')
           as auctions
from cluster_node n
left join auction_lease l on l.node_id = n.id and l.expires_at > now()
group by n.id
order by alive desc, n.started_at desc
limit 200
