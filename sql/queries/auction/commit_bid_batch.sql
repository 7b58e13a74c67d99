select bid_id, balance from commit_bid_batch($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
