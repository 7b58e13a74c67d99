-- A code whose SMS could not be handed to the gateway: it never reached anyone, so it does not
-- count towards the resend wait or the number's limit.
delete from phone_code where id = $1
