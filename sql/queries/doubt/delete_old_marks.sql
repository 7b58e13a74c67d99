-- Commit marks older than a day: every doubt they could settle was settled long before.
delete from commit_mark where created_at < now() - interval '1 day'
