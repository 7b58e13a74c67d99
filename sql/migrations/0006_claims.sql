-- Prizes out and money back: won items reserved for their winner (spec section 4: 48 hours, then
-- to the previous participant), orders that pay for a won item, refunds of paid orders, and the
-- package catalogue kept by admins (docs/decisions.md, "Won items" and "Refunds").

-- A won item offered to one participant. The winner's row is made in the transaction that
-- finishes the auction; when it is declined or its reservation lapses unpaid, it becomes `passed`
-- and the previous distinct participant (by last bid) gets a new row, down the list; the last
-- row with nobody left after it becomes `expired`. The title and price are copied so that the
-- record outlives a deleted auction.
create table claim (
    id               bigint generated always as identity primary key,
    auction_id       bigint references auction (id) on delete set null,
    user_id          bigint not null references app_user (id),
    -- 1 for the winner, 2 for the first participant it passed to, …
    position         integer not null check (position > 0),
    title            text not null,
    -- The price this participant pays for the item: the winner's final price, or a runner-up's
    -- own last bid price.
    price            bigint not null check (price >= 0),
    -- Bids credited when paid, for a bid-package auction (else null).
    package_bids     integer check (package_bids is null or package_bids > 0),
    state            text not null default 'reserved' check (state in
                       ('reserved', 'claimed', 'paid', 'shipped', 'delivered', 'passed', 'expired')),
    -- Why a `passed` or `expired` row ended.
    end_reason       text check (end_reason in ('declined', 'lapsed')),
    reserved_until   timestamptz not null,
    delivery_method  text check (delivery_method in ('pickup', 'courier', 'region')),
    delivery_fee     bigint check (delivery_fee is null or delivery_fee >= 0),
    address          text,
    phone            text,
    tracking         text,
    reminded_at      timestamptz,
    created_at       timestamptz not null default now(),
    claimed_at       timestamptz,
    paid_at          timestamptz,
    shipped_at       timestamptz,
    delivered_at     timestamptz,
    ended_at         timestamptz,
    check ((state in ('passed', 'expired')) = (ended_at is not null)),
    check ((state in ('passed', 'expired')) = (end_reason is not null)),
    check (state in ('reserved', 'passed', 'expired') or delivery_method is not null)
);
-- At most one open offer per auction, and one offer per participant.
create unique index claim_open_auction_key on claim (auction_id)
    where state not in ('passed', 'expired');
create unique index claim_auction_user_key on claim (auction_id, user_id);
create index claim_user_idx on claim (user_id, id desc);
create index claim_due_idx on claim (reserved_until) where state in ('reserved', 'claimed');

-- An order pays for a bid package (`package`) or for a won item with its delivery (`claim`).
alter table payment_order add column kind text not null default 'package'
    check (kind in ('package', 'claim'));
alter table payment_order add column claim_id bigint references claim (id);
alter table payment_order alter column package_id drop not null;
alter table payment_order drop constraint payment_order_bids_check;
alter table payment_order add constraint payment_order_bids_check check (bids >= 0);
alter table payment_order add constraint payment_order_kind_fields_check
    check ((kind = 'package') = (package_id is not null) and (kind = 'claim') = (claim_id is not null)
           and (kind = 'claim' or bids > 0));
-- Refunds: a paid order can be refunded once (see refund_* below).
alter table payment_order drop constraint payment_order_state_check;
alter table payment_order add constraint payment_order_state_check
    check (state in ('pending', 'paid', 'failed', 'refunded'));
alter table payment_order drop constraint payment_order_check;
alter table payment_order drop constraint payment_order_check1;
alter table payment_order add constraint payment_order_paid_check
    check ((state in ('paid', 'refunded')) = (paid_at is not null)
           and (state in ('paid', 'refunded')) <= (provider_payment_id is not null));
alter table payment_order add column refunded_at timestamptz;
-- Bids taken back by the refund, and the money returned (tyiyn), and the admin who did it.
alter table payment_order add column refund_bids integer check (refund_bids is null or refund_bids >= 0);
alter table payment_order add column refund_amount bigint check (refund_amount is null or refund_amount >= 0);
alter table payment_order add column refunded_by bigint references app_user (id);
alter table payment_order add constraint payment_order_refund_check
    check ((state = 'refunded') = (refunded_at is not null)
           and (state = 'refunded') = (refund_amount is not null)
           and (state = 'refunded') = (refund_bids is not null));
create index payment_order_state_idx on payment_order (state, id desc);
create index payment_order_claim_idx on payment_order (claim_id) where claim_id is not null;

-- The ledger: a refund takes credited bids back (`purchase_refund`, negative, naming its order);
-- a paid order of a won bid package credits as `purchase` naming its order too. One row of each
-- reason per order at most.
alter table ledger_entry drop constraint ledger_entry_reason_check;
alter table ledger_entry add constraint ledger_entry_reason_check check (reason in
    ('signup_bonus', 'purchase', 'admin_adjustment', 'bid', 'prebid', 'refund', 'purchase_refund'));
drop index ledger_entry_order_key;
create unique index ledger_entry_order_key on ledger_entry (order_id, reason) where order_id is not null;
alter table ledger_entry drop constraint ledger_entry_order_check;
alter table ledger_entry add constraint ledger_entry_order_check
    check ((order_id is null or reason in ('purchase', 'purchase_refund'))
           and (reason <> 'purchase_refund' or order_id is not null));

-- Notifications: the unread ones are counted on every page.
create index notification_unread_idx on notification (user_id) where read_at is null;
