-- The operator's console: closed accounts, bots and their assignments, bot settings, the promoted
-- auction, admin balance adjustments on the ledger, and the audit log of every admin action.

-- A closed (deleted) account keeps its row so that its bids, wins and ledger stay consistent; it
-- is anonymised, cannot log in and is hidden from lists (docs/decisions.md, "Deleting a user").
alter table app_user add column deleted_at timestamptz;
-- For bots: whether the bot may be assigned and bids (a user row's flag is always true).
alter table app_user add column is_active boolean not null default true;

-- Who made an admin_adjustment (null for every other reason). Kept when that admin's account is
-- closed: closing never deletes the row.
alter table ledger_entry add column admin_id bigint references app_user (id);
alter table ledger_entry add constraint ledger_entry_admin_check
    check ((reason = 'admin_adjustment') = (admin_id is not null));

-- At most one promoted auction: the home page's hero follows it.
alter table auction add column promoted boolean not null default false;
create unique index auction_promoted_key on auction (promoted) where promoted;

-- A bot assigned to an auction. Its bid count there is counted from `bid`, never stored.
create table bot_assignment (
    id          bigint generated always as identity primary key,
    auction_id  bigint not null references auction (id) on delete cascade,
    bot_id      bigint not null references app_user (id) on delete cascade,
    is_active   boolean not null default true,
    bid_limit   integer not null default 0 check (bid_limit >= 0),
    created_at  timestamptz not null default now(),
    constraint bot_assignment_auction_bot_key unique (auction_id, bot_id)
);
create index bot_assignment_bot_idx on bot_assignment (bot_id);

-- One row: the global bot settings (spec section 5: delays 1-10 s, min <= max, active bots 0-5).
create table bot_setting (
    id           boolean primary key default true check (id),
    enabled      boolean not null default true,
    min_delay    integer not null default 5 check (min_delay between 1 and 10),
    max_delay    integer not null default 6 check (max_delay between 1 and 10),
    active_bots  integer not null default 2 check (active_bots between 0 and 5),
    updated_at   timestamptz not null default now(),
    check (min_delay <= max_delay)
);
insert into bot_setting default values;

-- Every admin action: who, what, when, on what, and the state before and after.
create table audit_entry (
    id           bigint generated always as identity primary key,
    admin_id     bigint references app_user (id),
    admin_name   text not null,
    action       text not null,
    target_type  text not null,
    target_id    bigint,
    before       jsonb,
    after        jsonb,
    created_at   timestamptz not null default now()
);
create index audit_entry_created_idx on audit_entry (created_at desc, id desc);
