-- Bids whose stored record hash is not the chain's rule applied to the stored hash before it in
-- its auction (sql/migrations/0009_record.sql, the kinds of 0010_autobid.sql): a changed,
-- removed or inserted bid shows here.
select b.id, b.auction_id, a.display_id, a.status, b.seq, b.record_hash is null as missing,
       count(*) over () as offending
from (select b.*, row_number() over w as seq, lag(b.record_hash) over w as prev
      from bid b window w as (partition by b.auction_id order by b.id)) as b
join auction a on a.id = b.auction_id
where b.record_hash is distinct from
      record_link(coalesce(b.prev, record_genesis(b.auction_id)), b.auction_id, b.seq, b.created_at,
                  b.amount, case when b.is_bot then 'bot' when b.is_auto then 'auto' else 'person' end,
                  b.user_id)
order by b.id
limit $1
