select bid_balance
from app_user
where id = $1
for update
