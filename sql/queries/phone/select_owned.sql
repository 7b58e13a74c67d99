-- The number account $1 confirmed, if any (read after the account's lock, in a statement of its
-- own, so that it sees a confirmation committed while this one waited for the lock).
select phone from phone_owner where user_id = $1
