-- Users whose bid balance is not the sum of their ledger (the view `ledger`: their ledger rows and
-- −1 per paid bid, migration 0027), or is negative. Bots are included: they bid for free, so their
-- balance and their ledger both stay empty. The debits of deleted bids ('deleted_bids') and their
-- refunds still count: the money moved.
select u.id, u.username, u.bid_balance, coalesce(l.total, 0)::bigint as ledger_sum,
       count(*) over () as offending
from app_user u
left join (select user_id, sum(delta) as total from ledger group by user_id) as l
       on l.user_id = u.id
where u.bid_balance <> coalesce(l.total, 0) or u.bid_balance < 0
order by u.id
limit $1
