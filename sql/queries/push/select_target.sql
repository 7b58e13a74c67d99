-- Where a push message to a device goes, and the keys it is encrypted for.
select endpoint, p256dh, auth from push_device where id = $1
