-- Ends an open offer: `passed` (someone is next) or `expired` (nobody left), declined or lapsed.
update claim
set state = $2, end_reason = $3, ended_at = now()
where id = $1 and state in ('reserved', 'claimed')
returning auction_id, position, title, package_bids, kind
