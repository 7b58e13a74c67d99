-- Gives a refused bid's stamp back: user $1's last bid is the one before it again (auction $4 at
-- $5; both null: none), unless a later bid replaced the refused one ($2 at $3) meanwhile.
with restored as (
  update user_pace set auction_id = $4, at_ms = $5
  where user_id = $1 and auction_id = $2 and at_ms = $3 and $4::bigint is not null
  returning 1
)
delete from user_pace
where user_id = $1 and auction_id = $2 and at_ms = $3 and $4::bigint is null
