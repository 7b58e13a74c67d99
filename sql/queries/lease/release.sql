-- Node $2 gives up its lease $3 on auction $1 (a drain, a finished auction): it runs out now, so
-- another node may take it at once, knowing that bids stopped only now.
update auction_lease set expires_at = greatest(now(), taken_at), released = true
where auction_id = $1 and node_id = $2 and fence = $3 and expires_at > now()
