-- A paused live auction gets its countdown back (docs/rules/outages.md, "Database outages").
update auction
set ends_at = $2, updated_at = now()
where id = $1 and status = 'live'
