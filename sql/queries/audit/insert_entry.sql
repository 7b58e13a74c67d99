insert into audit_entry (admin_id, admin_name, action, target_type, target_id, before, after)
values ($1, $2, $3, $4, $5, $6, $7)
