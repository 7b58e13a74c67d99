-- Node $1 renews, for $2 milliseconds from now, every lease it holds that has not run out; the
-- auctions and fences it still holds. A lease that ran out is lost, even if nobody took it yet.
update auction_lease set expires_at = now() + $2 * interval '1 millisecond'
where node_id = $1 and expires_at > now()
returning auction_id, fence
