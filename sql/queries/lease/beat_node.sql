-- Node $1 is alive (its row is made on its first beat); how many nodes were seen within the last
-- $2 milliseconds, itself included, and how many upcoming or live auctions there are.
with me as (
    insert into cluster_node (id) values ($1)
    on conflict (id) do update set last_seen_at = now()
)
select (select count(*) + 1 from cluster_node
        where id <> $1 and last_seen_at > now() - $2 * interval '1 millisecond') as nodes,
       (select count(*) from auction where status in ('upcoming', 'live')) as active
