-- Tells node $1 to hand its auctions over ($2 true) or to take its share again ($2 false); its
-- draining before, or no row for an unknown node.
with before as (select id, draining from cluster_node where id = $1 for update)
update cluster_node n set draining = $2
from before b
where n.id = b.id
returning b.draining
