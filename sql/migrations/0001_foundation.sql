-- Foundation: users and their ledger, sessions, site settings, auctions, bids, pre-bids,
-- notifications. Money is integer tyiyn (1/100 som) everywhere.

create table app_user (
    id             bigint generated always as identity primary key,
    username       text not null check (length(username) between 3 and 32),
    email          text,
    password_hash  text not null,
    first_name     text,
    last_name      text,
    phone          text,
    date_of_birth  date,
    gender         text check (gender in ('male', 'female', 'other')),
    role           text not null default 'user' check (role in ('user', 'admin')),
    is_bot         boolean not null default false,
    bid_balance    bigint not null default 0 check (bid_balance >= 0),
    ip_address     text,
    created_at     timestamptz not null default now(),
    updated_at     timestamptz not null default now()
);
create unique index app_user_username_key on app_user (lower(username));
create unique index app_user_email_key on app_user (lower(email)) where email is not null;

-- Every change of a bid balance is one row here, written in the same transaction as the balance:
-- bid_balance = sum(delta) for every user at every commit.
create table ledger_entry (
    id          bigint generated always as identity primary key,
    user_id     bigint not null references app_user (id) on delete cascade,
    delta       bigint not null check (delta <> 0),
    reason      text not null check (reason in
                  ('signup_bonus', 'purchase', 'admin_adjustment', 'bid', 'prebid', 'refund')),
    auction_id  bigint,
    created_at  timestamptz not null default now()
);
create index ledger_entry_user_idx on ledger_entry (user_id);

-- Only a SHA-256 of the cookie value is stored.
create table user_session (
    id_hash     bytea primary key,
    user_id     bigint not null references app_user (id) on delete cascade,
    created_at  timestamptz not null default now(),
    expires_at  timestamptz not null
);
create index user_session_user_idx on user_session (user_id);

-- One row: the site settings.
create table site_setting (
    id                  boolean primary key default true check (id),
    currency            text not null,
    currency_symbol     text not null,
    site_name           text not null,
    language            text not null check (language in ('ru', 'en', 'ka', 'ky')),
    header_tagline      text not null default '',
    footer_description  text not null default '',
    contact_address     text not null default '',
    contact_phone       text not null default '',
    contact_email       text not null default '',
    updated_at          timestamptz not null default now()
);
insert into site_setting (currency, currency_symbol, site_name, language, header_tagline,
                          footer_description, contact_address, contact_phone, contact_email)
values ('сом', 'сом', 'Тыйын', 'ru',
        'Пенни-аукционы Кыргызстана',
        'Тыйын — честные пенни-аукционы в Кыргызстане: каждая ставка поднимает цену на 0,01 сом, а побеждает последний участник.',
        'г. Бишкек, пр. Чуй, 125', '+996 312 900 100', 'support@tyiyn.kg');

create table auction (
    id                bigint generated always as identity primary key,
    display_id        text not null unique,
    title             text not null check (length(title) between 1 and 200),
    description       text not null default '',
    image_url         text not null default '',
    retail_price      bigint not null check (retail_price >= 0),
    starting_price    bigint not null default 1 check (starting_price >= 0),
    bid_increment     bigint not null default 1 check (bid_increment > 0),
    current_price     bigint not null check (current_price >= 0),
    start_time        timestamptz not null,
    status            text not null default 'upcoming' check (status in ('upcoming', 'live', 'finished')),
    ends_at           timestamptz,
    end_time          timestamptz,
    is_bid_package    boolean not null default false,
    bid_package_bids  integer check (bid_package_bids is null or bid_package_bids > 0),
    category          text not null default '',
    condition         text not null default '',
    estimated_value   bigint,
    total_bids        bigint not null default 0 check (total_bids >= 0),
    leader_id         bigint references app_user (id) on delete set null,
    winner_id         bigint references app_user (id) on delete set null,
    created_at        timestamptz not null default now(),
    updated_at        timestamptz not null default now(),
    check (status <> 'live' or ends_at is not null),
    check (status <> 'finished' or end_time is not null)
);
create index auction_status_idx on auction (status, start_time);

create table bid (
    id          bigint generated always as identity primary key,
    auction_id  bigint not null references auction (id) on delete cascade,
    user_id     bigint not null references app_user (id) on delete cascade,
    amount      bigint not null check (amount > 0),
    is_bot      boolean not null default false,
    bot_name    text,
    is_prebid   boolean not null default false,
    created_at  timestamptz not null default now()
);
create index bid_auction_idx on bid (auction_id, id desc);
create index bid_user_idx on bid (user_id, created_at desc);

create table prebid (
    id          bigint generated always as identity primary key,
    auction_id  bigint not null references auction (id) on delete cascade,
    user_id     bigint not null references app_user (id) on delete cascade,
    bid_id      bigint references bid (id) on delete set null,
    created_at  timestamptz not null default now(),
    constraint prebid_auction_user_key unique (auction_id, user_id)
);
create index prebid_user_idx on prebid (user_id, created_at desc);

create table notification (
    id          bigint generated always as identity primary key,
    user_id     bigint not null references app_user (id) on delete cascade,
    kind        text not null,
    auction_id  bigint,
    payload     jsonb not null default '{}',
    read_at     timestamptz,
    created_at  timestamptz not null default now()
);
create index notification_user_idx on notification (user_id, created_at desc);
