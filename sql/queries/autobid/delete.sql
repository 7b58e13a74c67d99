delete from autobid where auction_id = $1 and user_id = $2
