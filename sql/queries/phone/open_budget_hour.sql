-- This hour's row of the SMS budget, if no request made it yet.
insert into sms_budget (hour) values (date_trunc('hour', now())) on conflict (hour) do nothing
