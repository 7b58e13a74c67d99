-- The server's VAPID private key.
select private_key from push_vapid
