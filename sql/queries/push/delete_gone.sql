-- A device its push service says is gone (404, 410): no message will reach it again.
delete from push_device where id = $1
