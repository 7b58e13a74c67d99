-- A code refused because this hour's budget is spent: counted for the dashboard. Returns the
-- hour's refusals so far (the first one alerts the operator).
update sms_budget set refused = refused + 1 where hour = date_trunc('hour', now()) returning refused
