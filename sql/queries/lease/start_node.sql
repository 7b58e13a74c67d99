-- Node $1 starts (again): its row anew, not draining.
insert into cluster_node (id) values ($1)
on conflict (id) do update set started_at = now(), last_seen_at = now(), draining = false
