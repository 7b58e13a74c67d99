insert into ledger_entry (user_id, delta, reason, auction_id)
select user_id, -1, $2, $3 from unnest($1::bigint[]) as t (user_id)
