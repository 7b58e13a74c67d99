-- Telegram (issue 24): a user's linked chat, the one-time tokens of the links the profile gives,
-- and where the bot's long polling stands (docs/decisions.md, "Telegram").

-- One chat per account and one account per chat: linking a chat that another account holds moves
-- it (the other account loses it), and linking another chat replaces the account's old one.
create table telegram_link (
    user_id    bigint primary key references app_user (id) on delete cascade,
    chat_id    bigint not null unique,
    linked_at  timestamptz not null default now()
);

-- The token of a `https://t.me/<bot>?start=<token>` link, stored as its SHA-256: usable once
-- (`used_at`), until `expires_at`. Each new link deletes the account's older tokens, so an
-- account has at most one row here.
create table telegram_link_token (
    token_hash  bytea primary key check (length(token_hash) = 32),
    user_id     bigint not null references app_user (id) on delete cascade,
    created_at  timestamptz not null default now(),
    expires_at  timestamptz not null,
    used_at     timestamptz,
    check (expires_at > created_at),
    check (used_at is null or used_at >= created_at)
);

create index telegram_link_token_user_idx on telegram_link_token (user_id);

-- The `offset` of the next `getUpdates` (the last handled update's id + 1) of bot `bot_id` (the
-- number before the token's colon), so that a restart neither replays nor skips updates. One row.
create table telegram_poll (
    id             boolean primary key default true check (id),
    bot_id         bigint not null,
    update_offset  bigint not null check (update_offset >= 0)
);
