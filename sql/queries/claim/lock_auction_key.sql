-- Holds auction $1 against a Buy It Now until the transaction ends (a Buy It Now locks the row for
-- update before it counts claims and inserts its own): the participant chosen next is read after
-- this, in a statement of its own, so a purchase committed meanwhile is seen and its buyer skipped.
select id from auction where id = $1 for key share
