select count(*) from audit_entry
