select u.id, u.username, u.first_name, u.last_name, u.email, u.phone, u.date_of_birth, u.gender,
       u.bid_balance, u.role, u.ip_address, u.created_at,
       (select count(*) from bid b where b.user_id = u.id) as total_bids,
       (select count(*) from auction a where a.winner_id = u.id) as won_auctions,
       (select count(*) from bid b where b.user_id = u.id and not b.is_prebid)
         + (select count(*) from prebid p where p.user_id = u.id) as charged_bids,
       u.phone_verified_at is not null as phone_verified,
       exists (select 1 from phone_owner po where po.user_id = u.id) as phone_confirmed
from app_user u
where u.id = $1
