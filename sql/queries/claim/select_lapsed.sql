-- Open offers whose reservation has ended by the database's clock, locked; rows another sweeper
-- (or a request) holds are skipped and taken next time.
select id
from claim
where state in ('reserved', 'claimed') and reserved_until <= now()
order by reserved_until
limit $1
for update skip locked
