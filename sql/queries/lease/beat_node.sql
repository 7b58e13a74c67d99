-- Node $1 is alive with $3 bids a second and $4 sockets (its row is made on its first beat); $5:
-- it drains of itself (SIGTERM). Answers how many nodes were seen within the last $2
-- milliseconds, itself included, how many upcoming or live auctions there are, and whether this
-- node is to drain (by its own signal or the operator's button).
with me as (
    insert into cluster_node (id, bids_per_sec, sockets, draining) values ($1, $3, $4, $5)
    on conflict (id) do update
        set last_seen_at = now(), bids_per_sec = excluded.bids_per_sec, sockets = excluded.sockets,
            draining = cluster_node.draining or excluded.draining
    returning draining
)
select (select count(*) + 1 from cluster_node
        where id <> $1 and not draining and last_seen_at > now() - $2 * interval '1 millisecond') as nodes,
       (select count(*) from auction where status in ('upcoming', 'live')) as active,
       (select draining from me) as draining
