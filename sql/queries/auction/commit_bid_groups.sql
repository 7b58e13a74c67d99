select batch, bid_id, balance, short_users, short_why
from commit_bid_groups($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
