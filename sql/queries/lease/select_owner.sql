-- Who holds auction $1's lease now, with its fence (no row: nobody, or it ran out).
select node_id, fence from auction_lease where auction_id = $1 and expires_at > now()
