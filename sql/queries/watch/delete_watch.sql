delete from watch where user_id = $1 and auction_id = $2
