-- A device's subscription, kept: new, or the same endpoint again (a browser subscribes anew with
-- new keys, or another account signs in on it and takes it over: the device gets the notices of
-- the account that added it last). Returns its id, when it was added (kept for the same account)
-- and whether it is new to this account.
with before as (select user_id from push_device where endpoint = $2)
insert into push_device (user_id, endpoint, p256dh, auth, expires_at, device)
values ($1, $2, $3, $4, $5, $6)
on conflict (endpoint) do update
    set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
        expires_at = excluded.expires_at, device = excluded.device,
        created_at = case when push_device.user_id = excluded.user_id then push_device.created_at else now() end
returning id, created_at, not exists (select 1 from before where before.user_id = $1) as fresh
