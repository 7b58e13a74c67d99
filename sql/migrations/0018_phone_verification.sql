-- One person, one account (issue 24): an account confirms a Kyrgyz mobile number with a code sent
-- by SMS; the free bids come with the first confirmation of a number, once per number ever.

-- When the account's phone was confirmed; null: not yet. Accounts that exist when this lands
-- (and the demo's, seeded later with the same mark) count as confirmed without a number: they
-- were admitted under the old rules, and taking bidding away from them would punish the honest
-- (docs/decisions.md, "One person, one account").
alter table app_user add column phone_verified_at timestamptz;
update app_user set phone_verified_at = created_at where not is_bot;

-- Each confirmed number belongs to one account, and each account confirms at most one number.
-- A closed account's row goes, so its number can be confirmed again (without a second bonus).
create table phone_owner (
    phone       text primary key check (phone ~ '^\+996[0-9]{9}$'),
    user_id     bigint not null unique references app_user (id) on delete cascade,
    verified_at timestamptz not null default now()
);

-- Numbers whose confirmation has credited the free bids: never twice for one number, whatever
-- happens to the account that got them.
create table phone_bonus (
    phone       text primary key,
    user_id     bigint references app_user (id) on delete set null,
    credited_at timestamptz not null default now()
);

-- Codes sent: the code itself is never stored, only SHA-256 of a random salt and the code. A code
-- is spent (used, voided by a newer one or by too many wrong tries) when spent_at is set.
create table phone_code (
    id         bigserial primary key,
    user_id    bigint not null references app_user (id) on delete cascade,
    phone      text not null check (phone ~ '^\+996[0-9]{9}$'),
    salt       bytea not null,
    code_hash  bytea not null,
    ip_address text,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    attempts   int not null default 0 check (attempts >= 0),
    spent_at   timestamptz
);
create index phone_code_user_idx on phone_code (user_id, created_at desc);
create index phone_code_phone_idx on phone_code (phone, created_at desc);
