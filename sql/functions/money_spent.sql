-- money_spent: tyiyn a user spent on bid packages since `p_since`, for the `monthly_spend` limit
-- (spend_block, sql/migrations/0011_limits.sql). The current text; the migration runner re-applies
-- this file whenever it changes (docs/operations.md, "Database functions"). Its history is in
-- sql/migrations/0011 and 0015, the last of which this text was taken from unchanged.
--
-- Every package order that can still be paid counts: paid in the window, or pending or failed and
-- younger than a payment page lives (24 hours; a failed payment can be retried on the same page).
create or replace function money_spent(p_user bigint, p_since timestamptz) returns bigint
language sql stable as $$
    select coalesce(sum(amount), 0)::bigint from payment_order
    where user_id = p_user and kind = 'package'
      and ((state = 'paid' and paid_at > p_since)
           or (state in ('pending', 'failed') and created_at > now() - interval '24 hours'))
$$;
