-- Bids whose auction or bidder, ledger entries whose user, and auctions whose leader does not
-- exist. Foreign keys kept these references until migration 0025 (an auction's leader until 0028);
-- since then triggers do (docs/rules/database.md, "References checked once per statement").
with dangling as (
    select 'bid' as kind, b.id, b.auction_id, b.user_id, a.id is null as no_auction, u.id is null as no_user
    from bid b
    left join auction a on a.id = b.auction_id
    left join app_user u on u.id = b.user_id
    where a.id is null or u.id is null
    union all
    select 'ledger entry', l.id, null, l.user_id, false, true
    from ledger_entry l
    left join app_user u on u.id = l.user_id
    where u.id is null
    union all
    select 'auction', a.id, null, a.leader_id, false, true
    from auction a
    left join app_user u on u.id = a.leader_id
    where a.leader_id is not null and u.id is null
)
select kind, id, auction_id, user_id, no_auction, no_user, count(*) over () as offending
from dangling
order by kind, id
limit $1
