insert into ledger_entry (user_id, delta, reason, auction_id)
select user_id, n, 'refund', $3 from unnest($1::bigint[], $2::bigint[]) as t (user_id, n)
