-- A code whose SMS could not be handed to the gateway: it never reached anyone, so it does not
-- count towards the resend wait, the number's limit or the hour's SMS budget.
with gone as (delete from phone_code where id = $1 returning created_at)
update sms_budget b set spent = b.spent - 1
from gone
where b.hour = date_trunc('hour', gone.created_at) and b.spent > 0
