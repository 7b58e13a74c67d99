-- Where each user's notices go (issue 24; docs/decisions.md, "Where notices go"). The bell always
-- gets every notification; e-mail, Telegram and SMS follow the defaults of src/reach.rs unless the
-- user chose otherwise, and a row here is such a choice: one kind on one channel, on or off.
-- Linking Telegram deletes the account's Telegram rows, so every kind is on there again.
create table notice_pref (
    user_id  bigint not null references app_user (id) on delete cascade,
    -- A notification kind's stored word (`auction_won`).
    kind     text not null check (kind ~ '^[a-z_]{1,40}$'),
    channel  text not null check (channel in ('email', 'sms', 'telegram')),
    enabled  boolean not null,
    primary key (user_id, kind, channel)
);

-- The language the user reads messages outside the site in (e-mail, Telegram, SMS); null: the
-- site's language. The profile's notice settings save the language the user reads the site in.
alter table app_user add column notice_language text check (notice_language in ('ru', 'en', 'ka', 'ky'));
