-- This hour's SMS codes: spent and refused (zeros before the first request of the hour).
select coalesce(max(spent), 0)::int8, coalesce(max(refused), 0)::int8
from sms_budget where hour = date_trunc('hour', now())
