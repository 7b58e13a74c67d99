-- Web Push (issue 43; docs/rules/notifications.md, "Push to the phone"): the devices each account
-- subscribed, the server's VAPID key pair, and a fourth channel of the outbox and of the notice
-- choices.

-- One browser's push subscription. The endpoint is the push service's URL for that browser, so it
-- belongs to one account at a time: the account signed in last when it subscribed. `p256dh` and
-- `auth` are the browser's keys the messages are encrypted for (RFC 8291), as it sent them
-- (base64url); `device` is named from its User-Agent for the profile's list.
create table push_device (
    id          bigint generated always as identity primary key,
    user_id     bigint not null references app_user (id) on delete cascade,
    endpoint    text not null unique check (length(endpoint) between 12 and 1024),
    p256dh      text not null check (length(p256dh) between 80 and 100),
    auth        text not null check (length(auth) between 16 and 32),
    expires_at  timestamptz,
    device      text not null check (length(device) between 1 and 80),
    created_at  timestamptz not null default now()
);
create index push_device_user_idx on push_device (user_id, id);

-- The server's VAPID key pair (RFC 8292), made by the first node that starts with push on and no
-- key in its configuration; every node reads the same one. One row at most.
create table push_vapid (
    only_row     boolean primary key default true check (only_row),
    -- The P-256 private scalar, base64url.
    private_key  text not null,
    created_at   timestamptz not null default now()
);

alter table outbox drop constraint outbox_channel_check,
    add constraint outbox_channel_check check (channel in ('email', 'sms', 'telegram', 'push'));
alter table notice_pref drop constraint notice_pref_channel_check,
    add constraint notice_pref_channel_check check (channel in ('email', 'sms', 'telegram', 'push'));
