-- The durable outbox (issue 24): every message to the outside world (e-mail, SMS, Telegram) is a
-- row written in the transaction of the event it reports, then delivered by the workers of
-- src/outbox/ (docs/decisions.md, "The outbox").
create table outbox (
    id               bigint generated always as identity primary key,
    channel          text not null check (channel in ('email', 'sms', 'telegram')),
    -- An e-mail address, a phone number (996 and nine digits) or a Telegram chat id.
    recipient        text not null check (length(recipient) between 1 and 320),
    user_id          bigint references app_user (id) on delete set null,
    notification_id  bigint references notification (id) on delete set null,
    -- A notification's kind word, or what else the message is (`phone_code`).
    kind             text not null,
    subject          text,
    -- Composed when the row is written, in the site language. A message whose real text must not
    -- be kept (a sign-in code) holds it masked, and `masked` says so: it cannot be sent again.
    body             text not null,
    masked           boolean not null default false,
    -- One row per event and channel, however often the event's transaction is retried
    -- (`notification:<id>:email`).
    event_key        text not null unique,
    state            text not null default 'pending' check (state in ('pending', 'sent', 'failed')),
    -- Delivery attempts started; each claim adds one, so it also fences a worker whose lease ran out.
    attempts         integer not null default 0 check (attempts >= 0),
    last_error       text,
    created_at       timestamptz not null default now(),
    -- When the next attempt may start: the backoff after a failure, the lease of a claimed row.
    due_at           timestamptz not null default now(),
    sent_at          timestamptz,
    check ((state = 'sent') = (sent_at is not null))
);

-- What the workers claim: pending rows by when they are due.
create index outbox_due_idx on outbox (due_at) where state = 'pending';
-- The operator's page: newest first, by channel and state.
create index outbox_list_idx on outbox (state, channel, id desc);
