-- Writes a lost commit's token off as not committed, unless the commit wrote it: waits for that
-- transaction if it still runs (the insert waits on the key). No row back: the token was there.
insert into commit_mark (token, committed) values ($1, false)
on conflict (token) do nothing
returning committed
