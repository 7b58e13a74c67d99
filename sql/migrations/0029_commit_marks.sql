-- A commit whose answer is lost (issue 38; docs/decisions.md, "A commit whose answer is lost").
-- Each group commit of bids writes one row here, named by a random token the server picked, in
-- the same transaction as its bids. When the connection or the database dies before the answer
-- comes, the server later writes the same token with `committed = false` (`on conflict do
-- nothing`): that insert waits for the group's transaction if it still runs, finds its row if it
-- committed, and otherwise stands, so that the group's own insert, should it still come, fails on
-- the primary key and nothing of it commits. Either way the answer is then known for good. Rows
-- older than a day are deleted by the keeper (`delete_old_commit_marks`).
create table commit_mark (
    token      bigint primary key,
    committed  boolean not null,
    created_at timestamptz not null default now()
);

create index commit_mark_created_idx on commit_mark using brin (created_at);

-- commit_bid_groups gains the group's token (sql/functions/commit_bid_groups.sql): a function's
-- arguments cannot change in place. During a rolling upgrade an older node's group commits fail
-- with "function does not exist": answered 503, nothing written, nothing charged.
drop function if exists commit_bid_groups(int[], bigint[], bigint[], boolean[], text[], timestamptz[],
                                          text[], boolean[], bigint[], bigint[], bigint[],
                                          timestamptz[], bigint[], bigint[]);
