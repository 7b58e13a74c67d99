-- One SMS of this hour's budget $1, while it has spent fewer. A concurrent request on any node
-- waits for this row's lock and then sees the new count: no two together pass the budget.
update sms_budget set spent = spent + 1
where hour = date_trunc('hour', now()) and spent < $1
returning spent
