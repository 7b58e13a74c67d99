select nextval(pg_get_serial_sequence('auction', 'id'))
