-- The watchlist (issue 24): the auctions a user starred, and the "starting in 5 minutes" notice
-- it feeds (docs/decisions.md, "Watchlist"). A star goes with its user and with its auction
-- (an auction is deleted only while upcoming, and its stars mean nothing then).
create table watch (
    user_id       bigint not null references app_user (id) on delete cascade,
    auction_id    bigint not null references auction (id) on delete cascade,
    created_at    timestamptz not null default now(),
    -- The start time the `auction_starting` notice of this star announced; null until one was
    -- sent. A notice is due again only when the auction's start moves later than this.
    reminded_for  timestamptz,
    primary key (user_id, auction_id)
);
-- The sweep looks watchers up by auction; the list reads a user's stars newest first.
create index watch_auction_idx on watch (auction_id);
create index watch_user_created_idx on watch (user_id, created_at desc);
