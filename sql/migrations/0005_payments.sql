-- Buying bids: the package catalogue, payment orders, every provider callback received, and the
-- ledger's link from a `purchase` row to the order it credited (docs/decisions.md, "Buying bids").

-- The bid packages on sale (spec section 9). Money in tyiyn.
create table bid_package (
    id              integer primary key,
    bids            integer not null check (bids > 0),
    price           bigint not null check (price > 0),
    original_price  bigint not null check (original_price > 0),
    popular         boolean not null default false,
    active          boolean not null default true,
    position        integer not null default 0,
    created_at      timestamptz not null default now(),
    updated_at      timestamptz not null default now()
);

insert into bid_package (id, bids, price, original_price, popular, position) values
    (1, 50, 75000, 100000, false, 1),
    (2, 100, 150000, 200000, false, 2),
    (3, 250, 375000, 500000, true, 3),
    (4, 500, 750000, 1000000, false, 4),
    (5, 1000, 1500000, 2000000, false, 5);

-- One purchase of a package. `bids` and `amount` are copied from the catalogue when the order is
-- made, so a later catalogue edit does not change what an open order pays or credits.
create table payment_order (
    id                   bigint generated always as identity primary key,
    user_id              bigint not null references app_user (id),
    package_id           integer not null references bid_package (id),
    bids                 integer not null check (bids > 0),
    amount               bigint not null check (amount > 0),
    currency             text not null default 'KGS',
    state                text not null default 'pending' check (state in ('pending', 'paid', 'failed')),
    provider             text not null,
    provider_payment_id  text,
    created_at           timestamptz not null default now(),
    paid_at              timestamptz,
    failed_at            timestamptz,
    check ((state = 'paid') = (paid_at is not null)),
    check ((state = 'paid') <= (provider_payment_id is not null))
);
create index payment_order_user_idx on payment_order (user_id, id desc);
-- A provider's payment credits at most one order.
create unique index payment_order_provider_payment_key on payment_order (provider, provider_payment_id)
    where provider_payment_id is not null;

-- Every callback received, accepted or not, for the record. `order_id` is the order it named when
-- that order exists.
create table payment_callback (
    id          bigint generated always as identity primary key,
    provider    text not null,
    order_id    bigint references payment_order (id),
    payload     jsonb not null,
    outcome     text not null,
    created_at  timestamptz not null default now()
);
create index payment_callback_order_idx on payment_callback (order_id);

-- The order a `purchase` credited; at most one ledger row per order. Purchases written before
-- payments existed (the demo seed's) name no order.
alter table ledger_entry add column order_id bigint references payment_order (id);
create unique index ledger_entry_order_key on ledger_entry (order_id) where order_id is not null;
alter table ledger_entry add constraint ledger_entry_order_check
    check (order_id is null or reason = 'purchase');
