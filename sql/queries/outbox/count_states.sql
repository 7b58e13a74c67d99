-- How many messages are in each state, of channel $1 (null: every channel).
select state, count(*)
from outbox
where $1::text is null or channel = $1
group by state
