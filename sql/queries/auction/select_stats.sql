select count(*), count(distinct user_id) from bid where auction_id = $1
