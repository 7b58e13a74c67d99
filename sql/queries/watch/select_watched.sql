-- Every auction user $1 watches, the latest star first.
select auction_id from watch where user_id = $1 order by created_at desc, auction_id desc
