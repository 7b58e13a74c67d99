-- Node $2 gives up its lease $3 on auction $1 (a drain, a finished auction): another node may take
-- it at once.
delete from auction_lease where auction_id = $1 and node_id = $2 and fence = $3
