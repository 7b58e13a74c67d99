-- The server's VAPID key, made by the first node that starts; a later one keeps the first's.
insert into push_vapid (private_key) values ($1) on conflict (only_row) do nothing
