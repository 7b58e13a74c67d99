-- Node $2 takes auction $1's lease for $3 milliseconds when nobody holds it or its holder's has
-- run out, with a new fence that it also writes on the auction's row (waiting there for a commit
-- in flight); the new fence, or no row when a live lease is someone else's.
with taken as (
    insert into auction_lease (auction_id, node_id, fence, expires_at)
    values ($1, $2, nextval('auction_fence'), now() + $3 * interval '1 millisecond')
    on conflict (auction_id) do update
        set node_id = excluded.node_id, fence = excluded.fence, taken_at = now(),
            expires_at = excluded.expires_at, released = false
        where auction_lease.expires_at <= now()
    returning auction_id, fence
)
update auction x set lease_fence = t.fence
from taken t
where x.id = t.auction_id
returning t.fence
