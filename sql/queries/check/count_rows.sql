select (select count(*) from app_user), (select count(*) from auction), (select count(*) from bid),
       (select count(*) from payment_order), (select count(*) from ledger_entry)
