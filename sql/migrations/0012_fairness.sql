-- Fair auction kinds (issue 13, part 3; docs/decisions.md, "Fair auction kinds"): who may bid is
-- decided by the auction's actor (actors/src/fairness.rs) from these columns and from the wins it
-- reads at start-up (`winner_id`, `end_time`, `title` of the finished auctions).

alter table auction add column kind text not null default 'standard' check (kind in ('standard', 'beginner'));
alter table auction add column win_limited boolean not null default false;
-- No new bidders once the price reaches `no_new_after_price` (tyiyn) or from `no_new_after_at`.
alter table auction add column no_new_after_price bigint check (no_new_after_price > 0);
alter table auction add column no_new_after_at timestamptz;

create index auction_winner_idx on auction (winner_id) where winner_id is not null;
