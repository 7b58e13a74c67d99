-- Buy It Now (issue 13, part 2; docs/decisions.md, "Buy It Now"): after an auction finishes, a
-- participant who lost it may buy the same item at its retail price less the value of the bids
-- they spent on it, while the offer lasts and stock is left. Each purchase is a claim of kind
-- `buy_now`, fulfilled exactly like a won item (delivery, a `claim` order, shipping); when it
-- lapses or is declined it expires instead of passing to another participant.

-- How many the operator sells this way after the auction (`null`: not offered).
alter table auction add column buy_now_stock integer check (buy_now_stock >= 0);

alter table claim add column kind text not null default 'won' check (kind in ('won', 'buy_now'));
-- The retail price and the value of the bids it was reduced by (tyiyn), for a Buy It Now.
alter table claim add column retail_price bigint check (retail_price >= 0);
alter table claim add column bid_credit bigint check (bid_credit >= 0);
alter table claim add constraint claim_buy_now_fields_check
    check ((kind = 'buy_now') = (retail_price is not null) and (kind = 'buy_now') = (bid_credit is not null));

-- One open won item per auction, as before; Buy It Now claims are beside it. A participant holds
-- at most one claim of an auction, of either kind.
drop index claim_open_auction_key;
create unique index claim_open_auction_key on claim (auction_id)
    where kind = 'won' and state not in ('passed', 'expired');
