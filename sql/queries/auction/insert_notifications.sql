insert into notification (user_id, kind, auction_id, payload)
select user_id, $2, $3, $4 from unnest($1::bigint[]) as t (user_id)
