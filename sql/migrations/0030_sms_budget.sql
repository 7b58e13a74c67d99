-- What phone codes may cost (issue 39; docs/decisions.md, "What SMS codes may cost"). Every node
-- counts the codes it sends in the row of the current hour (UTC), under that row's lock, so that
-- no two nodes together pass `[sms] hourly_budget`; a request over it is refused and counted in
-- `refused`, which the admin dashboard shows. Rows older than a week are deleted with the old
-- commit marks.
create table sms_budget (
    hour    timestamptz primary key,
    spent   integer not null default 0 check (spent >= 0),
    refused integer not null default 0 check (refused >= 0)
);
