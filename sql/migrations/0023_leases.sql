-- Several nodes (issue 25, part 1; docs/decisions.md, "Leases and fences"): every upcoming or
-- live auction has at most one owner at a time, the node whose lease on it has not run out, and
-- each lease carries a fencing number that the owner's writes check on the auction's own row.

-- The nodes that share this database: each renews its row while it runs.
create table cluster_node (
    id            text primary key check (id ~ '^[A-Za-z0-9_.-]{1,64}$'),
    started_at    timestamptz not null default now(),
    last_seen_at  timestamptz not null default now(),
    -- Told to hand its auctions over (SIGTERM, or the operator's "drain"): it takes none.
    draining      boolean not null default false,
    -- Its figures at its last beat, for the operator's page.
    bids_per_sec  real not null default 0 check (bids_per_sec >= 0),
    sockets       integer not null default 0 check (sockets >= 0)
);

-- Fencing numbers: every lease taken gets the next one, never reused.
create sequence auction_fence;

-- Who owns each auction, until when. A lease runs out unless its node renews it; another node
-- may then take it, with a new fence.
create table auction_lease (
    auction_id  bigint primary key references auction (id) on delete cascade,
    node_id     text not null,
    fence       bigint not null,
    taken_at    timestamptz not null default now(),
    expires_at  timestamptz not null,
    -- Handed over by its node (a drain, a finished auction): bids stopped when it ran out, not a
    -- lease's length before.
    released    boolean not null default false,
    check (expires_at >= taken_at)
);
create index auction_lease_node_idx on auction_lease (node_id);

-- The fence of the lease the auction's row was last taken under (null: never leased; a single
-- node without leases writes with no fence). Taking a lease sets it in the same transaction, under
-- the row's lock, so it waits for a commit in flight, and every later write that names an older
-- fence changes nothing.
alter table auction add column lease_fence bigint;

-- commit_bid_groups gains the batches' fences (sql/functions/commit_bid_groups.sql): a function's
-- arguments cannot change in place.
drop function if exists commit_bid_groups(int[], bigint[], bigint[], boolean[], text[], timestamptz[],
                                          text[], boolean[], bigint[], bigint[], bigint[],
                                          timestamptz[], bigint[]);
