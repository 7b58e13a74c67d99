select id, admin_id, admin_name, action, target_type, target_id, before, after, created_at
from audit_entry
order by created_at desc, id desc
limit $1 offset $2
